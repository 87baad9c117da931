import { devSupported } from "@/server/payments/facilitators/dev-facilitator";
import { json, route } from "@/server/http/respond";
import { methodNotAllowed } from "@/server/http/method-not-allowed";

export const GET = route(async () => json(await devSupported()));

export const { POST, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET"]);
