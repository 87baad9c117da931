import { describe, expect, it } from "vitest";
import { formatAge, usdTick } from "./dashboard-format";

describe("dashboard labels", () => {
  it("gives revenue ticks two significant digits and a dollar sign", () => {
    expect([0, 0.00075, 0.00225, 0.003, 1.25, 1500.4].map(usdTick)).toEqual([
      "$0",
      "$0.00075",
      "$0.0022", // 0.00225 is a hair under in binary
      "$0.003",
      "$1.3",
      "$1500",
    ]);
  });

  it("says an age to the unit that matters", () => {
    expect([45, 95, 7200, 190000].map(formatAge)).toEqual(["45 s", "1 min", "2 h", "2 d 4 h"]);
  });
});
