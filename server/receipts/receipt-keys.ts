// The marketplace's receipt-signing keys, shared by every instance on the database like the session
// secret (server/accounts/shared-secret.ts): the first instance to sign makes the key, the others
// read it. Rotation (npm run receipts:rotate-key) retires the active key and makes a new one; retired
// keys stay in the DID document so the receipts they signed still verify. The active key is read
// again at most every KEY_CACHE_MS, so a rotation reaches every instance within that time.
import { generateKeyPairSync, randomBytes, type JsonWebKey } from "node:crypto";
import { db } from "../db";
import { baseUrl } from "../env";
import type { SigningKey } from "./offer-receipt";

export const KEY_CACHE_MS = 60_000;

/** did:web of our base URL (port percent-encoded, path segments as colons, per the did:web method). */
export function marketplaceDid(base: string = baseUrl): string {
  const url = new URL(base);
  const path = url.pathname.replace(/\/+$/, "").split("/").filter(Boolean);
  return ["did:web", encodeURIComponent(url.host), ...path].join(":");
}

// The DID is derived when used, not stored: a key made under another BASE_URL is published (and
// verifies) under the current one.
export const kidOf = (keyId: string): string => `${marketplaceDid()}#${keyId}`;

function newKey() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const keyId = `receipts-${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString("hex")}`;
  return {
    keyId,
    privateJwk: privateKey.export({ format: "jwk" }) as object,
    publicJwk: publicKey.export({ format: "jwk" }) as object,
  };
}

// Two statements, as in shared-secret.ts: an insert that the one-active-key index makes a no-op for
// the loser of a race, then a read of whichever key won.
async function readOrCreateActiveKey(): Promise<SigningKey> {
  await db.$executeRaw`INSERT INTO receipt_signing_keys (key_id, private_jwk, public_jwk)
    SELECT ${k().keyId}, ${JSON.stringify(k().privateJwk)}::jsonb, ${JSON.stringify(k().publicJwk)}::jsonb
    WHERE NOT EXISTS (SELECT 1 FROM receipt_signing_keys WHERE retired_at IS NULL)
    ON CONFLICT DO NOTHING`;
  const row = await db.receiptSigningKey.findFirst({ where: { retiredAt: null } });
  if (!row) throw new Error("no active receipt signing key was stored");
  return { kid: kidOf(row.keyId), privateJwk: row.privateJwk as JsonWebKey };
}
// The candidate key of this process's next insert (made once; used only if no key exists yet).
let candidate: ReturnType<typeof newKey> | undefined;
const k = () => (candidate ??= newKey());

let active: { key: Promise<SigningKey>; until: number } | undefined;

/** The key receipts are signed with now. */
export function activeSigningKey(): Promise<SigningKey> {
  const now = Date.now();
  if (!active || active.until <= now) {
    const key = readOrCreateActiveKey();
    active = { key, until: now + KEY_CACHE_MS };
    key.catch(() => (active = undefined));
  }
  return active.key;
}

/** Retires the active key and makes a new one (one transaction); returns the new kid. */
export async function rotateSigningKey(): Promise<string> {
  const fresh = newKey();
  await db.$transaction([
    db.receiptSigningKey.updateMany({ where: { retiredAt: null }, data: { retiredAt: new Date() } }),
    db.receiptSigningKey.create({
      data: { keyId: fresh.keyId, privateJwk: fresh.privateJwk, publicJwk: fresh.publicJwk },
    }),
  ]);
  active = undefined;
  return kidOf(fresh.keyId);
}

export interface PublishedKey {
  kid: string;
  publicJwk: JsonWebKey;
  createdAt: Date;
  retiredAt: Date | null;
}

/** Every key ever used, oldest first: the public halves only. */
export async function publishedKeys(): Promise<PublishedKey[]> {
  const rows = await db.receiptSigningKey.findMany({
    select: { keyId: true, publicJwk: true, createdAt: true, retiredAt: true },
    orderBy: [{ createdAt: "asc" }, { keyId: "asc" }],
  });
  return rows.map((r) => ({
    kid: kidOf(r.keyId),
    publicJwk: r.publicJwk as JsonWebKey,
    createdAt: r.createdAt,
    retiredAt: r.retiredAt,
  }));
}

/** The public key of `kid`, or null when it is not one of ours. */
export async function publicKeyOf(kid: string): Promise<JsonWebKey | null> {
  const prefix = `${marketplaceDid()}#`;
  if (kid.length > 500 || !kid.startsWith(prefix)) return null;
  const row = await db.receiptSigningKey.findUnique({
    where: { keyId: kid.slice(prefix.length) },
    select: { publicJwk: true },
  });
  return row ? (row.publicJwk as JsonWebKey) : null;
}

/** Forgets the cached active key (tests that rotate). */
export function forgetSigningKey(): void {
  active = undefined;
  candidate = undefined;
}
