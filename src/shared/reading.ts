/**
 * How text reads to a person, for telling apart what only looks alike: lookalike letters, width forms and case folded,
 * hidden characters dropped, runs of white space one space; and which characters are hidden. Pure: the host and the
 * webview read option names and tab labels alike.
 */
/**
 * Characters shown as markers. Newline and tab stay as they are (they are visible in monospace pre-wrap text).
 * C0 and C1 controls, DEL, ALM, MVS, zero-width and directional marks, line/paragraph separators, bidi embeddings,
 * overrides and isolates, word joiner and invisible operators, BOM, interlinear annotations, Unicode tags; and what
 * renders as nothing though it is no control: the soft hyphen, the combining grapheme joiner, Hangul fillers, Khmer's
 * inherent vowels, the deprecated format characters (U+206A…), the shorthand and musical format controls and the whole
 * tag and supplementary variation selector block (U+E0000…U+E0FFF). The variation selectors U+FE00…U+FE0F and
 * Mongolian's free ones are left as they are: emoji, CJK and Mongolian text need them (`readingOf` drops them).
 */
export const INVISIBLE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff0-\ufffb]|\ud82f[\udca0-\udca3]|\ud834[\udd73-\udd7a]|[\udb40-\udb43][\udc00-\udfff]/g;

/** Every character a browser draws as nothing, for comparing how texts read (not for marking: see `INVISIBLE`). */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * Cyrillic, Greek (the lunate sigma "ϲ" as NFKC makes it, "ς") and Coptic letters drawn like Latin ones ("Rеject" with
 * a Cyrillic "е" reads as "Reject"), and those; then the small capitals ("ɴᴏ" reads as "NO"), which NFKC leaves as they
 * are; then Armenian's and Latin's own (օ, ո, ս, հ; dotless ı, ɩ, ɑ, ɡ).
 */
const LOOKALIKE = "авеѕіјкмнорстухһԁӏԛԝүαβεζηικμνορτυχςϳⲟⲣⲥⲭᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘꞯʀꜱᴛᴜᴠᴡʏᴢօոսհıɩɑɡ";
const LATIN = "abesijkmhopctyxhdlqwyabeznikmvoptuxcjopcxabcdefghijklmnopqrstuvwyzonuhiiag";
/**
 * Capitals drawn like Latin ones whose small letters are not, read before case is folded: Greek Eta, Nu and Upsilon
 * ("Νo" with a Greek Nu reads as "no", where its small letter would make it "vo"); and the Cherokee letters drawn as
 * Latin ones ("ᎪᏞᏞow" reads as "allow"), whose small forms read as their capitals; and Lisu's, which has no small ones
 * ("ꓮꓡꓡꓳꓪ" reads as "allow").
 */
const CAPITAL_LOOKALIKE = "\u0397\u039d\u03a5ᎠᎡᎢᎥᎩᎪᎫᎬᎳᎷᎻᎽᏀᏂᏃᏏᏔᏕᏙᏚᏞᏟᏢᏦᏧᏴꓐꓑꓓꓔꓖꓗꓙꓚꓜꓝꓟꓠꓡꓢꓣꓦꓧꓪꓫꓬꓮꓰꓲꓳꓴ";
const CAPITAL_LATIN = "HNYDRTiYAJEWMHYGhZbWSVSLCPKdBBPDTGKJCZFMNLSRVHWXYAEIOU";

/**
 * Printable ASCII, tabs and newlines: nothing in it is hidden, folded by NFKC or drawn like another letter, so it reads
 * as its lower case with white space run together (every option an agent names, on each request it sends).
 */
const PLAIN_ASCII = /^[\x20-\x7e\t\n]*$/;

/** `text` as it reads: "Claude\u200b Cоde " (a zero-width space, a Cyrillic "о") reads as "claude code". */
export function readingOf(text: string): string {
  if (PLAIN_ASCII.test(text)) return text.toLowerCase().replace(/\s+/g, " ").trim();
  return readingOfAny(text);
}

/** `readingOf` without its shortcut for plain ASCII (exported for the test that holds them equal). */
export function readingOfAny(text: string): string {
  // The capital lunate sigma "Ϲ" is drawn as "C": NFKC makes it "Σ", drawn unlike any Latin letter.
  return text
    .replace(/\u03f9/g, "C")
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .replace(IGNORABLE, "")
    .replace(/\p{sc=Cher}/gu, (letter) => letter.toUpperCase())
    .replace(/\p{L}/gu, (letter) => CAPITAL_LATIN[CAPITAL_LOOKALIKE.indexOf(letter)] ?? letter)
    .toLowerCase()
    .replace(/\p{L}/gu, (letter) => LATIN[LOOKALIKE.indexOf(letter)] ?? letter)
    .replace(/\u2019/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}
