// Reading a provider's PAYMENT-REQUIRED header with @x402/core (its header decoder and its zod
// schemas), leniently enough to say what is wrong with it rather than only that something is: a v1
// or malformed request still yields the entries that do parse, so the later checks can run on them.
import { decodePaymentRequiredHeader } from "@x402/core/http";
import {
  NetworkSchemaV1,
  PaymentRequiredV2Schema,
  PaymentRequirementsV1Schema,
  PaymentRequirementsV2Schema,
  ResourceInfoSchema,
} from "@x402/core/schemas";

/** One way to pay as the provider states it (a v1 entry's maxAmountRequired read as its amount). */
export interface StatedRequirement {
  scheme: string;
  network: string;
  amount: string;
  asset: string;
  payTo: string;
}

export interface PaymentRequiredReading {
  x402Version: unknown;
  /** Every `accepts` entry that parses as x402 v2 (or v1) payment requirements, in order. */
  accepts: StatedRequirement[];
  /** resource.url (v2), else the first v1 entry's resource; null when none is stated. */
  resourceUrl: string | null;
  /** The whole document parsed as a v2 PaymentRequired. */
  validV2: boolean;
}

// The specification says base64url, @x402/core decodes standard base64 only: a base64url value is
// turned into the standard alphabet (and padded) and handed to the same decoder.
const standardBase64 = (value: string): string => {
  const std = value.replace(/-/g, "+").replace(/_/g, "/");
  return std.padEnd(std.length + ((4 - (std.length % 4)) % 4), "=");
};

/** The header's JSON object, or undefined when it is neither base64 nor base64url of a JSON object. */
export function decodePaymentRequired(header: string): Record<string, unknown> | undefined {
  const value = header.trim();
  for (const candidate of value === standardBase64(value) ? [value] : [value, standardBase64(value)]) {
    try {
      const decoded: unknown = decodePaymentRequiredHeader(candidate);
      if (decoded !== null && typeof decoded === "object" && !Array.isArray(decoded))
        return decoded as Record<string, unknown>;
    } catch {
      // not this encoding
    }
  }
  return undefined;
}

// A v2 entry whose network is not in CAIP-2 form (a legacy name) is still read: network_caip2 then
// says what is wrong with it, instead of the entry looking absent.
const LenientRequirementsV2Schema = PaymentRequirementsV2Schema.extend({ network: NetworkSchemaV1 });

function entryOf(raw: unknown): StatedRequirement | null {
  const v2 = LenientRequirementsV2Schema.safeParse(raw);
  if (v2.success) {
    const { scheme, network, amount, asset, payTo } = v2.data;
    return { scheme, network, amount, asset, payTo };
  }
  const v1 = PaymentRequirementsV1Schema.safeParse(raw);
  if (v1.success) {
    const { scheme, network, maxAmountRequired, asset, payTo } = v1.data;
    return { scheme, network, amount: maxAmountRequired, asset, payTo };
  }
  return null;
}

export function readPaymentRequired(doc: Record<string, unknown>): PaymentRequiredReading {
  const full = PaymentRequiredV2Schema.safeParse(doc);
  if (full.success)
    return {
      x402Version: 2,
      accepts: full.data.accepts.map(({ scheme, network, amount, asset, payTo }) => ({
        scheme,
        network,
        amount,
        asset,
        payTo,
      })),
      resourceUrl: full.data.resource.url,
      validV2: true,
    };
  const rawAccepts = Array.isArray(doc.accepts) ? (doc.accepts as unknown[]) : [];
  const accepts = rawAccepts.map(entryOf).filter((e): e is StatedRequirement => e !== null);
  const resource = ResourceInfoSchema.safeParse(doc.resource);
  const v1Resource = rawAccepts.map((a) => PaymentRequirementsV1Schema.safeParse(a)).find((r) => r.success)
    ?.data?.resource;
  return {
    x402Version: doc.x402Version,
    accepts,
    resourceUrl: resource.success ? resource.data.url : (v1Resource ?? null),
    validV2: false,
  };
}
