// The player of a figure export (`tilewalk export --figure --html`) in Debian's Chromium, driven headless by
// playwright-core. Usage: node figure_player_test.mjs EXPORT_DIR SHOT_DIR
// Opens EXPORT_DIR/index.html from disk at 1280×800 and at 390×844 (a phone, with touch) and, at each stop,
// checks that the figure shown is the stop's own: the image of the pane its `show` names, loaded, no wider
// than the viewport and never stretched past its own pixels, under the pane's title as text; or, where the
// stop has no image of that pane, words in its place saying why (the pane's `empty` reason, or the scenario's
// flags). Every piece of text on screen is at least 12 px, nothing is wider than the viewport, the controls
// are in the first screen, the narration and the words in place of a figure hold no markup of their own,
// and the page logs no error. Where the export has an animation of the stop's own pane (export --motion),
// the figure is that animated WebP instead, which Chromium's ImageDecoder reads as more than one frame; M
// and the Still button show the still and back, and PageDown and a swipe still change stop from it.
// Screenshots of every stop go to SHOT_DIR. Exits 1 with what failed.
import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, expectTrue, failures, finish, swipe, withChromium } from "./test_kit.mjs";

const folder = resolve(process.argv[2] ?? "");
const shots = resolve(process.argv[3] ?? join(folder, "..", "figure-player-screenshots"));
mkdirSync(shots, { recursive: true });
const manifest = JSON.parse(readFileSync(join(folder, "manifest.json"), "utf8"));
const { frames, stops } = manifest;
const page_url = pathToFileURL(join(folder, "index.html")).href;
const kSmallestText = 12;  // px: the smallest text a phone held at arm's length still reads


// The pane entry of a stop's own figure at its first frame, or null.
function ownPane(stop) {
  const frame = frames[stop.first_frame];
  return frame.panes.find((p) => p.pane === stop.show) ?? null;
}

// The animation of a stop's own pane (export --motion), or null.
function ownMotion(stop, number) {
  return (manifest.motion ?? []).find((m) => m.stop === number && m.pane === stop.show) ?? null;
}

if (manifest.figure !== true) failures.push("the export is not a figure export (manifest.figure is not true)");
let with_image = 0, with_words = 0, with_motion = 0;

// The figure shown: its source and, read through ImageDecoder, how many frames it has.
async function shownAnimation(page) {
  return page.evaluate(async () => {
    const img = document.getElementById("frame");
    const bytes = await (await fetch(img.src)).arrayBuffer();
    const decoder = new ImageDecoder({ data: bytes, type: "image/webp" });
    await decoder.tracks.ready;
    await decoder.completed;
    return { src: img.getAttribute("src"), frames: decoder.tracks.selectedTrack.frameCount };
  });
}

// At a stop showing its animation: M shows the still and back, as does the Still button; PageDown and a
// swipe to the left move on to the next stop.
async function checkMotionControls(page, context, at, i, own, motion) {
  const src = () => page.evaluate(() => document.getElementById("frame").getAttribute("src"));
  await page.keyboard.press("m");
  expect(`${at}: M shows the still`, await src(), own.image);
  expect(`${at}: the Still button says it is pressed`,
         await page.getAttribute("#still", "aria-pressed"), "true");
  await page.click("#still");
  expect(`${at}: the button animates again`, await src(), motion.file);
  if (i + 1 >= stops.length) return;
  const next = `Stop ${i + 2} of ${stops.length}`;
  await page.evaluate(() => document.getElementById("player").focus());
  await page.keyboard.press("PageDown");
  expect(`${at}: PageDown from the animation`, await page.textContent("#stop-number"), next);
  await page.evaluate((n) => { location.hash = `#stop-${n}`; }, i + 1);
  await page.waitForFunction(() => document.getElementById("frame").complete);
  await swipe(page, await context.newCDPSession(page), 0.8, 0.2);
  expect(`${at}: a swipe from the animation`, await page.textContent("#stop-number"), next);
  await page.evaluate((n) => { location.hash = `#stop-${n}`; }, i + 1);
}

async function checkSize(browser, viewport) {
  const context = await browser.newContext({ viewport, hasTouch: true, isMobile: viewport.width < 600 });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  const size = `${viewport.width}x${viewport.height}`;
  await page.goto(page_url);

  for (let i = 0; i < stops.length; i++) {
    const stop = stops[i];
    const at = `${size}, stop ${i + 1} (show ${stop.show})`;
    await page.evaluate((n) => { location.hash = `#stop-${n}`; }, i + 1);
    await page.waitForFunction(
        (label) => document.getElementById("stop-number").textContent === label,
        `Stop ${i + 1} of ${stops.length}`);
    const own = ownPane(stop);
    const motion = own && own.image ? ownMotion(stop, i + 1) : null;
    if (own && own.image) {
      ++with_image;
      await page.waitForFunction(() => {
        const img = document.getElementById("frame");
        return !img.hidden && img.complete && img.naturalWidth > 0;
      });
      const shown = await page.evaluate(() => {
        const img = document.getElementById("frame");
        const box = img.getBoundingClientRect();
        return {
          src: img.getAttribute("src"),
          natural: [img.naturalWidth, img.naturalHeight],
          width: box.width,
          right: box.right,
          title: document.getElementById("figure-title").textContent,
          words: !document.getElementById("figure-text").hidden,
        };
      });
      expect(`${at}: the image is the stop's own figure`, shown.src, motion ? motion.file : own.image);
      expect(`${at}: the image's size is the manifest's`, shown.natural, [own.width, own.height]);
      expectTrue(`${at}: the figure fits the viewport`, shown.width > 0 && shown.right <= viewport.width,
                 `${shown.width} px wide, right edge at ${shown.right}`);
      expectTrue(`${at}: the figure is not stretched past its pixels`, shown.width <= own.width + 0.5,
                 `${shown.width} px for an image ${own.width} px wide`);
      expect(`${at}: the figure's title, as text`, shown.title, own.title);
      expect(`${at}: no words in place of the figure`, shown.words, false);
      if (motion) {
        ++with_motion;
        expect(`${at}: the animation is as large as the still`, [motion.width, motion.height],
               [own.width, own.height]);
        const animation = await shownAnimation(page);
        expectTrue(`${at}: the animation has more than one frame`, animation.frames > 1,
                   `${animation.src} decodes to ${animation.frames} frame(s)`);
        expect(`${at}: the Still button shows`, await page.isVisible("#still"), true);
        await checkMotionControls(page, context, at, i, own, motion);
      } else {
        expect(`${at}: no Still button without an animation`, await page.isVisible("#still"), false);
      }
    } else {
      ++with_words;
      const shown = await page.evaluate(() => ({
        image: !document.getElementById("frame").hidden,
        words: !document.getElementById("figure-text").hidden,
        text: document.getElementById("figure-text").innerText,
      }));
      expect(`${at}: no image`, shown.image, false);
      expect(`${at}: words in place of the figure`, shown.words, true);
      const wanted = own && own.empty ? own.empty
                                      : stop.show === "scenario" && stop.scenario ? stop.scenario.flags.join(" ")
                                                                                  : stop.show;
      expectTrue(`${at}: the words say why`, shown.text.includes(wanted),
                 `"${shown.text}" does not hold "${wanted}"`);
    }

    // Text: none smaller than kSmallestText, none as markup, nothing wider than the viewport.
    const text = await page.evaluate(() => {
      const smallest = { px: Infinity, what: "" };
      for (const element of document.querySelectorAll("#player *")) {
        const own = [...element.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
        if (!own || element.getClientRects().length === 0) continue;  // no text of its own, or not shown
        const px = parseFloat(getComputedStyle(element).fontSize);
        if (px < smallest.px) Object.assign(smallest, { px, what: `#${element.id} <${element.tagName}>` });
      }
      const layout = document.getElementById("controls").getBoundingClientRect();
      return {
        smallest,
        markup: document.querySelectorAll(
            "#narration :not(p):not(br):not(code), #figure-text :not(p):not(code)").length,
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
        controls: [layout.top, layout.bottom],
        scrolled: window.scrollY,
        height: window.innerHeight,
      };
    });
    expectTrue(`${at}: every text is at least ${kSmallestText} px`, text.smallest.px >= kSmallestText,
               `${text.smallest.what} is ${text.smallest.px} px`);
    expect(`${at}: the narration and the words are text, not markup`, text.markup, 0);
    expectTrue(`${at}: no horizontal overflow`, text.scrollWidth <= text.clientWidth,
               `scrollWidth ${text.scrollWidth} > clientWidth ${text.clientWidth}`);
    if (text.scrolled === 0)
      expectTrue(`${at}: the controls are inside the first viewport`,
                 text.controls[0] >= 0 && text.controls[1] <= text.height,
                 `controls from ${text.controls[0]} to ${text.controls[1]}, viewport ${text.height}`);
    await page.screenshot({ path: join(shots, `${size}-stop-${i + 1}.png`) });
  }
  for (const e of errors) failures.push(`${size}: page error: ${e}`);
  await context.close();
}

await withChromium(async (browser) => {
  await checkSize(browser, { width: 1280, height: 800 });
  await checkSize(browser, { width: 390, height: 844 });
});
// The export must exercise both: a stop with its figure, and one with words in its place.
expectTrue("some stop shows its own figure", with_image > 0);
expectTrue("some stop shows words in place of a figure", with_words > 0);
if ((manifest.motion ?? []).length > 0) expectTrue("some stop shows its animation", with_motion > 0);

finish("figure player test",
       `${stops.length} stops at two sizes (${with_motion / 2} animated), screenshots in ${shots}`);
