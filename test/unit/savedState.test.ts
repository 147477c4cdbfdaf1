import assert from "node:assert/strict";
import { resumeKey, SavedState, type StatePort } from "../../webview/savedState";
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
    assert.deepEqual(state.state, {
      drafts: { s1: "ab" },
      held: {},
      left: {},
      places: { s1: { itemId: "x", offset: 1 } },
      opened: {},
      reasons: {},
      answers: {},
    });
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
    assert.deepEqual(state.state, {
      drafts: { s3: "three" },
      held: {},
      left: {},
      places: {},
      opened: {},
      reasons: {},
      answers: {},
    });
    const writes = state.writes;
    saved.keepOnly(new Set(["s3"]));
    assert.equal(state.writes, writes, "nothing to drop, nothing written");
  });

  it("keeps the draft of a tab a window reload closed for the tab that reopens its session, once", () => {
    const state = new FakeState();
    const before = new SavedState(state);
    const claude = resumeKey({ agentName: "Claude Code", agentSessionId: "abc-1" });
    const gemini = resumeKey({ agentName: "Gemini CLI", agentSessionId: "abc-1" });
    assert.equal(before.noteSession("s1", claude), undefined, "nothing left for it yet");
    before.noteSession("s2", gemini);
    before.setDraft("s1", "Rename the port setting");
    before.setDraft("s3", "written while the agent started, before it gave an id");
    // The reload: a new page, whose first sessions are none of those.
    const after = new SavedState(state);
    after.keepOnly(new Set(), true);
    assert.equal(after.draft("s1"), undefined, "the closed tab's draft is not kept under its key");
    assert.equal(
      after.noteSession("t1", gemini),
      undefined,
      "another agent's session of the same id takes nothing",
    );
    // Resume Session… reopens Claude's session in a new tab: the draft is handed to it, and only once.
    const reopened = new SavedState(state);
    assert.equal(reopened.noteSession("t2", claude), "Rename the port setting");
    assert.equal(reopened.noteSession("t3", claude), undefined);
    assert.equal(
      new SavedState(state).noteSession("t4", claude),
      undefined,
      "taken for good, not saved again",
    );
  });

  it("drops the draft of a tab closed in a live page: only a reload's closing keeps it", () => {
    const state = new FakeState();
    const saved = new SavedState(state);
    const key = resumeKey({ agentName: "Claude Code", agentSessionId: "abc-1" });
    saved.noteSession("s1", key);
    saved.setDraft("s1", "asked, then closed");
    saved.keepOnly(new Set());
    assert.equal(new SavedState(state).noteSession("s2", key), undefined);
  });

  it("keeps the latest ten drafts a reload left, and reads back none of another shape", () => {
    const state = new FakeState();
    const saved = new SavedState(state);
    for (let i = 0; i < 12; i++) {
      saved.noteSession(`s${i}`, resumeKey({ agentName: "Claude Code", agentSessionId: `id-${i}` }));
      saved.setDraft(`s${i}`, `draft ${i}`);
    }
    const after = new SavedState(state);
    after.keepOnly(new Set(), true);
    const left = (state.state as { left: Record<string, string> }).left;
    assert.deepEqual(
      Object.values(left),
      Array.from({ length: 10 }, (_, i) => `draft ${i + 2}`),
    );
    const forged = new FakeState({ left: { a: 5, b: "x".repeat(LIMITS.intent.promptChars + 1), c: "kept" } });
    const read = new SavedState(forged);
    assert.equal(read.noteSession("s", "a"), undefined);
    assert.equal(read.noteSession("s", "b"), undefined);
    assert.equal(read.noteSession("s", "c"), "kept");
  });

  it("keeps a card's reason being written while the card waits, and reads back none too long to be typed", () => {
    const state = new FakeState();
    const before = new SavedState(state);
    before.setReason("card-1", "use the formatter instead");
    before.setReason("card-2", "not now");
    before.setReason("card-3", "emptied");
    before.setReason("card-3", "");
    const after = new SavedState(state);
    assert.equal(after.reason("card-1"), "use the formatter instead");
    assert.equal(after.reason("card-3"), undefined, "an emptied field keeps nothing");
    after.keepCards(new Set(["card-1"]));
    assert.deepEqual((state.state as { reasons: unknown }).reasons, {
      "card-1": "use the formatter instead",
    });
    const long = new SavedState(
      new FakeState({ reasons: { a: "x".repeat(LIMITS.intent.rejectReasonChars + 1), b: 7 } }),
    );
    assert.equal(long.reason("a"), undefined);
    assert.equal(long.reason("b"), undefined);
  });

  it("keeps what a card's questions are given while the card waits, and reads back none a card could not hold", () => {
    const state = new FakeState();
    const before = new SavedState(state);
    const given = [
      { picked: [1], words: "", other: false },
      { picked: [0, 2], words: "v3 or later", other: true },
    ];
    before.setAnswers("card-1", given);
    before.setAnswers("card-2", [{ picked: [], words: "x", other: false }]);
    const writes = state.writes;
    before.setAnswers("card-1", structuredClone(given));
    assert.equal(state.writes, writes, "the same answers are not written again");
    const after = new SavedState(state);
    assert.deepEqual(after.answers("card-1"), given);
    after.setAnswers("card-2", undefined);
    after.keepCards(new Set(["card-2"]));
    assert.deepEqual((state.state as { answers: unknown }).answers, {}, "answered, and no longer waiting");
    const word = { picked: [], other: false };
    const hostile = new SavedState(
      new FakeState({
        answers: {
          many: Array.from({ length: LIMITS.fieldsPerForm + 1 }, () => ({ ...word, words: "" })),
          long: [{ ...word, words: "x".repeat(LIMITS.answerChars + 1) }],
          fraction: [{ ...word, words: "", picked: [0.5] }],
          negative: [{ ...word, words: "", picked: [-1] }],
          other: [{ picked: [], words: "" }],
          fine: [{ ...word, words: "kept" }],
        },
      }),
    );
    for (const key of ["many", "long", "fraction", "negative", "other"])
      assert.equal(hostile.answers(key), undefined, key);
    assert.deepEqual(hostile.answers("fine"), [{ picked: [], words: "kept", other: false }]);
  });

  it("keeps the sections a person opened, the latest 100 of a session, and forgets them with the session", () => {
    const state = new FakeState();
    const saved = new SavedState(state);
    saved.setOpen("s1", "thought:1", true);
    saved.setOpen("s1", "tool:2", true);
    saved.setOpen("s1", "tool:2", true);
    saved.setOpen("s2", "tool:3", true);
    saved.setOpen("s2", "tool:3", false);
    assert.equal(state.writes, 4, "an unchanged state is not written again");
    const after = new SavedState(state);
    assert.equal(after.isOpen("s1", "thought:1"), true);
    assert.equal(after.isOpen("s1", "tool:2"), true);
    assert.equal(after.isOpen("s2", "tool:3"), false, "closed again");
    for (let i = 0; i < 150; i++) after.setOpen("s1", `tool:many-${i}`, true);
    assert.equal(after.isOpen("s1", "thought:1"), false, "the oldest went first");
    assert.equal(after.isOpen("s1", "tool:many-49"), false);
    assert.equal(after.isOpen("s1", "tool:many-50"), true);
    assert.equal(new SavedState(state).isOpen("s1", "tool:many-149"), true);
    after.setOpen("s1", `tool:${"x".repeat(2_000)}`, true);
    assert.equal(
      after.isOpen("s1", `tool:${"x".repeat(2_000)}`),
      false,
      "an id too long to read back is not kept",
    );
    after.keepOnly(new Set(["s2"]));
    assert.equal(new SavedState(state).isOpen("s1", "tool:many-149"), false);
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
    const opened = new SavedState(
      new FakeState({ opened: { ok: ["a", 3, "x".repeat(2_000), "b"], notList: "a", empty: [] } }),
    );
    assert.equal(opened.isOpen("ok", "a"), true);
    assert.equal(opened.isOpen("ok", "b"), true);
    assert.equal(opened.isOpen("notList", "a"), false);
  });
});
