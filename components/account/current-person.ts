// The signed-in person for server components (pages, the header), from the session cookie.
import "server-only";
import { loadPageData, trpc } from "@/server/trpc/server";

export async function currentPerson() {
  const loaded = await loadPageData((qc) => qc.fetchQuery(trpc.account.me.queryOptions()));
  return loaded.ok ? loaded.data : null;
}
