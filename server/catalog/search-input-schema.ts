// The free search's query, as a zod schema (pure: the typed client and the MCP tools import it).
import { z } from "zod";
import { storableText } from "../input/storable-text";
import { CAPABILITIES, PAYMENT_PROTOCOLS } from "./vocabulary";

export const TESTED_FILTERS = ["true", "false", "output", "no-output"] as const;
// `healthy`: "true" = the service health is healthy (serviceHealthObject), "false" = any other.
export const HEALTHY_FILTERS = ["true", "false"] as const;

export const searchServicesInput = z.object({
  q: storableText().trim().min(1).max(400).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  capability: z.enum(CAPABILITIES).optional(),
  protocol: z.enum(PAYMENT_PROTOCOLS).optional(),
  maxPriceUsd: z.coerce.number().min(0).max(1_000_000).optional(),
  tested: z.enum(TESTED_FILTERS).optional(),
  healthy: z.enum(HEALTHY_FILTERS).optional(),
});
export type SearchServicesInput = z.input<typeof searchServicesInput>;
