// The module's C API as docs/web-module.md states it: every intent kind moves what it says, a refusal is
// {"error"} in the app's words and leaves the tour as it was, and the state holds the keys the page reads.
// Usage: node --no-experimental-fetch api_test.mjs MODULE_JS
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';

const [moduleJs] = process.argv.slice(2);
if (!moduleJs || !existsSync(moduleJs)) {
  console.error(`the web module ${moduleJs} is missing: build it first with ` +
                '`cmake --preset wasm && cmake --build --preset wasm` (scripts/test.sh does)');
  process.exit(1);
}
let progress = 0;
const module = await createRequire(import.meta.url)(path.resolve(moduleJs))({ onProgress: () => ++progress });
const call = (name, request) =>
  JSON.parse(module.ccall(name, 'string', request === undefined ? [] : ['string'],
                          request === undefined ? [] : [JSON.stringify(request)]));
const failures = [];
const expect = (ok, what) => { if (!ok) failures.push(what); };
const intent = (request) => call('tw_intent', request);

// Before a tour: refused. The default tour: its keys.
expect(/tw_start first/.test(call('tw_state').error), 'tw_state before tw_start is refused');
let s = call('tw_start', {});
for (const key of ['tour', 'tours', 'stop', 'passage', 'ask', 'cursor', 'source', 'scenario', 'pictures', 'recording'])
  expect(key in s, `the state has "${key}"`);
expect(s.tour.kernel === 'flash' && s.stop.index === 1 && s.stop.count > 1, 'the default tour opens at stop 1');
expect(s.tours.some((t) => t.kernel === 'splash'), 'the tours list both kernels');
expect(progress > 0, 'Module.onProgress was called while recording');
// A state carries the picture shown alone: the grid at first, then the one each "show" names.
expect(s.shown === 'grid' && s.pictures.grid.includes('<svg ') && s.pictures.memory === null,
  'the first state carries the grid alone');
for (const name of ['grid', 'memory', 'lanes', 'scores', 'cost', 'timeline']) {
  const shown = intent({ kind: 'show', value: name });
  expect(typeof shown.pictures[name] === 'string' && shown.pictures[name].includes('<svg '), `picture ${name} is SVG`);
  expect(Object.values(shown.pictures).filter((svg) => svg !== null).length === 1, `${name} comes alone`);
}
expect(/needs "value": grid, memory/.test(intent({ kind: 'show', value: '../etc' }).error), 'show refuses other names');
s = intent({ kind: 'show', value: 'grid' });
// Words that name a file are refused, from a start and from an edit, before anything reads the path.
const refusal = call('tw_start', {
  kernel: 'splash', scenario: ['--mask', 'array', '--mask-file', '/pallas/flash_attention.py'] }).error;
expect(/--mask-file names a file, which a web page's scenario may not do/.test(refusal), 'a start may not name a file');
expect(/give --mask-file to the desktop app instead/.test(refusal) && !/on the command line/.test(refusal),
  'the refusal sends a reader to the desktop app, not to a command line the page has not got');
// "--kernel splash" among the words picks the kernel there: its file field is refused all the same.
expect(/--mask-file names a file/.test(
  call('tw_start', { scenario: ['--kernel', 'splash', '--mask', 'array', '--mask-file', '/pallas/x'] }).error),
  'a start whose words pick splash may not name a file');
expect(/--mask-file names a file/.test(
  call('tw_check', { scenario: ['--kernel', 'splash', '--mask', 'array', '--mask-file', '/pallas/x'] }).error),
  'a check may not name a file');
expect(call('tw_start', { kernel: 'splash' }).tour.kernel === 'splash', 'a splash tour opens');
// A scenario the original refuses before any launch: the state names the error and the mirror's line
// that raised it.
const refused = call('tw_start', { kernel: 'splash', scenario: ['--fused-bwd', '--block-q-dq', '128'] });
expect(/^ValueError during argument check: Block sizes for dq kernel are not needed/.test(refused.scenario.rejection),
  `a dQ block beside --fused-bwd is the original's ValueError: ${refused.scenario.rejection}`);
const raisedIn = refused.source.mirror;
expect(raisedIn.file === 'block_sizes.cpp' && raisedIn.raised > 0 && raisedIn.line === raisedIn.raised &&
  raisedIn.lit.length === 0, `the mirror shows the line that raised: ${JSON.stringify(raisedIn)}`);
expect(refused.cursor.event === null, 'a refused scenario has no event');
expect(/--mask-file names a file/.test(intent({ kind: 'apply', words: ['--mask-file=/dev/zero'] }).error),
  'an edit may not name a file');
s = call('tw_start', {});

// Moves.
const at = s.cursor.event;
s = intent({ kind: 'step', value: 1 });
expect(s.cursor.event === at + 1, 'step +1 by a statement moves one event here');
s = intent({ kind: 'end' });
expect(s.cursor.event === s.cursor.events - 1, 'end goes to the last event');
s = intent({ kind: 'start' });
expect(s.cursor.event === 0, 'start goes to event 0');
s = intent({ kind: 'seek_event', value: 100 });
expect(s.cursor.event === 100, 'seek_event 100');
s = intent({ kind: 'unit', value: 'Grid Step' });
expect(s.cursor.unit === 'grid step', 'unit "Grid Step" sets the grid step unit');
const step = s.cursor.grid_step;
s = intent({ kind: 'step', value: 1 });
expect(s.cursor.grid_step === step + 1, 'step +1 by a grid step');
s = intent({ kind: 'unit', value: 'next' });
expect(s.cursor.unit === 'launch', 'unit next after grid step is launch');
s = intent({ kind: 'seek_grid_step', value: 3 });
expect(s.cursor.grid_step === 3, 'seek_grid_step 3');
s = intent({ kind: 'next_stop' });
expect(s.stop.index === 2, 'next_stop');
s = intent({ kind: 'prev_stop' });
expect(s.stop.index === 1, 'prev_stop');
s = intent({ kind: 'go_to_stop', value: 3 });
expect(s.stop.index === 3, 'go_to_stop 3');

// Refusals leave the tour where it was.
for (const [request, words] of [
  [{ kind: 'nothing' }, /no intent "nothing"/],
  [{ kind: 'step', value: 2 }, /1 or -1/],
  [{ kind: 'seek_event' }, /whole number/],
  [{ kind: 'unit', value: 'hour' }, /"statement"/],
  [{ kind: 'apply', words: 'x' }, /list of scenario flags/],
  [{ kind: 'tour', value: 'nope' }, /There is no tour 'nope'/],
]) {
  const answer = intent(request);
  expect(words.test(answer.error || ''), `${JSON.stringify(request)} is refused (${answer.error})`);
}
expect(call('tw_state').stop.index === 3, 'a refused intent changes nothing');
expect(/not a JSON object/.test(call('tw_intent', 'not json').error || ''), 'text that is not JSON is refused');
expect(/--kernel got 'nope'/.test(call('tw_start', { kernel: 'nope' }).error || ''), 'an unknown kernel');
expect(/unknown option '--nope'/.test(call('tw_start', { scenario: ['--nope'] }).error || ''), 'an unknown flag');
expect(call('tw_state').stop.index === 3, 'a refused tw_start keeps the tour');

// A question: pick, then reveal.
const questions = s.tours.find((t) => t.id === 'q1-two-kernels');
expect(questions, 'the tour q1-two-kernels is listed');
s = intent({ kind: 'tour', value: 'q1-two-kernels' });
expect(s.tour.id === 'q1-two-kernels' && s.cursor.unit === 'launch', 'tour opens it, keeping the step unit');
s = intent({ kind: 'go_to_stop', value: 3 });
expect(s.ask && s.ask.choices.length >= 2 && s.ask.picked === null && !s.ask.revealed, 'stop 3 asks');
s = intent({ kind: 'pick', value: 1 });
expect(s.ask.picked === 1, 'pick 1');
s = intent({ kind: 'reveal' });
expect(s.ask.revealed && Number.isInteger(s.ask.correct) && s.ask.explanation, 'reveal gives the answer');

// Scenario edits: apply, a refused value, try, reset.
s = intent({ kind: 'apply', words: ['--block-q', '64'] });
expect(s.scenario.edited && s.scenario.words.join(' ') === '--block-q 64', 'apply records the edit');
s = intent({ kind: 'apply', words: ['--block-q', 'x'] });
expect(/--block-q got 'x'/.test(s.scenario.problem), 'a value that does not read is the scenario\'s problem');
s = intent({ kind: 'apply', words: ['--block-k', '96'] });
expect(/ValueError/.test(s.scenario.rejection) && s.pictures.grid === null && s.cursor.event === null,
       'a scenario the kernel rejects has its error and no event');
s = intent({ kind: 'reset' });
expect(!s.scenario.edited && s.cursor.event !== null, 'reset goes back to the stop\'s scenario');

// A scenario alone, and the splash kernel.
s = call('tw_start', { scenario: ['--kernel', 'splash', '--mask', 'causal'] });
expect(s.tour.scenario_only && s.tour.kernel === 'splash' && s.stop.count === 1, 'a splash scenario alone');
s = call('tw_start', { kernel: 'splash' });
expect(s.tour.kernel === 'splash', 'kernel splash opens its default tour');

// The page's Python files, by kernel: each start shows the one of the kernel it runs, which a tour alone
// decides, and the files stay with their kernels' tours when the page opens another one.
const pallas = { flash: 'def _flash_attention_impl():\n  pass\n', splash: 'def _splash_attention_forward():\n  pass\n' };
s = call('tw_start', { tour: 'splash-fused', pallas: { flash: pallas.flash } });
expect(s.tour.kernel === 'splash' && s.source.python.file === null,
  `a splash tour shows no Python file when the page has only flash's: ${s.source.python.file}`);
s = call('tw_start', { tour: 'splash-fused', pallas });
expect(/^splash_attention_kernel\.py/.test(s.source.python.file ?? ''),
  `a splash tour named alone shows splash's file, under its name: ${s.source.python.file}`);
s = call('tw_start', { scenario: ['--kernel', 'splash'], pallas });
expect(/^splash_attention_kernel\.py/.test(s.source.python.file ?? ''), 'so does a scenario whose words pick splash');
s = call('tw_start', { kernel: 'flash', pallas });
expect(/^flash_attention\.py/.test(s.source.python.file ?? ''), 'a start with Pallas files shows its kernel\'s');
s = intent({ kind: 'tour', value: 'causal' });
expect(s.tour.id === 'causal' && /^flash_attention\.py/.test(s.source.python.file ?? ''),
  'another tour of the kernel keeps its Pallas file');
s = intent({ kind: 'tour', value: 'splash-window' });
expect(/^splash_attention_kernel\.py/.test(s.source.python.file ?? ''), 'a tour of the other kernel shows that one\'s');
expect(/"pallas" names no kernel 'triton'/.test(call('tw_start', { pallas: { triton: 'x' } }).error),
  'a Python file of no kernel is refused');
expect(/"pallas" must map kernel names/.test(call('tw_start', { pallas: 'def f(): pass' }).error) &&
  /"pallas" must map kernel names/.test(call('tw_start', { pallas: { flash: 7 } }).error),
  'a Python file that is not text, or not under a kernel\'s name, is refused');

if (failures.length) {
  console.error(`FAIL: the module's API does not do what docs/web-module.md says:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('the module\'s API does what docs/web-module.md says');
