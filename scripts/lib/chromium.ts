// Which Chromium the e2e tests drive: CHROMIUM_PATH when set, else Playwright's own when installed
// (`npx playwright install chromium`, the usual developer machine), else Debian's package
// (`apt-get install chromium`, what CI installs). `undefined` path: let Playwright launch its own.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

export type ChromiumChoice = { path: string | undefined; source: string } | { error: string };

export function chooseChromium(
  configured: string | undefined,
  playwrightOwn: string,
  exists: (p: string) => boolean = existsSync,
): ChromiumChoice {
  if (configured) {
    return exists(configured)
      ? { path: configured, source: "CHROMIUM_PATH" }
      : { error: `CHROMIUM_PATH is ${configured}, which does not exist.` };
  }
  if (exists(playwrightOwn)) return { path: undefined, source: `Playwright's Chromium (${playwrightOwn})` };
  if (exists(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, source: `Debian's Chromium (${DEBIAN_CHROMIUM})` };
  return {
    error:
      "No Chromium found for the e2e tests. Install Playwright's with `npx playwright install chromium`, " +
      "or Debian's with `apt-get install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome binary.",
  };
}

export function resolveChromium(): ChromiumChoice {
  return chooseChromium(process.env.CHROMIUM_PATH || undefined, chromium.executablePath());
}
