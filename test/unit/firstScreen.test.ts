import assert from "node:assert/strict";
import { firstScreenEnd } from "../../webview/render/firstScreen";

/** `count` lines `line <i>`, each ended by a line break when `ended`. */
const lines = (count: number, ended = true): string =>
  Array.from({ length: count }, (_, i) => `line ${i}`).join("\n") + (ended ? "\n" : "");

describe("firstScreenEnd (a long code box's first screenful)", () => {
  it("cuts just after the n-th line break, so the first part is n whole lines", () => {
    const text = lines(100);
    const end = firstScreenEnd(text, 34, 1_000_000);
    assert.equal(text.slice(0, end), lines(34));
    assert.equal(text.slice(end), text.slice(lines(34).length));
  });

  it("puts nothing off when the text has no more than n lines", () => {
    for (const text of ["", "one line", lines(34), lines(34, false), lines(10)])
      assert.equal(firstScreenEnd(text, 34, 1_000_000), text.length, JSON.stringify(text.slice(-12)));
    // 35 lines, the last without a break: the cut after the 34th break leaves it for later.
    assert.equal(firstScreenEnd(lines(35, false), 34, 1_000_000), lines(34).length);
  });

  it("cuts at the last line break within the character budget when the first lines are long", () => {
    const long = "x".repeat(3000);
    const text = `${long}\n${long}\n${long}\n${long}\n`;
    assert.equal(firstScreenEnd(text, 34, 8192), 2 * 3001);
    // No line break within the budget: nothing is put off (a cut mid-line could split a character or a sequence).
    assert.equal(firstScreenEnd(`${"y".repeat(9000)}\nrest\n`, 34, 8192), 9006);
  });

  it("never cuts inside a CRLF pair, a surrogate pair or an ANSI colour sequence", () => {
    const text = Array.from({ length: 50 }, (_, i) => `\u001b[3${i % 8}m😀 ${i}\u001b[0m\r\n`).join("");
    const end = firstScreenEnd(text, 34, 1_000_000);
    assert.equal(text[end - 1], "\n");
    assert.equal(text[end - 2], "\r");
    assert.equal(text.slice(0, end).split("\r\n").length - 1, 34);
  });
});
