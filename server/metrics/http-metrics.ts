// Request durations at the HTTP edge: the route builders (free-routes.ts, shop-routes.ts,
// validate-route.ts, and the few route files that build their own handlers) hand their handlers to
// timedRoutes with the route's pattern (`/api/reviews/{id}`), never the raw path, so the label set
// stays bounded whatever addresses clients send. The time runs from the handler's call to the
// Response it returns (its head; a streamed body may go on). A handler that answers synchronously
// (the ready 402 of a paid product) is observed synchronously: the wrapper adds no promise to it.
import { metrics } from "./metrics";

type Handler = (request: Request, ...rest: never[]) => Response | Promise<Response>;

// Methods outside this set (Next.js routes only the exported ones) are one label value, not many.
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);

// One child per route, method and status: prom-client hashes a label set on every observe otherwise.
type Child = ReturnType<ReturnType<typeof metrics>["httpDuration"]["labels"]>;
const children = new Map<string, Child>();

function observe(route: string, method: string, status: number, started: number): void {
  const m = METHODS.has(method) ? method : "OTHER";
  const key = `${route} ${m} ${status}`;
  let child = children.get(key);
  if (!child) {
    child = metrics().httpDuration.labels({ route, method: m, status: String(status) });
    children.set(key, child);
  }
  child.observe((performance.now() - started) / 1000);
}

const isPromise = (answer: Response | Promise<Response>): answer is Promise<Response> =>
  typeof (answer as { then?: unknown }).then === "function";

/** One handler, timed under `route`. */
export function timedHandler<H extends Handler>(route: string, handler: H): H {
  const timed = (request: Request, ...rest: never[]): Response | Promise<Response> => {
    const started = performance.now();
    let answer: Response | Promise<Response>;
    try {
      answer = handler(request, ...rest);
    } catch (err) {
      observe(route, request.method, 500, started);
      throw err;
    }
    if (!isPromise(answer)) {
      observe(route, request.method, answer.status, started);
      return answer;
    }
    return answer.then(
      (response) => {
        observe(route, request.method, response.status, started);
        return response;
      },
      (err: unknown) => {
        observe(route, request.method, 500, started);
        throw err;
      },
    );
  };
  return timed as H;
}

/** Every handler of a route file's exports, timed under the route's pattern. */
export function timedRoutes<R extends Partial<Record<string, Handler>>>(route: string, handlers: R): R {
  const timed: Partial<Record<string, Handler>> = {};
  for (const [method, handler] of Object.entries(handlers)) if (handler) timed[method] = timedHandler(route, handler);
  return timed as R;
}
