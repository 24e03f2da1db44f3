// The worker that owns the wasm module, so that a recording of many seconds never freezes the page. The page
// sends {type: "load", loader, module} once (the module's loader as a URL and its code compiled, a
// WebAssembly.Module, both made by the page, so a worker started again after Cancel fetches and compiles
// nothing), then {type: "call", id, fn, arg}
// one at a time. Replies: {type: "ready"}, {type: "progress", done, total} while a call records,
// {type: "reply", id, text} with the module's JSON text, and {type: "failed", id?, message} when the module
// cannot load or aborts. Cancel is the page terminating this worker; nothing here needs to know.
"use strict";

let tilewalk = null;

const FUNCTIONS = { start: "tw_start", intent: "tw_intent", state: "tw_state" };

async function load(loader, module) {
  importScripts(loader);
  if (typeof createTilewalk !== "function") throw new Error("the module's loader defines no createTilewalk");
  if (!(module instanceof WebAssembly.Module)) throw new Error("the page sent no compiled module");
  // The loader hands its imports to instantiateWasm and waits for the instance; a failure to instantiate
  // would leave it waiting, so it ends the load here instead.
  let refused;
  const failure = new Promise((_, reject) => { refused = reject; });
  tilewalk = await Promise.race([failure, createTilewalk({
    instantiateWasm: (imports, receive) => {
      WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module), refused);
      return {};
    },
    onProgress: (done, total) => postMessage({ type: "progress", done: Number(done), total: Number(total) }),
    print: () => {},
    printErr: () => {},
  })]);
}

function call(fn, arg) {
  const name = FUNCTIONS[fn];
  if (name === undefined) throw new Error(`no module function '${fn}'`);
  if (fn === "state") return tilewalk.ccall(name, "string", [], []);
  return tilewalk.ccall(name, "string", ["string"], [JSON.stringify(arg ?? {})]);
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === "load") {
    try {
      await load(message.loader, message.module);
      postMessage({ type: "ready" });
    } catch (error) {
      postMessage({ type: "failed", message: `the web module did not load: ${error}` });
    }
  } else if (message.type === "call") {
    try {
      postMessage({ type: "reply", id: message.id, text: call(message.fn, message.arg) });
    } catch (error) {
      postMessage({ type: "failed", id: message.id, message: `the web module stopped: ${error}` });
    }
  }
};
