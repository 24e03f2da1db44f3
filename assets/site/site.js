// The live page's behaviour: the module asked through the worker (errors shown in the module's words),
// Cancel, the link, the controls and keys, and the start. What it shows is view.js's.
import { Cancelled, Engine } from "./engine.js";
import { formatLink, parseLink, scenarioProblem } from "./link.js";
import {
  clearNotice, formWords, page, show, showFatal, showNotice, showPicture, showPictureError, showScenario, showStop,
  showThreads, ui,
} from "./view.js";

// ---- Asking the module -----------------------------------------------------------------------------------
const engine = new Engine({
  busy(on) {
    if (on && !page.busy) startClock();
    if (!on) clearInterval(page.clock);
    page.busy = on;
    ui.busy.hidden = !on;
    for (const control of document.querySelectorAll(".needs-module")) control.disabled = on;
    if (!on && page.state) showStop(page.state);
  },
  calls(n) {
    document.body.dataset.calls = String(n);
  },
  progress(done, total) {
    if (!(total > 0)) return;
    page.progressSeen = true;
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
    const message = String(error.message ?? error);
    // A module that aborted (out of memory, a bug) is not used again: a new one comes back to the last state.
    if (page.state && !page.restarting) restart(`${message}. A new module was started, back where you were.`);
    else showFatal(message);
    return null;
  }
}

const intent = (body) => ask("intent", body);

// While busy without the module's progress (a call that reports none), the seconds it has taken, so that
// the page shows it is alive; the module's grid steps replace them once they come.
function startClock() {
  const since = performance.now();
  page.progressSeen = false;
  page.busyLabel = "Working…";
  ui.progress.removeAttribute("value");
  ui.busyText.textContent = page.busyLabel;
  clearInterval(page.clock);
  page.clock = setInterval(() => {
    if (!page.progressSeen) ui.busyText.textContent = `${page.busyLabel} ${Math.round((performance.now() - since) / 1000)} s`;
  }, 1000);
}

// Every start carries the site's Python files, by kernel: the module shows the one of the kernel it runs.
function startRequest(extra) {
  const request = { show: page.picture, ...extra };
  if (Object.keys(page.pallas).length > 0) request.pallas = page.pallas;
  return request;
}

// Cancel: the worker is ended mid-call; a new one is brought back to the last state the page showed.
const cancel = () => restart("Cancelled: back where you were.");

async function restart(note) {
  const last = page.state;
  page.restarting = true;
  engine.count(+1);  // busy until the new worker is back where the page was
  page.busyLabel = ui.busyText.textContent = "Cancelling…";
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
    showNotice(note);
  } catch (error) {
    showFatal(String(error.message ?? error));
  } finally {
    page.restarting = false;
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
    tab.addEventListener("click", () => {
      // The module draws the shown picture alone, each state; the tab asks it for this one.
      page.picture = tab.dataset.picture;
      showPicture();
      intent({ kind: "show", value: page.picture });
    });
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
  ui.picture.addEventListener("error", () => {
    if (ui.picture.getAttribute("src")) showPictureError();
  });
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
async function boot() {
  bindControls();
  page.pick = (i) => intent({ kind: "pick", value: i });
  page.shown = writeLink;
  showThreads(null);
  engine.count(+1);  // busy while the module loads and the first stop records
  engine.hooks.busy(true);
  page.busyLabel = ui.busyText.textContent = "Loading the kernels…";
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
