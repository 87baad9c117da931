// The gate proxy.ts asks before rendering a page: a real database, a closed port, and a server
// that accepts connections and never answers (the case that would otherwise hang a page).
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "@/test/free-port";
import { createDatabaseGate } from "./database-gate";

const silent = net.createServer((socket) => socket.resume()); // accepts and reads, never speaks
await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
const silentPort = (silent.address() as net.AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => silent.close(() => resolve())));

describe("createDatabaseGate", () => {
  it("is open while the database answers", async () => {
    const gate = createDatabaseGate(process.env.DATABASE_URL);
    expect(await gate.reachable()).toBe(true);
    expect(await gate.reachable()).toBe(true);
    await gate.close();
  });

  it("closes at once on a refused connection, and stays closed for the hold-down without asking again", async () => {
    const gate = createDatabaseGate(`postgresql://postgres:postgres@127.0.0.1:${await freePort()}/x`, {
      holdDownMs: 60_000,
    });
    let started = performance.now();
    expect(await gate.reachable()).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
    started = performance.now();
    expect(await Promise.all(Array.from({ length: 50 }, () => gate.reachable()))).toEqual(Array(50).fill(false));
    expect(performance.now() - started).toBeLessThan(50);
    await gate.close();
  });

  it("closes within its bound when the database accepts and never answers, for every waiting caller", async () => {
    const gate = createDatabaseGate(`postgresql://postgres:postgres@127.0.0.1:${silentPort}/x`, { timeoutMs: 300 });
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 20 }, () => gate.reachable()));
    const elapsed = performance.now() - started;
    expect(answers).toEqual(Array(20).fill(false));
    expect(elapsed).toBeGreaterThanOrEqual(290);
    // One bound for all twenty, not twenty bounds queued one after another on the one connection.
    expect(elapsed).toBeLessThan(1500);
    await gate.close();
  });

  it("opens again after the hold-down once the database answers", async () => {
    // A TCP relay to the real database that refuses connections until it is switched on.
    const target = new URL(process.env.DATABASE_URL!);
    let relaying = false;
    const relay = net.createServer((client) => {
      if (!relaying) return client.destroy();
      const upstream = net.connect(Number(target.port), target.hostname);
      client.pipe(upstream).pipe(client);
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
    const url = new URL(target);
    url.port = String((relay.address() as net.AddressInfo).port);
    // Over TCP to the relay: the embedded cluster's URL also names its Unix socket, which would bypass it.
    url.searchParams.delete("host");
    const gate = createDatabaseGate(url.toString(), { holdDownMs: 200 });
    expect(await gate.reachable()).toBe(false);
    relaying = true;
    expect(await gate.reachable()).toBe(false); // still held down
    await new Promise((r) => setTimeout(r, 250));
    expect(await gate.reachable()).toBe(true);
    await gate.close();
    await new Promise<void>((resolve) => relay.close(() => resolve()));
  });
});
