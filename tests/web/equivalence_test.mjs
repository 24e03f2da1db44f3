// The web module against the app: the same scenarios checked by `tilewalk check --json --threads 1` and by
// the module's tw_check (the same parse, run and report compiled to WebAssembly), and recorded by the
// module's tour session (tw_start). Launch by launch the grids, steps, events, copies, writebacks and
// matmuls must be equal, as must the verdicts. The outputs' bytes are compared by their SHA-256: equal
// digests are the goal, but a native build for this CPU fuses multiply-adds (-march=native: the inputs'
// generator and Eigen's kernels) and vectorises exp, which WebAssembly does not, so where the digests
// differ the test says so, with both errors, and asks instead that both pass the dense reference check.
// Usage: node equivalence_test.mjs TILEWALK_BINARY MODULE_JS
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
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
  }
  // The tour session's recording of the same scenario holds every event of every launch.
  const recorded = call('tw_start', { scenario: words });
  const events = launches.reduce((sum, l) => sum + native.launches[l].events, 0);
  if (recorded.error) fail(name, `tw_start refused it: ${recorded.error}`);
  else if (recorded.recording.events !== events)
    fail(name, `the module recorded ${recorded.recording.events} events, the app's check ${events}`);
  const same = Object.keys(native.output_sha256).length - differing.length;
  const errors = differing.map((o) => `${o} ${native.outputs[o].max_abs.toExponential(2)}/` +
                                      `${wasm.outputs[o].max_abs.toExponential(2)}`);
  console.log(`${name}: ${launches.length} launches, ${events} events equal; outputs bit-identical: ${same}` +
              (differing.length ? `; differing (max abs error app/module): ${errors.join(', ')}` : ''));
}

if (failures.length) {
  console.error(`FAIL: the web module and the app disagree:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('the web module and the app agree on every scenario');
