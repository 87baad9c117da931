// Marketplace tokens on the real database: only a hash is stored (the secret is nowhere in the
// table), the recognisable prefix, listing, revocation (403), unknown or malformed tokens (401),
// last use recorded at most once a minute, and one person unable to revoke another's token (404).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db, sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { signUp } from "@/test/accounts/people";
import {
  authenticateToken,
  createMarketplaceToken,
  listMarketplaceTokens,
  MAX_ACTIVE_TOKENS,
  revokeMarketplaceToken,
} from "./marketplace-tokens";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

describe("marketplace tokens", () => {
  it("stores only the SHA-256 of the secret, which carries the apmt_ prefix", async () => {
    const person = await signUp({ name: "Owner" });
    const { token, summary } = await createMarketplaceToken(person.id, "  ci agent  ");
    expect(token).toMatch(/^apmt_[A-Za-z0-9_-]{43}$/);
    expect(summary).toMatchObject({ name: "ci agent", prefix: token.slice(0, 11), lastUsedAt: null, revokedAt: null });
    const row = await db.marketplaceToken.findUniqueOrThrow({ where: { id: summary.id } });
    expect(row.tokenHash).toBe(sha256(token));
    // Every column of the table as text: the secret part appears nowhere.
    const dump = await sqlQuery<{ row: string }>(
      Prisma.sql`SELECT row_to_json(t)::text AS row FROM marketplace_tokens t`,
    );
    expect(dump.length).toBeGreaterThan(0);
    for (const { row } of dump) expect(row).not.toContain(token.slice(11));
  });

  it("lists a person's tokens, active first, and acts as an llm actor for the owner", async () => {
    const person = await signUp({ name: "Lister" });
    const a = await createMarketplaceToken(person.id, "first");
    const b = await createMarketplaceToken(person.id, "second");
    await revokeMarketplaceToken(person.id, a.summary.id);
    const list = await listMarketplaceTokens(person.id);
    expect(list.map((t) => t.name)).toEqual(["second", "first"]);
    expect(list[1]!.revokedAt).toBeInstanceOf(Date);
    expect(await authenticateToken(b.token)).toEqual({
      type: "llm",
      tokenId: b.summary.id,
      personId: person.id,
      name: "second",
      org: "Lister",
    });
    // An owner-less token (from the command line) acts as an independent agent.
    const loose = await createMarketplaceToken(null, "script");
    expect(await authenticateToken(loose.token)).toMatchObject({ personId: null, org: "Independent agent" });
  });

  it("refuses revoked tokens with 403 and missing, unknown or malformed ones with 401", async () => {
    const person = await signUp();
    const { token, summary } = await createMarketplaceToken(person.id, "soon revoked");
    await revokeMarketplaceToken(person.id, summary.id);
    await expect(authenticateToken(token)).rejects.toMatchObject({ code: "forbidden", status: 403 });
    // Revoking again changes nothing.
    const before = (await db.marketplaceToken.findUniqueOrThrow({ where: { id: summary.id } })).revokedAt;
    expect((await revokeMarketplaceToken(person.id, summary.id)).revokedAt).toEqual(before);

    const unknown = `apmt_${"A".repeat(43)}`;
    for (const raw of [
      undefined,
      null,
      "",
      unknown,
      "apmt_short",
      `${token}x`,
      token.toUpperCase(),
      "Bearer " + token,
    ]) {
      await expect(authenticateToken(raw), String(raw)).rejects.toMatchObject({ code: "unauthorized", status: 401 });
    }
  });

  it("records last use at most once a minute", async () => {
    const person = await signUp();
    const { token, summary } = await createMarketplaceToken(person.id, "busy");
    const lastUsed = async () =>
      (await db.marketplaceToken.findUniqueOrThrow({ where: { id: summary.id } })).lastUsedAt;
    await authenticateToken(token);
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    expect(Math.abs(first!.getTime() - Date.now())).toBeLessThan(30_000);
    await Promise.all(Array.from({ length: 10 }, () => authenticateToken(token)));
    expect(await lastUsed()).toEqual(first);
    // A minute later (moved back rather than waited for), the next use is recorded again.
    const old = new Date(Date.now() - 61_000);
    await db.marketplaceToken.update({ where: { id: summary.id }, data: { lastUsedAt: old } });
    await authenticateToken(token);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(old.getTime() + 30_000);
  });

  it("one person cannot revoke another's token (404), and an account holds at most 20 active tokens", async () => {
    const owner = await signUp();
    const other = await signUp();
    const { token, summary } = await createMarketplaceToken(owner.id, "owner's");
    await expect(revokeMarketplaceToken(other.id, summary.id)).rejects.toMatchObject({
      code: "not_found",
      status: 404,
    });
    expect((await authenticateToken(token)).tokenId).toBe(summary.id);

    for (let i = 1; i < MAX_ACTIVE_TOKENS; i++) await createMarketplaceToken(owner.id, `t${i}`);
    await expect(createMarketplaceToken(owner.id, "one too many")).rejects.toMatchObject({
      code: "conflict",
      status: 409,
    });
    await revokeMarketplaceToken(owner.id, summary.id);
    await expect(createMarketplaceToken(owner.id, "room again")).resolves.toMatchObject({
      summary: { name: "room again" },
    });
  });

  it("concurrent creates never take an account past 20 active tokens", async () => {
    const owner = await signUp();
    const results = await Promise.allSettled(
      Array.from({ length: MAX_ACTIVE_TOKENS + 10 }, (_, i) => createMarketplaceToken(owner.id, `race ${i}`)),
    );
    expect(await db.marketplaceToken.count({ where: { personId: owner.id, revokedAt: null } })).toBe(MAX_ACTIVE_TOKENS);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_ACTIVE_TOKENS);
    for (const r of results)
      if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "conflict", status: 409 });
  });

  it("refuses unstorable or empty names", async () => {
    const person = await signUp();
    for (const name of ["", "   ", "nul\u0000", "lone \udc00", "x".repeat(61)]) {
      await expect(createMarketplaceToken(person.id, name), JSON.stringify(name)).rejects.toBeInstanceOf(z.ZodError);
    }
    expect(await db.marketplaceToken.count({ where: { personId: person.id } })).toBe(0);
  });
});
