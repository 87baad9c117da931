// Outbound calls to providers that cannot be turned against the marketplace's own network (OWASP
// SSRF): every address a provider name resolves to is checked when the connection opens (so a name
// that resolved to a public address for the policy check and to 10.0.0.1 now — DNS rebinding —
// is refused), a literal IP host is checked the same way (Node does not look those up), redirects
// are never followed (undici's Agent does not follow them; a 3xx goes back to the agent as it is),
// and every call is bounded: a connect timeout, a total timeout, and a cap on the answer's size
// counted while it streams (the connection is dropped past it).
import dns from "node:dns";
import net from "node:net";
import { Agent, buildConnector, errors } from "undici";
import { isForbiddenAddress } from "./offer-policy";
import { markRefusedHost } from "./refused-hosts";

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Every address of a host name; replaced in tests by a fake DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** A provider address the observer will not connect to. */
export class ForbiddenAddressError extends Error {
  readonly code = "OBSERVER_FORBIDDEN_ADDRESS";
  constructor(host: string) {
    super(`${host} is not a public address.`);
    this.name = "ForbiddenAddressError";
  }
}

/** A net.connect lookup that resolves with `resolve` and refuses the host when any of its addresses
 * is forbidden (all of them: a client may try each in turn). */
export function filteredLookup(resolve: Resolver, allowLoopback: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const family = typeof options.family === "number" ? options.family : 0;
        const addresses = family ? found.filter((a) => a.family === family) : found;
        if (addresses.length === 0)
          return callback(Object.assign(new Error(`${hostname} has no address.`), { code: "ENOTFOUND" }), "", 0);
        if (addresses.some((a) => isForbiddenAddress(a.address, allowLoopback))) {
          markRefusedHost(hostname);
          return callback(new ForbiddenAddressError(hostname), "", 0);
        }
        if (options.all) (callback as unknown as (err: null, all: ResolvedAddress[]) => void)(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, "", 0),
    );
  };
}

export interface OutboundOptions {
  connectTimeoutMs: number;
  resolve?: Resolver;
  /** Extra TLS options (tests: a self-signed provider's certificate). */
  tls?: { ca?: string | Buffer };
}

/** Errors raised while opening a connection: nothing of the request was sent on them. */
const connectErrors = new WeakSet<object>();

function safeConnector(allowLoopback: boolean, options: OutboundOptions): buildConnector.connector {
  const base = buildConnector({
    timeout: options.connectTimeoutMs,
    lookup: filteredLookup(options.resolve ?? systemResolver, allowLoopback),
    ...options.tls,
  });
  return (params, callback) => {
    const fail = (err: Error) => {
      connectErrors.add(err);
      callback(err, null);
    };
    const host = params.hostname.replace(/^\[|\]$/g, "");
    if (net.isIP(host) && isForbiddenAddress(host, allowLoopback)) return fail(new ForbiddenAddressError(host));
    base(params, (err, socket) => (err ? fail(err) : callback(null, socket!)));
  };
}

export interface OutboundRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
  /** Loopback addresses may be reached (test mode); private, link-local, metadata never. */
  allowLoopback: boolean;
  timeoutMs: number;
  maxResponseBytes: number;
}

export type OutboundResult =
  | { kind: "answer"; status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }
  /** No connection: nothing was sent (refused, unresolvable, forbidden address, TLS failure). */
  | { kind: "unreachable"; sent: false; reason: string }
  /** Connected and sent, then the connection failed before a whole answer came back. */
  | { kind: "broken"; sent: true; reason: string }
  | { kind: "timeout"; sent: boolean }
  | { kind: "too_large"; limit: number };

export interface SafeOutbound {
  send(request: OutboundRequest): Promise<OutboundResult>;
  close(): Promise<void>;
}

export function createSafeOutbound(options: OutboundOptions): SafeOutbound {
  // One agent per loopback policy; each keeps its connections alive between calls.
  const agents = {
    strict: new Agent({ connect: safeConnector(false, options), maxHeaderSize: 64 * 1024 }),
    loopback: new Agent({ connect: safeConnector(true, options), maxHeaderSize: 64 * 1024 }),
  };

  async function send(request: OutboundRequest): Promise<OutboundResult> {
    const agent = request.allowLoopback ? agents.loopback : agents.strict;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), request.timeoutMs);
    try {
      const res = await agent.request({
        origin: request.url.origin,
        path: `${request.url.pathname}${request.url.search}`,
        method: request.method as "GET" | "POST",
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
        headersTimeout: request.timeoutMs,
        bodyTimeout: request.timeoutMs,
      });
      const declared = Number(res.headers["content-length"]);
      if (declared > request.maxResponseBytes) {
        res.body.destroy();
        return { kind: "too_large", limit: request.maxResponseBytes };
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > request.maxResponseBytes) {
          res.body.destroy();
          return { kind: "too_large", limit: request.maxResponseBytes };
        }
        chunks.push(chunk);
      }
      return {
        kind: "answer",
        status: res.statusCode,
        headers: res.headers,
        body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size),
      };
    } catch (err) {
      if (typeof err === "object" && err !== null && connectErrors.has(err)) {
        if (err instanceof errors.ConnectTimeoutError) return { kind: "timeout", sent: false };
        return { kind: "unreachable", sent: false, reason: describe(err) };
      }
      if (
        controller.signal.aborted ||
        err instanceof errors.HeadersTimeoutError ||
        err instanceof errors.BodyTimeoutError
      )
        return { kind: "timeout", sent: true };
      return { kind: "broken", sent: true, reason: describe(err) };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    send,
    async close() {
      await Promise.all([agents.strict.close(), agents.loopback.close()]);
    },
  };
}

/** A short reason for the agent, without addresses or internals beyond the error's kind. */
function describe(err: unknown): string {
  if (err instanceof ForbiddenAddressError) return "the provider's address is not a public one";
  const code = (err as { code?: unknown })?.code;
  if (code === "ECONNREFUSED") return "the provider refused the connection";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "the provider's host name does not resolve";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "the provider closed the connection";
  if (typeof code === "string" && /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED)/.test(code))
    return "the provider's TLS certificate or handshake was refused";
  return "the connection to the provider failed";
}
