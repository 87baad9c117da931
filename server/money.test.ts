import { describe, expect, it } from "vitest";
import { atomicToUsd, priceLimitAtomic, usdNumberToAtomicFloor, usdToAtomic } from "./money";

describe("money", () => {
  it("turns a price limit into atomic units no offer price can exceed, whatever its size", () => {
    expect(priceLimitAtomic(0)).toBe(0);
    expect(priceLimitAtomic(0.01)).toBe(10_000);
    expect(priceLimitAtomic(2147.483647)).toBe(2_147_483_647);
    for (const huge of [5000, 1e6, 1e13, 1e300]) expect(priceLimitAtomic(huge)).toBe(2_147_483_647);
  });
  it("parses decimal USD text into atomic units", () => {
    expect(usdToAtomic("0.0005")).toBe(500);
    expect(usdToAtomic("0.50")).toBe(500_000);
    expect(usdToAtomic("10")).toBe(10_000_000);
    expect(usdToAtomic("0.000001")).toBe(1);
  });
  it("rejects malformed or over-precise amounts", () => {
    for (const bad of ["", "-1", "1e3", "0.0000001", "abc", "1.2.3"]) expect(() => usdToAtomic(bad)).toThrow();
  });
  it("formats atomic units as decimal text with at least two decimals", () => {
    expect(atomicToUsd(500)).toBe("0.0005");
    expect(atomicToUsd(1000)).toBe("0.001");
    expect(atomicToUsd(500_000)).toBe("0.50");
    expect(atomicToUsd(10_000_000)).toBe("10.00");
    expect(atomicToUsd(49_000_000n)).toBe("49.00");
  });
  it("round-trips", () => {
    for (const a of [1, 7, 500, 1000, 123456, 500_000, 99_999_999]) expect(usdToAtomic(atomicToUsd(a))).toBe(a);
  });
  it("floors a USD number filter to atomic units without float drift", () => {
    expect(usdNumberToAtomicFloor(0.01)).toBe(10_000);
    expect(usdNumberToAtomicFloor(0.0005)).toBe(500);
    expect(usdNumberToAtomicFloor(0.29)).toBe(290_000);
    expect(usdNumberToAtomicFloor(0)).toBe(0);
  });
});
