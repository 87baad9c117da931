// The offers as the provider's 402s stated them (method, path, price, network, payee), as text.
import type { ListingOffer } from "@/server/listings/listing-schema";

export function OfferList({ offers }: { offers: readonly ListingOffer[] }) {
  if (offers.length === 0)
    return <p className="text-sm text-slate-600">No URL answered with readable x402 terms: there is no offer yet.</p>;
  return (
    <ul className="space-y-3" aria-label="Offers" data-testid="listing-offers">
      {offers.map((o) => (
        <li key={`${o.method} ${o.resourceUrl}`} className="rounded-md border border-slate-200 p-3 text-sm">
          <p className="break-all font-mono text-xs text-slate-900">
            {o.method} {o.path}
          </p>
          <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[8rem_1fr]">
            <dt className="text-slate-600">Provider</dt>
            <dd className="break-all">{o.providerUrl}</dd>
            <dt className="text-slate-600">Price</dt>
            <dd>
              {o.priceUsd !== null ? `$${o.priceUsd}` : `${o.priceAtomic} atomic units`} ({o.scheme})
            </dd>
            <dt className="text-slate-600">Network</dt>
            <dd className="break-all">{o.network}</dd>
            <dt className="text-slate-600">Asset</dt>
            <dd className="break-all font-mono text-xs">{o.asset}</dd>
            <dt className="text-slate-600">Payee</dt>
            <dd className="break-all font-mono text-xs">{o.payTo}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
