// Fixed vocabularies of the catalog, shared by validation, the seed and the UI.
export const CAPABILITIES = ["maps-weather", "web-data", "search", "media", "social", "storage", "ai-models"] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const CAPABILITY_LABELS: Record<Capability, string> = {
  "maps-weather": "Maps & weather",
  "web-data": "Web data",
  search: "Search",
  media: "Media",
  social: "Social",
  storage: "Storage",
  "ai-models": "AI models",
};

// A service is untested, or was tested by the marketplace and returned output (or did not).
export const TEST_STATUSES = ["untested", "tested-output", "tested-no-output"] as const;
export type TestStatus = (typeof TEST_STATUSES)[number];

export const PAYMENT_PROTOCOLS = ["x402", "mpp"] as const;
export type PaymentProtocol = (typeof PAYMENT_PROTOCOLS)[number];
