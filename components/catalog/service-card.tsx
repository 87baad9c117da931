import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { formatNumber, formatUsd } from "@/components/ui/format";
import { Stars } from "@/components/ui/stars";
import type { ServiceSummary } from "@/server/catalog/list-services";
import { CAPABILITY_LABELS } from "@/server/catalog/vocabulary";
import { HealthBadge } from "./health-badge";
import { TestStatusBadge } from "./test-status";

export function ServiceCard({ service }: { service: ServiceSummary }) {
  return (
    <article className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-indigo-300 hover:shadow">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-base font-semibold">
          <Link href={`/services/${service.slug}`} className="hover:text-indigo-700 hover:underline">
            {service.name}
          </Link>
        </h2>
        <span className="whitespace-nowrap text-sm font-medium text-slate-700">
          from {formatUsd(service.startingPriceUsd)}
        </span>
      </div>
      <p className="mt-2 line-clamp-3 flex-1 text-sm text-slate-600">{service.description}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Badge tone="indigo">{CAPABILITY_LABELS[service.primaryCapability]}</Badge>
        <TestStatusBadge status={service.testStatus} />
        <HealthBadge health={service.health} />
        {service.protocols.includes("mpp") && <Badge>MPP</Badge>}
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <div className="flex items-center gap-1">
          {/* The review average whatever the test status (`rating` stays null while untested). */}
          <dt>Review average:</dt>
          <dd>
            {service.reviewRating !== null ? (
              <>
                <Stars rating={service.reviewRating} label="Review average" />{" "}
                {`${service.reviewRating.toFixed(1)} (${service.reviewCount})`}
              </>
            ) : (
              "No reviews yet"
            )}
          </dd>
        </div>
        <div>
          <dt className="inline">Offers: </dt>
          <dd className="inline">{service.offerCount}</dd>
        </div>
        <div>
          <dt className="inline">Calls (30d): </dt>
          <dd className="inline">{formatNumber(service.calls30d)}</dd>
        </div>
      </dl>
    </article>
  );
}
