import { describe, expect, it } from "vitest";
import { chooseChromium, DEBIAN_CHROMIUM } from "./chromium";

const OWN = "/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome";
const on =
  (...present: string[]) =>
  (p: string) =>
    present.includes(p);

describe("choosing the e2e Chromium", () => {
  it("CHROMIUM_PATH first, even when others are installed", () => {
    expect(chooseChromium("/opt/chrome/chrome", OWN, on("/opt/chrome/chrome", OWN, DEBIAN_CHROMIUM))).toMatchObject({
      path: "/opt/chrome/chrome",
    });
  });

  it("a CHROMIUM_PATH that does not exist is an error naming it, not a silent fallback", () => {
    expect(chooseChromium("/nowhere/chrome", OWN, on(OWN))).toEqual({
      error: expect.stringContaining("/nowhere/chrome"),
    });
  });

  it("Playwright's own Chromium when installed (Playwright launches it: no executable path)", () => {
    expect(chooseChromium(undefined, OWN, on(OWN, DEBIAN_CHROMIUM))).toMatchObject({
      path: undefined,
      source: expect.stringContaining("Playwright"),
    });
  });

  it("Debian's Chromium when Playwright's is not installed", () => {
    expect(chooseChromium(undefined, OWN, on(DEBIAN_CHROMIUM))).toMatchObject({ path: DEBIAN_CHROMIUM });
  });

  it("neither: an error that says how to install either", () => {
    const choice = chooseChromium(undefined, OWN, on());
    expect(choice).toEqual({ error: expect.stringContaining("npx playwright install chromium") });
    expect(choice).toEqual({ error: expect.stringContaining("apt-get install chromium") });
  });
});
