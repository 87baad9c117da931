// Bounds on one catalog file: an import is one transaction, so its size is bounded up front and a
// hostile or broken file costs a clear error, not minutes of work or memory.
export const IMPORT_LIMITS = {
  /** Bytes of JSON text (the CLI reads no more than this). */
  maxFileBytes: 32 * 1024 * 1024,
  /** Services per file (records, or distinct services of a Bazaar list). */
  maxServices: 5_000,
  /** Items of a Bazaar list (one per offer). */
  maxItems: 50_000,
  /** Offers of one service. */
  maxOffersPerService: 50,
  /** Arrays and objects nested inside one another; real files nest 6 or 7. */
  maxDepth: 32,
  /** JSON values in the whole document (objects, arrays, strings, numbers...). */
  maxValues: 5_000_000,
  /** JSON text of one free-form value (an offer's exampleInput, a requirement's extra). */
  maxFreeFormBytes: 8 * 1024,
  /** Highest offer price: 1,000 USD in USDC atomic units. Anything above is a unit mistake. */
  maxPriceAtomic: 1_000_000_000,
} as const;
