#include "app/check/dump_folder.hpp"

#include <fstream>
#include <random>
#include <stdexcept>
#include <system_error>

#include "app/check/npy_writer.hpp"
#include "app/scenario_json.hpp"

namespace tilewalk::app {

namespace fs = std::filesystem;

namespace {

fs::path TemporarySibling(const fs::path& dir) {
  std::random_device rd;
  const fs::path parent = dir.has_parent_path() ? dir.parent_path() : fs::path(".");
  return parent / ("." + dir.filename().string() + ".partial-" + std::to_string(rd() % 1000000));
}

void WriteAll(const fs::path& tmp, const CheckRun& run, const flash::ScenarioInputs& data) {
  const flash::AttentionInputs& in = data.inputs;
  WriteNpy(tmp / "q.npy", in.q);
  WriteNpy(tmp / "k.npy", in.k);
  WriteNpy(tmp / "v.npy", in.v);
  if (in.ab) WriteNpy(tmp / "ab.npy", *in.ab);
  if (in.q_segment_ids) {
    WriteNpy(tmp / "segment_ids_q.npy", *in.q_segment_ids);
    WriteNpy(tmp / "segment_ids_kv.npy", *in.kv_segment_ids);
  }
  WriteNpy(tmp / "do.npy", data.d_o);
  const flash::TrainingStepResult& s = run.step;
  if (!s.o.empty()) WriteNpy(tmp / "o.npy", s.o);
  if (!s.l.empty()) {
    WriteNpy(tmp / "l.npy", s.l);
    WriteNpy(tmp / "m.npy", s.m);
    WriteNpy(tmp / "dq.npy", s.dq);
    WriteNpy(tmp / "dk.npy", s.dk);
    WriteNpy(tmp / "dv.npy", s.dv);
  }
  if (s.ds) WriteNpy(tmp / "ds.npy", *s.ds);
  std::ofstream config(tmp / "config.json");
  config << ScenarioJson(run.scenario).dump(2) << "\n";
  config.close();
  if (!config) throw std::runtime_error("cannot write " + (tmp / "config.json").string());
}

// Replacing means deleting, so --force replaces only an earlier dump: a folder of .npy files and config.json.
bool IsEarlierDump(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(fs::symlink_status(dir, ec))) return false;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& name = it->path();
    const bool dumped = name.extension() == ".npy" || name.filename() == "config.json";
    if (!it->is_regular_file(ec) || !dumped) return false;
  }
  return !ec;
}

}  // namespace

void CheckDumpDestination(const fs::path& dir, bool force) {
  std::error_code ec;
  if (fs::exists(fs::symlink_status(dir, ec))) {
    if (!force)
      throw std::runtime_error("the dump folder " + dir.string() +
                               " already exists; choose another or add --force");
    if (!IsEarlierDump(dir))
      throw std::runtime_error(dir.string() +
                               " is not an earlier dump (a folder of .npy files and config.json), "
                               "and --force replaces nothing else; choose another folder for --dump");
  }
}

void DumpCheckRun(const fs::path& given, bool force, const CheckRun& run, const flash::ScenarioInputs& data) {
  const fs::path dir = given.has_filename() ? given : given.parent_path();  // "out/" is the folder "out"
  CheckDumpDestination(dir, force);
  std::error_code ec;
  const fs::path tmp = TemporarySibling(dir);
  if (!fs::create_directories(tmp, ec) || ec)
    throw std::runtime_error("cannot create a folder next to " + dir.string() + " (" + ec.message() +
                             "); choose a writable place for --dump");
  try {
    WriteAll(tmp, run, data);
    if (fs::exists(dir)) fs::remove_all(dir);
    fs::rename(tmp, dir);
  } catch (const std::exception& e) {
    fs::remove_all(tmp, ec);
    throw std::runtime_error("the dump into " + dir.string() +
                             " failed, and nothing was left behind: " + e.what());
  }
}

}  // namespace tilewalk::app
