// The recording goal's figure in the engine the page runs in (docs/performance.md, "The web module"): the web
// module in a Web Worker of headless Chromium opens the default tour, as the page does on loading, then
// checks the default causal training step, and a 2048 x 2048 one, several times with tw_check. Beside them,
// the app's `check --threads 1` of the same scenarios. Both figures are simulate_ms: the grid steps with
// their events, as a recording runs them. Prints one line per scenario.
// Usage: node recording_timing.mjs MODULE_DIR TILEWALK_BINARY   (MODULE_DIR: build-wasm/web)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

import { withChromium } from "./test_kit.mjs";

const [moduleDir, tilewalk] = process.argv.slice(2);
if (!moduleDir || !tilewalk) {
  console.error("usage: node recording_timing.mjs MODULE_DIR TILEWALK_BINARY");
  process.exit(2);
}

const scenarios = [
  { words: ["--causal"], runs: 11 },
  { words: ["--causal", "--q-len", "2048", "--kv-len", "2048"], runs: 4 },
];

const worker = `
importScripts("tilewalk_web.js");
createTilewalk({}).then((module) => {
  const call = (name, request) => JSON.parse(module.ccall(name, "string", ["string"], [JSON.stringify(request)]));
  call("tw_start", {});
  postMessage(${JSON.stringify(scenarios)}.map(({ words, runs }) =>
    Array.from({ length: runs }, () => call("tw_check", { scenario: words }).timing.simulate_ms)));
});`;
const page = `<!doctype html><title>timing</title><script>
new Worker("worker.js").onmessage = (e) => { window.simulated = e.data; };
</script>`;

// Only these four answers: the harness and the module's two files.
const answers = {
  "/": [page, "text/html"],
  "/worker.js": [worker, "text/javascript"],
  "/tilewalk_web.js": [fs.readFileSync(path.join(moduleDir, "tilewalk_web.js")), "text/javascript"],
  "/tilewalk_web.wasm": [fs.readFileSync(path.join(moduleDir, "tilewalk_web.wasm")), "application/wasm"],
};
const server = http.createServer((request, response) => {
  const answer = answers[request.url];
  response.writeHead(answer ? 200 : 404, { "Content-Type": answer ? answer[1] : "text/plain" });
  response.end(answer ? answer[0] : "not found");
});
await new Promise((ready) => server.listen(0, "127.0.0.1", ready));

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
try {
  await withChromium(async (browser) => {
    const tab = await browser.newPage();
    await tab.goto(`http://127.0.0.1:${server.address().port}/`);
    await tab.waitForFunction(() => window.simulated, null, { timeout: 300000 });
    const simulated = await tab.evaluate(() => window.simulated);
    scenarios.forEach(({ words }, i) => {
      const native = [];
      for (let run = 0; run < 5; ++run) {
        const report = execFileSync(tilewalk, ["check", "--json", "--threads", "1", ...words], { encoding: "utf8" });
        native.push(JSON.parse(report).timing.simulate_ms);
      }
      const [first, ...then] = simulated[i];
      const app = median(native);
      console.log(`${words.join(" ")}: in Chromium ${first.toFixed(1)} ms the first time, then median ` +
                  `${median(then).toFixed(1)} ms; the app ${app.toFixed(1)} ms (median of 5); ` +
                  `${(first / app).toFixed(1)} x the first time, ${(median(then) / app).toFixed(1)} x then`);
    });
  });
} finally {
  server.close();
}
