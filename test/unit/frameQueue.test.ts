import assert from "node:assert/strict";
import { FrameQueue } from "../../webview/frame";

/** Animation frames under the test's control (Node has none). */
function fakeFrames() {
  const callbacks = new Map<number, () => void>();
  let next = 1;
  const globals = globalThis as unknown as {
    requestAnimationFrame: (callback: () => void) => number;
    cancelAnimationFrame: (id: number) => void;
  };
  globals.requestAnimationFrame = (callback) => {
    callbacks.set(next, callback);
    return next++;
  };
  globals.cancelAnimationFrame = (id) => callbacks.delete(id);
  return {
    /** Runs the callbacks of one frame. */
    frame(): void {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const callback of due) callback();
    },
  };
}

describe("FrameQueue (the webview applying host messages)", () => {
  let frames: ReturnType<typeof fakeFrames>;
  let queue: FrameQueue<string> | undefined;
  beforeEach(() => (frames = fakeFrames()));
  afterEach(() => {
    frames.frame(); // closes the window and clears the fallback timer
    frames.frame();
    queue = undefined;
  });

  it("applies a message that arrives while idle in the same task, before any frame", () => {
    const flushed: string[][] = [];
    queue = new FrameQueue<string>((items) => flushed.push(items));
    queue.push("card");
    assert.deepEqual(flushed, [["card"]]);
  });

  it("applies the rest of a burst together in the next frame, in order", () => {
    const flushed: string[][] = [];
    queue = new FrameQueue<string>((items) => flushed.push(items));
    for (const message of ["a", "b", "c", "d"]) queue.push(message);
    assert.deepEqual(flushed, [["a"]]);
    frames.frame();
    assert.deepEqual(flushed, [["a"], ["b", "c", "d"]]);
  });

  it("keeps one pass per frame while messages keep coming, and goes back to at once after a quiet frame", () => {
    const flushed: string[][] = [];
    queue = new FrameQueue<string>((items) => flushed.push(items));
    queue.push("a");
    queue.push("b");
    frames.frame(); // applies b and keeps the window open
    queue.push("c");
    assert.deepEqual(flushed, [["a"], ["b"]], "c waits: a pass already ran in this frame");
    frames.frame(); // applies c
    frames.frame(); // a quiet frame closes the window
    queue.push("d");
    assert.deepEqual(flushed, [["a"], ["b"], ["c"], ["d"]]);
  });

  it("applies the first new card of a window at once, with what was queued before it; later cards wait", () => {
    const flushed: string[][] = [];
    queue = new FrameQueue<string>(
      (items) => flushed.push(items),
      (item) => item.startsWith("card"),
    );
    queue.push("tool call"); // applied at once, opens the window
    queue.push("text");
    queue.push("card 1");
    assert.deepEqual(flushed, [["tool call"], ["text", "card 1"]]);
    queue.push("card 2");
    assert.equal(flushed.length, 2, "the second card of the window waits for its frame");
    frames.frame();
    assert.deepEqual(flushed[2], ["card 2"]);
  });
});
