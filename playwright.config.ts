// Playwright drives the built app (started by scripts/e2e.ts) in the Chromium scripts/lib/chromium.ts
// picks: CHROMIUM_PATH, else Playwright's own when installed, else Debian's /usr/bin/chromium.
import { defineConfig } from "@playwright/test";
import { resolveChromium } from "./scripts/lib/chromium";

const chromium = resolveChromium();
if ("error" in chromium) throw new Error(chromium.error);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? "http://localhost:3000",
    trace: "off",
    launchOptions: {
      executablePath: chromium.path,
      // No background traffic: this machine has no network beyond loopback.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
