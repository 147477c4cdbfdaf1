import assert from "node:assert/strict";
import { MAX_RAW_CHARS, MAX_RAW_TOOL_CALL_CHARS, RawToolCalls } from "../../src/acp/rawToolCalls";

describe("RawToolCalls size cap", () => {
  it("keeps a tool call whose JSON is at the cap and remembers a larger one as lost", () => {
    const calls = new RawToolCalls();
    const call = (toolCallId: string, extra: number) => {
      const base = { sessionUpdate: "tool_call", toolCallId, rawInput: { content: "" } };
      const room = MAX_RAW_TOOL_CALL_CHARS - JSON.stringify({ toolCallId, rawInput: { content: "" } }).length;
      return { ...base, rawInput: { content: "x".repeat(room + extra) } };
    };
    calls.noteUpdate(call("at-cap", 0));
    calls.noteUpdate(call("over", 1));
    assert.equal(calls.get("at-cap").state, "kept");
    assert.equal(calls.get("over").state, "lost");
  });

  it("a 7 MB raw input of 73k small objects is lost, as a 7 MB string is", () => {
    const calls = new RawToolCalls();
    const files = Array.from({ length: 73_400 }, (_, i) => ({
      path: `src/f${i}.ts`,
      content: "y".repeat(70),
    }));
    calls.noteUpdate({ sessionUpdate: "tool_call", toolCallId: "objects", rawInput: { files } });
    calls.noteUpdate({
      sessionUpdate: "tool_call",
      toolCallId: "string",
      rawInput: "x".repeat(7 * 1024 * 1024),
    });
    assert.equal(calls.get("objects").state, "lost");
    assert.equal(calls.get("string").state, "lost");
  });
});

describe("RawToolCalls memory", () => {
  it("keeps the newest tool calls within MAX_RAW_CHARS; older ones are remembered as lost, so a request about one asks", () => {
    const calls = new RawToolCalls();
    const size = MAX_RAW_TOOL_CALL_CHARS - 100;
    const count = Math.ceil(MAX_RAW_CHARS / size) + 5;
    for (let i = 0; i < count; i++)
      calls.noteUpdate({
        sessionUpdate: "tool_call",
        toolCallId: `big-${i}`,
        rawInput: "x".repeat(size - 50),
      });
    const kept = Array.from({ length: count }, (_, i) => calls.get(`big-${i}`).state);
    assert.equal(kept.at(-1), "kept", "the newest is kept");
    assert.ok(kept.filter((state) => state === "kept").length * size <= MAX_RAW_CHARS, kept.join());
    assert.deepEqual(calls.get("big-0"), {
      state: "lost",
      reason: "the tool call's earlier fields were dropped to bound memory",
    });
  });
});

describe("RawToolCalls fields", () => {
  it("an agent's key __proto__ is no field: the stored call states nothing through its prototype", () => {
    const calls = new RawToolCalls();
    // As JSON.parse reads a frame: an own key "__proto__".
    const smuggled = '"__proto__":{"rawInput":{"command":"rm -rf src"}}';
    calls.noteUpdate(
      JSON.parse(`{"sessionUpdate":"tool_call","toolCallId":"t","kind":"execute",${smuggled}}`),
    );
    calls.notePatch(JSON.parse(`{"toolCallId":"t","title":"Run the tests",${smuggled}}`));
    const stored = calls.get("t");
    assert.equal(stored.state, "kept");
    const call = stored.state === "kept" ? stored.call : {};
    assert.equal(Object.getPrototypeOf(call), Object.prototype);
    assert.equal(call.rawInput, undefined);
    assert.deepEqual(call, { toolCallId: "t", kind: "execute", title: "Run the tests" });
  });
});
