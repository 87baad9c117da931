// The seller's batch-settlement channels in PostgreSQL: the library's ChannelStorage, shared by every
// instance. updateChannel runs the library's read-modify-write under a transaction-scoped advisory
// lock on the channel (a row lock cannot cover a channel not stored yet), so no two instances
// interleave between reading a channel and writing what the library decided from it: one voucher
// reserves the channel at a time, and a voucher's charge is committed once.
import type { Channel, ChannelStorage, ChannelUpdateResult } from "@x402/evm/batch-settlement/server";
import { db, sqlQuery } from "../../db";
import { Prisma } from "../../generated/prisma/client";

const key = (channelId: string) => channelId.toLowerCase();

export const postgresChannelStorage: ChannelStorage = {
  async get(channelId) {
    const [row] = await sqlQuery<{ record: Channel }>(
      Prisma.sql`SELECT record FROM batch_channels WHERE channel_id = ${key(channelId)}`,
    );
    return row?.record;
  },

  async list() {
    const rows = await sqlQuery<{ record: Channel }>(Prisma.sql`SELECT record FROM batch_channels ORDER BY channel_id`);
    return rows.map((r) => r.record);
  },

  updateChannel(channelId, update): Promise<ChannelUpdateResult> {
    const id = key(channelId);
    return db.$transaction(async (tx) => {
      await tx.$executeRaw(Prisma.sql`SELECT pg_advisory_xact_lock(hashtextextended(${`batch-channel:${id}`}, 0))`);
      const [row] = await tx.$queryRaw<{ record: Channel }[]>(
        Prisma.sql`SELECT record FROM batch_channels WHERE channel_id = ${id}`,
      );
      const current = row?.record;
      const next = update(current);
      if (next === current) return { channel: current, status: "unchanged" as const };
      if (!next) {
        if (current) await tx.$executeRaw(Prisma.sql`DELETE FROM batch_channels WHERE channel_id = ${id}`);
        return { channel: undefined, status: current ? ("deleted" as const) : ("unchanged" as const) };
      }
      await tx.$executeRaw(Prisma.sql`
        INSERT INTO batch_channels (channel_id, record, updated_at) VALUES (${id}, ${JSON.stringify(next)}::jsonb, now())
        ON CONFLICT (channel_id) DO UPDATE SET record = EXCLUDED.record, updated_at = now()`);
      return { channel: next, status: "updated" as const };
    });
  },
};
