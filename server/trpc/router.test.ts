// The UI's tRPC procedures call the same services and map AppError codes to tRPC codes.
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { createCallerFactory, createTRPCContext } from "./init";
import { appRouter } from "./router";

const caller = createCallerFactory(appRouter)(await createTRPCContext());

describe("tRPC app router", () => {
  it("lists and profiles services", async () => {
    const page = await caller.catalog.list({ capability: "search", limit: 5 });
    expect(page.services).toHaveLength(5);
    const profile = await caller.catalog.profile({ slug: page.services[0]!.slug });
    expect(profile.record.service.name).toBe(page.services[0]!.name);
    expect(Array.isArray(profile.facts)).toBe(true);
  });

  it("maps not found and invalid input to tRPC codes", async () => {
    await expect(caller.catalog.profile({ slug: "no-such-service" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(caller.reviews.byId({ id: "00000000-0000-4000-8000-000000000000" })).rejects.toBeInstanceOf(TRPCError);
    await expect(caller.catalog.list({ cursor: "garbage" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(caller.catalog.list({ limit: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
