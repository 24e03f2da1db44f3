// What the browser tests share: failures collected as they are found, the two checks that collect them, and
// Debian's Chromium launched headless (with file:// pages allowed to load their images) around a run.
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

// Exits 1 listing the failures under `name`, or prints `passed`.
export function finish(name, passed) {
  if (failures.length > 0) {
    console.error(`${name} failed:\n  ` + failures.join("\n  "));
    process.exit(1);
  }
  console.log(`${name} passed: ${passed}`);
}
