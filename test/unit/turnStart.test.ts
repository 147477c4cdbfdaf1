import assert from "node:assert/strict";
import type { SessionHeader } from "../../src/shared/protocol";
import { turnStart } from "../../webview/turnStart";

const header = (turnElapsedMs?: number): SessionHeader => ({
  key: "s",
  agentName: "Agent",
  title: "Agent",
  status: turnElapsedMs === undefined ? "ready" : "running",
  bypassed: false,
  commands: [],
  ...(turnElapsedMs === undefined ? {} : { turnElapsedMs }),
});

describe("turnStart: when the running turn began, on the view's clock", () => {
  it("counts back from the header's duration at its arrival, and keeps it while the same header stays", () => {
    const first = header(4_000);
    const start = turnStart(undefined, first, 10_000);
    assert.equal(start?.startedAt, 6_000);
    assert.equal(turnStart(start, first, 50_000), start, "read once per header");
  });

  it("keeps the earlier start when a later header of the same turn arrives later after it was made", () => {
    const start = turnStart(undefined, header(4_000), 10_000);
    // Made at 4.9 s into the turn, arrived 30 ms later: read alone it would put the start 30 ms later, and the count
    // at a second's edge back by one.
    assert.equal(turnStart(start, header(4_900), 10_930)?.startedAt, 6_000);
    // One that arrived sooner after it was made says the turn started earlier: taken.
    assert.equal(turnStart(start, header(4_900), 10_895)?.startedAt, 5_995);
  });

  it("takes a new turn's start, and none once no turn runs", () => {
    const start = turnStart(undefined, header(4_000), 10_000);
    assert.equal(turnStart(start, header(100), 20_000)?.startedAt, 19_900);
    assert.equal(turnStart(start, header(), 20_000), undefined);
  });
});
