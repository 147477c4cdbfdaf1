import assert from "node:assert/strict";
import { elapsedText } from "../../src/shared/elapsedText";

describe("elapsedText: how long a turn has worked, in the session bar", () => {
  it("shows nothing under a second, then seconds, minutes with two-digit seconds, hours with two-digit minutes", () => {
    assert.deepEqual(
      [0, 999, 1_000, 59_999, 60_000, 65_400, 3_599_999, 3_600_000, 3_720_000, 90_000_000].map(elapsedText),
      ["", "", "1s", "59s", "1m 00s", "1m 05s", "59m 59s", "1h 00m", "1h 02m", "25h 00m"],
    );
  });

  it("shows nothing for a duration that is not one (a clock gone back)", () => {
    assert.deepEqual([-5_000, Number.NaN].map(elapsedText), ["", ""]);
  });
});
