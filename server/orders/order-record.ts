// The order a queued purchase answers with (decisions.md §5), and the lookup every queued product's
// precheck uses: the service the order is about must be in the catalog before anyone pays.
import { db } from "../db";
import { AppError } from "../errors";
// Re-exported: the schemas live in the pure module (the typed client imports it without the database or env).
export { placedOrderSchema, queuedPurchaseSchema } from "./queued-purchase-schema";

/** 400 before payment when the order names a service the catalog does not have. */
export async function assertCatalogued(slug: string): Promise<void> {
  const found = await db.service.findUnique({ where: { slug }, select: { id: true } });
  if (!found)
    throw new AppError("invalid_request", "The request is not valid.", [
      { path: "service", message: `No catalogued service has the slug "${slug}".` },
    ]);
}
