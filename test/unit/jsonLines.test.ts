// Logs are read while their agent writes them: a half-written last line must not fail the reader (a client test's
// after-each hook once threw "Unexpected end of JSON input" and left its agent running).
import assert from "node:assert/strict";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readJsonLines } from "../../tools/jsonLines";

describe("readJsonLines", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "symposium-jsonl-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("reads the whole lines and leaves out a last line still being written", () => {
    const path = join(dir, "log.jsonl");
    writeFileSync(
      path,
      `${JSON.stringify({ kind: "start" })}\n${JSON.stringify({ kind: "outcome", n: 1 })}\n`,
    );
    appendFileSync(path, '{"kind":"outco');
    assert.deepEqual(readJsonLines(path), [{ kind: "start" }, { kind: "outcome", n: 1 }]);
    appendFileSync(path, 'me","n":2}\n');
    assert.deepEqual(readJsonLines<{ n?: number }>(path).at(-1), { kind: "outcome", n: 2 });
  });

  it("reads a missing file as empty", () => {
    assert.deepEqual(readJsonLines(join(dir, "none.jsonl")), []);
  });
});
