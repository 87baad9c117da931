// Every route file under app/ is either a free operation's (built by freeRoutes from the
// declarations of its path, server/http/operations/) or named in NOT_FREE_OPERATIONS with the reason
// the OpenAPI document leaves it out; and every declared operation has its route file.
import { describe, expect, it } from "vitest";
import { FREE_OPERATIONS } from "@/server/http/operations/free-operations";
import { NOT_FREE_OPERATIONS, unpaired } from "@/test/http/route-declarations";

const modules = import.meta.glob<Record<string, unknown>>("/app/**/route.ts");
const folders = Object.keys(modules).map((f) => f.replace(/^\/app\//, "").replace(/\/route\.ts$/, ""));
const operationFolders = folders.filter((f) => !(f in NOT_FREE_OPERATIONS));
const load = async (names: string[]) =>
  Object.fromEntries(await Promise.all(names.map(async (f) => [f, await modules[`/app/${f}/route.ts`]!()] as const)));

describe("route files and free operation declarations", () => {
  it("every route that is not a free operation exists, so the list stays true", () => {
    expect(Object.keys(NOT_FREE_OPERATIONS).filter((f) => !folders.includes(f))).toEqual([]);
    expect(operationFolders).toEqual(
      expect.arrayContaining([
        "api/catalog/search",
        "api/reviews/[id]/comments/[commentId]",
        "api/x402/observe/[offerId]",
        "discovery/resources",
        "well-known/did.json",
      ]),
    );
  });

  it("pair one to one: each route file serves exactly the declarations of its path, each declaration has a route file", async () => {
    expect(unpaired(await load(operationFolders), FREE_OPERATIONS)).toEqual([]);
  });

  it("is a real check: a declaration without a route file, and a route file without declarations, are reported", async () => {
    const routes = await load(operationFolders);
    const orphan = { ...FREE_OPERATIONS[0]!, operationId: "orphanOperation", path: "/api/orphans" };
    expect(unpaired(routes, [...FREE_OPERATIONS, orphan])).toEqual([
      "GET /api/orphans (orphanOperation) has no route file",
    ]);
    const { "api/catalog/search": search, ...others } = routes;
    expect(
      unpaired({ ...others, "api/catalog/search": search!, ...(await load(["api/health"])) }, FREE_OPERATIONS),
    ).toEqual(["app/api/health/route.ts is not built by freeRoutes from declarations"]);
    expect(unpaired(others, FREE_OPERATIONS)).toEqual(["GET /api/catalog/search (searchCatalog) has no route file"]);
  });
});
