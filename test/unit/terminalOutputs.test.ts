import assert from "node:assert/strict";
import { appendOutput, TerminalOutputs } from "../../src/core/terminalOutputs";
import { LIMITS } from "../../src/shared/limits";

const write = (store: TerminalOutputs, id: string, text: string) =>
  store.update(id, (state) => {
    state.output = "";
    state.truncated = false;
    appendOutput(state, text);
  });

describe("TerminalOutputs", () => {
  it("past its budget the least recently updated terminals give up their output, not their exit status", () => {
    const store = new TerminalOutputs(10, 100);
    write(store, "a", "aaaa");
    store.update("a", (state) => (state.exitCode = 0));
    write(store, "b", "bbbb");
    write(store, "c", "cccc");
    assert.deepEqual(store.get("a"), { output: "", truncated: true, exitCode: 0 }, "no longer kept");
    assert.deepEqual(store.get("b"), { output: "bbbb", truncated: false });
    write(store, "b", "bbbbb");
    write(store, "d", "dd");
    assert.equal(store.get("c")?.output, "", "c was updated before b: it goes first");
    assert.equal(store.get("b")?.output, "bbbbb");
  });

  it("keeps the newest terminal whole even when it alone is over the budget", () => {
    const store = new TerminalOutputs(3, 100);
    write(store, "a", "aa");
    write(store, "b", "bbbbb");
    assert.equal(store.get("a")?.output, "");
    assert.equal(store.get("b")?.output, "bbbbb");
  });

  it("past its number of terminals the least recently updated are forgotten", () => {
    const store = new TerminalOutputs(1_000, 2);
    write(store, "a", "a");
    write(store, "b", "b");
    write(store, "a", "a2");
    write(store, "c", "c");
    assert.equal(store.get("b"), undefined);
    assert.equal(store.get("a")?.output, "a2");
    assert.equal(store.get("c")?.output, "c");
  });

  it("appends keeping the tail of LIMITS.terminalOutputChars, marked truncated", () => {
    const state = { output: "", truncated: false };
    appendOutput(state, "x".repeat(LIMITS.terminalOutputChars - 1));
    assert.equal(state.truncated, false);
    appendOutput(state, "yz");
    assert.equal(state.output.length, LIMITS.terminalOutputChars);
    assert.ok(state.output.endsWith("xyz"));
    assert.equal(state.truncated, true);
  });
});
