import { getServiceRecord } from "@/server/catalog/get-service";
import { json, route } from "@/server/http/respond";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { rateLimited } from "@/server/http/rate-limit";

export const GET = rateLimited("catalog", route(async (_req: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const { slug } = await ctx.params;
  return json(await getServiceRecord(slug));
}));

export const { POST, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET"]);
