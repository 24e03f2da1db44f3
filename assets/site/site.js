// The live page. Sections: the elements; showing a state (the tour, the question, the cursor, the pictures,
// the Python file, the scenario); asking the module (each call through the worker, errors shown in the
// module's words); the link; the controls and keys; start.
// Every text the module or a link gives is set as text (textContent), never as markup; the pictures are
// SVG the module drew, shown through <img> from a blob, where SVG can run no script and fetch nothing.
import { Cancelled, Engine } from "./engine.js";
import { formatLink, kindOf, namesFile, parseLink, scenarioProblem } from "./link.js";

// ---- The elements ----------------------------------------------------------------------------------------
const $ = (id) => document.getElementById(id);
const ui = {
  tour: $("tour"), threads: $("threads"), notice: $("notice"), fatal: $("fatal"),
  prevStop: $("prev-stop"), nextStop: $("next-stop"), stopPosition: $("stop-position"),
  stopTitle: $("stop-title"), narration: $("narration"),
  passageTitle: $("passage-title"), passageText: $("passage-text"), passageProblem: $("passage-problem"),
  ask: $("ask"), askQuestion: $("ask-question"), askChoices: $("ask-choices"), reveal: $("reveal"),
  askAnswer: $("ask-answer"),
  back: $("back"), forward: $("forward"), toStart: $("to-start"), toEnd: $("to-end"),
  scrubber: $("scrubber"), position: $("position"), statement: $("statement"),
  picture: $("picture"), pictureNote: $("picture-note"),
  sourceFile: $("source-file"), python: $("python"), mirror: $("mirror"),
  form: $("scenario-form"), fields: $("fields"), scenarioProblem: $("scenario-problem"),
  record: $("record"), tryIt: $("try"), reset: $("reset"), recording: $("recording"),
  busy: $("busy"), progress: $("progress"), busyText: $("busy-text"), cancel: $("cancel"),
};

const page = {
  state: null,        // the module's last state
  pallas: {},         // kernel → the Pallas file's text, from the site
  picture: "grid",    // the picture tab shown
  pictureUrl: null,   // its blob URL, revoked when replaced
  pythonKey: "",      // which file the <pre> holds
  edited: false,      // the scenario is the reader's, so the link carries it
  busy: false,
};

// ---- Showing a state -------------------------------------------------------------------------------------
function show(state) {
  page.state = state;
  showTours(state);
  showStop(state);
  showAsk(state.ask);
  showCursor(state.cursor ?? {});
  showPicture();
  showSource(state.source ?? {}, state.tour?.kernel);
  showScenario(state.scenario ?? {});
  const recording = state.recording;
  ui.recording.textContent = recording
    ? `Recording: ${recording.events ?? 0} events, ${bytesText(recording.bytes ?? 0)}` : "";
  writeLink();
  showThreads(state);
}

// Threads need cross-origin isolation (SharedArrayBuffer), which a static host rarely gives, and a module
// built for them; otherwise the page says it records on one thread.
function showThreads(state) {
  const threads = globalThis.crossOriginIsolated ? Number(state?.threads ?? 1) : 1;
  ui.threads.textContent = threads > 1 ? `${threads} threads` : "one thread";
  ui.threads.title = globalThis.crossOriginIsolated
    ? "The page is cross-origin isolated; the module records on as many threads as it was built for"
    : "The page is not cross-origin isolated, so the module records on one thread";
}

function showTours(state) {
  const tours = Array.isArray(state.tours) ? state.tours : [];
  const key = tours.map((t) => t.id).join(" ");
  if (ui.tour.dataset.key !== key) {
    ui.tour.replaceChildren(...tours.map((t) => {
      const option = document.createElement("option");
      option.value = String(t.id);
      option.textContent = `${t.title}${t.kernel ? ` (${t.kernel})` : ""}${t.question > 0 ? ", a question" : ""}`;
      if (t.question > 0) option.dataset.question = String(t.question);
      return option;
    }));
    ui.tour.dataset.key = key;
  }
  ui.tour.value = state.tour?.id ?? "";
  document.title = `tilewalk: ${state.tour?.title ?? "live"}`;
}

function showStop(state) {
  const stop = state.stop ?? {};
  ui.stopPosition.textContent = stop.count ? `stop ${stop.index} of ${stop.count}` : "";
  ui.prevStop.disabled = page.busy || !(stop.index > 1);
  ui.nextStop.disabled = page.busy || !(stop.index < stop.count);
  const passage = state.passage ?? {};
  ui.stopTitle.textContent = passage.stop_title ?? "";
  ui.narration.textContent = reflow(passage.narration ?? "");
  ui.passageTitle.textContent = passage.title ?? "";
  ui.passageText.textContent = reflow(passage.text ?? "");
  ui.passageProblem.textContent = passage.problem ?? "";
  ui.passageProblem.hidden = !passage.problem;
}

// The library's text is wrapped for the app's pane; here it flows to the page's width. A line break stays
// before a blank line, an indented line, a list item or a table row, where it means something.
function reflow(text) {
  return text.replace(/([^\n])\n(?![\n\s\-*|]|\d+[.)] )/g, "$1 ");
}

function showAsk(ask) {
  ui.ask.hidden = !ask || !ask.question;
  if (ui.ask.hidden) return;
  ui.askQuestion.textContent = ask.question;
  const right = ask.correct;
  ui.askChoices.replaceChildren(...(ask.choices ?? []).map((choice, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "choice needs-module";
    button.textContent = String(choice);
    button.setAttribute("aria-pressed", String(ask.picked === i));
    if (ask.revealed && right === i) button.classList.add("right");
    else if (ask.revealed && ask.picked === i) button.classList.add("wrong");
    button.disabled = page.busy;
    button.addEventListener("click", () => intent({ kind: "pick", value: i }));
    return button;
  }));
  ui.reveal.hidden = Boolean(ask.revealed);
  ui.askAnswer.hidden = !ask.revealed;
  ui.askAnswer.textContent = ask.revealed ? answerText(ask, right) : "";
}

function answerText(ask, right) {
  const text = right === null || right === undefined ? "" : String((ask.choices ?? [])[right] ?? "");
  const verdict = ask.picked === null || ask.picked === undefined ? "" : ask.picked === right ? "Right. " : "Not quite. ";
  const said = [text ? `${verdict}The answer: ${text}` : verdict, ask.recorded, ask.explanation];
  return said.filter((t) => t).join("\n");
}

function showCursor(cursor) {
  const events = Number(cursor.events ?? 0);
  ui.scrubber.max = String(Math.max(0, events - 1));
  if (document.activeElement !== ui.scrubber || !page.dragging) ui.scrubber.value = String(cursor.event ?? 0);
  const parts = [];
  if (events > 0 && cursor.event !== null) parts.push(`event ${cursor.event} of ${events}`);
  if (cursor.launch) parts.push(`launch ${cursor.launch}`);
  if (cursor.grid_step !== undefined && cursor.grid_step !== null) parts.push(`grid step ${cursor.grid_step}`);
  ui.position.textContent = events > 0 ? parts.join(" · ") : "no events: the scenario did not run";
  ui.statement.textContent = cursor.statement ?? "";
  for (const button of document.querySelectorAll("button.unit"))
    button.setAttribute("aria-pressed", String(button.dataset.unit === String(cursor.unit ?? "").toLowerCase()));
}

// The picture tab's SVG, parsed as SVG first: text that is not one well-formed <svg> is not shown.
function showPicture() {
  for (const tab of document.querySelectorAll("[data-picture]"))
    tab.setAttribute("aria-selected", String(tab.dataset.picture === page.picture));
  const svg = page.state?.pictures?.[page.picture];
  if (page.pictureUrl) URL.revokeObjectURL(page.pictureUrl);
  page.pictureUrl = null;
  const parsed = typeof svg === "string" && svg.length > 0
    ? new DOMParser().parseFromString(svg, "image/svg+xml") : null;
  const good = parsed && parsed.documentElement.localName === "svg" &&
    parsed.getElementsByTagName("parsererror").length === 0;
  if (!good) {
    ui.picture.removeAttribute("src");
    ui.picture.hidden = true;
    ui.pictureNote.textContent = svg ? "This picture could not be read." : "Nothing to draw here at this moment.";
    return;
  }
  page.pictureUrl = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  ui.picture.hidden = false;
  ui.picture.src = page.pictureUrl;
  ui.picture.alt = `The ${page.picture} picture`;
  ui.pictureNote.textContent = "";
}

// The Python file with the executing line(s) lit: the module's copy, which it was given at start.
function showSource(source, kernel) {
  const python = source.python ?? {};
  const text = typeof python.text === "string" ? python.text : null;
  const key = `${kernel}:${text ? text.length : 0}`;
  if (key !== page.pythonKey) {
    page.pythonKey = key;
    const lines = text ? text.replace(/\n$/, "").split("\n") : [];
    ui.python.replaceChildren(...lines.map((line, i) => {
      const span = document.createElement("span");
      span.className = "line";
      span.dataset.n = String(i + 1);
      span.textContent = line;
      return span;
    }));
  }
  ui.sourceFile.textContent = text ? python.file ?? `${kernel}.py` : "";
  ui.python.hidden = !text;
  for (const lit of [...ui.python.querySelectorAll(".lit")]) lit.classList.remove("lit");
  for (const n of python.lit ?? []) ui.python.children[n - 1]?.classList.add("lit");
  const line = text && python.line ? ui.python.children[python.line - 1] : null;
  if (line) {
    line.classList.add("lit");
    // Inside the code's own box only, so the page itself never jumps.
    const top = line.offsetTop - ui.python.clientHeight / 3;
    ui.python.scrollTop = Math.max(0, top);
  }
  const mirror = source.mirror;
  const where = mirror && mirror.file ? `${mirror.file}:${mirror.line}` : "";
  const why = page.pallas[kernel] && page.state?.pallas_problem ? ` (${page.state.pallas_problem})` : "";
  ui.mirror.textContent = text
    ? where ? `The C++ mirror is at ${where}.` : ""
    : `No Pallas file for ${kernel}${why}: the C++ mirror stands in${where ? `, at ${where}` : ""}.`;
}

function showScenario(scenario) {
  const fields = Array.isArray(scenario.fields) ? scenario.fields : [];
  const key = JSON.stringify(fields.map((f) => [f.flag, f.value]));
  if (ui.fields.dataset.key !== key) {
    ui.fields.dataset.key = key;
    let group = null;
    const nodes = [];
    for (const field of fields) {
      if (field.group && field.group !== group) {
        group = field.group;
        const heading = document.createElement("h3");
        heading.textContent = group;
        nodes.push(heading);
      }
      nodes.push(fieldEditor(field));
    }
    ui.fields.replaceChildren(...nodes);
  }
  const problem = [scenario.problem, scenario.rejection, page.error].filter((t) => t).join("\n");
  ui.scenarioProblem.textContent = problem;
  ui.scenarioProblem.hidden = problem.length === 0;
  const tryWords = scenario.try ?? "";
  ui.tryIt.hidden = !tryWords;
  ui.tryIt.textContent = tryWords ? `Try: ${tryWords}` : "Try the suggestion";
  if (typeof scenario.edited === "boolean") page.edited = scenario.edited;
}

function fieldEditor(field) {
  const label = document.createElement("label");
  label.className = "field";
  label.title = field.help ?? "";
  const name = document.createElement("span");
  name.textContent = field.flag;
  const kind = kindOf(field);
  let input;
  if (kind === "switch") {
    label.classList.add("check");
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = field.value === "true";
  } else if (kind === "choice" && !namesFile(field)) {
    input = document.createElement("select");
    for (const choice of field.choices) {
      const option = document.createElement("option");
      option.value = option.textContent = choice;
      input.append(option);
    }
    input.value = field.value;
  } else {
    input = document.createElement("input");
    input.type = "text";
    input.inputMode = "decimal";
    input.value = field.value ?? "";
    input.spellcheck = false;
  }
  if (namesFile(field)) {
    input.disabled = true;
    input.value = "";
    input.placeholder = "a file: not on the web";
  }
  input.dataset.flag = field.flag;
  input.dataset.kind = namesFile(field) ? "file" : kind;
  input.name = field.key ?? field.flag;
  label.append(name, input);
  return label;
}

// The flags of the form as the app's scenario pane makes them: a flag and its value per set field, a bare
// flag per ticked switch; a field naming a file never.
function formWords() {
  const words = [];
  for (const input of ui.fields.querySelectorAll("[data-flag]")) {
    const kind = input.dataset.kind;
    if (kind === "file") continue;
    if (kind === "switch") {
      if (input.checked) words.push(input.dataset.flag);
    } else if (input.value.trim() !== "") {
      words.push(input.dataset.flag, input.value.trim());
    }
  }
  return words;
}

// ---- Asking the module -----------------------------------------------------------------------------------
const engine = new Engine({
  busy(on) {
    page.busy = on;
    ui.busy.hidden = !on;
    if (on) {
      ui.progress.removeAttribute("value");
      ui.busyText.textContent = "Working…";
    }
    for (const control of document.querySelectorAll(".needs-module")) control.disabled = on;
    if (!on && page.state) showStop(page.state);
  },
  calls(n) {
    document.body.dataset.calls = String(n);
  },
  progress(done, total) {
    if (!(total > 0)) return;
    ui.progress.max = total;
    ui.progress.value = done;
    ui.busyText.textContent = `Recording: grid step ${done} of ${total}`;
  },
});

// A module call whose reply is the new state; a reply {error} is the module's refusal, shown in its words
// with the state left as it was. Returns the state, or null when refused or cancelled.
async function ask(fn, arg) {
  try {
    const reply = await engine.call(fn, arg);
    if (reply && typeof reply.error === "string" && !reply.tour) {
      page.error = reply.error;
      if (page.state) showScenario(page.state.scenario ?? {});
      return null;
    }
    page.error = "";
    show(reply);
    return reply;
  } catch (error) {
    if (error instanceof Cancelled) return null;
    showFatal(String(error.message ?? error));
    return null;
  }
}

const intent = (body) => ask("intent", body);

function startRequest(extra) {
  const request = { ...extra };
  const kernels = Object.keys(page.pallas);
  const kernel = request.kernel ?? page.state?.tour?.kernel ?? kernels[0];
  if (kernel && page.pallas[kernel]) request.pallas_text = page.pallas[kernel];
  return request;
}

// Cancel: the worker is ended mid-call; a new one is brought back to the last state the page showed.
async function cancel() {
  const last = page.state;
  engine.count(+1);  // busy until the new worker is back where the page was
  ui.busyText.textContent = "Cancelling…";
  ui.progress.removeAttribute("value");
  try {
    await engine.cancel();
    clearNotice();
    if (!last) {
      await start(parseLink(""));
      return;
    }
    const wanted = { tour: last.tour?.id, stop: last.stop?.index, kernel: last.tour?.kernel };
    const words = page.edited ? last.scenario?.words : null;
    await arrive(wanted, words, last.cursor?.event);
    showNotice("Cancelled: back where you were.");
  } catch (error) {
    showFatal(String(error.message ?? error));
  } finally {
    engine.count(-1);
  }
}

// ---- The link --------------------------------------------------------------------------------------------
function writeLink() {
  const s = page.state;
  if (!s?.tour) return;
  const hash = formatLink({
    tour: s.tour.id, stop: s.stop?.index, event: s.cursor?.event,
    words: page.edited ? s.scenario?.words : null,
  });
  if (hash !== location.hash) history.replaceState(null, "", hash);
}

// Starts at a tour and stop, then records the link's scenario (once checked against the module's field
// table) and goes to its event.
async function arrive(where, words, event) {
  const request = startRequest({});
  if (where.tour) request.tour = where.tour;
  if (where.stop) request.stop = where.stop;
  let state = await ask("start", request);
  if (!state && where.tour && page.error) {
    showNotice(`${page.error} The page starts at the default tour instead.`);
    state = await ask("start", startRequest({}));
  }
  if (!state) {
    if (page.error) showFatal(page.error);
    return;
  }
  if (words && words.length > 0) {
    const problem = scenarioProblem(words, state.scenario?.fields ?? []);
    if (problem) {
      showNotice(`The link's scenario is not used: ${problem}.`);
    } else {
      page.edited = true;
      state = (await intent({ kind: "apply", words })) ?? state;
    }
  }
  if (event !== undefined && event !== null && state.cursor?.events > 0) {
    if (event < state.cursor.events) await intent({ kind: "seek_event", value: event });
    else showNotice(`The link's event ${event} is past the recording's ${state.cursor.events} events.`);
  }
}

function start(link) {
  clearNotice();
  if (link.problems.length > 0) showNotice(link.problems.join("; ") + ".");
  return arrive({ tour: link.tour, stop: link.stop }, link.words, link.event);
}

// ---- The controls and keys -------------------------------------------------------------------------------
function step(direction) {
  return intent({ kind: "step", value: direction });
}

function bindControls() {
  ui.tour.addEventListener("change", () => {
    page.edited = false;
    const tour = (page.state?.tours ?? []).find((t) => t.id === ui.tour.value);
    if (tour) arrive({ tour: tour.id, kernel: tour.kernel }, null, null);
  });
  ui.prevStop.addEventListener("click", () => { page.edited = false; intent({ kind: "prev_stop" }); });
  ui.nextStop.addEventListener("click", () => { page.edited = false; intent({ kind: "next_stop" }); });
  ui.reveal.addEventListener("click", () => intent({ kind: "reveal" }));
  ui.back.addEventListener("click", () => step(-1));
  ui.forward.addEventListener("click", () => step(1));
  ui.toStart.addEventListener("click", () => intent({ kind: "start" }));
  ui.toEnd.addEventListener("click", () => intent({ kind: "end" }));
  for (const button of document.querySelectorAll("button.unit"))
    button.addEventListener("click", () => intent({ kind: "unit", value: button.dataset.unit }));
  for (const tab of document.querySelectorAll("[data-picture]"))
    tab.addEventListener("click", () => { page.picture = tab.dataset.picture; showPicture(); });
  ui.scrubber.addEventListener("pointerdown", () => { page.dragging = true; });
  ui.scrubber.addEventListener("change", () => {
    page.dragging = false;
    intent({ kind: "seek_event", value: Number(ui.scrubber.value) });
  });
  ui.form.addEventListener("submit", (event) => {
    event.preventDefault();
    page.edited = true;
    intent({ kind: "apply", words: formWords() });
  });
  ui.tryIt.addEventListener("click", () => { page.edited = true; intent({ kind: "try" }); });
  ui.reset.addEventListener("click", () => { page.edited = false; intent({ kind: "reset" }); });
  ui.cancel.addEventListener("click", cancel);
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", () => {
    const link = parseLink(location.hash);
    page.edited = false;
    start(link);
  });
}

const UNIT_KEYS = { s: "statement", d: "dma", g: "grid step", l: "launch" };

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || page.busy || !page.state) return;
  if (event.target.closest("input, select, textarea")) return;
  const key = event.key;
  let done = true;
  if (key === "ArrowRight") step(1);
  else if (key === "ArrowLeft") step(-1);
  else if (key === "Home") intent({ kind: "start" });
  else if (key === "End") intent({ kind: "end" });
  else if (key === "PageDown") { page.edited = false; intent({ kind: "next_stop" }); }
  else if (key === "PageUp") { page.edited = false; intent({ kind: "prev_stop" }); }
  else if (UNIT_KEYS[key.toLowerCase()]) intent({ kind: "unit", value: UNIT_KEYS[key.toLowerCase()] });
  else done = false;
  if (done) event.preventDefault();
}

// ---- Start -----------------------------------------------------------------------------------------------
// Notices gather while the page follows one link or action, and are cleared when the next one begins.
function showNotice(text) {
  ui.notice.textContent = ui.notice.hidden || !ui.notice.textContent ? text : `${ui.notice.textContent} ${text}`;
  ui.notice.hidden = !ui.notice.textContent;
}

function clearNotice() {
  ui.notice.textContent = "";
  ui.notice.hidden = true;
}

function showFatal(text) {
  ui.fatal.textContent = text;
  ui.fatal.hidden = !text;
}

function bytesText(bytes) {
  const units = ["bytes", "KiB", "MiB", "GiB"];
  let value = Number(bytes), unit = 0;
  while (value >= 1024 && unit < units.length - 1) { value /= 1024; unit++; }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

async function boot() {
  bindControls();
  showThreads(null);
  engine.count(+1);  // busy while the module loads and the first stop records
  engine.hooks.busy(true);
  ui.busyText.textContent = "Loading the kernels…";
  try {
    const site = await engine.fetchSite();
    page.pallas = site.pallas;
    await engine.spawn();
    document.body.dataset.moduleMs = String(Math.round(performance.now()));
    await start(parseLink(location.hash));
  } catch (error) {
    showFatal(`The page cannot start: ${error.message ?? error}`);
    return;
  } finally {
    engine.count(-1);
  }
  ui.tour.disabled = false;
  // When the first state is on screen and the controls answer: what the browser tests report.
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.ready = "true";
}

boot();
