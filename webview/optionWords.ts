/**
 * Which answer an option's name reads as. An agent names its options, and may name one that allows "Reject" (or one
 * that rejects "Allow"): a person reads the words before the icon, so the card says what such an option does.
 * Pure, for plain-Node tests.
 */
import { INVISIBLE } from "./hiddenCharacters";

/** Words that answer yes or no; the first of them in a name decides ("Always allow", "No, keep planning"). */
const ALLOW_WORDS = new Set([
  "allow",
  "approve",
  "accept",
  "yes",
  "y",
  "ok",
  "okay",
  "permit",
  "proceed",
  "run",
  "confirm",
  "continue",
  "grant",
  "sure",
]);
const REJECT_WORDS = new Set([
  "reject",
  "deny",
  "decline",
  "refuse",
  "disallow",
  "no",
  "n",
  "nope",
  "not",
  "don't",
  "dont",
  "never",
  "cancel",
  "stop",
  "abort",
  "block",
  "skip",
  "dismiss",
]);

/** Cyrillic and Greek letters drawn like Latin ones: "Rеject" with a Cyrillic "е" reads as "Reject". */
const LOOKALIKES: Readonly<Record<string, string>> = {
  а: "a",
  в: "b",
  е: "e",
  ѕ: "s",
  і: "i",
  ј: "j",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  һ: "h",
  ԁ: "d",
  ӏ: "l",
  ԛ: "q",
  ԝ: "w",
  ү: "y",
  α: "a",
  β: "b",
  ε: "e",
  ζ: "z",
  η: "n",
  ι: "i",
  κ: "k",
  μ: "m",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
};

/** "allow" or "reject" when the name's first yes-or-no word says so; undefined when it says neither. */
export function optionReadsAs(name: string): "allow" | "reject" | undefined {
  const folded = name
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .toLowerCase()
    .replace(/\p{L}/gu, (letter) => LOOKALIKES[letter] ?? letter)
    .replace(/\u2019/g, "'");
  for (const [word] of folded.matchAll(/[\p{L}']+/gu)) {
    if (ALLOW_WORDS.has(word)) return "allow";
    if (REJECT_WORDS.has(word)) return "reject";
  }
  return undefined;
}

/** Whether an allowing option's name reads as a refusal, or a rejecting one's as a yes. */
export function nameContradictsKind(name: string, kindClass: "allow" | "reject" | "neutral"): boolean {
  const readsAs = optionReadsAs(name);
  return kindClass !== "neutral" && readsAs !== undefined && readsAs !== kindClass;
}
