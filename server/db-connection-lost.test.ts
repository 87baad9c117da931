// A connection of the shared pool terminated while checked out and idle between statements (how a
// PostgreSQL restart meets a lock holder or a Prisma transaction): pg emits the error on the client,
// and an unheard 'error' event would end the whole process. It must only fail that connection.
import { describe, expect, inject, it } from "vitest";
import { withClient } from "@/scripts/lib/embedded-postgres";
import { checkoutConnection, sqlQuery } from "./db";
import { Prisma } from "./generated/prisma/client";

describe("a connection lost while checked out", () => {
  it("does not crash the process; the holder's next query fails and the pool goes on", async () => {
    const client = await checkoutConnection();
    const [{ pid }] = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows as [{ pid: number }];
    await withClient(inject("pgAdminUrl"), (admin) => admin.query("SELECT pg_terminate_backend($1)", [pid]));
    await new Promise((r) => setTimeout(r, 300)); // the termination reaches the idle client
    await expect(client.query("SELECT 1")).rejects.toThrow();
    client.release(new Error("terminated"));
    expect(await sqlQuery<{ one: number }>(Prisma.sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });
});
