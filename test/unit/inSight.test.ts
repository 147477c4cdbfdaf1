import assert from "node:assert/strict";
import { firstReaching, inSight, type Placed } from "../../webview/inSight";

/** Members laid out top to bottom from `start`, of these heights with `gap` between them; each counts its reads. */
function column(heights: readonly number[], start = 0, gap = 6) {
  let y = start;
  return heights.map((height, index) => {
    const box = { top: y, bottom: y + height };
    y += height + gap;
    const member = {
      index,
      reads: 0,
      getBoundingClientRect() {
        member.reads++;
        return box;
      },
    };
    return member;
  });
}

/** A scroller whose box is `top`..`bottom` in the viewport. */
const scroller = (top: number, bottom: number): Placed => ({
  getBoundingClientRect: () => ({ top, bottom }),
});

/** What `inSight` must find, by reading every member: the reference it is checked against. */
function inSightByReadingAll(list: readonly Placed[], top: number, bottom: number): Placed[] {
  return list.filter((member) => {
    const box = member.getBoundingClientRect();
    return box.bottom > top && box.top < bottom;
  });
}

describe("inSight: the members of a long list in sight", () => {
  it("finds the cards a person can see among 1,000 in a few reads, not 1,000", () => {
    const cards = column(
      Array.from({ length: 1000 }, (_, i) => 100 + (i % 7) * 40),
      -60_000,
    );
    const expected = inSightByReadingAll(cards, 400, 760);
    cards.forEach((card) => (card.reads = 0));
    const shown = inSight(cards, scroller(400, 760), 900);
    assert.deepEqual(shown, expected);
    assert.ok(shown.length >= 2, "more than one card is in sight");
    // Ten halvings of 1,000, then one read per card in sight and one past the scroller's end.
    const reads = cards.reduce((sum, card) => sum + card.reads, 0);
    assert.ok(reads <= 10 + shown.length + 1, `read ${reads} boxes`);
  });

  it("agrees with reading every box, wherever the scroller is and whatever the members' heights", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 500; round++) {
      const list = column(
        Array.from({ length: Math.floor(random() * 40) }, () =>
          random() < 0.1 ? 0 : Math.floor(random() * 300),
        ),
        Math.floor(random() * 2000) - 1000,
        Math.floor(random() * 10),
      );
      const top = Math.floor(random() * 2400) - 1200;
      const bottom = top + Math.floor(random() * 900);
      const windowHeight = 200 + Math.floor(random() * 800);
      assert.deepEqual(
        inSight(list, scroller(top, bottom), windowHeight),
        inSightByReadingAll(list, Math.max(top, 0), Math.min(bottom, windowHeight)),
        `round ${round}: ${JSON.stringify({ top, bottom, windowHeight, boxes: list.map((m) => m.getBoundingClientRect()) })}`,
      );
    }
  });

  it("finds nothing in an empty list, a list out of sight, or a hidden scroller", () => {
    assert.deepEqual(inSight([], scroller(0, 800), 800), []);
    assert.deepEqual(inSight(column([100, 100], 900), scroller(0, 2000), 800), [], "below the window");
    assert.deepEqual(inSight(column([100, 100], -500), scroller(-600, 800), 800), [], "above the window");
    assert.deepEqual(inSight(column([100, 100], 500), scroller(0, 400), 800), [], "past the scroller's end");
    // A hidden scroller and its members all read as zero boxes.
    assert.deepEqual(inSight(column([0, 0, 0], 0, 0), scroller(0, 0), 800), []);
  });

  it("gives the first member reaching below a line, as a reader's place is kept", () => {
    const list = column([100, 100, 100], 0, 10); // 0-100, 110-210, 220-320
    assert.equal(firstReaching(list, -5), 0);
    assert.equal(firstReaching(list, 100), 1, "a member ending on the line does not reach below it");
    assert.equal(firstReaching(list, 105), 1, "the gap belongs to the member after it");
    assert.equal(firstReaching(list, 319), 2);
    assert.equal(firstReaching(list, 320), 3, "none");
  });
});
