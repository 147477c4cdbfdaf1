// A new file's write off Linux (macOS, Windows), where it is created by name and checked once open: a folder of its
// path swapped for a link to outside right after the check must leave nothing outside. Node is told it runs there in
// a child process, as `boundedFile` reads once whether `/proc` can be used.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeChecked } from "../../src/acp/boundedFile";

const FLAG = "--write-through-swapped-folder";

/** In the child: `ws/realdir/new.txt` was checked; then `realdir` is swapped for a link to `outside`. */
async function writeInChild(platform: string, base: string): Promise<void> {
  Object.defineProperty(process, "platform", { value: platform });
  const ws = join(base, "ws");
  renameSync(join(ws, "realdir"), join(ws, "held"));
  symlinkSync(join(base, "outside"), join(ws, "realdir"));
  let answer: { written?: true; reason?: string };
  try {
    await writeChecked(join(ws, "realdir", "new.txt"), "DATA", 1 << 20);
    answer = { written: true };
  } catch (error) {
    answer = { reason: String((error as { reason?: unknown }).reason) };
  }
  process.stdout.write(JSON.stringify(answer));
}

if (process.argv.includes(FLAG)) {
  const at = process.argv.indexOf(FLAG);
  void writeInChild(process.argv[at + 1]!, process.argv[at + 2]!);
} else {
  describe("boundedFile off Linux", () => {
    let base: string;

    beforeEach(() => {
      base = realpathSync(mkdtempSync(join(tmpdir(), "symposium-write-elsewhere-")));
      mkdirSync(join(base, "ws", "realdir"), { recursive: true });
      mkdirSync(join(base, "outside"));
    });
    afterEach(() => rmSync(base, { recursive: true, force: true }));

    for (const platform of ["darwin", "win32"]) {
      it(`leaves no empty file outside when a new file's folder became a link there (${platform})`, function () {
        if (process.platform === "win32") this.skip(); // symlinks need privileges there
        const child = spawnSync(process.execPath, [__filename, FLAG, platform, base], { encoding: "utf8" });
        assert.equal(child.status, 0, child.stderr);
        assert.deepEqual(JSON.parse(child.stdout), { reason: "moved" });
        assert.deepEqual(readdirSync(join(base, "outside")), [], "nothing is left outside");
      });
    }
  });
}
