// The nonces of wallet sign-in challenges in PostgreSQL, as the extension's `SIWxStorage`: only a
// nonce this marketplace issued, unexpired and unused, is acceptable, and spending one is a single
// conditional UPDATE, so of two sign-ins with one nonce (on any instances) exactly one succeeds: the
// second waits on the row lock and then finds `used_at` set. Sign-in here grants no paid access, so
// the storage's payment half records nothing.
import type { SIWxStorage } from "@x402/extensions/sign-in-with-x";
import { db } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { DbClient } from "../transaction";

// Spent and expired rows are deleted by the scheduled retention an hour after their expiry
// (server/retention/retention-jobs.ts); an unknown nonce reads "used" as well.

export class PostgresSIWxStorage implements SIWxStorage {
  constructor(private readonly now: () => Date = () => new Date()) {}

  /** Stores a nonce of a new challenge, valid until `expiresAt`. */
  async issueNonce(nonce: string, issuedAt: Date, expiresAt: Date): Promise<void> {
    await db.walletSignInNonce.create({ data: { nonce, issuedAt, expiresAt } });
  }

  /** "Used" for every nonce that may not sign in now: unknown, expired or spent. */
  async hasUsedNonce(nonce: string): Promise<boolean> {
    const row = await db.walletSignInNonce.findUnique({
      where: { nonce },
      select: { expiresAt: true, usedAt: true },
    });
    return !row || row.usedAt !== null || row.expiresAt <= this.now();
  }

  /** Spends the nonce in `tx`: false when it was unknown, expired or already spent (by anyone). */
  async spendNonce(nonce: string, tx: DbClient): Promise<boolean> {
    const now = this.now();
    const spent = await tx.$executeRaw(Prisma.sql`
      UPDATE wallet_sign_in_nonces SET used_at = ${now}
      WHERE nonce = ${nonce} AND used_at IS NULL AND expires_at > ${now}`);
    return spent === 1;
  }

  /** The interface's recording of a use, outside a transaction; refuses a nonce that cannot be spent. */
  async recordNonce(nonce: string): Promise<void> {
    if (!(await this.spendNonce(nonce, db))) throw new Error("This sign-in nonce is unknown, expired or used.");
  }

  hasPaid(): boolean {
    return false;
  }

  recordPayment(): void {}
}
