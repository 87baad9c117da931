// Nesting depth of client JSON, measured on the raw text before JSON.parse: a 9 KB body can nest
// 4,500 levels, and every recursive walk over it (ours, zod's, JSON.stringify's) then costs
// quadratic time or overflows the stack. One linear scan refuses it before any other work.

/** Arrays and objects nested deeper than this are refused; real request bodies nest 3 or 4. */
export const MAX_JSON_DEPTH = 64;

/** True when `text` opens more than `max` arrays/objects inside one another (brackets inside
 * strings do not count). Linear, no allocation; stops at the first level over the limit. */
export function exceedsJsonDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}
