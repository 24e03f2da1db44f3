// The web module against the app: the same scenarios checked by `tilewalk check --json --threads 1` and by
// the module's tw_check (the same parse, run and report compiled to WebAssembly), and recorded by the
// module's tour (tw_start). Launch by launch the grids, steps, events, copies, writebacks and matmuls must
// be equal, as must the verdicts, and sampled events must name the sites and mirror lines the app's trace
// names. The outputs' bytes are compared by their SHA-256: equal
// digests are the goal, but a native build for this CPU fuses multiply-adds (-march=native: the inputs'
// generator and Eigen's kernels) and vectorises exp, which WebAssembly does not, so where the digests
// differ the test says so, with both errors, and asks instead that both pass the dense reference check and
// that neither build's largest error against the reference is more than twice the other's, give or take
// 1e-4 (the stated tolerance: two float32 computations of the same step, summed in different orders; the
// 1e-4 covers errors at float32's own rounding, such as l's few ulps).
// Usage: node equivalence_test.mjs TILEWALK_BINARY MODULE_JS
import { execFileSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [tilewalk, moduleJs] = process.argv.slice(2);
if (!tilewalk || !moduleJs) {
  console.error('usage: node equivalence_test.mjs TILEWALK_BINARY MODULE_JS');
  process.exit(2);
}
if (!existsSync(moduleJs)) {
  console.error(`the web module ${moduleJs} is missing: build it first with ` +
                '`cmake --preset wasm && cmake --build --preset wasm` (scripts/test.sh does)');
  process.exit(1);
}

const scenarios = [
  { name: 'flash default', words: ['--kernel', 'flash'] },
  { name: 'flash --causal', words: ['--causal'] },
  { name: 'flash backward (walk-backward)', words: ['--scenario', 'walk-backward'] },
  { name: 'flash segments', words: ['--scenario', 'segments'] },
  { name: 'splash causal', words: ['--kernel', 'splash', '--mask', 'causal'] },
  { name: 'splash local window', words: ['--kernel', 'splash', '--mask', 'local', '--window', '64'] },
  { name: 'splash fused backward', words: ['--kernel', 'splash', '--mask', 'causal', '--fused-bwd'] },
];

const failures = [];
const fail = (scenario, what) => failures.push(`${scenario}: ${what}`);

const createTilewalk = createRequire(import.meta.url)(path.resolve(moduleJs));
const module = await createTilewalk({});
const call = (name, request) =>
  JSON.parse(module.ccall(name, 'string', ['string'], [JSON.stringify(request)]));

// What must be equal of a launch, bit for bit: everything but the estimates of time.
const launchFacts = (l) => JSON.stringify({
  grid: l.grid, steps: l.steps, steps_run: l.steps_run, steps_skipped: l.steps_skipped, cores: l.cores,
  events: l.events, copies: l.copies, writebacks: l.writebacks, matmuls: l.matmuls,
});

// Native trace of the scenario: its events, each with its site and mirror line when it has one.
function nativeTrace(words) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'tilewalk-web-'));
  try {
    const out = path.join(folder, 'trace.json');
    execFileSync(tilewalk, ['trace', '--threads', '1', ...words, '--out', out], { stdio: 'ignore' });
    return JSON.parse(readFileSync(out, 'utf8')).events;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const kSampledEvents = 40;
let sitesCompared = 0;
function compareSites(name, words, events) {
  const trace = nativeTrace(words);
  if (trace.length !== events) return fail(name, `the app's trace has ${trace.length} events, not ${events}`);
  for (let k = 0; k < kSampledEvents; ++k) {
    const i = Math.floor((k * events) / kSampledEvents) + (k % 7);  // spread, and off the steps' edges
    if (i >= events) continue;
    const state = call('tw_intent', { kind: 'seek_event', value: i });
    const want = trace[i].site ? `${trace[i].site} at line ${trace[i].line}` : 'no site';
    const site = state.cursor.site;
    const got = site ? `${site.name} at line ${site.line}` : 'no site';
    if (state.cursor.event !== i || want !== got)
      fail(name, `event ${i}: the app's trace has ${want}, the module ${got} (at event ${state.cursor.event})`);
    ++sitesCompared;
  }
}

for (const { name, words } of scenarios) {
  const native = JSON.parse(execFileSync(tilewalk, ['check', '--json', '--threads', '1', ...words],
                                         { encoding: 'utf8', maxBuffer: 64 << 20 }));
  const wasm = call('tw_check', { scenario: words });
  if (wasm.error) { fail(name, `tw_check refused it: ${wasm.error}`); continue; }
  const launches = Object.keys(native.launches);
  if (JSON.stringify(launches) !== JSON.stringify(Object.keys(wasm.launches)))
    fail(name, `launches differ: ${launches} vs ${Object.keys(wasm.launches)}`);
  for (const l of launches) {
    if (!wasm.launches[l]) continue;
    const a = launchFacts(native.launches[l]), b = launchFacts(wasm.launches[l]);
    if (a !== b) fail(name, `launch ${l} differs:\n  native ${a}\n  wasm   ${b}`);
  }
  if (native.verdict !== wasm.verdict) fail(name, `verdict ${native.verdict} vs ${wasm.verdict}`);
  const differing = [];
  for (const [output, digest] of Object.entries(native.output_sha256)) {
    if (wasm.output_sha256[output] === digest) continue;
    differing.push(output);
    // Then both must pass the reference check, with the same verdict.
    const n = native.outputs[output], w = wasm.outputs[output];
    if (!w || !n.pass || !w.pass || n.verdict !== w.verdict)
      fail(name, `${output}: its bits differ, and it does not pass the reference check in both builds`);
    else if (w.max_abs > 2 * n.max_abs + 1e-4 || n.max_abs > 2 * w.max_abs + 1e-4)
      fail(name, `${output}: its largest error is ${n.max_abs} in the app and ${w.max_abs} in the module, ` +
                 'more than twice apart');
  }
  // The tour's recording of the same scenario holds every event of every launch, and its events name the
  // sites and mirror lines that the app's trace names (a sample of them: each seek draws every picture).
  const recorded = call('tw_start', { scenario: words });
  const events = launches.reduce((sum, l) => sum + native.launches[l].events, 0);
  if (recorded.error) fail(name, `tw_start refused it: ${recorded.error}`);
  else if (recorded.recording.events !== events)
    fail(name, `the module recorded ${recorded.recording.events} events, the app's check ${events}`);
  else compareSites(name, words, events);
  const same = Object.keys(native.output_sha256).length - differing.length;
  const errors = differing.map((o) => `${o} ${native.outputs[o].max_abs.toExponential(2)}/` +
                                      `${wasm.outputs[o].max_abs.toExponential(2)}`);
  console.log(`${name}: ${launches.length} launches, ${events} events equal; outputs bit-identical: ${same}` +
              (differing.length ? `; differing (max abs error app/module): ${errors.join(', ')}` : ''));
}

// The heatmaps' PNG data URIs (the module's own encoder, not libpng): each a PNG whose zlib stream inflates,
// its checksum right, to one filter byte and width × 4 bytes per row.
function checkPngs(svgs) {
  let count = 0;
  for (const [, base64] of svgs.matchAll(/data:image\/png;base64,([A-Za-z0-9+/=]+)/g)) {
    const png = Buffer.from(base64, 'base64');
    if (png.subarray(0, 8).toString('latin1') !== '\x89PNG\r\n\x1a\n') return fail('PNG', 'no PNG signature');
    let width = 0, height = 0, at = 8;
    const idat = [];
    while (at < png.length) {
      const length = png.readUInt32BE(at), type = png.subarray(at + 4, at + 8).toString('latin1');
      const data = png.subarray(at + 8, at + 8 + length);
      if (type === 'IHDR') [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)];
      if (type === 'IDAT') idat.push(data);
      at += 12 + length;
    }
    let raw;
    try { raw = inflateSync(Buffer.concat(idat)); } catch (e) { return fail('PNG', `does not inflate: ${e.message}`); }
    if (raw.length !== (width * 4 + 1) * height) fail('PNG', `${raw.length} bytes for ${width}x${height}`);
    ++count;
  }
  return count;
}
const pictured = call('tw_start', { scenario: ['--kernel', 'flash'] });
if (pictured.error) fail('PNG', `tw_start refused flash's default: ${pictured.error}`);
call('tw_intent', { kind: 'seek_event', value: 300 });
let pictures = '';
for (const name of ['memory', 'lanes', 'scores'])  // the pictures with heatmaps, each shown in turn
  pictures += call('tw_intent', { kind: 'show', value: name }).pictures[name] ?? '';
const pngs = checkPngs(pictures);
if (!pngs) fail('PNG', 'the pictures at event 300 of flash\'s default embed no heatmap');
console.log(`${pngs} heatmap PNGs read back`);

// The memory guard under WebAssembly: a scenario the 2 GiB heap cannot hold is refused before it starts,
// in the guard's words for a page.
const huge = call('tw_start', { scenario: ['--q-len', '65536', '--kv-len', '65536', '--heads', '16'] });
if (!/this page can still give it/.test(huge.error || ''))
  fail('memory guard', `a 29 GiB scenario was not refused as too large for the page: ${JSON.stringify(huge).slice(0, 200)}`);

if (failures.length) {
  console.error(`FAIL: the web module and the app disagree:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log(`the web module and the app agree on every scenario (${sitesCompared} events' sites compared)`);
