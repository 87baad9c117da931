// Where the sandbox provider answers, and whether it is on (docs/decisions.md "Sandbox"). A leaf
// module (env only): the seed, the observer's address policy and the catalog read it.
import { env } from "./env";

export const SANDBOX_HOST = "127.0.0.1";

// The port a sandbox in this process really listens on (tests start one on a free port); without
// one, the configured SANDBOX_PORT, which another instance on this machine may be serving.
let listeningPort: number | undefined;

export interface SandboxSettings {
  enabled: boolean;
  facilitatorUrl: string | undefined;
  port: number;
}

const settingsFromEnv = (): SandboxSettings => ({
  enabled: env.SANDBOX_ENABLED === "true",
  facilitatorUrl: env.X402_FACILITATOR_URL,
  port: env.SANDBOX_PORT,
});

/** On only while payments settle on the local ledger: with a real facilitator no sandbox answers. */
export const sandboxOn = (settings: SandboxSettings = settingsFromEnv()): boolean =>
  settings.enabled && settings.facilitatorUrl === undefined;

/** The sandbox's origin while it is on, else null (the observer then refuses every sandbox offer). */
export function sandboxOrigin(settings: SandboxSettings = settingsFromEnv()): string | null {
  return sandboxOn(settings) ? `http://${SANDBOX_HOST}:${listeningPort ?? settings.port}` : null;
}

/** The origin the seed records (whether or not the sandbox is on now). */
export const configuredSandboxOrigin = (): string => `http://${SANDBOX_HOST}:${env.SANDBOX_PORT}`;

/** A sandbox service's providerUrl: one path prefix per service on the sandbox. */
export const sandboxProviderUrl = (origin: string, slug: string): string => `${origin}/${slug}`;

/** The address is the sandbox's own origin, while the sandbox is on: an offer there is a sandbox offer. */
export function isSandboxUrl(url: string, origin: string | null = sandboxOrigin()): boolean {
  if (origin === null) return false;
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

export function noteSandboxListening(port: number | undefined): void {
  listeningPort = port;
}
