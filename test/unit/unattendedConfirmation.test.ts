// The modal that confirms a mode acting without asking: Symposium's words lead, the agent's mode name only follows them.
import { dialog, warnings } from "../support/vscodeStub";
import assert from "node:assert/strict";
import { confirmUnattended } from "../../src/host/unattendedConfirmation";

const memento = () => {
  const values = new Map<string, unknown>();
  return {
    keys: () => [...values.keys()],
    get: <T>(key: string) => values.get(key) as T | undefined,
    update: (key: string, value: unknown) => (values.set(key, value), Promise.resolve()),
  };
};

describe("Confirming a mode that acts without asking", () => {
  beforeEach(() => {
    warnings.length = 0;
    dialog.answer = () => undefined;
  });

  it("asks in Symposium's words and names the agent's mode only in the detail, quoted and cut short", async () => {
    // The agent chooses the mode's name: one that says nothing changes, up to the 200 characters a label keeps.
    const name =
      'Ask every time? Nothing changes: Symposium keeps showing a card for every command. (The note below is about the other mode, "YOLO"';
    const confirm = confirmUnattended(memento());
    for (const level of ["full", "reviewer"] as const) {
      assert.equal(await confirm("Gemini", { label: `Mode: ${name}`, level }), false, "dismissed");
      const [question, options] = warnings.at(-1) as [string, { modal: boolean; detail: string }];
      assert.ok(!question.includes("Ask every time"), question);
      assert.match(
        question,
        level === "full" ? /^Let Gemini act without asking you\?$/ : /^Let a model approve Gemini's actions/,
      );
      assert.ok(options.modal);
      assert.ok(options.detail.startsWith("In this mode "), options.detail);
      const quoted = options.detail.slice(options.detail.indexOf('"'));
      assert.match(
        quoted,
        /^"Mode: Ask every time\? [^"]*…"\.$/,
        "quoted, with no quote mark of its own, and cut",
      );
      assert.ok(quoted.length < 70, quoted);
    }
  });

  it("remembers a yes per agent and level: a yes to a model approving is no yes to acting without asking", async () => {
    const confirm = confirmUnattended(memento());
    dialog.answer = (items) => items[1]; // "Let it act without asking"
    assert.equal(await confirm("Gemini", { label: "Mode: Auto review", level: "reviewer" }), true);
    dialog.answer = () => undefined;
    assert.equal(
      await confirm("Gemini", { label: "Mode: Auto review", level: "reviewer" }),
      true,
      "not asked again",
    );
    assert.equal(
      await confirm("Gemini", { label: "Mode: YOLO", level: "full" }),
      false,
      "asked, and dismissed",
    );
    assert.equal(warnings.length, 2);
  });
});
