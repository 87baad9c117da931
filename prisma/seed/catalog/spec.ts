// Hand-written vendor specifications. The vendor files only describe what a human would
// write; ids, metrics, facts and reviews are derived from these in services.ts and reviews.ts.
import type { Capability, FactValues } from "../types";

/** Review fragment pool a service draws its topic-specific sentences from. */
export type Topic =
  | "weather"
  | "geo"
  | "scrape"
  | "data"
  | "search"
  | "image"
  | "audio"
  | "video"
  | "vision"
  | "social"
  | "storage"
  | "llm";

export interface Company {
  slug: string;
  name: string;
  domain: string;
}

export interface OfferSpec {
  method: "GET" | "POST";
  path: string;
  price: string;
  description: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  dynamic?: boolean;
}

export interface VendorSpec {
  slug: string;
  name: string;
  /** Vendor website domain, e.g. "isobarweather.com". */
  domain: string;
  /** Base URL of the paid API; defaults to https://api.<domain>. */
  api?: string;
  /** Documentation root; defaults to https://docs.<domain> or https://<domain>/docs. */
  docs?: string;
  /** Owning company when it is not simply the vendor itself. */
  company?: Company;
  topic: Topic;
  /** Short plural noun phrase for what the API returns, used in reviews ("hourly forecasts"). */
  what: string;
  description: string;
  tags: string[];
  also?: Capability;
  /** Facts that must be present with these values (they back a statement in the evidence). */
  fix?: Partial<FactValues>;
  evidence: string[];
  offers: OfferSpec[];
}

export function get(path: string, price: string, description: string, query: Record<string, string>): OfferSpec {
  return { method: "GET", path, price, description, query };
}

export function post(
  path: string,
  price: string,
  description: string,
  body: Record<string, unknown>,
  dynamic = false,
): OfferSpec {
  return { method: "POST", path, price, description, body, dynamic };
}

/** GET offer whose price depends on the request. */
export function getDyn(path: string, price: string, description: string, query: Record<string, string>): OfferSpec {
  return { method: "GET", path, price, description, query, dynamic: true };
}
