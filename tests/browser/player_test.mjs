// The export's HTML player in a real browser: Debian's Chromium, driven headless by playwright-core.
// Usage: node player_test.mjs EXPORT_DIR   (a folder written by `tilewalk export --html`)
// Opens EXPORT_DIR/index.html from disk and checks that the first frame and its caption show, that the
// right arrow advances both, that PageDown goes to the next stop and End to the last frame, and that the
// page logs no error. Exits 1 with what went wrong.
import { chromium } from "playwright-core";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const folder = resolve(process.argv[2] ?? "");
const manifest = JSON.parse(readFileSync(join(folder, "manifest.json"), "utf8"));
const frames = manifest.frames;
const failures = [];

function expect(what, actual, wanted) {
  if (actual !== wanted) failures.push(`${what}: got ${JSON.stringify(actual)}, wanted ${JSON.stringify(wanted)}`);
}

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--allow-file-access-from-files"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(pathToFileURL(join(folder, "index.html")).href);

  // What the page shows, and whether its image really loaded from the frames folder.
  async function shown() {
    await page.waitForFunction(() => {
      const img = document.getElementById("frame");
      return img.complete && img.naturalWidth > 0;
    });
    return page.evaluate(() => ({
      src: document.getElementById("frame").getAttribute("src"),
      caption: document.getElementById("caption").textContent,
      position: document.getElementById("position").textContent,
      width: document.getElementById("frame").naturalWidth,
    }));
  }

  let at = await shown();
  expect("first frame", at.src, frames[0].file);
  expect("first caption", at.caption, frames[0].caption);
  expect("first position", at.position, `1 / ${frames.length}`);
  expect("frame width", at.width, Math.round(manifest.size.width * manifest.size.scale));

  await page.keyboard.press("ArrowRight");
  at = await shown();
  expect("after ArrowRight, frame", at.src, frames[1].file);
  expect("after ArrowRight, caption", at.caption, frames[1].caption);
  expect("after ArrowRight, position", at.position, `2 / ${frames.length}`);

  await page.keyboard.press("ArrowLeft");
  at = await shown();
  expect("after ArrowLeft, frame", at.src, frames[0].file);

  if (manifest.stops.length > 1) {
    await page.keyboard.press("PageDown");
    at = await shown();
    expect("after PageDown, frame", at.src, frames[manifest.stops[1].first_frame].file);
  }

  await page.keyboard.press("End");
  at = await shown();
  expect("after End, caption", at.caption, frames[frames.length - 1].caption);
  expect("after End, position", at.position, `${frames.length} / ${frames.length}`);

  for (const e of errors) failures.push(`page error: ${e}`);
} finally {
  await browser.close();
}

if (failures.length > 0) {
  console.error("player test failed:\n  " + failures.join("\n  "));
  process.exit(1);
}
console.log(`player test passed: ${frames.length} frames, ${manifest.stops.length} stops`);
