import assert from "node:assert/strict";
import { SavedDrafts, type StatePort } from "../../webview/savedDrafts";
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

describe("SavedDrafts", () => {
  it("gives a new page the drafts the last one saved", () => {
    const state = new FakeState();
    const before = new SavedDrafts(state);
    before.set("s1", "Rename the port setting,\nthen update the README");
    before.set("s2", "second");
    const after = new SavedDrafts(state);
    assert.equal(after.get("s1"), "Rename the port setting,\nthen update the README");
    assert.equal(after.get("s2"), "second");
  });

  it("saves each change at once, and an unchanged draft not again", () => {
    const state = new FakeState();
    const drafts = new SavedDrafts(state);
    drafts.set("s1", "a");
    drafts.set("s1", "ab");
    drafts.set("s1", "ab");
    assert.equal(state.writes, 2);
    assert.deepEqual(state.state, { drafts: { s1: "ab" } });
  });

  it("forgets a draft emptied or sent, and those of sessions that are gone", () => {
    const state = new FakeState();
    const drafts = new SavedDrafts(state);
    drafts.set("s1", "one");
    drafts.set("s2", "two");
    drafts.set("s3", "three");
    drafts.set("s1", "");
    drafts.keepOnly(new Set(["s1", "s3"]));
    assert.deepEqual(new SavedDrafts(state).get("s3"), "three");
    assert.deepEqual(state.state, { drafts: { s3: "three" } });
    const writes = state.writes;
    drafts.keepOnly(new Set(["s3"]));
    assert.equal(state.writes, writes, "nothing to drop, nothing written");
  });

  it("starts empty from a state it cannot read, and skips entries that are not drafts", () => {
    for (const state of [undefined, null, 3, "x", [], { drafts: [] }, { drafts: "x" }, { drafts: null }])
      assert.equal(new SavedDrafts(new FakeState(state)).get("0"), undefined, JSON.stringify(state));
    const drafts = new SavedDrafts(
      new FakeState({
        drafts: { ok: "kept", number: 3, empty: "", huge: "x".repeat(LIMITS.intent.promptChars + 1) },
      }),
    );
    assert.equal(drafts.get("ok"), "kept");
    for (const key of ["number", "empty", "huge"]) assert.equal(drafts.get(key), undefined, key);
  });
});
