// Deterministic randomness, hashing and id helpers for the seed catalog.
// Every random choice is drawn from a PRNG seeded by a stable string, so adding or
// reordering one vendor does not shift the values generated for the others.
import { createHash } from "node:crypto";

export const OBSERVED_AT = "2026-11-01T12:00:00.000Z";
export const OBSERVED_MS = Date.parse(OBSERVED_AT);
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export function sha256(input: string): Buffer {
  return createHash("sha256").update(input).digest();
}

export { hexHash } from "../../../server/catalog/import/stable-ids";

export function hash32(input: string): number {
  return sha256(input).readUInt32BE(0);
}

/** Small, fast, well-distributed 32-bit PRNG. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  private readonly next: () => number;
  constructor(key: string) {
    this.next = mulberry32(hash32(key));
  }
  float(): number {
    return this.next();
  }
  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [value, w] of entries) {
      roll -= w;
      if (roll < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error("weighted pick from empty list");
    return last[0];
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }
  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, Math.min(count, items.length)));
  }
}

// The catalog import derives ids with the same formula, so a re-imported seeded service finds its rows.
export { base32Hash } from "../../../server/catalog/import/stable-ids";

/** Deterministic UUID in version-4 form derived from a stable key. */
export function uuidFrom(key: string): string {
  const b = Buffer.from(sha256(`uuid:${key}`).subarray(0, 16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export function iso(ms: number): string {
  return new Date(Math.round(ms)).toISOString();
}

export function isoDate(ms: number): string {
  return iso(ms).slice(0, 10);
}
