/**
 * How text reads to a person, for telling apart what only looks alike: lookalike letters, width forms and case folded,
 * hidden characters dropped, runs of white space one space. Pure, for plain-Node tests.
 */
import { INVISIBLE } from "./hiddenCharacters";

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

/** `text` as it reads: "Claude\u200b Cоde " (a zero-width space, a Cyrillic "о") reads as "claude code". */
export function readingOf(text: string): string {
  return text
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .toLowerCase()
    .replace(/\p{L}/gu, (letter) => LOOKALIKES[letter] ?? letter)
    .replace(/\u2019/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}
