// Preloaded into the app's process (`node --import`, set by scripts/start.ts through NODE_OPTIONS),
// beside peer-address-hook.mjs: every request gets its id (request-id.mjs) before any of Next.js
// sees it, so pages, route handlers, proxy.ts's refusals and Next.js's own 404s and 500s all answer
// with X-Request-Id, whether or not the route runs behind proxy.ts (next.config.mjs). The id is
// written into the request's X-Request-Id (replacing whatever the client sent) and set as the
// response's header, and the rest of the request runs with it in an AsyncLocalStorage, which the
// logger's mixin reads (server/observability/request-context.ts): every log line written while
// handling the request carries `requestId`, from the route down to the service layer.
import { AsyncLocalStorage } from "node:async_hooks";
import { subscribe } from "node:diagnostics_channel";
import { requestIdOf } from "./request-id.mjs";

// One store per process, shared with every copy of request-context.ts the bundler made.
const STORE_KEY = Symbol.for("marketplace.request-context");
const storage = (globalThis[STORE_KEY] ??= new AsyncLocalStorage());

subscribe("http.server.request.start", ({ request, response }) => {
  const requestId = requestIdOf(request.headers);
  request.headers["x-request-id"] = requestId;
  response.setHeader("X-Request-Id", requestId);
  // Node publishes this synchronously, just before it emits 'request' to Next.js in the same tick:
  // entering the store here is what Next.js's handler (and all it awaits) runs in. The next request
  // on the same connection enters its own.
  storage.enterWith({ requestId });
});
