// What differs between the terms the catalogue lists for an offer and those its 402 stated. A
// legacy network name of the same chain is the same network (a conformance failure, network_caip2,
// not a change of terms); addresses compare without their checksum case. A payee, network or asset
// difference blocks routing (the buyer would pay someone or something else than listed); a price
// difference alone is recorded and shown but blocks nothing.
import type { TermsChange } from "./health-schema";
import { amountMatches, type CataloguedTerms, type ObservedTerms } from "./conformance";
import { canonicalNetwork } from "./payment-networks";

export type TermsField = TermsChange["fields"][number];

export interface TermsDifference {
  fields: TermsField[];
  blocking: boolean;
}

const differs = (catalogued: string | null, observed: string, same: (a: string, b: string) => boolean) =>
  catalogued !== null && !same(catalogued, observed);
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The fields that differ (in the schema's order), or null when the 402 states the catalogued terms. */
export function termsDifference(catalogued: CataloguedTerms, observed: ObservedTerms): TermsDifference | null {
  const fields: TermsField[] = [];
  if (differs(catalogued.payTo, observed.payTo, sameAddress)) fields.push("payTo");
  if (differs(catalogued.network, observed.network, (a, b) => canonicalNetwork(a) === canonicalNetwork(b)))
    fields.push("network");
  if (differs(catalogued.asset, observed.asset, sameAddress)) fields.push("asset");
  if (!amountMatches(observed.amountAtomic, catalogued)) fields.push("price");
  if (fields.length === 0) return null;
  return { fields, blocking: fields.some((f) => f !== "price") };
}

/** The terms as the change row stores them ({payTo, network, asset, amountAtomic}). */
export const cataloguedJson = (c: CataloguedTerms): TermsChange["catalogued"] => ({
  payTo: c.payTo,
  network: c.network,
  asset: c.asset,
  amountAtomic: String(c.priceAtomic),
});
export const observedJson = (o: ObservedTerms): TermsChange["observed"] => ({
  payTo: o.payTo,
  network: o.network,
  asset: o.asset,
  amountAtomic: o.amountAtomic,
});
