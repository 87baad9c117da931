import { listServices, listServicesInput } from "@/server/catalog/list-services";
import { json, parseQuery, route } from "@/server/http/respond";

export const GET = route(async (req: Request) => json(await listServices(parseQuery(listServicesInput, req.url))));
