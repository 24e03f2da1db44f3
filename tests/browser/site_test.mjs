// The live page of `tilewalk export --site` in a real browser: Debian's Chromium, driven headless by
// playwright-core, the site served by a loopback HTTP server of this script's own.
// Usage: node site_test.mjs SITE_DIR SHOT_DIR
// At 1280×800 and at 390×844 (a phone, with touch), it checks: the page becomes ready, says "one thread"
// (the server sends no isolation headers), has nothing wider than the viewport and no button under 44 px;
// every picture tab shows its SVG or says why not; Forward, Back, → and G, the DMA unit, the scrubber step
// and seek; the Pallas file shows; a block size that does not divide is refused with the original's
// ValueError, one that works records and the link carries it, and that link recorded again in a fresh load;
// a field that does not read is refused in the app's words; a deep link opens a tour, stop and event, a
// question is picked and revealed (its passage closed until then); a fragment changed in place and the tour
// picker are followed; hostile links (a path, a file, an unknown key, markup, a missing tour) are refused
// with a notice and the page still starts; Cancel during a long recording, offline, brings the page back to
// where it was; no page error. Then a copy of the site with its worker script cut in half must FAIL those
// checks, which proves they can fail. Prints the time to interactive and exits 1 with what failed.
import { createServer } from "node:http";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import { withChromium } from "./test_kit.mjs";

const folder = resolve(process.argv[2] ?? "");
const pallasLines = readFileSync(join(folder, "pallas", "flash.py"), "utf8").replace(/\n$/, "").split("\n").length;
const shots = resolve(process.argv[3] ?? join(folder, "..", "site-screenshots"));
mkdirSync(shots, { recursive: true });

// ---- A static server of the folder, and of a broken copy under /broken/ -----------------------------------
const TYPES = { ".html": "text/html", ".css": "text/css", ".js": "text/javascript", ".json": "application/json",
  ".wasm": "application/wasm", ".py": "text/plain; charset=utf-8" };

function serve(request, response) {
  const url = new URL(request.url, "http://localhost");
  let path = decodeURIComponent(url.pathname);
  const broken = path.startsWith("/broken/");
  if (broken) path = path.slice("/broken".length);
  if (path.endsWith("/")) path += "index.html";
  const file = normalize(join(folder, path));
  if (!file.startsWith(folder + sep)) return answer(response, 403, "text/plain", "outside the site");
  let body;
  try {
    if (!statSync(file).isFile()) throw new Error("not a file");
    body = readFileSync(file);
  } catch {
    return answer(response, 404, "text/plain", "not found");
  }
  // The broken copy: its worker script is cut in half, as a failed upload would leave it.
  if (broken && path === "/worker.js") body = body.subarray(0, Math.floor(body.length / 2));
  answer(response, 200, TYPES[extname(file)] ?? "application/octet-stream", body);
}

function answer(response, status, type, body) {
  response.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" });
  response.end(body);
}

// ---- The checks of one page, collected into `failures` ----------------------------------------------------
const READY_MS = 120000;   // the first recording, in wasm, of a tour's first stop
const CALL_MS = 120000;    // a recording after an edit

async function checkSite(browser, base, viewport, failures, timing) {
  const expectTrue = (what, ok, detail = "") => { if (!ok) failures.push(`${what}${detail ? ": " + detail : ""}`); };
  const phone = viewport.width < 600;
  const at = `${viewport.width}x${viewport.height}`;
  const context = await browser.newContext({ viewport, hasTouch: phone, isMobile: phone });
  const page = await context.newPage();
  page.setDefaultTimeout(CALL_MS);
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  const text = (selector) => page.locator(selector).innerText();
  // Every call the page asked the module for has been answered and shown.
  const idle = () => page.waitForFunction(() => document.body.dataset.calls === "0" &&
    document.getElementById("busy").hidden, null, { timeout: CALL_MS });
  const open = async (hash) => {
    await page.goto("about:blank");  // a whole load each time, never a same-page change of the fragment
    await page.goto(base + (hash ?? ""));
    // Ready, or a sentence on why not: a page that cannot start says so rather than hanging.
    await page.waitForFunction(() => document.body.dataset.ready === "true" ||
      !document.getElementById("fatal").hidden, null, { timeout: READY_MS });
    if (await page.locator("#fatal").isVisible()) throw new Error(`the page did not start: ${await text("#fatal")}`);
    await idle();
  };
  const eventNumber = async () => Number((/event (\d+) of/.exec(await text("#position")) ?? [])[1]);

  try {
    // Load, and the layout.
    await open("");
    timing.push(await page.evaluate(() => `${document.body.dataset.readyMs} ms (the module loaded at ${
      document.body.dataset.moduleMs} ms)`));
    const fatal = await page.locator("#fatal").isVisible();
    expectTrue(`${at}: the page starts without a fatal error`, !fatal, fatal ? await text("#fatal") : "");
    const layout = await page.evaluate(() => {
      const buttons = [...document.querySelectorAll("button")].filter((b) => b.offsetParent !== null);
      return {
        scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth,
        small: buttons.map((b) => [b.textContent.trim(), b.getBoundingClientRect().height])
          .filter(([, h]) => h < 44),
        threads: document.getElementById("threads").textContent,
      };
    });
    expectTrue(`${at}: no horizontal overflow`, layout.scrollWidth <= layout.clientWidth,
      `scrollWidth ${layout.scrollWidth} > clientWidth ${layout.clientWidth}`);
    expectTrue(`${at}: every button is at least 44 px high`, layout.small.length === 0, JSON.stringify(layout.small));
    expectTrue(`${at}: the page says it records on one thread (no cross-origin isolation)`,
      layout.threads === "one thread", layout.threads);
    const picture = await page.waitForFunction(() => {
      const img = document.getElementById("picture");
      return img.complete && img.naturalWidth > 0;
    }, null, { timeout: 10000 }).then(() => true, () => false);
    expectTrue(`${at}: the grid picture shows`, picture);
    // Every picture tab shows its SVG, or says why there is nothing to draw.
    for (const name of ["memory", "lanes", "scores", "cost", "timeline", "grid"]) {
      await page.click(`[data-picture="${name}"]`);
      const shown = await page.waitForFunction((name) => {
        const img = document.getElementById("picture");
        const note = document.getElementById("picture-note").textContent;
        // "Drawing…" is the page waiting for the module's picture: not an answer yet.
        return (!img.hidden && img.complete && img.naturalWidth > 0 && img.alt === `The ${name} picture`) ||
          (img.hidden && note.length > 0 && note !== "Drawing…");
      }, name, { timeout: 10000 }).then(() => true, () => false);
      expectTrue(`${at}: the ${name} tab shows its picture or why not`, shown);
    }
    expectTrue(`${at}: the Grid tab shows the grid again`, await page.evaluate(() =>
      document.getElementById("picture").alt === "The grid picture"));
    await page.screenshot({ path: join(shots, `site-${at}.png`), fullPage: true });

    // Stepping: buttons, a key, and the DMA unit.
    const first = await eventNumber();
    await page.click("#forward");
    await idle();
    const second = await eventNumber();
    expectTrue(`${at}: Forward moves the cursor on`, second > first, `${first} then ${second}`);
    await page.click("#back");
    await idle();
    expectTrue(`${at}: Back moves it back`, (await eventNumber()) === first, `${await eventNumber()}, wanted ${first}`);
    await page.locator("body").press("ArrowRight");
    await idle();
    expectTrue(`${at}: the → key steps`, (await eventNumber()) === second, `${await eventNumber()}, wanted ${second}`);
    await page.click('button.unit[data-unit="dma"]');
    await idle();
    expectTrue(`${at}: the DMA button sets the step unit`,
      (await page.getAttribute('button.unit[data-unit="dma"]', "aria-pressed")) === "true");
    const beforeDma = await eventNumber();
    await page.click("#forward");
    await idle();
    expectTrue(`${at}: Forward by DMA moves the cursor on`, (await eventNumber()) > beforeDma);
    await page.locator("body").press("g");
    await idle();
    expectTrue(`${at}: the G key sets the grid step unit`,
      (await page.getAttribute('button.unit[data-unit="grid step"]', "aria-pressed")) === "true");
    const events = Number((/of (\d+)/.exec(await text("#position")) ?? [])[1]);
    await page.locator("#scrubber").fill(String(Math.floor(events / 2)));
    await idle();
    expectTrue(`${at}: the scrubber seeks to its event`, (await eventNumber()) === Math.floor(events / 2),
      await text("#position"));
    // The Pallas file the site was given, line by line, as text.
    const lines = await page.locator("#python .line").count();
    expectTrue(`${at}: the Pallas file shows`, lines === pallasLines, `${lines} lines, wanted ${pallasLines}`);
    // The line the cursor is at, lit, and inside the code's own box, which scrolled to it.
    const litLine = () => page.evaluate(() => {
      const box = document.getElementById("python"), line = box.querySelector(".lit, .raised");
      if (!line) return "no line is lit";
      const b = box.getBoundingClientRect(), l = line.getBoundingClientRect();
      return l.top >= b.top && l.bottom <= b.bottom ? "in view" : `line ${line.dataset.n} is out of view`;
    });
    const lit = await litLine();
    const litWanted = pallasLines > 1000 ? ["in view"] : ["in view", "no line is lit"];  // the real file, or the fixture
    expectTrue(`${at}: the cursor's Python line is lit and in view`, litWanted.includes(lit), lit);

    // A block size that does not divide the length: the original's ValueError, in the module's words.
    await page.fill('[data-flag="--kv-len"]', "512");
    await page.fill('[data-flag="--block-k"]', "128");
    await page.fill('[data-flag="--block-k-major"]', "384");
    await page.click("#record");
    await idle();
    const refusal = (await page.locator("#scenario-problem").isVisible()) ? await text("#scenario-problem") : "";
    expectTrue(`${at}: a block size that does not divide is refused with the original's error`,
      /ValueError.*kv_seq_len=512 should be divisible by block_k_major=384/.test(refusal), refusal);
    expectTrue(`${at}: a refused scenario has no events`, /no events/.test(await text("#position")));
    expectTrue(`${at}: the C++ line that raised is named`,
      /the error was raised in the C\+\+ mirror at [\w.]+\.cpp:[1-9]/i.test(await text("#mirror")), await text("#mirror"));

    // A block size that works: the whole length as one block; the link carries the edit.
    const kvLen = 512;
    await page.fill('[data-flag="--block-k-major"]', String(kvLen));
    await page.click("#record");
    await idle();
    const problem = (await page.locator("#scenario-problem").isVisible()) ? await text("#scenario-problem") : "";
    expectTrue(`${at}: an edited block size records`, problem === "" && (await eventNumber()) >= 0, problem);
    expectTrue(`${at}: the field keeps the edit`, (await page.inputValue('[data-flag="--block-k-major"]')) === String(kvLen));
    const written = await page.evaluate(() => location.hash);
    const hash = decodeURIComponent(written.replace(/\+/g, " "));
    expectTrue(`${at}: the link carries the scenario`, hash.includes(`--block-k-major ${kvLen}`), hash);
    // The link the page wrote, followed in a fresh load, records the same scenario.
    await open(written.replace(/&event=\d+/, ""));
    expectTrue(`${at}: a link's scenario is recorded`,
      (await page.inputValue('[data-flag="--block-k-major"]')) === String(kvLen) &&
      (await page.inputValue('[data-flag="--kv-len"]')) === String(kvLen), await text("#notice"));

    // A value the scenario parser refuses, in the app's words.
    await page.fill('[data-flag="--q-len"]', "x");
    await page.click("#record");
    await idle();
    const unread = (await page.locator("#scenario-problem").isVisible()) ? await text("#scenario-problem") : "";
    expectTrue(`${at}: a field that does not read is refused as the app refuses it`,
      /--q-len got 'x': expected a whole number from 1 to/.test(unread), unread);

    // A tour with a question, opened by a deep link at its second stop and an event; then on, stop by stop
    // (Page Down), to the stop that asks; pick, reveal.
    const asked = await page.evaluate(() => document.querySelector("#tour option[data-question]")?.value ?? null);
    expectTrue(`${at}: a tour has a question`, asked !== null);
    if (asked) {
      await open(`#tour=${asked}&stop=2&event=3`);
      expectTrue(`${at}: the deep link opens its tour`, (await page.inputValue("#tour")) === asked);
      expectTrue(`${at}: the deep link opens its stop`,
        (await text("#stop-position")).startsWith("stop 2 of"), await text("#stop-position"));
      expectTrue(`${at}: the deep link lands on its event`, (await eventNumber()) === 3, await text("#position"));
      for (let stop = 0; stop < 30 && !(await page.locator("#ask").isVisible()); stop++) {
        if (!(await page.locator("#next-stop").isEnabled())) break;
        await page.locator("body").press("PageDown");
        await idle();
      }
      expectTrue(`${at}: a stop of the tour asks its question`, await page.locator("#ask").isVisible());
      if (await page.locator("#ask").isVisible()) {
        await page.locator("#ask-choices button").first().click();
        await idle();
        expectTrue(`${at}: the pick is shown`,
          (await page.locator("#ask-choices button").first().getAttribute("aria-pressed")) === "true");
        const waiting = await text("#passage-text");
        expectTrue(`${at}: the passage waits for the answer, as the app's does`,
          (await text("#passage-title")) === "" || /opens once the answer is out/.test(waiting), waiting);
        await page.click("#reveal");
        await idle();
        expectTrue(`${at}: the passage opens with the answer`,
          !/opens once the answer is out/.test(await text("#passage-text")));
        const answered = (await page.locator("#ask-answer").isVisible()) ? await text("#ask-answer") : "";
        expectTrue(`${at}: Reveal shows the answer`, answered.length > 0);
      }
    }

    // A fragment changed in place (a link followed inside the page) is followed; the tour picker opens a tour.
    await page.evaluate(() => { location.hash = "#tour=intro&stop=2"; });
    const followed = await page.waitForFunction(() => document.body.dataset.calls === "0" &&
      /^stop 2 of/.test(document.getElementById("stop-position").textContent), null, { timeout: CALL_MS })
      .then(() => true, () => false);
    expectTrue(`${at}: a fragment changed in place is followed`, followed, await text("#stop-position"));
    const other = await page.evaluate(() => [...document.querySelectorAll("#tour option")].at(-1).value);
    await page.selectOption("#tour", other);
    await idle();
    expectTrue(`${at}: the tour picker opens a tour at its first stop`,
      (await page.evaluate(() => location.hash)).startsWith(`#tour=${other}&stop=1`), await page.evaluate(() => location.hash));

    // A hostile link: a file, a path, an unknown key; the page says so and starts as if it had none.
    await open("#tour=..%2F..%2Fetc&scenario=--mask-file+%2Fetc%2Fpasswd&evil=%3Cimg%20src%3Dx%3E");
    const notice = await text("#notice");
    expectTrue(`${at}: a hostile link is refused with a notice`,
      /not a tour name/.test(notice) && /'evil' is not one of/.test(notice), notice);
    expectTrue(`${at}: a hostile link's markup stays text`, (await page.locator("#notice img").count()) === 0);
    expectTrue(`${at}: the page starts after a hostile link`, (await eventNumber()) >= 0, await text("#position"));
    await open("#tour=no-such-tour&stop=2");
    expectTrue(`${at}: a link to a tour that does not exist says so in the module's words`,
      /no-such-tour/.test(await text("#notice")) && /default tour instead/.test(await text("#notice")),
      await text("#notice"));
    const splash = await page.evaluate(() =>
      [...document.querySelectorAll("#tour option")].find((o) => /\(splash\)/.test(o.textContent))?.value ?? null);
    expectTrue(`${at}: a tour runs splash, whose --mask-file names a file`, splash !== null);
    await open(`#tour=${splash}&scenario=--mask-file+%2Fetc%2Fpasswd`);
    expectTrue(`${at}: a link may not name a file`, /--mask-file names a file/.test(await text("#notice")),
      await text("#notice"));

    // Cancel during a long recording: back where the page was, with the network gone (a new worker is
    // started from what the page fetched at load, so a loaded page works offline).
    await context.setOffline(true);
    const where = await text("#position");
    await page.fill('[data-flag="--q-len"]', "4096");
    await page.fill('[data-flag="--kv-len"]', "4096");
    await page.click("#record");
    const busy = await page.waitForFunction(() => !document.getElementById("busy").hidden, null, { timeout: 10000 })
      .then(() => true, () => false);
    expectTrue(`${at}: a long recording shows its progress`, busy);
    if (busy) {
      await page.click("#cancel");
      await idle();
      expectTrue(`${at}: Cancel goes back to where the page was`, (await text("#position")) === where,
        `${await text("#position")}, wanted ${where}`);
      await page.click("#forward");
      await idle();
      expectTrue(`${at}: the page works after Cancel`, (await text("#position")) !== where);
    }
  } catch (error) {
    failures.push(`${at}: ${String(error.message ?? error).split("\n")[0]}`);
  }
  expectTrue(`${at}: no page error`, errors.length === 0, errors.join(" | "));
  await context.close();
}

// ---- The run ------------------------------------------------------------------------------------------------
const server = createServer(serve);
await new Promise((ready) => server.listen(0, "127.0.0.1", ready));
const origin = `http://127.0.0.1:${server.address().port}`;
const failures = [], timing = [];
let brokenFailures = [];
try {
  await withChromium(async (browser) => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }])
      await checkSite(browser, `${origin}/`, viewport, failures, timing);
    await checkSite(browser, `${origin}/broken/`, { width: 1280, height: 800 }, brokenFailures, []);
  });
} finally {
  server.close();
}
if (brokenFailures.length === 0)
  failures.push("the copy with a broken worker script passed every check, so the checks cannot fail");
if (failures.length > 0) {
  console.error("the site test failed:\n  " + failures.join("\n  "));
  process.exit(1);
}
console.log(`the site test passed at 1280x800 and 390x844; time to interactive ${timing.join(", ")}; ` +
  `the broken copy failed as it should (${brokenFailures[0]})`);
