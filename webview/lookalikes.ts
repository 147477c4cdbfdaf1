/**
 * How text reads to a person, for telling apart what only looks alike: lookalike letters, width forms and case folded,
 * hidden characters dropped, runs of white space one space. Pure, for plain-Node tests.
 */
import { INVISIBLE } from "./hiddenCharacters";

/** Cyrillic and Greek letters drawn like Latin ones ("Rеject" with a Cyrillic "е" reads as "Reject"), and those. */
const LOOKALIKE = "авеѕіјкмнорстухһԁӏԛԝүαβεζηικμνορτυχ";
const LATIN = "abesijkmhopctyxhdlqwyabeznikmvoptux";

/** `text` as it reads: "Claude\u200b Cоde " (a zero-width space, a Cyrillic "о") reads as "claude code". */
export function readingOf(text: string): string {
  return text
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .toLowerCase()
    .replace(/\p{L}/gu, (letter) => LATIN[LOOKALIKE.indexOf(letter)] ?? letter)
    .replace(/\u2019/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}
