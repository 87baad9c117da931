// The x402 Bazaar discovery list of the catalog's offers (decisions.md §7).
import { listDiscoveryInput, listDiscoveryResources } from "@/server/catalog/discovery/list-discovery-resources";
import { etagJson } from "@/server/http/etag-response";
import { parseQuery, route } from "@/server/http/respond";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { rateLimited } from "@/server/http/rate-limit";

// Revalidated on every use (ETag, 304): an import shows at once.
const CACHE_CONTROL = "no-cache";

export const GET = rateLimited(
  "catalog",
  route(async (req: Request) => etagJson(await listDiscoveryResources(parseQuery(listDiscoveryInput, req.url)), req.headers.get("if-none-match"), CACHE_CONTROL)),
);

export const { POST, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET"]);
