import { getServiceRecord } from "@/server/catalog/get-service";
import { json, route } from "@/server/http/respond";
import { methodNotAllowed } from "@/server/http/method-not-allowed";

export const GET = route(async (_req: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const { slug } = await ctx.params;
  return json(await getServiceRecord(slug));
});

export const { POST, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET"]);
