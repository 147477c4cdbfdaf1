/** `ByteRing`: a terminal's output tail, bounded in bytes and in what holding them costs. */
import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { ByteRing } from "../../src/acp/clientTerminals";

function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

describe("ByteRing", () => {
  it("keeps the last bytes of chunks of every size, in order", () => {
    const ring = new ByteRing(5000);
    let all = "";
    for (let i = 0; i < 3000; i++) {
      const size = [1, 7, 1500, 3][i % 4]!;
      const text = String.fromCharCode(97 + (i % 26)).repeat(size);
      ring.push(Buffer.from(text));
      all += text;
    }
    assert.equal(ring.tail().toString(), all.slice(-5000));
    assert.equal(ring.tail(10).toString(), all.slice(-10));
    assert.equal(ring.truncated, true);
  });

  it("holds a byte-at-a-time output in blocks, not a buffer per byte", () => {
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    const ring = new ByteRing(16 * 1024 * 1024);
    // As a pipe delivers them: a buffer of its own per read.
    for (let i = 0; i < 400_000; i++) ring.push(Buffer.from([65 + (i % 26)]));
    collectGarbage();
    const grown = process.memoryUsage().heapUsed - before;
    // A Buffer per byte held about 100 bytes of heap each (40 MB here); blocks hold next to nothing there.
    assert.ok(grown < 8 * 1024 * 1024, `heap grew ${(grown / 1024 / 1024).toFixed(1)} MiB`);
    const last = [399_997, 399_998, 399_999].map((i) => String.fromCharCode(65 + (i % 26))).join("");
    assert.equal(ring.tail(3).toString(), last);
    assert.equal(ring.tail().length, 400_000);
  });
});
