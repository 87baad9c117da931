// A second instance for the listing-review tests: a bare HTTP server, its own process and caches
// (name index, vectors, unlisted services), answering the free search, the shortlist and the
// discovery list from the test file's database. Prints "listening <port>" when ready.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { listDiscoveryResources, listDiscoveryInput } from "@/server/catalog/discovery/list-discovery-resources";
import { searchServices } from "@/server/catalog/search-services";
import { buildShortlist } from "@/server/shortlist/build-shortlist";
import { SEARCH_MODES, type SearchMode } from "@/server/search/search-options";

// The shortlist's retrieval: "exact" unless ?search= names another mode (terms: the postings;
// semantic: the vector index).
const searchMode = (v: string | null): SearchMode =>
  SEARCH_MODES.includes(v as SearchMode) ? (v as SearchMode) : "exact";

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const q = url.searchParams.get("q") ?? "";
  try {
    const body =
      url.pathname === "/search"
        ? await searchServices({ q, limit: 10 })
        : url.pathname === "/shortlist"
          ? await buildShortlist({ outcome: q, search: searchMode(url.searchParams.get("search")) })
          : await listDiscoveryResources(
              listDiscoveryInput.parse({ limit: 1000, offset: url.searchParams.get("offset") ?? 0 }),
            );
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  } catch (err) {
    res.writeHead(500, { "content-type": "text/plain" });
    res.end(String((err as Error).stack ?? err));
  }
});
server.listen(0, "127.0.0.1", () => console.log(`listening ${(server.address() as AddressInfo).port}`));
