// What the browser tests share: failures collected as they are found, the two checks that collect them,
// Debian's Chromium launched headless (with file:// pages allowed to load their images) around a run, and a
// finger's sideways swipe across the player's figure.
import { chromium } from "playwright-core";

export const failures = [];

export function expect(what, actual, wanted) {
  if (JSON.stringify(actual) !== JSON.stringify(wanted))
    failures.push(`${what}: got ${JSON.stringify(actual)}, wanted ${JSON.stringify(wanted)}`);
}

export function expectTrue(what, ok, detail = "") {
  if (!ok) failures.push(`${what}${detail ? ": " + detail : ""}`);
}

// Runs `run(browser)` in a headless Chromium, closed afterwards whatever happens.
export async function withChromium(run) {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--allow-file-access-from-files"],
  });
  try {
    await run(browser);
  } finally {
    await browser.close();
  }
}

// A touch stroke across #frame at mid height, from `fromX` to `toX` (fractions of its width), through the
// Chrome DevTools session `cdp` of `page`.
export async function swipe(page, cdp, fromX, toX) {
  const box = await page.locator("#frame").boundingBox();
  const y = box.y + box.height / 2, x0 = box.x + box.width * fromX, x1 = box.x + box.width * toX;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: x0, y }] });
  for (let i = 1; i <= 6; i++)
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove", touchPoints: [{ x: x0 + ((x1 - x0) * i) / 6, y: y + i }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

// Exits 1 listing the failures under `name`, or prints `passed`.
export function finish(name, passed) {
  if (failures.length > 0) {
    console.error(`${name} failed:\n  ` + failures.join("\n  "));
    process.exit(1);
  }
  console.log(`${name} passed: ${passed}`);
}
