// The page's side of the worker (worker.js): fetches the module (and compiles it), the worker script and the
// site's list of files once, starts a worker on them, and runs the module's calls there one at a time, each
// a promise of the module's JSON. A call that takes a while reports "busy" and the module's progress; cancel() ends the
// worker mid-call (a recording cannot be stopped from outside otherwise) and starts a fresh one, which the
// page then brings back to where it was. Everything is fetched before the first worker starts, so a page
// that has loaded keeps working offline.

const BUSY_AFTER_MS = 150;

export class Cancelled extends Error {
  constructor() {
    super("cancelled");
  }
}

export class Engine {
  // hooks: {busy(on), progress(done, total), calls(n): the calls asked for and not yet answered}
  constructor(hooks) {
    this.hooks = hooks;
    this.worker = null;
    this.ready = null;      // a promise: the current worker has loaded the module
    this.pending = new Map();
    this.nextId = 1;
    this.chain = Promise.resolve();
    this.unanswered = 0;
  }

  // Fetches what every worker needs; the site's manifest gives the module's files and the Pallas files.
  async fetchSite() {
    const manifest = await fetchOk("tilewalk-site.json", "json");
    const [loader, code, worker] = await Promise.all([
      fetchOk(siteFile(manifest.module?.loader), "blob"),
      fetchOk(siteFile(manifest.module?.code), "arrayBuffer"),
      fetchOk("worker.js", "blob"),
    ]);
    this.loaderUrl = URL.createObjectURL(new Blob([loader], { type: "text/javascript" }));
    this.workerUrl = URL.createObjectURL(new Blob([worker], { type: "text/javascript" }));
    // Compiled once, here: every worker, the first and each one after a Cancel, instantiates this same
    // module, so a new worker compiles nothing, and runs the code the engine has already optimised.
    this.module = await WebAssembly.compile(code);
    const pallas = {};
    for (const [kernel, path] of Object.entries(manifest.pallas ?? {}))
      if (/^[a-z0-9_-]{1,32}$/.test(kernel)) pallas[kernel] = await fetchOk(siteFile(path), "text");
    return { pallas };
  }

  // A new worker with the module loaded; the promise fails with the module's own words when it cannot load.
  spawn() {
    this.worker = new Worker(this.workerUrl);
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = (event) => this.receive(event.data, resolve, reject);
      this.worker.onerror = (event) => {
        event.preventDefault();
        this.failAll(new Error(`the page's worker failed: ${event.message || "it could not start"}`), reject);
      };
    });
    this.worker.postMessage({ type: "load", loader: this.loaderUrl, module: this.module });
    return this.ready;
  }

  receive(message, resolve, reject) {
    if (message.type === "ready") resolve();
    else if (message.type === "progress") this.hooks.progress(message.done, message.total);
    else if (message.type === "reply") this.settle(message.id, (p) => p.resolve(parseReply(message.text)));
    else if (message.type === "failed") {
      const error = new Error(String(message.message));
      if (message.id === undefined) this.failAll(error, reject);
      else this.settle(message.id, (p) => p.reject(error));
    }
  }

  settle(id, how) {
    const call = this.pending.get(id);
    if (call === undefined) return;
    this.pending.delete(id);
    how(call);
  }

  failAll(error, reject) {
    reject(error);
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }

  // fn: "start", "intent" or "state"; resolves to the module's reply as an object. Calls queue behind each
  // other, as the module holds one session.
  call(fn, arg) {
    const run = () =>
      this.ready.then(
        () =>
          new Promise((resolve, reject) => {
            const id = this.nextId++;
            const timer = setTimeout(() => this.hooks.busy(true), BUSY_AFTER_MS);
            const done = () => clearTimeout(timer);
            this.pending.set(id, {
              resolve: (v) => { resolve(v); done(); },
              reject: (e) => { reject(e); done(); },
            });
            this.worker.postMessage({ type: "call", id, fn, arg });
          }),
      );
    this.count(+1);
    const result = this.chain.then(run, run);
    this.chain = result.catch(() => {});
    return result.finally(() => this.count(-1));
  }

  // Calls asked for and not yet answered; the page may hold one more while it brings a new worker back. The
  // page is busy until none is left, not between the calls of one action.
  count(change) {
    this.unanswered += change;
    this.hooks.calls(this.unanswered);
    if (this.unanswered === 0) this.hooks.busy(false);
  }

  // Ends the worker and every call waiting on it (each rejects with Cancelled), then starts a new one.
  cancel() {
    this.worker.terminate();
    const cancelled = new Cancelled();
    for (const call of this.pending.values()) call.reject(cancelled);
    this.pending.clear();
    this.chain = Promise.resolve();
    return this.spawn();
  }
}

// Only names the site's manifest may give: a file of the folder, or of its pallas/ folder.
function siteFile(name) {
  if (typeof name !== "string" || !/^(pallas\/)?[A-Za-z0-9_-]{1,64}\.(js|wasm|py)$/.test(name))
    throw new Error(`tilewalk-site.json names '${String(name).slice(0, 60)}', which is not a file of the site`);
  return name;
}

async function fetchOk(url, as) {
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`cannot load ${url}: ${error.message}`);
  }
  if (!response.ok) throw new Error(`cannot load ${url}: the server answered ${response.status}`);
  return response[as]();
}

function parseReply(text) {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`the web module answered with text that is not JSON: ${String(text).slice(0, 80)}`);
  }
}
