// The demo provider's memory of answered Idempotency-Keys: a paid answer is kept so the same key
// gets the same answer without a second settlement (the observer derives one key per agent key).
// In memory and bounded: the provider is a single local process, and the oldest answers go first.

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

type Entry =
  { fingerprint: string; state: "in_flight" } | { fingerprint: string; state: "completed"; answer: StoredAnswer };

export type Claim =
  { kind: "claimed" } | { kind: "replay"; answer: StoredAnswer } | { kind: "in_flight" } | { kind: "reused" };

export class IdempotencyCache {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly capacity = 10_000) {}

  /** Takes the key for this request, or says why not. Synchronous, so two concurrent requests
   * with one key cannot both claim it. */
  claim(key: string, fingerprint: string): Claim {
    const entry = this.entries.get(key);
    if (!entry) {
      this.entries.set(key, { fingerprint, state: "in_flight" });
      this.evict();
      return { kind: "claimed" };
    }
    if (entry.fingerprint !== fingerprint) return { kind: "reused" };
    return entry.state === "completed" ? { kind: "replay", answer: entry.answer } : { kind: "in_flight" };
  }

  complete(key: string, answer: StoredAnswer): void {
    const entry = this.entries.get(key);
    if (entry) this.entries.set(key, { fingerprint: entry.fingerprint, state: "completed", answer });
  }

  /** Frees a key whose request ended without a paid answer: the agent may retry with it. */
  release(key: string): void {
    if (this.entries.get(key)?.state === "in_flight") this.entries.delete(key);
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.capacity) return;
      if (entry.state === "completed") this.entries.delete(key);
    }
  }
}
