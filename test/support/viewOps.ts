// View-op checks shared by the lifetime tests over real processes and over the in-memory seam.
import * as assert from "node:assert/strict";
import type { ViewOp } from "../../src/shared/protocol";

/** Ops about `sessionKey` emitted after its `sessionRemoved`: each one would bring the closed tab back. */
export function opsAfterRemoval(ops: readonly ViewOp[], sessionKey: string): ViewOp[] {
  const removed = ops.findIndex((op) => op.op === "sessionRemoved" && op.sessionKey === sessionKey);
  assert.ok(removed >= 0, "the tab was removed");
  return ops
    .slice(removed + 1)
    .filter(
      (op) =>
        (op.op === "session" && op.header.key === sessionKey) ||
        ((op.op === "item" || op.op === "toolState") && op.sessionKey === sessionKey) ||
        (op.op === "activeSession" && op.sessionKey === sessionKey),
    );
}
