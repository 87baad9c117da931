// What a product's request body must be, checked the same way by a signed purchase and by the free
// validation route (POST /api/shop/{product}/validate): the purchase schema, text PostgreSQL can
// store, then the product's own data-backed input rules. Nothing here charges or writes.
import { AppError, toIssues, type Issue } from "../errors";
import { parseJsonBody } from "../input/json-body";
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPath } from "../input/storable-text";
import type { ProductDefinition } from "./product";

/** Issues of a parsed JSON body against the product's purchase schema; none when it may be bought. */
export function bodyIssues(product: ProductDefinition, body: unknown): Issue[] {
  const parsed = product.purchaseSchema.safeParse(body);
  const issues = parsed.success ? [] : toIssues(parsed.error.issues);
  const unstorable = unstorableTextPath(body);
  if (unstorable !== undefined) issues.push({ path: unstorable, message: UNSTORABLE_TEXT_MESSAGE });
  return issues;
}

/**
 * The free validation of a request body (already read under the size cap): throws AppError
 * invalid_json or invalid_request (with `issues`), exactly as a signed purchase would refuse it
 * before paying. Availability (the product's precheck) is not input and is not checked.
 */
export async function validateProductRequest(product: ProductDefinition, bodyText: string): Promise<{ ok: true; valid: true }> {
  const body = parseJsonBody(bodyText);
  const issues = bodyIssues(product, body);
  if (issues.length > 0) throw new AppError("invalid_request", "The request is not valid.", issues);
  await product.checkInput?.(product.purchaseSchema.parse(body));
  return { ok: true, valid: true };
}
