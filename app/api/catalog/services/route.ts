import { listServices, listServicesInput } from "@/server/catalog/list-services";
import { json, parseQuery, route } from "@/server/http/respond";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { rateLimited } from "@/server/http/rate-limit";

export const GET = rateLimited("catalog", route(async (req: Request) => json(await listServices(parseQuery(listServicesInput, req.url)))));

export const { POST, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET"]);
