// The list form's body excerpt: cut at a word, ending with an ellipsis, never inside a character.
import { describe, expect, it } from "vitest";
import { isStorableText } from "@/server/input/storable-text";
import { excerpt, LIST_BODY_CHARS } from "./review-record";

describe("excerpt", () => {
  it("keeps short bodies and cuts long ones at a word with an ellipsis", () => {
    expect(excerpt("Fast and cheap.")).toBe("Fast and cheap.");
    const long = "word ".repeat(100);
    const cut = excerpt(long);
    expect(cut.endsWith("word…")).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(LIST_BODY_CHARS + 1);
  });

  it("never ends in half of a surrogate pair (an emoji straddling the limit)", () => {
    for (const before of [LIST_BODY_CHARS - 1, LIST_BODY_CHARS - 2, LIST_BODY_CHARS]) {
      const body = "a".repeat(before) + "😀".repeat(20);
      const cut = excerpt(body);
      expect(isStorableText(cut), `${before} characters before the emoji`).toBe(true);
      expect(cut.endsWith("…")).toBe(true);
      expect(body.startsWith(cut.slice(0, -1))).toBe(true);
    }
  });
});
