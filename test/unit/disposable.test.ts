import assert from "node:assert/strict";
import { Disposable, toDisposable } from "../../src/core/disposable";

class Owner extends Disposable {
  register(name: string, log: string[], fail = false) {
    return this._register(
      toDisposable(() => {
        log.push(name);
        if (fail) throw new Error(`${name} failed`);
      }),
    );
  }
}

describe("Disposable", () => {
  it("releases what it owns once, newest first, even when one release throws", () => {
    const log: string[] = [];
    const owner = new Owner();
    owner.register("listener", log);
    owner.register("timer", log, true);
    owner.register("panel", log);
    owner.dispose();
    owner.dispose();
    assert.deepEqual(log, ["panel", "timer", "listener"]);
  });

  it("releases at once what is registered after it was disposed", () => {
    const log: string[] = [];
    const owner = new Owner();
    owner.dispose();
    owner.register("late", log);
    assert.deepEqual(log, ["late"]);
  });
});
