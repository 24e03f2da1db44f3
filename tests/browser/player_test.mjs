// The export's HTML player in a real browser: Debian's Chromium, driven headless by playwright-core.
// Usage: node player_test.mjs EXPORT_DIR SHOT_DIR   (EXPORT_DIR written by `tilewalk export --html`)
// Opens EXPORT_DIR/index.html from disk at 1280×800 and at 390×844 (a phone, with touch) and checks, at
// each size: nothing is wider than the viewport; the controls are inside the first screen; the frame, its
// alt text and the stop's narration show as text; #stop-3 and #frame-N open that stop and frame, and the
// fragment follows the reader; keys (while the player has focus), buttons and a sideways swipe advance;
// keys do nothing while focus is outside the player; a tap (or the Zoom button) shows the figure at full
// size, and a tap or Escape closes it; Play waits each stop's dwell time; and the page logs no error.
// Screenshots of both sizes go to SHOT_DIR. Exits 1 with what failed.
import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, expectTrue, failures, finish, swipe, withChromium } from "./test_kit.mjs";

const folder = resolve(process.argv[2] ?? "");
const shots = resolve(process.argv[3] ?? join(folder, "..", "player-screenshots"));
mkdirSync(shots, { recursive: true });
const manifest = JSON.parse(readFileSync(join(folder, "manifest.json"), "utf8"));
const { frames, stops } = manifest;
const page_url = pathToFileURL(join(folder, "index.html")).href;

const squeezed = (text) => text.replace(/\s+/g, " ").trim();

// The frame a stop starts at, and the stop a frame belongs to (0-based).
const firstOf = (stop) => stops[stop].first_frame;
const stopOf = (frame) => frames[frame].stop - 1;

async function checkSize(browser, name, viewport) {
  const context = await browser.newContext({ viewport, hasTouch: true, isMobile: viewport.width < 600 });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  const at = `${name} ${viewport.width}x${viewport.height}`;

  // What the page shows, once its image has really loaded from the frames folder.
  async function shown() {
    await page.waitForFunction(() => {
      const img = document.getElementById("frame");
      return img.complete && img.naturalWidth > 0;
    });
    return page.evaluate(() => ({
      src: document.getElementById("frame").getAttribute("src"),
      alt: document.getElementById("frame").alt,
      title: document.getElementById("stop-title").textContent,
      narration: document.getElementById("narration").innerText,
      hash: location.hash,
      position: document.getElementById("position").textContent,
    }));
  }
  async function expectFrame(what, index) {
    const s = await shown();
    expect(`${at}, ${what}: frame`, s.src, frames[index].file);
    expect(`${at}, ${what}: alt text`, s.alt, frames[index].alt);
    expect(`${at}, ${what}: stop title`, s.title, stops[stopOf(index)].title);
    const narration = squeezed(stops[stopOf(index)].narration.plain);
    expect(`${at}, ${what}: narration as text`, squeezed(s.narration), narration);
    const hash = firstOf(stopOf(index)) === index ? `#stop-${stopOf(index) + 1}` : `#frame-${index + 1}`;
    expect(`${at}, ${what}: fragment`, s.hash, hash);
    expect(`${at}, ${what}: position`, s.position, `${index + 1} / ${frames.length}`);
  }

  await page.goto(page_url);
  await expectFrame("first load", 0);
  expectTrue(`${at}: the narration is not empty`, stops[0].narration.plain.length > 0);
  if (manifest.kind === "tour")
    expect(`${at}: the page title`, await page.title(), `tilewalk: ${manifest.tour.title}`);
  // Layout: no sideways scrolling, and the controls inside the first screen, unscrolled.
  const layout = await page.evaluate(() => {
    const box = (id) => document.getElementById(id).getBoundingClientRect().toJSON();
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      controls: box("controls"),
      play: box("play"),
      frame: box("frame"),
      height: window.innerHeight,
      scrolled: window.scrollY,
    };
  });
  expectTrue(`${at}: no horizontal overflow`, layout.scrollWidth <= layout.clientWidth,
             `scrollWidth ${layout.scrollWidth} > clientWidth ${layout.clientWidth}`);
  expect(`${at}: the page opens at its top`, layout.scrolled, 0);
  expectTrue(`${at}: the controls are inside the first viewport`,
             layout.controls.top >= 0 && layout.controls.bottom <= layout.height,
             `controls from ${layout.controls.top} to ${layout.controls.bottom}, viewport ${layout.height}`);
  expectTrue(`${at}: the figure fills the width it has`, layout.frame.width >= viewport.width * 0.5,
             `figure ${layout.frame.width} px wide`);
  await page.screenshot({ path: join(shots, `${name}-${viewport.width}x${viewport.height}.png`) });

  // A page of its own gives the player focus at load.
  const focused = () => page.evaluate(() => document.activeElement.id);
  expect(`${at}: the player has focus at load`, await focused(), "player");

  // The passage, folded under the narration, as text.
  const passage = stops[0].passages[frames[0].passage];
  if (passage) {
    await page.click("#passage-title");
    const text = await page.evaluate(() => ({
      title: document.getElementById("passage-title").textContent,
      body: document.getElementById("passage-body").innerText,
    }));
    expect(`${at}: the passage's title`, text.title, passage.title);
    expect(`${at}: the passage as text`, squeezed(text.body), squeezed(passage.plain));
    await page.click("#passage-title");
    await page.focus("#player");
  }

  // Keys, while the player has focus.
  await page.keyboard.press("ArrowRight");
  await expectFrame("after ArrowRight", 1);
  await page.keyboard.press("ArrowLeft");
  await expectFrame("after ArrowLeft", 0);
  if (stops.length > 1) {
    await page.keyboard.press("PageDown");
    await expectFrame("after PageDown", firstOf(1));
  }
  await page.keyboard.press("End");
  await expectFrame("after End", frames.length - 1);
  await page.keyboard.press("Home");
  await expectFrame("after Home", 0);
  await page.click("#next");
  await expectFrame("after the Next button", 1);

  // Keys do nothing while focus is outside the player: on a control of the page around it, or on the page.
  await page.evaluate(() => {
    const other = document.createElement("div");
    other.id = "outside";
    other.tabIndex = 0;
    other.textContent = "the article around the player";
    document.body.appendChild(other);
  });
  for (const where of ["#outside", "body"]) {
    if (where === "body") await page.evaluate(() => document.activeElement.blur());
    else await page.focus(where);
    for (const key of ["ArrowRight", "End", "PageDown", " "]) await page.keyboard.press(key);
    await expectFrame(`keys with focus on ${where}`, 1);
    expect(`${at}: Space on ${where} does not play`, await page.textContent("#play"), "Play");
  }
  await page.evaluate(() => document.getElementById("outside").remove());

  // Fragments: #stop-3 opens stop 3, #frame-N frame N, on load and while open.
  if (stops.length >= 3) {
    await page.goto(page_url + "#stop-3");
    await page.reload();
    await expectFrame("opened at #stop-3", firstOf(2));
    expect(`${at}: #stop-3 selects stop 3 in the list`, await page.inputValue("#stop-list"), "2");
  }
  const last = frames.length;
  await page.evaluate((n) => { location.hash = `#frame-${n}`; }, last);
  await expectFrame(`#frame-${last} while open`, last - 1);
  await page.evaluate(() => { location.hash = "#stop-999"; });
  await page.waitForTimeout(50);
  await expectFrame("an unknown stop leaves the frame", last - 1);
  await page.evaluate(() => { location.hash = "#stop-1"; });
  await expectFrame("#stop-1 while open", 0);

  // A sideways swipe on the figure: right to left goes to the next stop, left to right back.
  if (stops.length > 1) {
    const cdp = await context.newCDPSession(page);
    await swipe(page, cdp, 0.8, 0.2);
    await expectFrame("after a swipe to the left", firstOf(1));
    await swipe(page, cdp, 0.2, 0.8);
    await expectFrame("after a swipe to the right", 0);
    expect(`${at}: a swipe does not open the zoom`, await page.isVisible("#zoomed"), false);
  }

  // A tap shows the figure at full size; Escape closes it.
  await page.locator("#frame").tap();
  await page.waitForSelector("#zoomed", { state: "visible" });
  const zoom = await page.evaluate(() => {
    const img = document.getElementById("zoom-frame");
    return { width: img.getBoundingClientRect().width, natural: img.naturalWidth };
  });
  expect(`${at}: the zoomed figure is at its own size`, Math.round(zoom.width), zoom.natural);
  await page.waitForTimeout(400);  // past any click the browser makes of the tap
  expect(`${at}: the tap's own click does not close the zoom`, await page.isVisible("#zoomed"), true);
  await page.locator("#zoom-frame").tap({ position: { x: 20, y: 20 } });
  await page.waitForSelector("#zoomed", { state: "hidden" });
  await page.click("#zoom");
  await page.waitForSelector("#zoomed", { state: "visible" });
  await page.keyboard.press("Escape");
  await page.waitForSelector("#zoomed", { state: "hidden" });
  expect(`${at}: closing the zoom gives focus back`, await focused(), "zoom");
  const fits = () => document.documentElement.scrollWidth <= document.documentElement.clientWidth;
  expect(`${at}: the page still does not overflow`, await page.evaluate(fits), true);

  // Play waits on each frame its share of the stop's reading time (at least 1/fps), shown by the bar.
  await page.focus("#player");
  await page.keyboard.press(" ");
  expect(`${at}: Space plays`, await page.textContent("#play"), "Pause");
  const stop0 = stops[0];
  const wanted = Math.max(1 / manifest.fps, stop0.dwell_seconds / stop0.frame_count);
  const duration = await page.evaluate(() => document.getElementById("dwell-bar").style.transitionDuration);
  expectTrue(`${at}: the first frame's dwell`, Math.abs(parseFloat(duration) - wanted) < 1e-6,
             `${duration}, wanted ${wanted}s`);
  await page.keyboard.press(" ");
  expect(`${at}: Space pauses`, await page.textContent("#play"), "Play");

  for (const e of errors) failures.push(`${at}: page error: ${e}`);
  await context.close();
}

await withChromium(async (browser) => {
  const name = manifest.kind === "tour" ? manifest.tour.id : "scenario";
  await checkSize(browser, name, { width: 1280, height: 800 });
  await checkSize(browser, name, { width: 390, height: 844 });
});

finish("player test", `${frames.length} frames, ${stops.length} stops, screenshots in ${shots}`);
