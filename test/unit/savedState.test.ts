import assert from "node:assert/strict";
import { SavedState, type StatePort } from "../../webview/savedState";
import { LIMITS } from "../../src/shared/limits";

/** The page's saved state as VS Code keeps it: whatever was last set. */
class FakeState implements StatePort {
  writes = 0;
  constructor(public state: unknown = undefined) {}
  get(): unknown {
    return this.state;
  }
  set(state: unknown): void {
    this.writes++;
    this.state = structuredClone(state);
  }
}

describe("SavedState (what the view keeps across being hidden)", () => {
  it("gives a new page the drafts and reading places the last one saved", () => {
    const state = new FakeState();
    const before = new SavedState(state);
    before.setDraft("s1", "Rename the port setting,\nthen update the README");
    before.setDraft("s2", "second");
    before.setPlace("s1", { itemId: "agent:7", offset: 42 });
    const after = new SavedState(state);
    assert.equal(after.draft("s1"), "Rename the port setting,\nthen update the README");
    assert.equal(after.draft("s2"), "second");
    assert.deepEqual(after.place("s1"), { itemId: "agent:7", offset: 42 });
    assert.equal(after.place("s2"), undefined, "read at its end");
  });

  it("saves each change at once, and an unchanged one not again", () => {
    const state = new FakeState();
    const saved = new SavedState(state);
    saved.setDraft("s1", "a");
    saved.setDraft("s1", "ab");
    saved.setDraft("s1", "ab");
    saved.setPlace("s1", { itemId: "x", offset: 1 });
    saved.setPlace("s1", { itemId: "x", offset: 1 });
    saved.setPlace("s2", undefined);
    assert.equal(state.writes, 3);
    assert.deepEqual(state.state, { drafts: { s1: "ab" }, places: { s1: { itemId: "x", offset: 1 } } });
  });

  it("forgets a draft emptied or sent, a place at the end, and all of a session that is gone", () => {
    const state = new FakeState();
    const saved = new SavedState(state);
    saved.setDraft("s1", "one");
    saved.setDraft("s2", "two");
    saved.setDraft("s3", "three");
    saved.setPlace("s2", { itemId: "a", offset: 0 });
    saved.setPlace("s3", { itemId: "b", offset: 5 });
    saved.setDraft("s1", "");
    saved.setPlace("s3", undefined);
    saved.keepOnly(new Set(["s1", "s3"]));
    assert.deepEqual(state.state, { drafts: { s3: "three" }, places: {} });
    const writes = state.writes;
    saved.keepOnly(new Set(["s3"]));
    assert.equal(state.writes, writes, "nothing to drop, nothing written");
  });

  it("does not keep a place on an item whose id is too long to read back (an agent's tool call id)", () => {
    const state = new FakeState();
    const saved = new SavedState(state);
    saved.setPlace("s1", { itemId: `tool:${"x".repeat(100_000)}`, offset: 0 });
    assert.equal(state.writes, 0, "nothing written");
    assert.equal(saved.place("s1"), undefined);
  });

  it("starts empty from a state it cannot read, and skips entries that are not its own", () => {
    for (const state of [undefined, null, 3, "x", [], { drafts: [] }, { drafts: "x", places: 7 }])
      assert.equal(new SavedState(new FakeState(state)).draft("0"), undefined, JSON.stringify(state));
    const saved = new SavedState(
      new FakeState({
        drafts: { ok: "kept", number: 3, empty: "", huge: "x".repeat(LIMITS.intent.promptChars + 1) },
        places: {
          ok: { itemId: "i", offset: 3 },
          nan: { itemId: "i", offset: Number.NaN },
          noId: { offset: 3 },
          longId: { itemId: "x".repeat(2_000), offset: 0 },
        },
      }),
    );
    assert.equal(saved.draft("ok"), "kept");
    for (const key of ["number", "empty", "huge"]) assert.equal(saved.draft(key), undefined, key);
    assert.deepEqual(saved.place("ok"), { itemId: "i", offset: 3 });
    for (const key of ["nan", "noId", "longId"]) assert.equal(saved.place(key), undefined, key);
  });
});
