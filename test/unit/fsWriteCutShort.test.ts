// fs/write_text_file when the disk takes only part of the content: the agent is told, not answered "written". A file
// size limit (`ulimit -f`, in a child process) cuts a write short as a full disk does, without needing one.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClientFileSystem } from "../../src/acp/clientFileSystem";
import { PolicyBoundary } from "../../src/core/policy/resolvePath";

const FLAG = "--write-past-size-limit";
const CONTENT_BYTES = 256 * 1024;

async function writeInChild(ws: string): Promise<void> {
  const boundary = new PolicyBoundary([ws], { home: join(ws, "..", "home"), caseInsensitive: () => false });
  const files = new ClientFileSystem(() => boundary, { openText: () => undefined });
  const path = join(ws, "notes.txt");
  let answer: unknown;
  try {
    answer = {
      ok: await files.write({ path, content: "y".repeat(CONTENT_BYTES) }, boundary.resolveInside(path)!),
    };
  } catch (error) {
    answer = {
      error: (error as Error & { data?: unknown }).message,
      data: (error as { data?: unknown }).data,
    };
  }
  process.stdout.write(JSON.stringify(answer));
}

if (process.argv.includes(FLAG)) {
  void writeInChild(process.argv[process.argv.indexOf(FLAG) + 1]!);
} else {
  describe("fs/write_text_file cut short by the disk", () => {
    let base: string;

    beforeEach(() => {
      base = realpathSync(mkdtempSync(join(tmpdir(), "symposium-cut-short-")));
      mkdirSync(join(base, "ws"));
      writeFileSync(join(base, "ws", "notes.txt"), "old\n");
    });
    afterEach(() => rmSync(base, { recursive: true, force: true }));

    it("answers an error saying the file may hold part of the content, never success", function () {
      if (process.platform === "win32") this.skip();
      // 64 blocks of 512 bytes: the first write(2) of 256 KB stops at 32 KB.
      const child = spawnSync(
        "sh",
        ["-c", 'ulimit -f 64 && exec "$0" "$@"', process.execPath, __filename, FLAG, join(base, "ws")],
        { encoding: "utf8" },
      );
      assert.equal(child.status, 0, child.stderr);
      const answer = JSON.parse(child.stdout) as { ok?: unknown; error?: string; data?: { code?: string } };
      assert.equal(readFileSync(join(base, "ws", "notes.txt")).length, 64 * 512, "the disk took part of it");
      assert.equal(answer.ok, undefined, "the agent was told the whole content was written");
      assert.match(answer.error ?? "", /may now hold only part of the content/);
      assert.equal(answer.data?.code, "EFBIG");
    });
  });
}
