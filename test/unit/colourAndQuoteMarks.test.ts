// What a card shows of escapes and quotes in a command: what the shell reads, not a cleaned-up reading of it.
import * as assert from "node:assert/strict";
import {
  COMMAND_HIDDEN,
  describeCharacter,
  hasHiddenCharacters,
  OUTPUT_HIDDEN,
  PROSE_HIDDEN,
  visibleText,
} from "../../webview/hiddenCharacters";

describe("colour codes and typographic quotes", () => {
  it("keeps a command's escape sequences as marked text: `ESC[;m` took the shell's `;` with it", () => {
    // bash runs `echo Build finished<ESC>[` and then `make`; stripped, the card read "echo Build finishedake".
    for (const [command, shown] of [
      ["echo Build finished\u001b[;make", "echo Build finished\u241b[;make"],
      ["git status\u001b[;mv src old", "git status\u241b[;mv src old"],
      ["ls -la\u009b;make", "ls -la<U+009B>;make"],
    ]) {
      assert.equal(visibleText(command!), shown);
      assert.equal(visibleText(command!, COMMAND_HIDDEN), shown);
      assert.ok(hasHiddenCharacters(command!, COMMAND_HIDDEN), command);
    }
  });

  it("still takes the colours out of terminal output and the agent's prose, which only colour them", () => {
    const output = "\u001b[32m✓ 12 passing\u001b[0m";
    assert.equal(visibleText(output, OUTPUT_HIDDEN), "✓ 12 passing");
    assert.equal(visibleText(output, PROSE_HIDDEN), "✓ 12 passing");
    assert.equal(
      hasHiddenCharacters(output, OUTPUT_HIDDEN),
      true,
      "the colour codes are still said to be there",
    );
    // Anything else an escape starts stays marked there too.
    assert.equal(visibleText("a\u001b[2Jb", OUTPUT_HIDDEN), "a\u241b[2Jb");
  });

  it("marks typographic quotes in a command, which the shell reads as letters, and says so", () => {
    // Reads as one echo of a quoted message; runs `git push origin HEAD:main`, the closing quote commented out.
    for (const command of [
      "echo “Done; git push origin HEAD:main #”",
      "echo ‘All checks passed; npm run release #’",
    ]) {
      assert.equal(hasHiddenCharacters(command, COMMAND_HIDDEN), true, command);
      assert.equal(hasHiddenCharacters(command), false, "prose and titles keep their quotes unmarked");
      assert.equal(visibleText(command, COMMAND_HIDDEN), command, "shown as they are, highlighted");
    }
    assert.equal(
      describeCharacter("“"),
      "Typographic quote U+201C: the shell reads it as a letter, not as a quote",
    );
    assert.equal(hasHiddenCharacters('echo "Done"; ls', COMMAND_HIDDEN), false);
    // Every other mark drawn as a quote: Hebrew's gershayim, modifier letters, ornaments, ideographic and wide ones.
    for (const quote of "\u00b4\u02b9\u02ba\u02ee\u05f3\u05f4\u2035\u2036\u275b\u275e\u3003\u301d\u301e\ua78c\uff40")
      assert.equal(hasHiddenCharacters(`echo ${quote}Done; git push #${quote}`, COMMAND_HIDDEN), true, quote);
  });
});
