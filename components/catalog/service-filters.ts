// The /services page's filters live in the URL; invalid values are dropped rather than erroring.
import { listServicesInput } from "@/server/catalog/list-services";
import type { z } from "zod";

const filterSchema = listServicesInput.pick({
  q: true,
  capability: true,
  protocol: true,
  maxPriceUsd: true,
  tested: true,
});
export type ServiceFilters = z.infer<typeof filterSchema>;

export function filtersFromSearchParams(sp: Record<string, string | string[] | undefined>): ServiceFilters {
  const filters: Record<string, unknown> = {};
  for (const key of Object.keys(filterSchema.shape) as (keyof ServiceFilters)[]) {
    const raw = sp[key];
    const value = Array.isArray(raw) ? raw.at(-1) : raw;
    if (value === undefined || value === "") continue;
    const parsed = filterSchema.shape[key].safeParse(value);
    if (parsed.success && parsed.data !== undefined) filters[key] = parsed.data;
  }
  return filters as ServiceFilters;
}
