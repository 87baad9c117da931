import Form from "next/form";
import Link from "next/link";
import { CAPABILITIES, CAPABILITY_LABELS } from "@/server/catalog/vocabulary";
import type { ServiceFilters } from "./service-filters";

const field =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500";

function capabilityHref(filters: ServiceFilters, capability?: string) {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filters, capability })) if (v !== undefined) sp.set(k, String(v));
  const qs = sp.toString();
  return qs ? `/services?${qs}` : "/services";
}

// A plain GET form: works without JavaScript; next/form navigates client-side when it can.
export function ServiceFilterForm({ filters }: { filters: ServiceFilters }) {
  const active = filters.capability;
  return (
    <section aria-label="Filters" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <nav aria-label="Capabilities">
        <ul className="flex flex-wrap gap-2">
          {[undefined, ...CAPABILITIES].map((c) => (
            <li key={c ?? "all"}>
              <Link
                href={capabilityHref(filters, c)}
                aria-current={active === c ? "page" : undefined}
                className={`inline-block rounded-full px-3 py-1 text-sm ring-1 ring-inset ${
                  active === c
                    ? "bg-indigo-600 text-white ring-indigo-600"
                    : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
                }`}
              >
                {c ? CAPABILITY_LABELS[c] : "All"}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form action="/services" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6" role="search">
        <div className="lg:col-span-2">
          <label htmlFor="q" className="text-sm font-medium text-slate-700">
            Search
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={filters.q ?? ""}
            placeholder="e.g. hourly forecast, scrape, OCR"
            className={field}
            maxLength={200}
          />
        </div>
        <div>
          <label htmlFor="capability" className="text-sm font-medium text-slate-700">
            Capability
          </label>
          <select id="capability" name="capability" defaultValue={filters.capability ?? ""} className={field}>
            <option value="">Any</option>
            {CAPABILITIES.map((c) => (
              <option key={c} value={c}>
                {CAPABILITY_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="tested" className="text-sm font-medium text-slate-700">
            Tested
          </label>
          <select id="tested" name="tested" defaultValue={filters.tested ?? ""} className={field}>
            <option value="">Any</option>
            <option value="true">Tested</option>
            <option value="output">Tested, returned output</option>
            <option value="no-output">Tested, no output</option>
            <option value="false">Untested</option>
          </select>
        </div>
        <div>
          <label htmlFor="maxPriceUsd" className="text-sm font-medium text-slate-700">
            Max price (USD)
          </label>
          <input
            id="maxPriceUsd"
            name="maxPriceUsd"
            type="number"
            min="0"
            step="0.0001"
            defaultValue={filters.maxPriceUsd ?? ""}
            className={field}
          />
        </div>
        <div className="flex items-end gap-2">
          <div className="flex-1">
            <label htmlFor="protocol" className="text-sm font-medium text-slate-700">
              Protocol
            </label>
            <select id="protocol" name="protocol" defaultValue={filters.protocol ?? ""} className={field}>
              <option value="">Any</option>
              <option value="x402">x402</option>
              <option value="mpp">MPP</option>
            </select>
          </div>
          <button
            type="submit"
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
          >
            Apply
          </button>
        </div>
      </Form>
    </section>
  );
}
