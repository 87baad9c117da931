// A small x402 provider for the listing tests: one loopback server whose paths answer as a listed
// provider might (a 402 with or without the bazaar extension, declared with @x402/extensions as a
// provider's server declares it), or as a hostile one (no 402, a redirect, a hang, 10 MB); and a
// canary server that counts every request it receives (the marketplace must never reach it).
import type http from "node:http";
import { bazaarResourceServerExtension, declareDiscoveryExtension } from "@x402/extensions/bazaar";
import { encode, paymentRequired, startHostile, type Hostile } from "@/test/probes/hostile-provider";

export interface TestProvider extends Hostile {
  port: number;
}

/** The bazaar extension of a GET weather endpoint, as a provider's resource server states it in its 402. */
export function weatherBazaar(): Record<string, unknown> {
  const declared = declareDiscoveryExtension({
    input: { city: "Paris" },
    inputSchema: { properties: { city: { type: "string", description: "City name" } }, required: ["city"] },
    output: { example: { city: "Paris", tempC: 12 }, schema: { properties: { tempC: { type: "number" } } } },
  });
  // What @x402/core's resource server does per request: the method of the route joins the declaration.
  return bazaarResourceServerExtension.enrichDeclaration!(declared.bazaar, {
    method: "GET",
    adapter: {},
    path: "/forecast",
  }) as Record<string, unknown>;
}

const port = (h: Hostile) => Number(new URL(h.url).port);

export async function startTestProvider(redirectTo: () => string): Promise<TestProvider> {
  const routes: Record<string, http.RequestListener> = {
    "/forecast": (req, res) => {
      const url = `http://${req.headers.host}/forecast`;
      const doc = paymentRequired(url, (d) => {
        d.resource = { url, description: "Weather forecast for a city", mimeType: "application/json" };
        d.extensions = { bazaar: weatherBazaar() };
      });
      res.writeHead(402, { "payment-required": encode(doc), "content-type": "application/json" }).end("{}");
    },
    "/plain": (req, res) => {
      const doc = paymentRequired(`http://${req.headers.host}/plain`);
      res.writeHead(402, { "payment-required": encode(doc), "content-type": "application/json" }).end("{}");
    },
    "/unstorable": (req, res) => {
      const url = `http://${req.headers.host}/unstorable`;
      const doc = paymentRequired(url, (d) => {
        d.resource = { url, description: "nul \u0000 and \ud800 lone", mimeType: "application/json" };
        d.extensions = {
          bazaar: { ...weatherBazaar(), info: { input: { type: "http", method: "GET", q: "\u0000" } } },
        };
      });
      res.writeHead(402, { "payment-required": encode(doc) }).end();
    },
    "/free": (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'),
    "/no-header": (_req, res) => res.writeHead(402).end("pay me"),
    "/redirect": (_req, res) => res.writeHead(302, { location: redirectTo() }).end(),
    "/big-header": (req, res) => {
      const doc = paymentRequired(`http://${req.headers.host}/big-header`);
      res.writeHead(402, { "payment-required": encode(doc), "x-padding": "a".repeat(100 * 1024) }).end();
    },
    "/hang": () => {},
    "/huge": (_req, res) => {
      res.writeHead(402, { "content-type": "application/octet-stream" });
      const chunk = Buffer.alloc(64 * 1024, 97);
      let sent = 0;
      const pump = () => {
        while (sent < 10 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      pump();
    },
  };
  const server = await startHostile((req, res) => {
    const handler = routes[new URL(req.url ?? "/", "http://x").pathname];
    if (handler) handler(req, res);
    else res.writeHead(404).end();
  });
  return { ...server, port: port(server) };
}

export interface Canary extends TestProvider {
  hits: () => number;
}

export async function startCanary(): Promise<Canary> {
  let hits = 0;
  const server = await startHostile((_req, res) => {
    hits++;
    res.writeHead(200).end("canary");
  });
  return { ...server, port: port(server), hits: () => hits };
}
