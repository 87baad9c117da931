// The request being handled, as request-id-hook.mjs entered it for this async context: its id, for
// every log line (server/logger.ts) written while it is handled. Outside a request (the reconciler,
// the probes, scripts, tests without the hook) there is none.
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestContext {
  requestId: string;
}

// The hook creates the store before Next.js loads; a process without the hook (vitest, scripts)
// makes it here, so runWithRequestId works there too.
const STORE_KEY = Symbol.for("marketplace.request-context");
const holder = globalThis as { [STORE_KEY]?: AsyncLocalStorage<RequestContext> };
const storage = (holder[STORE_KEY] ??= new AsyncLocalStorage<RequestContext>());

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `work` as part of the request `requestId` (for code that starts a request's work itself, and tests). */
export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}
