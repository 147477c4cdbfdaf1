/**
 * Which answer an option's name reads as (`src/shared/optionWords.ts`): a card says what an option does when the agent
 * named it for the opposite answer.
 */
import assert from "node:assert/strict";
import { LIMITS } from "../../src/shared/limits";
import { nameContradictsKind, optionReadsAs, optionShownName } from "../../src/shared/optionWords";

describe("optionWords", () => {
  it("reads the names agents give their options as they mean them", () => {
    for (const name of [
      "Allow",
      "Allow once",
      "Always Allow",
      "Yes",
      "Yes, and don't ask again",
      "OK",
      "Run it",
    ])
      assert.equal(optionReadsAs(name), "allow", name);
    for (const name of [
      "Reject",
      "No",
      "No, keep planning",
      "Never allow edits",
      "Don't",
      "Do not run",
      "Deny",
    ])
      assert.equal(optionReadsAs(name), "reject", name);
    for (const name of ["Once", "Always", "O", "Plan mode", ""])
      assert.equal(optionReadsAs(name), undefined, name);
  });

  it('reads other forms of the words, so an allowing option named "Rejected" or "Denied" is caught', () => {
    for (const name of [
      "Rejected",
      "Denied",
      "Declined",
      "Cancelled",
      "Refused",
      "Keep blocked",
      "Stopped",
      "Vetoed",
    ]) {
      assert.equal(optionReadsAs(name), "reject", name);
      assert.equal(nameContradictsKind(name, "allow"), true, name);
    }
    for (const name of ["Disapprove", "Forbidden", "Declining", "Skipping it"])
      assert.equal(optionReadsAs(name), "reject", name);
    for (const name of ["Approved", "Allowed", "Accepted", "Proceeding", "Running it", "Permitted", "Agreed"])
      assert.equal(optionReadsAs(name), "allow", name);
    for (const name of ["Notes", "Nodes", "Needs review", "Once"])
      assert.equal(optionReadsAs(name), undefined, name);
  });

  it("sees through lookalike letters, hidden characters, width forms and curly apostrophes", () => {
    assert.equal(optionReadsAs("R\u0435ject"), "reject", "Cyrillic е");
    assert.equal(optionReadsAs("Re\u200bject"), "reject", "a zero-width space");
    assert.equal(optionReadsAs("\uff32\uff45\uff4a\uff45\uff43\uff54"), "reject", "fullwidth letters");
    assert.equal(optionReadsAs("Don\u2019t run"), "reject");
    assert.equal(optionReadsAs("\u0410llow"), "allow", "Cyrillic А");
  });

  it("sees through every character that renders as nothing, format controls and variation selectors included", () => {
    // Default-ignorable characters a browser draws as nothing: "Re\u206aject" on a card reads "Reject".
    for (const hidden of [
      "\u206a",
      "\u206f",
      "\u2065",
      "\ufe00",
      "\ufe0f",
      "\u180b",
      "\u{1d173}",
      "\u{1bca0}",
      "\u{e0080}",
    ]) {
      const name = `Re${hidden}ject`;
      assert.equal(optionReadsAs(name), "reject", `U+${hidden.codePointAt(0)!.toString(16)}`);
      assert.equal(nameContradictsKind(name, "allow"), true, `U+${hidden.codePointAt(0)!.toString(16)}`);
    }
  });

  it("reads Cherokee letters drawn as Latin capitals as those capitals, in their small forms too", () => {
    assert.equal(optionReadsAs("\u13aa\u13de\u13deow"), "allow", "Cherokee A, L, L: ALLow");
    assert.equal(nameContradictsKind("\u13aa\u13de\u13deow", "reject"), true);
    assert.equal(optionReadsAs("\uab7a\uabae\uabaeow"), "allow", "their small letters");
    assert.equal(optionReadsAs("\u13a1\u13ac\u13ab\u13ac\u13df\u13a2"), "reject", "REJECT, all Cherokee");
    assert.equal(optionReadsAs("\u13a0\u13ac\u13c1\u13bd"), undefined, "a letter drawn unlike any Latin one");
  });

  it("reads Lisu letters, Coptic ones and Greek's lunate sigma drawn as Latin ones as those letters", () => {
    assert.equal(optionReadsAs("\ua4ee\ua4e1\ua4e1\ua4f3\ua4ea"), "allow", "Lisu A, L, L, O, W: ALLOW");
    assert.equal(nameContradictsKind("\ua4ee\ua4e1\ua4e1\ua4f3\ua4ea", "reject"), true);
    assert.equal(optionReadsAs("\ua4e0\ua4f3"), "reject", "Lisu N, O: NO");
    assert.equal(optionReadsAs("\u03f2ancel"), "reject", "a lunate sigma: cancel");
    assert.equal(nameContradictsKind("\u03f2ancel", "allow"), true);
    assert.equal(optionReadsAs("\u03f9ANCEL"), "reject", "a capital lunate sigma: CANCEL");
    assert.equal(nameContradictsKind("\u03f9ancel", "allow"), true);
    assert.equal(optionReadsAs("\u2c9fk"), "allow", "a Coptic o: ok");
  });

  it("reads a capital lookalike by the capital it looks like, not by its small letter", () => {
    // Greek Nu, Eta and Upsilon are drawn as N, H and Y, but their small letters as v, n and u.
    assert.equal(optionReadsAs("\u039do"), "reject", "Greek Nu: No");
    assert.equal(optionReadsAs("\u039d\u039f"), "reject", "Greek Nu and Omicron: NO");
    assert.equal(optionReadsAs("\u039dever allow"), "reject", "Greek Nu: Never allow");
    assert.equal(optionReadsAs("DEN\u03a5"), "reject", "Greek Upsilon: DENY");
    assert.equal(nameContradictsKind("\u039do", "allow"), true);
    assert.equal(optionReadsAs("\u03bdo"), undefined, "a small nu reads as the v it looks like");
    // Small capitals (IPA letters, which NFKC leaves as they are) read as the capitals they look like.
    assert.equal(optionReadsAs("\u0274\u1d0f"), "reject", "small capitals: NO");
    assert.equal(optionReadsAs("\u0280\u1d07\u1d0a\u1d07\u1d04\u1d1b"), "reject", "small capitals: REJECT");
    // Armenian and Latin letters drawn as a, i, n and o.
    assert.equal(optionReadsAs("N\u0585"), "reject", "Armenian oh: No");
    assert.equal(optionReadsAs("De\u0578y"), "reject", "Armenian vo: Deny");
    assert.equal(optionReadsAs("D\u0131smiss"), "reject", "dotless i: Dismiss");
    assert.equal(optionReadsAs("Sk\u0269p"), "reject", "Latin iota: Skip");
    assert.equal(optionReadsAs("C\u0251ncel"), "reject", "Latin alpha: Cancel");
    assert.equal(optionReadsAs("Ab\u0585rt"), "reject", "Armenian oh: Abort");
  });

  it("reads only the part of a name a card shows, so a name of megabytes costs no more than a short one", () => {
    const shown = LIMITS.optionNameChars;
    assert.equal(optionReadsAs(`${"x".repeat(shown - 7)} Reject`), "reject", "the last word shown");
    assert.equal(optionReadsAs(`${"x ".repeat(shown)}Reject`), undefined, "a word past what is shown");
    assert.equal(optionReadsAs(`${"Reject ".repeat(1_000_000)}`), "reject");
  });

  it("reads a name with a yes and a no as both, so an allowing option cannot be named to read as a refusal", () => {
    // Each is an allowing option's name a person reads as a no, or may: the first word alone would call it a yes.
    for (const name of [
      "Confirm: Reject",
      "OK, deny",
      "Proceed to deny",
      "Yes \u2014 cancel this",
      "Allow, no",
      "\u02b8 Deny",
      "Don't deny, reject",
    ]) {
      assert.equal(optionReadsAs(name), "both", name);
      assert.equal(nameContradictsKind(name, "allow"), true, name);
      assert.equal(optionShownName(name, "allow"), `Allow: ${name}`, name);
    }
    // And a rejecting option named to read as a yes.
    for (const name of ["No: Allow", "Cancel, approve", "Deny: Proceed"])
      assert.equal(optionShownName(name, "reject"), `Reject: ${name}`, name);
    // A negator turns the answer after it round, and qualifies a word of neither only after the name has answered.
    assert.equal(optionReadsAs("Never deny"), "allow");
    assert.equal(optionShownName("Never deny", "reject"), "Reject (the agent calls it “Never deny”)");
    assert.equal(optionReadsAs("Don't allow"), "reject");
    assert.equal(optionShownName("Do not allow", "reject"), "Do not allow");
    // The names real agents give keep their words.
    for (const name of [
      "Yes, and don't ask again for commands that start with npm test",
      "Yes, and don't ask again for Bash(npm test:*) commands",
      "Yes, and auto-accept edits",
      "Allow always, never ask again",
    ])
      assert.equal(optionShownName(name, "allow"), name, name);
    for (const name of [
      "No, and tell Codex what to do differently",
      "No, keep planning",
      "Never allow edits",
    ])
      assert.equal(optionShownName(name, "reject"), name, name);
  });

  it("flags an allowing option named as a refusal and a rejecting one named as a yes, nothing else", () => {
    assert.equal(nameContradictsKind("Reject", "allow"), true);
    assert.equal(nameContradictsKind("Allow", "reject"), true);
    assert.equal(nameContradictsKind("Allow", "allow"), false);
    assert.equal(nameContradictsKind("Reject", "reject"), false);
    assert.equal(nameContradictsKind("Once", "allow"), false);
    assert.equal(
      nameContradictsKind("Reject", "neutral"),
      false,
      "what a neutral option does is the agent's",
    );
  });

  it("names an option by what it does first wherever its name does not say it, in any language or none", () => {
    // Read as their kind: shown as the agent names them.
    assert.equal(optionShownName("Allow once", "allow"), "Allow once");
    assert.equal(optionShownName("No, keep planning", "reject"), "No, keep planning");
    assert.equal(optionShownName("Ask my reviewer", "neutral"), "Ask my reviewer");
    // A question card's or a form's Submit sends the answers: a yes.
    assert.equal(optionShownName("Submit", "allow"), "Submit");
    // The opposite.
    assert.equal(optionShownName("Reject", "allow"), "Allow (the agent calls it “Reject”)");
    assert.equal(optionShownName("Submit", "reject"), "Reject (the agent calls it “Submit”)");
    // Neither: what the button does comes first.
    for (const name of ["Quit", "Nein", "Нет", "いいえ", "✗", "Keep planning"])
      assert.equal(optionShownName(name, "allow"), `Allow: ${name}`, name);
    for (const name of ["Apply", "Go ahead", "Ja", "はい", "👍"])
      assert.equal(optionShownName(name, "reject"), `Reject: ${name}`, name);
    assert.equal(optionShownName("  ", "allow"), "Allow");
    // A kind the ACP does not name does what the agent decides, whatever its name says.
    assert.equal(optionShownName("Reject", "neutral"), "Agent's own answer: Reject");
    assert.equal(optionShownName("Allow", "neutral"), "Agent's own answer: Allow");
  });
});
