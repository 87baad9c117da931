// The service page's call charts: calls per day and median latency over 30 days, from the calls
// the marketplace observed (server/observe/call-stats.ts).
import { db } from "../db";
import { AppError } from "../errors";
import { serviceCallSeries, type CallSeries } from "../observe/call-stats";
import { getServiceInput, serviceSlugSchema } from "./get-service";

export const serviceCallSeriesInput = getServiceInput;

export async function getServiceCallSeries(slug: string): Promise<CallSeries> {
  // A malformed slug names no service: the same 404 as an unknown one.
  const service = serviceSlugSchema.safeParse(slug).success
    ? await db.service.findUnique({ where: { slug }, select: { id: true } })
    : null;
  if (!service) throw new AppError("not_found", `No service with slug "${slug}".`);
  return serviceCallSeries(service.id);
}
