/** Which agent the picker and the New Session quick pick offer first. */
import assert from "node:assert/strict";
import { preferredAgent } from "../../src/core/preferredAgent";

const demo = { name: "Demo Agent", builtIn: true, bypassed: false };
const claude = { name: "Claude Code", builtIn: false, bypassed: false };
const gemini = { name: "Gemini CLI", builtIn: false, bypassed: false };

describe("the agent offered first", () => {
  it("is the one last started, while it is still defined", () => {
    assert.equal(preferredAgent([demo, claude, gemini], "Gemini CLI"), "Gemini CLI");
    assert.equal(preferredAgent([demo, claude, gemini], "Demo Agent"), "Demo Agent");
    assert.equal(preferredAgent([demo, claude], "Gemini CLI"), "Claude Code", "removed since");
  });

  it("is the person's first own agent, else the Demo Agent", () => {
    assert.equal(preferredAgent([demo, claude, gemini], undefined), "Claude Code");
    assert.equal(preferredAgent([demo], undefined), "Demo Agent");
    assert.equal(preferredAgent([], undefined), undefined);
  });
});
