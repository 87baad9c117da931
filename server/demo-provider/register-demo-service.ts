// Registers (or updates) the demo provider's service in the catalog through the catalog import,
// with testMode offers: the observer may call them on loopback while the local facilitator is active.
import { importCatalog } from "../catalog/import/import-catalog";
import { DEMO_CATALOG_SOURCE, demoCatalogRecord } from "./catalog-entry";

export function registerDemoService(providerUrl: string) {
  const observedAt = new Date();
  return importCatalog(demoCatalogRecord(providerUrl, observedAt), {
    source: DEMO_CATALOG_SOURCE,
    observedAt,
    testMode: true,
  });
}
