import { searchServices, searchServicesInput } from "@/server/catalog/search-services";
import { json, parseQuery, route } from "@/server/http/respond";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { rateLimited } from "@/server/http/rate-limit";

export const GET = rateLimited("search", route(async (req: Request) => json(await searchServices(parseQuery(searchServicesInput, req.url)))));

export const { POST, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET"]);
