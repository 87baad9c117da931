// Test support only (imported by *.test.ts). tRPC callers: signed out, or as a person (a real
// `people` row) with the headers a mutation from our own pages carries (Origin, JSON), as
// init.ts's guard requires.
import { baseUrl } from "../env";
import type { Human } from "../reviews/test-actors";
import { createCallerFactory, createTRPCContext } from "./init";
import { appRouter } from "./router";

const createCaller = createCallerFactory(appRouter);
const siteHeaders = () =>
  new Headers({
    origin: new URL(baseUrl).origin,
    "content-type": "application/json",
    "x-marketplace-peer": "203.0.113.7",
  });

export { createPerson } from "../reviews/test-actors";

export async function signedOutCaller() {
  return createCaller(await createTRPCContext({ headers: siteHeaders() }));
}

export async function callerFor(actor: Human) {
  const ctx = await createTRPCContext({ headers: siteHeaders() });
  return createCaller({ ...ctx, actor });
}
