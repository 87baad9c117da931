// What a product's request body must be, judged once: the purchase schema, then text PostgreSQL can
// store. A signed purchase and the free validation route both ask here; the parsed input is what
// the product's checks and its fulfilment receive, so the body is parsed once per purchase.
import { toIssues, type Issue } from "../errors";
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPath } from "../input/storable-text";
import type { SellableProduct } from "./sellable-product";

export type PurchaseInput<Input> = { ok: true; input: Input } | { ok: false; issues: Issue[] };

/** The product's input from a parsed JSON body, or the issues that keep it from being bought. */
export function purchaseInput<Input>(
  product: Pick<SellableProduct<Input>, "purchaseSchema">,
  body: unknown,
): PurchaseInput<Input> {
  const parsed = product.purchaseSchema.safeParse(body);
  const issues = parsed.success ? [] : toIssues(parsed.error.issues);
  const unstorable = unstorableTextPath(body);
  if (unstorable !== undefined) issues.push({ path: unstorable, message: UNSTORABLE_TEXT_MESSAGE });
  return parsed.success && issues.length === 0 ? { ok: true, input: parsed.data } : { ok: false, issues };
}
