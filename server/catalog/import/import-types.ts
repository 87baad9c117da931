// One service as the import writes it, whatever the file's format; `at` is where it came from in
// the file, so a conflict found later (a slug taken in the database) names the file's own path.
import type { Capability, PaymentProtocol } from "../vocabulary";

export interface ImportOffer {
  at: string;
  id: string;
  protocol: PaymentProtocol;
  method: "GET" | "POST";
  path: string;
  providerUrl: string;
  description: string;
  priceAtomic: number;
  dynamicPrice: boolean;
  unitType: string;
  intent: string;
  exampleInput: Record<string, unknown> | null;
  docsUrl: string;
  // Null: not said by the file (an update keeps what the database has).
  network: string | null;
  asset: string | null;
  payTo: string | null;
  maxTimeoutSeconds: number | null;
}

export interface ImportService {
  at: string;
  id: string;
  sourceId: string;
  slug: string;
  protocols: PaymentProtocol[];
  /** False when the file lists no service-level protocols: an update keeps the known ones. */
  protocolsGiven: boolean;
  name: string;
  website: string;
  serviceUrl: string;
  hostname: string;
  description: string;
  docsUrl: string;
  capabilities: Capability[];
  primaryCapability: Capability;
  tags: string[];
  supportsCredits: boolean;
  calls30d: number;
  uniquePayers30d: number;
  // No testStatus or testedAt: test results come only from the marketplace's own tests
  // (server/marketplace-tests), never from a file; the writer keeps a service's and starts a new one untested.
  entity: { slug: string; name: string; website: string; cataloged: boolean };
  catalogSource: string;
  catalogObservedAt: Date;
  offers: ImportOffer[];
  /** Replaces the service's evidence when given; null keeps it. */
  evidence: { text: string; source: string }[] | null;
  /** A Bazaar list speaks for x402 offers only: the service's other offers (MPP) are kept. */
  replacesProtocols: PaymentProtocol[] | "all";
  /** Columns the file does not speak for: an update keeps the database's values. */
  keepOnUpdate: readonly ServiceColumn[];
  /** Set by a listing's approval only (payees proven); absent, the column keeps its value. */
  payeeVerified?: boolean;
}

export type ServiceColumn =
  | "sourceId"
  | "slug"
  | "name"
  | "website"
  | "serviceUrl"
  | "hostname"
  | "description"
  | "docsUrl"
  | "capabilities"
  | "primaryCapability"
  | "tags"
  | "supportsCredits"
  | "calls30d"
  | "uniquePayers30d"
  | "entitySlug"
  | "entityName"
  | "entityWebsite"
  | "entityCataloged"
  | "catalogSource"
  | "catalogObservedAt";

export interface ImportOptions {
  /** Where the file came from (a URI), when the file does not say. */
  source?: string;
  /** When the file was observed, when the file does not say. */
  observedAt?: Date;
  /** http URLs accepted and offers marked testMode (the local demo provider). */
  testMode?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** Called once the write committed, before search documents and embeddings are refreshed (the long part). */
  onIndexing?: (changedServices: number) => void;
}

export interface ImportSummary {
  format: "records" | "bazaar";
  services: number;
  created: number;
  updated: number;
  unchanged: number;
  offers: number;
  /** Services whose file claimed a test result (a testStatus other than "untested", or a testedAt): ignored. */
  ignoredTestResults: number;
  embeddingsComputed: number;
  durationMs: number;
}

export const DEFAULT_SOURCE = { records: "urn:marketplace:catalog-import", bazaar: "urn:x402:bazaar" } as const;
