// The player of a figure export (`tilewalk export --figure --html`) in Debian's Chromium, driven headless by
// playwright-core. Usage: node figure_player_test.mjs EXPORT_DIR SHOT_DIR
// Opens EXPORT_DIR/index.html from disk at 1280×800 and at 390×844 (a phone, with touch) and, at each stop,
// checks that the figure shown is the stop's own: the image of the pane its `show` names, loaded, no wider
// than the viewport and never stretched past its own pixels, under the pane's title as text; or, where the
// stop has no image of that pane, words in its place saying why (the pane's `empty` reason, or the scenario's
// flags). Every piece of text on screen is at least 12 px, nothing is wider than the viewport, the controls
// are in the first screen, the narration and the words in place of a figure hold no markup of their own,
// and the page logs no error. Screenshots of every stop go to SHOT_DIR. Exits 1 with what failed.
import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, expectTrue, failures, finish, withChromium } from "./test_kit.mjs";

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

if (manifest.figure !== true) failures.push("the export is not a figure export (manifest.figure is not true)");
let with_image = 0, with_words = 0;

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
      expect(`${at}: the image is the stop's own figure`, shown.src, own.image);
      expect(`${at}: the image's size is the manifest's`, shown.natural, [own.width, own.height]);
      expectTrue(`${at}: the figure fits the viewport`, shown.width > 0 && shown.right <= viewport.width,
                 `${shown.width} px wide, right edge at ${shown.right}`);
      expectTrue(`${at}: the figure is not stretched past its pixels`, shown.width <= own.width + 0.5,
                 `${shown.width} px for an image ${own.width} px wide`);
      expect(`${at}: the figure's title, as text`, shown.title, own.title);
      expect(`${at}: no words in place of the figure`, shown.words, false);
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

finish("figure player test", `${stops.length} stops at two sizes, screenshots in ${shots}`);
