import { searchServices, searchServicesInput } from "@/server/catalog/search-services";
import { json, parseQuery, route } from "@/server/http/respond";

export const GET = route(async (req: Request) => json(await searchServices(parseQuery(searchServicesInput, req.url))));
