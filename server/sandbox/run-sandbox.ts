// The sandbox in the app process (instrumentation.ts): while the local facilitator is active it
// points the sandbox offers at 127.0.0.1:SANDBOX_PORT and serves them there. A second instance on
// the same machine finds the port taken: the first instance's sandbox serves both (they share the
// database, hence the ledger), and the second tries the port again every SANDBOX_RETRY_MS so it
// takes over when the first stops. With X402_FACILITATOR_URL set nothing starts or listens.
import { env } from "../env";
import { logger } from "../logger";
import { createLocalFacilitator } from "../payments/facilitators/local-facilitator";
import { configuredSandboxOrigin, noteSandboxListening, sandboxOn } from "../sandbox-address";
import { syncSandboxCatalog } from "./sandbox-catalog";
import { startSandbox, type Sandbox } from "./start-sandbox";

const SANDBOX_RETRY_MS = 10_000;

const globalForSandbox = globalThis as unknown as { marketplaceSandbox?: Promise<Sandbox | undefined> };

async function listen(): Promise<Sandbox | undefined> {
  try {
    const sandbox = await startSandbox({ facilitator: createLocalFacilitator(), port: env.SANDBOX_PORT });
    noteSandboxListening(sandbox.port);
    logger.info({ url: sandbox.url, offers: sandbox.offers }, "sandbox provider listening");
    return sandbox;
  } catch (err) {
    const inUse = (err as NodeJS.ErrnoException).code === "EADDRINUSE";
    logger.warn(
      { port: env.SANDBOX_PORT, err: inUse ? undefined : err },
      inUse
        ? "sandbox port in use (another instance's sandbox serves it); retrying"
        : "sandbox provider failed to start; retrying",
    );
    await new Promise((resolve) => setTimeout(resolve, SANDBOX_RETRY_MS).unref());
    return listen();
  }
}

/** Starts the sandbox once per process, if it is on; resolves once it listens (or at once when off). */
export function runSandbox(): Promise<Sandbox | undefined> {
  if (!sandboxOn()) return Promise.resolve(undefined);
  globalForSandbox.marketplaceSandbox ??= (async () => {
    const synced = await syncSandboxCatalog(configuredSandboxOrigin());
    if (synced.moved > 0)
      logger.info(
        { moved: synced.moved, origin: configuredSandboxOrigin() },
        "sandbox offers moved to the sandbox's address",
      );
    return listen();
  })().catch((err: unknown) => {
    logger.error({ err }, "sandbox provider not started");
    globalForSandbox.marketplaceSandbox = undefined;
    return undefined;
  });
  return globalForSandbox.marketplaceSandbox;
}
