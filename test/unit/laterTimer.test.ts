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

  it("does not run once disposed", async () => {
    let runs = 0;
    const later = new LaterTimer(() => runs++, 5);
    later.schedule();
    later.dispose();
    await sleep(30);
    assert.equal(runs, 0);
  });
});
