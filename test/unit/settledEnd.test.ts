import assert from "node:assert/strict";
import {
  KEEP_UNSETTLED,
  SETTLED,
  settle,
  settleAllBut,
  settleBehind,
  type ListElement,
} from "../../webview/settledEnd";

/** A list of fake elements linked the way a DOM parent's children are, with class lists and write counts. */
class FakeList {
  readonly elements: (ListElement & { classes: Set<string>; writes: number })[] = [];

  append(): ListElement {
    const classes = new Set<string>();
    const element = {
      previousElementSibling: this.elements.at(-1) ?? null,
      classes,
      writes: 0,
      classList: {
        contains: (token: string) => classes.has(token),
        add: (token: string) => {
          element.writes++;
          classes.add(token);
        },
      },
    };
    this.elements.push(element);
    return element;
  }

  /** Indices of the settled elements. */
  settled(): number[] {
    return this.elements.flatMap((element, i) => (element.classes.has(SETTLED) ? [i] : []));
  }
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

describe("settledEnd (content-visibility only away from a list's end)", () => {
  it("keeps the last elements unsettled as elements are appended one by one", () => {
    const list = new FakeList();
    for (let count = 1; count <= 30; count++) {
      settleBehind(list.append(), 3);
      assert.deepEqual(list.settled(), range(0, count - 3), `after ${count} appended`);
    }
  });

  it("settles nothing in a list no longer than what stays unsettled", () => {
    const list = new FakeList();
    for (let i = 0; i < KEEP_UNSETTLED; i++) assert.equal(settleBehind(list.append()), undefined);
    assert.deepEqual(list.settled(), []);
    assert.ok(settleBehind(list.append()), "the next one settles the first");
    assert.deepEqual(list.settled(), [0]);
  });

  it("settles a list built at once, all but its last elements, and says how many were new", () => {
    const list = new FakeList();
    for (let i = 0; i < 20; i++) list.append();
    assert.equal(settleAllBut(list.elements.at(-1)!, 5), 15);
    assert.deepEqual(list.settled(), range(0, 15));
    assert.equal(settleAllBut(list.elements.at(-1)!, 5), 0, "nothing new the second time");
    assert.equal(settleAllBut(null), 0, "an empty list");
  });

  it("settles an element added off screen at once, and the tail still moves on past it", () => {
    const list = new FakeList();
    for (let i = 0; i < 3; i++) settleBehind(list.append(), 3);
    assert.ok(settle(list.append()));
    assert.deepEqual(list.settled(), [3]);
    settleBehind(list.append(), 3);
    assert.deepEqual(list.settled(), [1, 3]);
  });

  it("settles an element laid out before this pass after the next paint, and one of this pass's burst now", () => {
    const list = new FakeList();
    const afterPaint: (() => void)[] = [];
    const put = { later: (work: () => void) => afterPaint.push(work), appendedInPass: 1 };
    for (let i = 0; i < 3; i++) settleBehind(list.append(), 3);
    assert.equal(settleBehind(list.append(), 3, put), undefined);
    assert.deepEqual(list.settled(), [], "the frame that shows the new element restyles nothing behind it");
    afterPaint.splice(0).forEach((work) => work());
    assert.deepEqual(list.settled(), [0]);
    assert.ok(
      settleBehind(list.append(), 3, { ...put, appendedInPass: 4 }),
      "in a burst, the element behind settles now",
    );
    assert.deepEqual(list.settled(), [0, 1]);
    settleBehind(list.append(), 3, put);
    settle(list.elements[2]!);
    afterPaint.splice(0).forEach((work) => work());
    assert.equal(list.elements[2]!.writes, 1, "settled in the meantime: not written twice");
    assert.equal(settleBehind(list.append(), 3, put), undefined);
    assert.equal(afterPaint.length, 1, "only what is not settled yet waits");
  });

  it("never writes a class an element already has (each write would restyle it)", () => {
    const list = new FakeList();
    for (let i = 0; i < 10; i++) list.append();
    settleAllBut(list.elements.at(-1)!, 2);
    settleAllBut(list.elements.at(-1)!, 2);
    settleBehind(list.elements.at(-1)!, 2);
    assert.equal(settle(list.elements[0]!), undefined, "already settled");
    assert.deepEqual(
      list.elements.map((element) => element.writes),
      [1, 1, 1, 1, 1, 1, 1, 1, 0, 0],
    );
  });
});
