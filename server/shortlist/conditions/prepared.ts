// A requirement read once per request: its words, names, numbers, polarity and (when the
// embedder is available) its sentence vector, so checking it against 40 services stays cheap.
import { negatedRequirement } from "./polarity";
import { quantities, type Quantity } from "./quantities";
import { contentWords, names } from "./text";

export interface PreparedRequirement {
  text: string;
  words: string[];
  names: string[];
  quantities: Quantity[];
  negated: boolean;
  vector?: Float32Array;
}

export function prepareText(text: string, vector?: Float32Array): PreparedRequirement {
  return {
    text,
    words: contentWords(text),
    names: names(text),
    quantities: quantities(text),
    negated: negatedRequirement(text),
    vector,
  };
}
