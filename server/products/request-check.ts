// The free validation of a purchase body (POST /api/shop/{product}/validate): the same judgement a
// signed purchase makes before paying (purchase-input.ts: the purchase schema, text PostgreSQL can
// store), then the product's own data-backed input rules. Nothing here charges or writes.
import { AppError } from "../errors";
import { parseJsonBody } from "../input/json-body";
import { purchaseInput } from "../payments/purchase-input";
import type { ProductDefinition } from "./product";

/**
 * The free validation of a request body (already read under the size cap): throws AppError
 * invalid_json or invalid_request (with `issues`), exactly as a signed purchase would refuse it
 * before paying. Availability (the product's precheck) is not input and is not checked.
 */
export async function validateProductRequest(
  product: ProductDefinition,
  bodyText: string,
): Promise<{ ok: true; valid: true }> {
  const judged = purchaseInput(product, parseJsonBody(bodyText));
  if (!judged.ok) throw new AppError("invalid_request", "The request is not valid.", judged.issues);
  await product.checkInput?.(judged.input);
  return { ok: true, valid: true };
}
