// The web module's speed under node (docs/performance.md, "The web module"): loading it, opening the
// default tour, the same scenario through tw_check beside the app's `check --threads 1`, and, in a
// recording of about 100 000 events, a step, a seek and a bare tw_state. Prints one line per figure.
// Usage: node --no-experimental-fetch module_timing.mjs MODULE_JS [TILEWALK_BINARY]
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const [moduleJs, tilewalk] = process.argv.slice(2);
if (!moduleJs) {
  console.error('usage: node --no-experimental-fetch module_timing.mjs MODULE_JS [TILEWALK_BINARY]');
  process.exit(2);
}
const ms = (start) => (performance.now() - start).toFixed(0);

let start = performance.now();
const module = await createRequire(import.meta.url)(path.resolve(moduleJs))({});
console.log(`instantiate: ${ms(start)} ms`);
const call = (name, request) =>
  JSON.parse(module.ccall(name, 'string', request === undefined ? [] : ['string'],
                          request === undefined ? [] : [JSON.stringify(request)]));

start = performance.now();
const opened = call('tw_start', {});
const words = opened.scenario.words;
console.log(`tw_start, the default tour: ${ms(start)} ms (${opened.recording.events} events, ${words.join(' ')})`);
const checked = call('tw_check', { scenario: words });
console.log(`tw_check of it: simulate ${checked.timing.simulate_ms.toFixed(1)} ms, ` +
            `reference ${checked.timing.reference_ms.toFixed(1)} ms`);
if (tilewalk) {
  const native = JSON.parse(execFileSync(tilewalk, ['check', '--json', '--threads', '1', ...words], { encoding: 'utf8' }));
  console.log(`the app's check --threads 1 of it: simulate ${native.timing.simulate_ms.toFixed(1)} ms, ` +
              `reference ${native.timing.reference_ms.toFixed(1)} ms`);
}

const large = ['--q-len', '2048', '--kv-len', '2048', '--batch', '3'];
start = performance.now();
const recorded = call('tw_start', { scenario: large });
console.log(`tw_start, ${large.join(' ')}: ${ms(start)} ms (${recorded.recording.events} events)`);
const median = (label, count, fn) => {
  const times = [];
  for (let i = 0; i < count; ++i) {
    const at = performance.now();
    fn(i);
    times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: median ${times[count >> 1].toFixed(1)} ms, slowest ${times[count - 1].toFixed(1)} ms`);
};
median('step by a statement', 30, () => call('tw_intent', { kind: 'step', value: 1 }));
const events = recorded.recording.events;
median('seek to an event', 20, (i) => call('tw_intent', { kind: 'seek_event', value: Math.floor((i * 0.0487 % 1) * events) }));
call('tw_intent', { kind: 'unit', value: 'grid step' });
median('step by a grid step', 20, () => call('tw_intent', { kind: 'step', value: 1 }));
median('tw_state alone', 20, () => call('tw_state'));
console.log(`the state: ${JSON.stringify(call('tw_state')).length} bytes of JSON`);
