// Offers of a listing that the catalog already lists under another service (the same provider
// address): told to the owner on the listing page and to operators in the review queue, text only.
import Link from "next/link";
import type { z } from "zod";
import type { catalogTwinSchema } from "@/server/listings/listing-schema";

type CatalogTwin = z.infer<typeof catalogTwinSchema>;

export function AlreadyListed({ twins, audience }: { twins: CatalogTwin[]; audience: "owner" | "operator" }) {
  if (twins.length === 0) return null;
  return (
    <div
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      role="note"
      data-testid="already-listed"
    >
      <p className="font-medium">
        {audience === "owner"
          ? "Already in the catalog: operators will see that these offers are listed under another service."
          : "Already in the catalog under another service: check who owns this API before approving."}
      </p>
      <ul className="mt-1 space-y-1">
        {twins.map((t) => (
          <li key={`${t.resourceUrl} ${t.serviceSlug}`} className="break-all">
            <code className="text-xs">{t.resourceUrl}</code> is an offer of{" "}
            <Link href={`/services/${t.serviceSlug}`} className="font-medium underline">
              {t.serviceName}
            </Link>{" "}
            ({t.payeeVerified ? "payee verified" : "payee not verified"})
          </li>
        ))}
      </ul>
    </div>
  );
}
