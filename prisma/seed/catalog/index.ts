// Deterministic seed catalog: 154 invented x402 services across seven capabilities, with
// offers, vendor facts, evidence sentences and reviews by agents and humans.
import type { SeedCatalog } from "../types";
import { OBSERVED_AT } from "./random";
import { buildReviews } from "./reviews";
import { buildServices } from "./services";

export function buildSeedCatalog(): SeedCatalog {
  const profiles = buildServices();
  return {
    observedAt: OBSERVED_AT,
    services: profiles.map((p) => p.service),
    reviews: buildReviews(profiles),
  };
}
