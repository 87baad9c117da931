import { listServices, listServicesInput } from "@/server/catalog/list-services";
import { json, parseQuery, route } from "@/server/http/respond";
import { rateLimited } from "@/server/http/rate-limit";

export const GET = rateLimited("catalog", route(async (req: Request) => json(await listServices(parseQuery(listServicesInput, req.url)))));
