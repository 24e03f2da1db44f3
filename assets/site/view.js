// What the live page shows of the module's state: the tour and its stop, the question, the cursor, the
// picture, the Python file, the scenario's fields, and the notices. Sections: the elements; showing a state;
// the notices.
// Every text the module or a link gives is set as text (textContent), never as markup; the pictures are SVG
// the module drew, shown through <img> from a blob, where SVG can run no script and fetch nothing.
import { kindOf, namesFile } from "./link.js";

// ---- The elements ----------------------------------------------------------------------------------------
const $ = (id) => document.getElementById(id);
export const ui = {
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

export const page = {
  state: null,        // the module's last state
  pallas: {},         // kernel → the Pallas file's text, from the site
  picture: "grid",    // the picture tab shown
  pictureUrl: null,   // its blob URL, revoked when replaced
  pythonKey: "",      // which file the <pre> holds
  edited: false,      // the scenario is the reader's, so the link carries it
  busy: false,
  restarting: false,  // a new worker is being brought back to the last state
  busyLabel: "",      // what the busy bar says the page is doing
  progressSeen: false, // the module reported grid steps during this busy spell
  clock: 0,           // the busy bar's seconds, while no progress comes
  pick: () => {},     // what a click on a choice of the question does (site.js sets it)
  shown: () => {},    // told of every state shown (site.js writes the link)
};

// ---- Showing a state -------------------------------------------------------------------------------------
export function show(state) {
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
  page.shown(state);
  showThreads(state);
}

// Threads need cross-origin isolation (SharedArrayBuffer), which a static host rarely gives, and a module
// built for them; otherwise the page says it records on one thread.
export function showThreads(state) {
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

export function showStop(state) {
  const stop = state.stop ?? {};
  ui.stopPosition.textContent = stop.count ? `stop ${stop.index} of ${stop.count}` : "";
  ui.prevStop.disabled = page.busy || !(stop.index > 1);
  ui.nextStop.disabled = page.busy || !(stop.index < stop.count);
  const passage = state.passage ?? {};
  ui.stopTitle.textContent = passage.stop_title ?? "";
  ui.narration.textContent = reflow(passage.narration ?? "");
  ui.passageTitle.textContent = passage.title ?? "";
  // A passage often explains the very thing the question asks: it waits until the answer is out, as the
  // app's passage pane does.
  const waits = state.ask && !state.ask.revealed && passage.title;
  ui.passageText.textContent = waits ? "The passage opens once the answer is out: pick first."
    : reflow(passage.text ?? "");
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
    button.addEventListener("click", () => page.pick(i));
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

// The picture tab's SVG, through an <img> of a blob: text that is not SVG is not shown.
export function showPicture() {
  for (const tab of document.querySelectorAll("[data-picture]"))
    tab.setAttribute("aria-selected", String(tab.dataset.picture === page.picture));
  const svg = page.state?.pictures?.[page.picture];
  if (page.pictureUrl) URL.revokeObjectURL(page.pictureUrl);
  page.pictureUrl = null;
  if (typeof svg !== "string" || !/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(svg)) {
    const asked = page.state && page.state.shown !== page.picture;  // the module is drawing it
    pictureMissing(svg ? "This picture could not be read." : asked ? "Drawing…" : "Nothing to draw here at this moment.");
    return;
  }
  // The image parses the text as SVG (a bad one fires "error"); as an image it runs no script and loads
  // nothing but the data: URIs of its own heatmaps. (Not DOMParser: its document takes the page's content
  // policy, which reports the pictures' own style elements.)
  page.pictureUrl = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  ui.picture.hidden = false;
  ui.picture.src = page.pictureUrl;
  ui.picture.alt = `The ${page.picture} picture`;
  ui.pictureNote.textContent = "";
}

export function showPictureError() {
  pictureMissing("This picture could not be read.");
}

function pictureMissing(why) {
  ui.picture.removeAttribute("src");
  ui.picture.hidden = true;
  ui.pictureNote.textContent = why;
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
  for (const lit of [...ui.python.querySelectorAll(".lit, .raised")]) lit.classList.remove("lit", "raised");
  for (const n of python.lit ?? []) ui.python.children[n - 1]?.classList.add("lit");
  // A rejected scenario: the line that raised its error, marked as such rather than as running.
  const raised = text && python.raised > 0 ? ui.python.children[python.raised - 1] : null;
  raised?.classList.add("raised");
  const line = text && python.line ? ui.python.children[python.line - 1] : null;
  if (line) {
    if (line !== raised) line.classList.add("lit");
    // Inside the code's own box only, so the page itself never jumps; measured against the box itself,
    // whatever element the line's offsetTop would count from.
    const below = line.getBoundingClientRect().top - ui.python.getBoundingClientRect().top;
    ui.python.scrollTop = Math.max(0, ui.python.scrollTop + below - ui.python.clientHeight / 3);
  }
  const mirror = source.mirror;
  const where = mirror?.file ? `${mirror.file}${mirror.line > 0 ? `:${mirror.line}` : ""}` : "";
  const why = page.pallas[kernel] && page.state?.pallas_problem ? ` (${page.state.pallas_problem})` : "";
  const mirrored = !where ? ""
    : mirror.raised > 0 ? `the error was raised in the C++ mirror at ${where}`
    : `the C++ mirror is at ${where}`;
  ui.mirror.textContent = text
    ? mirrored ? `${mirrored[0].toUpperCase()}${mirrored.slice(1)}.` : ""
    : `No Pallas file for ${kernel}${why}: the C++ mirror stands in${mirrored ? `; ${mirrored}` : ""}.`;
}

export function showScenario(scenario) {
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
export function formWords() {
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

// ---- The notices ----------------------------------------------------------------------------------------
// Notices gather while the page follows one link or action, and are cleared when the next one begins.
export function showNotice(text) {
  ui.notice.textContent = ui.notice.hidden || !ui.notice.textContent ? text : `${ui.notice.textContent} ${text}`;
  ui.notice.hidden = !ui.notice.textContent;
}

export function clearNotice() {
  ui.notice.textContent = "";
  ui.notice.hidden = true;
}

export function showFatal(text) {
  ui.fatal.textContent = text;
  ui.fatal.hidden = !text;
}

function bytesText(bytes) {
  const units = ["bytes", "KiB", "MiB", "GiB"];
  let value = Number(bytes), unit = 0;
  while (value >= 1024 && unit < units.length - 1) { value /= 1024; unit++; }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}
