/** The heading over the pinned cards: how many wait under it, and how many more wait on their tool calls above. */
import assert from "node:assert/strict";
import { pinnedHeading } from "../../webview/render/pinnedHeading";

describe("the pinned cards' heading", () => {
  it("counts two or more cards, and leaves one uncounted", () => {
    assert.equal(pinnedHeading(1, 0), "Waiting for your approval");
    assert.equal(pinnedHeading(3, 0), "Waiting for your approval (3)");
  });

  it("names the shown session's cards waiting on their tool calls above, so it adds up to the pending list's count", () => {
    assert.equal(pinnedHeading(1, 1), "Waiting for your approval (1 here, 1 above)");
    assert.equal(pinnedHeading(2, 3), "Waiting for your approval (2 here, 3 above)");
  });
});
