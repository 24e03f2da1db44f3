// Scalar prefetch: a toy block-sparse matmul whose index maps read a table of column blocks from SMEM.
// C = A·B where row block r of A counts only the column blocks cols[r][0 .. counts[r]); a row shorter than
// the table is padded by repeating its last column, which the pipeline turns into skipped copies and the
// body, reading counts from SMEM, into skipped arithmetic. Every copy count below is worked out by hand
// from the table; errors are checked by type and phase.
#include <doctest/doctest.h>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernels/tpu/launch.hpp"
#include "kernels/tpu/ops.hpp"
#include "tests/text_search.hpp"

using namespace tilewalk::tpu;

namespace scalar_prefetch_test {

using tilewalk::test::Contains;
using Table = std::vector<std::vector<int32_t>>;

constexpr int kBm = 8, kBk = 128, kBn = 128;

struct BlockSparseMatmul {
  int rows, width, kblocks, nblocks;
  Array a, b, c, cols, counts;

  BlockSparseMatmul(const Table& table, const std::vector<int32_t>& count, int kblocks_ = 4, int nblocks_ = 2)
      : rows(static_cast<int>(table.size())),
        width(static_cast<int>(table[0].size())),
        kblocks(kblocks_),
        nblocks(nblocks_),
        a(Shape{rows * kBm, kblocks * kBk}, DType::F32),
        b(Shape{kblocks * kBk, nblocks * kBn}, DType::F32),
        c(Shape{rows * kBm, nblocks * kBn}, DType::F32),
        cols(Shape{rows, width}, DType::I32),
        counts(Shape{rows}, DType::I32) {
    // Small integers: every product and sum is exact in f32, so the result must equal the dense one exactly.
    for (int64_t i = 0; i < a.size(); ++i) a.SetFloat(i, static_cast<float>((i * 7) % 5) - 2.0f);
    for (int64_t i = 0; i < b.size(); ++i) b.SetFloat(i, static_cast<float>((i * 3) % 5) - 2.0f);
    c.Fill(-1.0f);
    for (int r = 0; r < rows; ++r) {
      for (int j = 0; j < width; ++j) cols.Data<int32_t>()[r * width + j] = table[r][j];
      counts.Data<int32_t>()[r] = count[r];
    }
  }

  LaunchSpec Spec() {
    LaunchSpec spec;
    spec.name = "block_sparse_matmul";
    spec.grid = Dims{rows, nblocks, width};
    spec.dimension_semantics = {DimensionSemantics::Parallel, DimensionSemantics::Parallel,
                                DimensionSemantics::Arbitrary};
    spec.num_scalar_prefetch = 2;
    spec.scalar_prefetch = {{"cols", &cols}, {"counts", &counts}};
    // index_map(r, n, j, cols_ref, counts_ref), as the Python writes it.
    spec.inputs = {{"a",
                    &a,
                    {Shape{kBm, kBk},
                     [](const GridIndex& g, const PrefetchRefs& p) {
                       return BlockIndex{g[0], p[0](g[0], g[2])};
                     }}},
                   {"b", &b, {Shape{kBk, kBn}, [](const GridIndex& g, const PrefetchRefs& p) {
                                return BlockIndex{p[0](g[0], g[2]), g[1]};
                              }}}};
    spec.outputs = {{"c", &c, {Shape{kBm, kBn}, [](const GridIndex& g, const PrefetchRefs&) {
                                 return BlockIndex{g[0], g[1]};
                               }}}};
    spec.scratch = {{"acc", Shape{kBm, kBn}, DType::F32}};
    const int last = width - 1;
    spec.body = [last](Kernel& k) {
      using namespace jnp;
      const SmemRef* counts_ref = k.prefetch(1);  // the prefetch refs come first, as in the original
      Ref* a_ref = k.input(0);
      Ref* b_ref = k.input(1);
      Ref* c_ref = k.output(0);
      Ref* acc = k.scratch(0);
      const int r = k.program_id(0), j = k.program_id(2);
      k.when(j == 0, "bs.init", [&] {
        acc->store("bs.init.zero", at({}), k.stmt("bs.init.zeros", [&] { return zeros(kBm, kBn); }));
      });
      const int32_t count = counts_ref->load("bs.count", {r});
      k.when(j < count, "bs.visit", [&] {
        const Value x = a_ref->load("bs.load_a", at({}));
        const Value y = b_ref->load("bs.load_b", at({}));
        acc->store_add("bs.accumulate", at({}), k.stmt("bs.dot", [&] { return dot(x, y); }));
      });
      k.when(j == last, "bs.finish",
             [&] { c_ref->store("bs.store_c", at({}), acc->load("bs.load_acc", at({}))); });
    };
    return spec;
  }

  // The dense product of A, with every block the table does not list zeroed, and B.
  Array Dense() const {
    Array out(c.shape(), DType::F32);
    const int64_t n_cols = c.shape()[1], k_cols = a.shape()[1];
    for (int r = 0; r < rows; ++r) {
      std::vector<bool> listed(static_cast<std::size_t>(kblocks), false);
      for (int j = 0; j < counts.Data<int32_t>()[r]; ++j)
        listed[static_cast<std::size_t>(cols.Data<int32_t>()[r * width + j])] = true;
      for (int64_t i = r * kBm; i < (r + 1) * kBm; ++i)
        for (int64_t n = 0; n < n_cols; ++n) {
          double sum = 0;
          for (int64_t kk = 0; kk < k_cols; ++kk)
            if (listed[static_cast<std::size_t>(kk / kBk)])
              sum += static_cast<double>(a.GetFloat(i * k_cols + kk)) * b.GetFloat(kk * n_cols + n);
          out.SetFloat(i * n_cols + n, static_cast<float>(sum));
        }
    }
    return out;
  }
};

// Row 0 lists blocks 0 and 2 (padded with 2), row 1 block 1 alone (padded with 1, 1), row 2 blocks 0, 1, 3.
const Table kTable = {{0, 2, 2}, {1, 1, 1}, {0, 1, 3}};
const std::vector<int32_t> kCounts = {2, 1, 3};

LaunchResult Run(BlockSparseMatmul& t, LaunchOptions options = {}) {
  options.precision = Precision::Highest;
  return RunLaunch(t.Spec(), options);
}

bool SameEvents(const EventLog& x, const EventLog& y) {
  return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(Event)) == 0;
}

bool SameTraffic(const std::vector<OperandTraffic>& x, const std::vector<OperandTraffic>& y) {
  if (x.size() != y.size()) return false;
  for (std::size_t i = 0; i < x.size(); ++i)
    if (x[i].issued != y[i].issued || x[i].skipped != y[i].skipped || x[i].bytes != y[i].bytes) return false;
  return true;
}

int CountKind(const EventLog& events, EventKind kind) {
  int n = 0;
  for (const Event& e : events) n += e.kind == kind;
  return n;
}

bool Untouched(const Array& c) {
  for (int64_t i = 0; i < c.size(); ++i)
    if (c.GetFloat(i) != -1.0f) return false;
  return true;
}

TEST_CASE("block-sparse matmul: the result is the dense one, and the copies follow the table") {
  BlockSparseMatmul t(kTable, kCounts);
  const LaunchResult r = Run(t);
  REQUIRE_FALSE(r.error);
  CHECK(t.c.BitwiseEqual(t.Dense()));
  // Grid (3, 2, 3), steps in the order (r, n, j). The blocks of a are (r, cols[r][j]), for n = 0 then 1:
  //   r0: (0,0) (0,2) (0,2) | (0,0) (0,2) (0,2)   issued 2 + 2  (the repeated 2 skips)
  //   r1: (1,1) (1,1) (1,1) | (1,1) (1,1) (1,1)   issued 1 + 0  (n = 1 starts on the block already there)
  //   r2: (2,0) (2,1) (2,3) | (2,0) (2,1) (2,3)   issued 3 + 3
  // 11 issued, 7 skipped. The blocks of b are (cols[r][j], n):
  //   r0: (0,0) (2,0) (2,0) | (0,1) (2,1) (2,1)   2 + 2
  //   r1: (1,0) (1,0) (1,0) | (1,1) (1,1) (1,1)   1 + 1
  //   r2: (0,0) (1,0) (3,0) | (0,1) (1,1) (3,1)   3 + 3
  // 12 issued, 6 skipped. c is written back once per (r, n): 6.
  const std::vector<uint32_t> a_blocks = {0, 2, 2, 0, 2, 2, 5, 5, 5, 5, 5, 5, 8, 9, 11, 8, 9, 11};
  CHECK(r.plan.inputs[0].block == a_blocks);  // linear in a's (3, 4) block grid
  CHECK(r.stats.copies[0].issued == 11);
  CHECK(r.stats.copies[0].skipped == 7);
  CHECK(r.stats.copies[0].bytes == 11u * kBm * kBk * 4);
  CHECK(r.stats.copies[1].issued == 12);
  CHECK(r.stats.copies[1].skipped == 6);
  CHECK(r.stats.writebacks[0].issued == 6);
  // Row 0 does arithmetic at j < 2, row 1 at j < 1, row 2 at every j: (2 + 1 + 3) × 2 = 12 steps.
  CHECK(r.stats.steps_run == 12);
  CHECK(r.stats.steps_skipped == 6);
}

TEST_CASE("a change to the table changes the copies") {
  // Row 1 now lists blocks 1 and 3: a's row 1 becomes (1,1) (1,3) (1,3) | (1,1) (1,3) (1,3), 2 + 2
  // issued (n = 1 starts on block 1 after block 3); b's (1,0) (3,0) (3,0) | (1,1) (3,1) (3,1), 2 + 2.
  // Totals: a 2+2 + 2+2 + 3+3 = 14 issued, 4 skipped; b 2+2 + 2+2 + 3+3 = 14 issued, 4 skipped.
  BlockSparseMatmul t({{0, 2, 2}, {1, 3, 3}, {0, 1, 3}}, {2, 2, 3});
  const LaunchResult r = Run(t);
  REQUIRE_FALSE(r.error);
  CHECK(t.c.BitwiseEqual(t.Dense()));
  CHECK(r.stats.copies[0].issued == 14);
  CHECK(r.stats.copies[0].skipped == 4);
  CHECK(r.stats.copies[1].issued == 14);
  CHECK(r.stats.copies[1].skipped == 4);
  // The same change made to the data after the spec was built is what counts: the maps read the data.
  BlockSparseMatmul late(kTable, kCounts);
  LaunchSpec spec = late.Spec();
  late.cols.Data<int32_t>()[1 * 3 + 1] = 3;
  late.cols.Data<int32_t>()[1 * 3 + 2] = 3;
  late.counts.Data<int32_t>()[1] = 2;
  const LaunchResult changed = RunLaunch(spec, LaunchOptions{.precision = Precision::Highest});
  CHECK(changed.stats.copies[0].issued == 14);
  CHECK(late.c.BitwiseEqual(late.Dense()));
}

TEST_CASE("the body reads the prefetched counts, and each read is recorded") {
  // Same columns, but row 0 counts only its first: the copies do not change (the maps read cols only),
  // while the result drops A[0, 2]·B[2] because the body reads counts[0] = 1.
  BlockSparseMatmul full(kTable, kCounts), cut(kTable, {1, 1, 3});
  const LaunchResult rf = Run(full), rc = Run(cut);
  REQUIRE_FALSE(rc.error);
  CHECK(cut.c.BitwiseEqual(cut.Dense()));
  CHECK_FALSE(cut.c.BitwiseEqual(full.c));
  CHECK(SameTraffic(rc.stats.copies, rf.stats.copies));
  CHECK(rc.stats.steps_run == rf.stats.steps_run - 2);  // (r 0, j 1) for n = 0 and 1
  // One recorded read of counts[r] per step, on the operand after a, b, c and acc, plus cols: 5.
  const LaunchSpec spec = cut.Spec();
  REQUIRE(spec.PrefetchOperand(1) == 5);
  CHECK(spec.OperandName(5) == "counts");
  std::vector<uint32_t> read;
  for (const Event& e : rc.events)
    if (e.kind == EventKind::Scalar && e.operand == 5) {
      CHECK(GetSite(e.site).name == "bs.count");
      read.push_back(e.block);
      CHECK(e.block == UnflattenStep(spec.grid, e.step)[0]);
    }
  CHECK(read.size() == 18);
}

TEST_CASE("an output index map that reads a table decides the writebacks, and a revisit from the data") {
  // A third table sends row block r of the product to row block dest[r] of c.
  auto spec_with = [](BlockSparseMatmul& t, Array& dest) {
    LaunchSpec spec = t.Spec();
    spec.num_scalar_prefetch = 3;
    spec.scalar_prefetch.push_back({"dest", &dest});
    spec.outputs[0].spec.index_map = [](const GridIndex& g, const PrefetchRefs& p) {
      return BlockIndex{p[2](g[0]), g[1]};
    };
    return spec;
  };
  BlockSparseMatmul plain(kTable, kCounts), moved(kTable, kCounts);
  Run(plain);
  Array dest(Shape{3}, DType::I32);
  for (int r = 0; r < 3; ++r) dest.Data<int32_t>()[r] = (r + 2) % 3;  // 2, 0, 1
  const LaunchResult r = RunLaunch(spec_with(moved, dest), LaunchOptions{.precision = Precision::Highest});
  REQUIRE_FALSE(r.error);
  CHECK(r.stats.writebacks[0].issued == 6);
  const int64_t row_block = kBm * 2 * kBn;  // the elements of one row block of c
  for (int from = 0; from < 3; ++from) {
    const int to = (from + 2) % 3;
    CHECK(std::memcmp(moved.c.Data<float>() + to * row_block, plain.c.Data<float>() + from * row_block,
                      static_cast<std::size_t>(row_block) * sizeof(float)) == 0);
  }
  // dest = 0, 0, 1: rows 0 and 1 share c's block row 0. Block (0, 0) is written back after step 2 (the
  // next step moves to (0, 1)), and step 6, (r 1, n 0, j 0), comes back to it.
  BlockSparseMatmul shared(kTable, kCounts);
  dest.Data<int32_t>()[0] = 0;
  dest.Data<int32_t>()[1] = 0;
  dest.Data<int32_t>()[2] = 1;
  const LaunchResult bad = RunLaunch(spec_with(shared, dest), LaunchOptions{});
  REQUIRE(bad.error);
  CHECK(bad.error->type == ErrorType::OutputRevisited);
  CHECK(bad.error->phase == Phase::Execution);
  CHECK(Contains(bad.error->message, "output 'c' returns to block (0, 0) at grid step 6"));
  CHECK(bad.events.back().step == 6);
}

TEST_CASE("the SMEM copy is an event of its own, before the prologue's copies") {
  BlockSparseMatmul t(kTable, kCounts);
  const LaunchResult r = Run(t);
  REQUIRE_FALSE(r.error);
  REQUIRE(r.events.size() > 4);
  const Event& cols = r.events[0];
  const Event& counts = r.events[1];
  CHECK(cols.kind == EventKind::SmemCopy);
  CHECK(cols.operand == 4);
  CHECK(cols.work == 3 * 3 * 4);
  CHECK(cols.step == 0);
  CHECK(counts.kind == EventKind::SmemCopy);
  CHECK(counts.operand == 5);
  CHECK(counts.work == 3 * 4);
  CHECK(counts.t_start_us >= cols.t_end_us);  // one DMA queue
  CHECK(counts.t_end_us > counts.t_start_us);
  CHECK(r.events[2].kind == EventKind::CopyIn);
  CHECK((r.events[2].flags & event_flags::kPrologue) != 0);
  CHECK(r.events[2].t_start_us >= counts.t_end_us);
  CHECK(EventKindName(EventKind::SmemCopy) == "smem_copy");
  CHECK(CountKind(r.events, EventKind::SmemCopy) == 2);  // once: SMEM keeps them for the whole launch
  REQUIRE(r.stats.smem_copies.size() == 2);
  CHECK(r.stats.smem_copies[0].issued == 1);
  CHECK(r.stats.smem_copies[0].bytes == 36);
  CHECK(r.stats.smem_copies[1].bytes == 12);
}

TEST_CASE("scalar prefetch on 2, 3 and 7 threads is the serial run, bit for bit") {
  BlockSparseMatmul serial(kTable, kCounts);
  const LaunchResult a = Run(serial, LaunchOptions{.threads = 1});
  for (int threads : {2, 3, 7}) {
    CAPTURE(threads);
    BlockSparseMatmul parallel(kTable, kCounts);
    const LaunchResult b = Run(parallel, LaunchOptions{.threads = threads});
    REQUIRE_FALSE(b.error);
    CHECK(SameEvents(a.events, b.events));
    CHECK(SameTraffic(a.stats.copies, b.stats.copies));
    CHECK(SameTraffic(a.stats.smem_copies, b.stats.smem_copies));
    CHECK(a.stats.cost.total_us == b.stats.cost.total_us);
    CHECK(serial.c.BitwiseEqual(parallel.c));
  }
}

TEST_CASE("on a megacore v4 each TensorCore fills its own SMEM, and the result is the serial one") {
  // 6 (r, n) slices of 3 steps: core 0 runs steps 0-8, core 1 steps 9-17. Step 9, (r 1, n 1, j 0), wants a
  // block (1, 1), which core 0 held at step 8; core 1 copies it afresh: a 12 issued, 6 skipped. b's block
  // changes at step 9 anyway ((1, 0) → (1, 1)): 12 and 6 as on one core.
  BlockSparseMatmul one(kTable, kCounts);
  Run(one);
  const Chip v4 = *ChipByName("v4");
  BlockSparseMatmul serial(kTable, kCounts), threaded(kTable, kCounts);
  const LaunchResult a = Run(serial, LaunchOptions{.chip = v4, .threads = 1});
  const LaunchResult b = Run(threaded, LaunchOptions{.chip = v4, .threads = 3});
  REQUIRE_FALSE(a.error);
  CHECK(a.plan.cores.core1_first_step == 9);
  CHECK(serial.c.BitwiseEqual(one.c));
  CHECK(a.stats.copies[0].issued == 12);
  CHECK(a.stats.copies[0].skipped == 6);
  CHECK(a.stats.copies[1].issued == 12);
  CHECK(a.stats.smem_copies[0].issued == 2);
  int core1_smem = 0;
  for (const Event& e : a.events)
    if (e.kind == EventKind::SmemCopy) {
      CHECK((e.step == 0 || e.step == 9));
      core1_smem += e.core() == 1;
    }
  CHECK(core1_smem == 2);
  CHECK(SameEvents(a.events, b.events));
  CHECK(threaded.c.BitwiseEqual(serial.c));
}

TEST_CASE("a replay from a checkpoint has SMEM filled, and ends as the run did") {
  BlockSparseMatmul whole(kTable, kCounts), replay(kTable, kCounts);
  Run(whole);
  const LaunchOptions options{.precision = Precision::Highest, .threads = 1};
  LaunchRunner first(replay.Spec(), options);
  REQUIRE_FALSE(first.Prepare());
  CHECK(first.state().smem[0].Data<int32_t>()[1] == 0);  // nothing copied before step 0
  for (int s = 0; s < 10; ++s) first.RunStep();
  const MachineState checkpoint = first.state();
  CHECK(checkpoint.smem[0].BitwiseEqual(replay.cols));
  LaunchRunner second(replay.Spec(), options);
  REQUIRE_FALSE(second.Prepare());
  second.mutable_state() = checkpoint;
  second.RewindInputsTo(10);
  CHECK(second.state().smem[1].BitwiseEqual(replay.counts));
  while (!second.Finished()) second.RunStep();
  CHECK(replay.c.BitwiseEqual(whole.c));
}

TEST_CASE("scalar-prefetch argument errors are raised while tracing, before anything runs") {
  SUBCASE("num_scalar_prefetch that does not match the arguments is a ValueError") {
    BlockSparseMatmul t(kTable, kCounts);
    LaunchSpec spec = t.Spec();
    spec.num_scalar_prefetch = 1;
    const LaunchResult r = RunLaunch(spec, LaunchOptions{});
    REQUIRE(r.error);
    CHECK(r.error->type == ErrorType::ValueError);
    CHECK(r.error->phase == Phase::Tracing);
    CHECK(Contains(r.error->message, "num_scalar_prefetch=1 but is given 2 scalar-prefetch arguments"));
    CHECK(r.events.empty());
    CHECK(Untouched(t.c));
  }
  SUBCASE("an index map that takes the grid indices only is a TypeError") {
    BlockSparseMatmul t(kTable, kCounts);
    LaunchSpec spec = t.Spec();
    spec.outputs[0].spec.index_map = [](const GridIndex& g) { return BlockIndex{g[0], g[1]}; };
    const LaunchResult r = RunLaunch(spec, LaunchOptions{});
    REQUIRE(r.error);
    CHECK(r.error->type == ErrorType::TypeError);
    CHECK(r.error->phase == Phase::Tracing);
    CHECK(Contains(r.error->message,
                   "the index map of 'c' takes the grid indices only, but the launch has 2 scalar-prefetch "
                   "operands: it is called with 3 grid indices followed by 2 SMEM refs"));
    CHECK(r.events.empty());
    CHECK(Untouched(t.c));
  }
  SUBCASE("an index map that takes refs on a launch without scalar prefetch is a TypeError") {
    BlockSparseMatmul t(kTable, kCounts);
    LaunchSpec spec = t.Spec();
    spec.num_scalar_prefetch = 0;
    spec.scalar_prefetch.clear();
    spec.body = [](Kernel&) {};
    const LaunchResult r = RunLaunch(spec, LaunchOptions{});
    REQUIRE(r.error);
    CHECK(r.error->type == ErrorType::TypeError);
    CHECK(r.error->phase == Phase::Tracing);
    CHECK(Contains(r.error->message, "the index map of 'a' takes scalar-prefetch refs"));
  }
  SUBCASE("an index map that asks for more refs than the launch passes is a TypeError") {
    BlockSparseMatmul t(kTable, kCounts);
    LaunchSpec spec = t.Spec();
    spec.inputs[1].spec.index_map = [](const GridIndex& g, const PrefetchRefs& p) {
      return BlockIndex{p[2](g[0]), g[1]};
    };
    const LaunchResult r = RunLaunch(spec, LaunchOptions{});
    REQUIRE(r.error);
    CHECK(r.error->type == ErrorType::TypeError);
    CHECK(r.error->phase == Phase::Tracing);
    CHECK(Contains(r.error->message,
                   "the index map of 'b': it reads scalar-prefetch ref 2, but the launch passes 2"));
    CHECK(r.events.empty());
  }
  SUBCASE("the body's read with the wrong number of indices fails while tracing") {
    BlockSparseMatmul t(kTable, kCounts);
    LaunchSpec spec = t.Spec();
    spec.body = [](Kernel& k) { k.prefetch(0)->load("bs.bad_rank", {0}); };
    const LaunchResult r = RunLaunch(spec, LaunchOptions{});
    REQUIRE(r.error);
    CHECK(r.error->type == ErrorType::ValueError);
    CHECK(r.error->phase == Phase::Tracing);
    CHECK(GetSite(r.error->site).name == "bs.bad_rank");
    CHECK(Contains(r.error->message, "SMEM ref 'cols' of shape (3, 3) takes 2 indices, got 1"));
  }
}

TEST_CASE("scalar-prefetch operands are checked when the launch lowers") {
  SUBCASE("a float32 operand: the model holds integer tables only") {
    BlockSparseMatmul t(kTable, kCounts);
    Array floats(Shape{3}, DType::F32);
    LaunchSpec spec = t.Spec();
    spec.scalar_prefetch[1].array = &floats;
    const LaunchResult r = RunLaunch(spec, LaunchOptions{});
    REQUIRE(r.error);
    CHECK(r.error->type == ErrorType::NotImplementedError);
    CHECK(r.error->phase == Phase::Lowering);
    CHECK(Contains(r.error->message, "'counts' is float32"));
    CHECK(r.events.empty());
  }
  SUBCASE("operands over the 1 MiB of SMEM per TensorCore, and exactly 1 MiB") {
    // cols and counts take 36 + 12 bytes; a third operand of 1 MiB − 48 bytes fills SMEM exactly.
    BlockSparseMatmul t(kTable, kCounts);
    Array exact(Shape{(1024 * 1024 - 48) / 4}, DType::I32), over(Shape{(1024 * 1024 - 44) / 4}, DType::I32);
    LaunchSpec spec = t.Spec();
    spec.num_scalar_prefetch = 3;
    spec.scalar_prefetch.push_back({"pad", &over});
    const LaunchResult r = RunLaunch(spec, LaunchOptions{.chip = *ChipByName("v5p")});
    REQUIRE(r.error);
    CHECK(r.error->type == ErrorType::OutOfSmem);
    CHECK(ErrorTypeName(r.error->type) == "OutOfSmemError");
    CHECK(r.error->phase == Phase::Lowering);
    for (const char* part :
         {"cols", "36 bytes", "pad", "1048532 bytes", "total 1048580 bytes against 1048576", "v5p"})
      CHECK_MESSAGE(Contains(r.error->message, part), part);
    CHECK(r.events.empty());
    spec.scalar_prefetch[2].array = &exact;
    CHECK_FALSE(RunLaunch(spec, LaunchOptions{.precision = Precision::Highest}).error);
    CHECK(t.c.BitwiseEqual(t.Dense()));
  }
}

// `table` stored as int8 or int16: the narrowing splash's MaskInfo applies to its tables.
Array Narrowed(const Array& table, DType dtype) {
  Array out(table.shape(), dtype);
  for (int64_t i = 0; i < table.size(); ++i) out.SetFloat(i, table.GetFloat(i));
  return out;
}

TEST_CASE("int8 and int16 tables read as int32: the same result, copies and body reads as int32 tables") {
  BlockSparseMatmul wide(kTable, kCounts), narrow(kTable, kCounts);
  const Array cols8 = Narrowed(narrow.cols, DType::I8), counts16 = Narrowed(narrow.counts, DType::I16);
  LaunchSpec spec = narrow.Spec();
  spec.scalar_prefetch[0].array = &cols8;
  spec.scalar_prefetch[1].array = &counts16;
  const LaunchResult rw = Run(wide);
  const LaunchResult rn = RunLaunch(spec, LaunchOptions{.precision = Precision::Highest});
  REQUIRE_FALSE(rn.error);
  CHECK(narrow.c.BitwiseEqual(wide.c));
  CHECK(SameTraffic(rn.stats.copies, rw.stats.copies));
  CHECK(rn.stats.steps_run == rw.stats.steps_run);
  // A negative entry keeps its sign when widened: the map then asks for block -1, outside a.
  Array negative = Narrowed(narrow.cols, DType::I8);
  negative.Data<int8_t>()[0] = -1;
  spec.scalar_prefetch[0].array = &negative;
  const LaunchResult bad = RunLaunch(spec, LaunchOptions{});
  REQUIRE(bad.error);
  CHECK(bad.error->type == ErrorType::IndexMapError);
  CHECK(Contains(bad.error->message, "-1"));
}

TEST_CASE("narrow tables count their real bytes against SMEM, and a bool table is refused") {
  // cols as int8 takes 9 bytes and counts as int16 6: 15 in all, so an int8 pad of 1 MiB - 15 fits.
  BlockSparseMatmul t(kTable, kCounts);
  const Array cols8 = Narrowed(t.cols, DType::I8), counts16 = Narrowed(t.counts, DType::I16);
  Array exact(Shape{1024 * 1024 - 15}, DType::I8), over(Shape{1024 * 1024 - 14}, DType::I8);
  LaunchSpec spec = t.Spec();
  spec.num_scalar_prefetch = 3;
  spec.scalar_prefetch = {{"cols", &cols8}, {"counts", &counts16}, {"pad", &over}};
  const LaunchResult r = RunLaunch(spec, LaunchOptions{.chip = *ChipByName("v5e")});
  REQUIRE(r.error);
  CHECK(r.error->type == ErrorType::OutOfSmem);
  for (const char* part : {"cols", " 9 bytes", "counts", " 6 bytes", "1048562 bytes", "total 1048577 bytes"})
    CHECK_MESSAGE(Contains(r.error->message, part), part);
  spec.scalar_prefetch[2].array = &exact;
  CHECK_FALSE(RunLaunch(spec, LaunchOptions{.precision = Precision::Highest}).error);
  CHECK(t.c.BitwiseEqual(t.Dense()));

  Array flags(Shape{3}, DType::Bool);
  spec.scalar_prefetch[2].array = &flags;
  const LaunchResult refused = RunLaunch(spec, LaunchOptions{});
  REQUIRE(refused.error);
  CHECK(refused.error->type == ErrorType::NotImplementedError);
  CHECK(refused.error->phase == Phase::Lowering);
  CHECK(Contains(refused.error->message, "'pad' is bool"));
}

TEST_CASE("data that leads an index map astray is a kernel error at the step that reads it") {
  SUBCASE("a table entry outside a's block grid") {
    // cols[2][1] = 4, but a has 4 column blocks: step (r 2, n 0, j 1) = 13.
    BlockSparseMatmul t({{0, 2, 2}, {1, 1, 1}, {0, 4, 3}}, kCounts);
    const LaunchResult r = Run(t);
    REQUIRE(r.error);
    CHECK(r.error->type == ErrorType::IndexMapError);
    CHECK(r.error->phase == Phase::Execution);
    CHECK(Contains(r.error->message, "returned block (2, 4) at grid index (2, 0, 1)"));
    CHECK(r.events.back().kind == EventKind::Error);
    CHECK(r.events.back().step == 13);
  }
  SUBCASE("an index map that reads past the table's end") {
    BlockSparseMatmul t(kTable, kCounts);
    LaunchSpec spec = t.Spec();
    spec.inputs[0].spec.index_map = [](const GridIndex& g, const PrefetchRefs& p) {
      return BlockIndex{g[0], p[0](g[0], g[2] + 1)};
    };
    const LaunchResult r = RunLaunch(spec, LaunchOptions{});
    REQUIRE(r.error);
    CHECK(r.error->type == ErrorType::IndexMapError);
    CHECK(r.error->phase == Phase::Execution);
    CHECK(Contains(r.error->message, "the index map of 'a' at grid index (0, 0, 2)"));
    CHECK(Contains(r.error->message, "index (0, 3) is out of bounds for SMEM ref 'cols' with shape (3, 3)"));
    CHECK(r.events.back().step == 2);
  }
  SUBCASE("the body reading past the end of counts") {
    BlockSparseMatmul t(kTable, kCounts);
    LaunchSpec spec = t.Spec();
    auto body = spec.body;
    spec.body = [body](Kernel& k) {
      k.prefetch(1)->load("bs.next_count", {k.program_id(0) + 1});
      body(k);
    };
    const LaunchResult r = RunLaunch(spec, LaunchOptions{});
    REQUIRE(r.error);
    CHECK(r.error->type == ErrorType::ValueError);
    CHECK(r.error->phase == Phase::Execution);
    CHECK(GetSite(r.error->site).name == "bs.next_count");
    CHECK(r.events.back().step == 12);  // the first step of row 2
  }
}

}  // namespace scalar_prefetch_test
