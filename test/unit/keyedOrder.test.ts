import assert from "node:assert/strict";
import { planOrder, type OrderPlan } from "../../webview/keyedOrder";

/** Applies a plan the way the pending list applies it to its rows (remove, then insert before a kept node). */
function apply(current: readonly string[], plan: OrderPlan): string[] {
  const order = current.filter((key) => !plan.remove.includes(key));
  for (const { key, before } of plan.insert) {
    const from = order.indexOf(key);
    if (from >= 0) order.splice(from, 1);
    order.splice(before === undefined ? order.length : order.indexOf(before), 0, key);
  }
  return order;
}

const keys = (count: number, prefix = "k") => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

describe("planOrder (the pending list's rows, changed in place)", () => {
  const cases: [string, string[], string[]][] = [
    ["nothing before", [], ["a", "b"]],
    ["nothing after", ["a", "b"], []],
    ["one appended", ["a", "b"], ["a", "b", "c"]],
    ["one removed in the middle", ["a", "b", "c"], ["a", "c"]],
    ["removed and appended at once", ["a", "b", "c"], ["b", "c", "d"]],
    ["inserted at the front", ["b", "c"], ["a", "b", "c"]],
    ["moved to the front", ["a", "b", "c"], ["c", "a", "b"]],
    ["rotated", ["a", "b", "c"], ["b", "c", "a"]],
    ["two swapped", ["a", "b", "c"], ["b", "a", "c"]],
    ["reversed", ["a", "b", "c", "d"], ["d", "c", "b", "a"]],
    ["another session's list", ["a", "b"], ["x", "y", "z"]],
  ];
  for (const [name, current, next] of cases) {
    it(`gives the next order: ${name}`, () =>
      assert.deepEqual(apply(current, planOrder(current, next)), next));
  }

  it("touches one row when one of 1,000 arrives or leaves", () => {
    const thousand = keys(1000);
    assert.deepEqual(planOrder(thousand, [...thousand, "new"]), {
      remove: [],
      insert: [{ key: "new", before: undefined }],
    });
    assert.deepEqual(
      planOrder(
        thousand,
        thousand.filter((key) => key !== "k500"),
      ),
      {
        remove: ["k500"],
        insert: [],
      },
    );
    assert.deepEqual(planOrder(thousand, thousand), { remove: [], insert: [] });
  });
});
