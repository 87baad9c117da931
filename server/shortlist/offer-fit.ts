// Which offer a buyer should call for the outcome (issue 12, item 9), and the unit its price is
// for. The purchase link points at the offer whose description and path share the most of the
// outcome's informative words (a transcription need gets "transcribe audio", not "retrieve a
// finished transcript"), then the cheapest, x402 before its MPP twin, then id.
import { stemmedWords } from "./match-words";

export interface OfferLike {
  id: string;
  protocol: string;
  method: string;
  path: string;
  priceAtomic: number;
  description: string;
}

export function offerFit(offer: Pick<OfferLike, "description" | "path">, informative: ReadonlySet<string>): number {
  return new Set(
    stemmedWords(`${offer.description} ${offer.path.replace(/[/_-]+/g, " ")}`).filter((w) => informative.has(w)),
  ).size;
}

export function purchaseOffer<T extends OfferLike>(offers: T[], informative: ReadonlySet<string>): T | undefined {
  const fit = new Map(offers.map((o) => [o.id, offerFit(o, informative)]));
  return [...offers].sort(
    (a, b) =>
      fit.get(b.id)! - fit.get(a.id)! ||
      a.priceAtomic - b.priceAtomic ||
      Number(a.protocol !== "x402") - Number(b.protocol !== "x402") ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )[0];
}

// "Pricing is per audio minute; …", "Price is per megabyte …", "… priced per request." A
// listing of other prices ("price per 1K tokens") is not the offer's unit, hence "is per" /
// "priced per" / "billed per" / "charged per".
const UNIT_SENTENCE =
  /\b(?:(?:pricing|price) is|priced|billed|charged) per ([\p{L}\p{N} ]{2,40}?)(?=\s*(?:[;,.:()]|$| and | with | for | tracks | plus ))/iu;

/**
 * What one unit of the listed price buys, when the record's facts or evidence say it (e.g.
 * "audio minute", "10 minutes of audio", "megabyte"); undefined when the record is silent (the
 * listed price is then per call, which the marketplace does not assert for the vendor).
 */
export function priceUnitOf(sentences: { text: string }[]): string | undefined {
  for (const s of sentences) {
    const m = UNIT_SENTENCE.exec(s.text);
    if (m) return m[1]!.trim().toLowerCase();
  }
  return undefined;
}
