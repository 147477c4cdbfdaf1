import * as assert from "node:assert/strict";
import { setImmediate as nextImmediate, setTimeout as sleep } from "node:timers/promises";
import { ATTENTION_DELAY_MS, LaterTimer } from "../../src/core/laterTimer";

describe("LaterTimer (attention updates after the card)", () => {
  it("runs after the task's setImmediate and the next setTimeout(0), where VS Code writes the card's message", async () => {
    let runs = 0;
    const later = new LaterTimer(() => runs++, ATTENTION_DELAY_MS);
    later.schedule();
    await nextImmediate();
    await sleep(0);
    assert.equal(runs, 0, "the badge and status bar must not travel with the card's message");
    await sleep(ATTENTION_DELAY_MS + 20);
    assert.equal(runs, 1);
  });

  it("runs a flood of requests once, and again for a request after it ran", async () => {
    let runs = 0;
    const later = new LaterTimer(() => runs++, 5);
    for (let i = 0; i < 100; i++) later.schedule();
    await sleep(30);
    assert.equal(runs, 1);
    later.schedule();
    await sleep(30);
    assert.equal(runs, 2);
  });

  it("with a spacing, runs again no sooner than that after its last run, however soon it is asked", async () => {
    let ran: (() => void) | undefined;
    const run = () => new Promise<number>((resolve) => (ran = () => resolve(performance.now())));
    const later = new LaterTimer(() => ran?.(), 5, 200);
    let next = run();
    later.schedule();
    const first = await next;
    next = run();
    later.schedule(); // at once after the run: a steady stream
    const second = await next;
    // Timers never fire early (to within the millisecond Node counts them in), so this holds on a loaded machine too.
    assert.ok(second - first >= 195, `the second run came ${(second - first).toFixed(1)} ms after the first`);
  });

  it("with a busy share, spaces runs by the last run's cost, and runs again after a run asked for during it", async () => {
    const began: number[] = [];
    // A job of 60 ms (a refresh reading a grown history), at most a fifth of the time: 300 ms or more apart.
    const later = new LaterTimer(
      async () => {
        began.push(performance.now());
        await sleep(60);
      },
      5,
      0,
      0.2,
    );
    later.schedule();
    await sleep(30); // the first run is under way
    later.schedule(); // asked for during it: runs after it, not lost
    for (let waited = 0; began.length < 2 && waited < 5_000; waited += 20) await sleep(20);
    await sleep(100);
    assert.equal(began.length, 2, "the request during the run ran once after it");
    // Timers never fire early, so the cost is at least 60 ms and the spacing at least 300.
    assert.ok(
      began[1]! - began[0]! >= 295,
      `the second run began ${(began[1]! - began[0]!).toFixed(1)} ms after`,
    );
    later.dispose();
  });

  it("does not run once disposed", async () => {
    let runs = 0;
    const later = new LaterTimer(() => runs++, 5);
    later.schedule();
    later.dispose();
    await sleep(30);
    assert.equal(runs, 0);
  });
});
