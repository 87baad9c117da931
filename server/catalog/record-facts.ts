// Every sentence a condition check can cite about a service, as the JSON record publishes it
// (`service.facts`): the structured facts' texts, the evidence sentences, and the sentences the
// checks write from the record itself (test status, offer prices, payment protocols). One module
// writes those texts, so a quoted verdict is always found verbatim in the record.
import { atomicToUsd } from "../money";

export interface RecordFact {
  text: string;
  source: string;
  topic: string;
}

export interface RecordFactInput {
  name: string;
  recordUrl: string;
  protocols: string[];
  testStatus: string;
  testedAt: Date | null;
  offers: { method: string; path: string; priceAtomic: number; dynamicPrice: boolean }[];
  facts: { key: string; text: string; source: string }[];
  evidence: { text: string; source: string }[];
}

export function testStatusText(name: string, testStatus: string, testedAt: Date | null): string {
  const on = testedAt ? ` on ${testedAt.toISOString().slice(0, 10)}` : "";
  if (testStatus === "tested-output") return `The marketplace tested ${name}${on}: the paid test call returned output.`;
  if (testStatus === "tested-no-output")
    return `The marketplace tested ${name}${on}: the paid test call returned no usable output.`;
  return `${name} has not been tested by the marketplace.`;
}

export function offerPriceText(offer: {
  method: string;
  path: string;
  priceAtomic: number;
  dynamicPrice: boolean;
}): string {
  const price = atomicToUsd(offer.priceAtomic);
  return offer.dynamicPrice
    ? `${offer.method} ${offer.path} has a dynamic price, from ${price} USD per call.`
    : `${offer.method} ${offer.path} costs ${price} USD per call.`;
}

export function protocolsText(name: string, protocols: string[]): string {
  return `${name} accepts ${protocols.join(" and ")} payments.`;
}

export function recordFacts(s: RecordFactInput): RecordFact[] {
  const out: RecordFact[] = s.facts.map((f) => ({ text: f.text, source: f.source, topic: f.key }));
  if (!s.facts.some((f) => f.key === "protocols"))
    out.push({ text: protocolsText(s.name, s.protocols), source: s.recordUrl, topic: "protocols" });
  out.push({ text: testStatusText(s.name, s.testStatus, s.testedAt), source: s.recordUrl, topic: "testStatus" });
  for (const o of s.offers) out.push({ text: offerPriceText(o), source: s.recordUrl, topic: "price" });
  for (const e of s.evidence) out.push({ text: e.text, source: e.source, topic: "evidence" });
  return out;
}
