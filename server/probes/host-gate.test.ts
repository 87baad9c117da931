// The per-host gate: a cap on probes at once and a spacing between starts, per host, on a fake clock.
import { describe, expect, it } from "vitest";
import { HostGate } from "./host-gate";

describe("HostGate", () => {
  it("spaces the starts of one host and holds it at its cap; other hosts are not held", () => {
    let now = 1_000;
    const gate = new HostGate(2, 250, () => now);
    expect(gate.waitFor("a")).toBe(0);
    gate.start("a");
    expect(gate.waitFor("a")).toBe(250);
    expect(gate.waitFor("b")).toBe(0);
    now += 100;
    expect(gate.waitFor("a")).toBe(150);
    now += 150;
    gate.start("a");
    now += 1_000;
    expect(gate.waitFor("a")).toBe(Infinity); // two in flight
    gate.finish("a");
    expect(gate.waitFor("a")).toBe(0);
  });

  it("forgets a host once it is idle and its spacing has passed", () => {
    let now = 0;
    const gate = new HostGate(1, 250, () => now);
    gate.start("a");
    now += 100;
    gate.finish("a");
    expect(gate.waitFor("a")).toBe(150); // still spaced after finishing early
    now += 200;
    gate.sweep();
    expect(gate.waitFor("a")).toBe(0);
    expect((gate as unknown as { hosts: Map<string, unknown> }).hosts.size).toBe(0);
  });
});
