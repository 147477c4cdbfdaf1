/**
 * `boundedFile`: what is read or written is the file that was checked, not whatever the name leads to a moment later,
 * and no read holds more than its bound.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import fsPromises from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FileAccessError, readBounded, writeChecked } from "../../src/acp/boundedFile";

const bounds = { maxBytes: 1024, maxScanBytes: 4096 };

describe("boundedFile", () => {
  let root: string;
  let ws: string;
  let outside: string;

  beforeEach(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), "symposium-bounded-")));
    ws = join(root, "ws");
    outside = join(root, "outside");
    mkdirSync(join(ws, "dir"), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(ws, "dir", "notes.txt"), "inside\n");
    writeFileSync(join(outside, "notes.txt"), "top secret\n");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** The folder that was checked is swapped for a symlink to a folder outside, as between a check and an open. */
  function swapFolderForLink(): void {
    renameSync(join(ws, "dir"), join(ws, "dir.old"));
    symlinkSync(outside, join(ws, "dir"));
  }

  it("refuses to read a checked path whose folder became a symlink to outside", async () => {
    const checked = join(ws, "dir", "notes.txt");
    swapFolderForLink();
    await assert.rejects(readBounded(checked, bounds), (e: unknown) => e instanceof FileAccessError);
  });

  it("refuses to write a checked path whose folder became a symlink to outside, and changes nothing there", async () => {
    const existing = join(ws, "dir", "notes.txt");
    const created = join(ws, "dir", "new.txt");
    swapFolderForLink();
    await assert.rejects(
      writeChecked(existing, "pwned\n", bounds.maxScanBytes),
      (e: unknown) => e instanceof FileAccessError,
    );
    await assert.rejects(
      writeChecked(created, "pwned\n", bounds.maxScanBytes),
      (e: unknown) => e instanceof FileAccessError,
    );
    assert.equal(readFileSync(join(outside, "notes.txt"), "utf8"), "top secret\n");
    assert.deepEqual(readdirSync(outside), ["notes.txt"]);
  });

  it("makes no folder outside when a checked folder became a symlink before a new file's folders are made", async () => {
    const checked = join(ws, "dir", "new", "deep", "file.txt");
    swapFolderForLink();
    await assert.rejects(
      writeChecked(checked, "x", bounds.maxScanBytes),
      (e: unknown) => e instanceof FileAccessError,
    );
    assert.deepEqual(readdirSync(outside), ["notes.txt"]);
  });

  /**
   * Runs `write` with `fs/promises`' `method` wrapped so that `around` runs at its `nth` call (1-based), given the
   * real call to make: the agent's own process acting between two of Symposium's steps, as a race it wins would.
   */
  async function interleaved<T>(
    method: "mkdir" | "open",
    nth: number,
    around: (call: () => Promise<unknown>) => Promise<unknown>,
    write: () => Promise<T>,
  ): Promise<T> {
    const fsp = fsPromises as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const real = fsp[method]!;
    let calls = 0;
    fsp[method] = (...args: unknown[]) => (++calls === nth ? around(() => real(...args)) : real(...args));
    try {
      return await write();
    } finally {
      fsp[method] = real;
    }
  }

  it("makes no folder outside, and removes none there, when a new folder's parent moves while it is made", async () => {
    const elsewhere = join(root, "elsewhere");
    mkdirSync(join(elsewhere, "b"), { recursive: true }); // someone's empty folder, there before
    const write = interleaved(
      "mkdir",
      2, // ws/a is made; then, as ws/a/b is made, ws/a leads outside, and then elsewhere
      async (call) => {
        renameSync(join(ws, "a"), join(ws, "a.old"));
        symlinkSync(outside, join(ws, "a"));
        try {
          return await call();
        } finally {
          rmSync(join(ws, "a"));
          symlinkSync(elsewhere, join(ws, "a"));
        }
      },
      () => writeChecked(join(ws, "a", "b", "file.txt"), "x", bounds.maxScanBytes),
    );
    await assert.rejects(write, (e: unknown) => e instanceof FileAccessError && e.reason === "moved");
    assert.deepEqual(readdirSync(outside), ["notes.txt"]);
    assert.equal(existsSync(join(elsewhere, "b")), true);
  });

  it("never creates a new file outside, even for a moment, when its folder moves as it is created", async () => {
    let seenOutside = false;
    const write = interleaved(
      "open",
      2, // the first open finds no file; the second creates it
      async (call) => {
        swapFolderForLink();
        const handle = await call();
        seenOutside = existsSync(join(outside, "new.txt"));
        return handle;
      },
      () => writeChecked(join(ws, "dir", "new.txt"), "pwned\n", bounds.maxScanBytes),
    );
    await assert.rejects(write, (e: unknown) => e instanceof FileAccessError && e.reason === "moved");
    assert.equal(seenOutside, false);
    assert.deepEqual(readdirSync(outside), ["notes.txt"]);
  });

  it("never follows a symlink planted at the name of a file it creates or writes (dangling or not)", async () => {
    symlinkSync(join(outside, "planted.txt"), join(ws, "dangling.txt"));
    symlinkSync(join(outside, "notes.txt"), join(ws, "link.txt"));
    await assert.rejects(writeChecked(join(ws, "dangling.txt"), "pwned\n", bounds.maxScanBytes));
    await assert.rejects(writeChecked(join(ws, "link.txt"), "pwned\n", bounds.maxScanBytes));
    await assert.rejects(readBounded(join(ws, "link.txt"), bounds));
    assert.equal(existsSync(join(outside, "planted.txt")), false);
    assert.equal(readFileSync(join(outside, "notes.txt"), "utf8"), "top secret\n");
  });

  it("creates a new file and its folders, and replaces an existing file's content", async () => {
    await writeChecked(join(ws, "a", "b", "new.txt"), "one\n", bounds.maxScanBytes);
    await writeChecked(join(ws, "dir", "notes.txt"), "two\n", bounds.maxScanBytes);
    assert.equal(readFileSync(join(ws, "a", "b", "new.txt"), "utf8"), "one\n");
    assert.equal(readFileSync(join(ws, "dir", "notes.txt"), "utf8"), "two\n");
  });

  it("neither reads nor writes a file with another name (a hard link), which may be outside or protected", async () => {
    const key = join(outside, "id_rsa");
    writeFileSync(key, "PRIVATE KEY\n");
    linkSync(key, join(ws, "fixture.txt"));
    await assert.rejects(readBounded(join(ws, "fixture.txt"), bounds), /other names \(hard links\)/);
    await assert.rejects(
      writeChecked(join(ws, "fixture.txt"), "pwned\n", bounds.maxScanBytes),
      /other names \(hard links\)/,
    );
    assert.equal(readFileSync(key, "utf8"), "PRIVATE KEY\n");
  });

  it("refuses a FIFO at once instead of waiting for its other end (which held the host's file threads)", async () => {
    const fifo = join(ws, "data.txt");
    execFileSync("mkfifo", [fifo]);
    // More than the four threads the host's file operations share: each would have waited forever.
    const reads = Array.from({ length: 6 }, () => readBounded(fifo, bounds));
    // Each awaited at once: one awaited after another rejected first would be an unhandled rejection for a while.
    await Promise.all(reads.map((read) => assert.rejects(read, /not a regular file/)));
    await assert.rejects(writeChecked(fifo, "x", bounds.maxScanBytes), /not a regular file/);
  });

  it("answers undefined for a missing file, refuses folders, and bounds whole reads and line ranges", async () => {
    assert.equal(await readBounded(join(ws, "missing.txt"), bounds), undefined);
    await assert.rejects(readBounded(join(ws, "dir"), bounds), /not a regular file/);
    writeFileSync(join(ws, "big.txt"), "x".repeat(2000));
    await assert.rejects(readBounded(join(ws, "big.txt"), bounds), /2000 bytes, more than the 1024/);
    writeFileSync(join(ws, "lines.txt"), "\n".repeat(1_000_000));
    assert.equal(await readBounded(join(ws, "lines.txt"), { ...bounds, line: 2, limit: 3 }), "\n\n");
    await assert.rejects(
      readBounded(join(ws, "lines.txt"), { ...bounds, line: 900_000 }),
      /does not scan that far/,
    );
    writeFileSync(join(ws, "long.txt"), `${"y".repeat(3000)}\nend\n`);
    await assert.rejects(readBounded(join(ws, "long.txt"), { ...bounds, limit: 1 }), /ask for fewer/);
    assert.equal(await readBounded(join(ws, "long.txt"), { ...bounds, line: 2 }), "end\n");
  });

  it("holds no more memory for a read than the file needs, however many reads run at once", async () => {
    const small = join(ws, "dir", "notes.txt");
    const large = { maxBytes: 8 * 1024 * 1024, maxScanBytes: 32 * 1024 * 1024 };
    const before = process.memoryUsage().arrayBuffers;
    let most = before;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        assert.equal(await readBounded(small, large), "inside\n");
        most = Math.max(most, process.memoryUsage().arrayBuffers);
      }),
    );
    // A buffer of the bound for each read held 256 MB here.
    assert.ok(most - before < 32 * 1024 * 1024, `${((most - before) / 1024 / 1024).toFixed(0)} MB held`);
  });

  it("reads a file that grows after its size was read, within the bound", async function () {
    // A file of /proc says it is empty and holds text: the read goes on past the size the stat gave.
    if (process.platform !== "linux") this.skip();
    const text = await readBounded(`/proc/${process.pid}/status`, {
      maxBytes: 64 * 1024,
      maxScanBytes: 64 * 1024,
    });
    assert.match(text ?? "", /^Name:/);
    await assert.rejects(
      readBounded(`/proc/${process.pid}/status`, { maxBytes: 16, maxScanBytes: 16 }),
      /grew past/,
    );
  });

  it("reads and replaces UTF-8 text byte for byte: a BOM, CRLF line endings and characters of several bytes", async () => {
    const file = join(ws, "windows.txt");
    const bytes = Buffer.from("\ufeffcafé\r\n€ 10\r\n𝄞\r\n", "utf8");
    writeFileSync(file, bytes);
    const text = await readBounded(file, bounds);
    assert.equal(text, "\ufeffcafé\r\n€ 10\r\n𝄞\r\n");
    assert.equal(await readBounded(file, { ...bounds, line: 2, limit: 1 }), "€ 10\r");
    await writeChecked(file, text, bounds.maxScanBytes);
    assert.deepEqual(readFileSync(file), bytes, "written back unchanged");
    // A character across the boundary of two reads of the check is one character.
    const straddling = Buffer.concat([Buffer.alloc(256 * 1024 - 1, "a"), Buffer.from("€\n")]);
    writeFileSync(file, straddling);
    await writeChecked(file, "short\n", 1024 * 1024);
    assert.equal(readFileSync(file, "utf8"), "short\n");
  });

  it("neither reads nor replaces a file that is not UTF-8 text, whose bytes the text would lose", async () => {
    const latin1 = join(ws, "latin1.txt");
    const bytes = Buffer.from("first line\ncaf\xe9 cr\xe8me\n", "latin1");
    writeFileSync(latin1, bytes);
    await assert.rejects(readBounded(latin1, bounds), /not UTF-8 text/);
    await assert.rejects(readBounded(latin1, { ...bounds, line: 2 }), /not UTF-8 text/);
    // The lines that are UTF-8 still read.
    assert.equal(await readBounded(latin1, { ...bounds, line: 1, limit: 1 }), "first line");
    await assert.rejects(
      writeChecked(latin1, "first line\ncaf\ufffd cr\ufffdme\n", bounds.maxScanBytes),
      /not UTF-8 text/,
    );
    assert.deepEqual(readFileSync(latin1), bytes, "the file keeps its bytes");
    // A character cut off at the end, and a binary file.
    const cut = join(ws, "cut.txt");
    writeFileSync(cut, Buffer.from([0x61, 0xe2, 0x82]));
    await assert.rejects(readBounded(cut, bounds), /not UTF-8 text/);
    await assert.rejects(writeChecked(cut, "a", bounds.maxScanBytes), /not UTF-8 text/);
    const png = join(ws, "image.png");
    writeFileSync(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    await assert.rejects(readBounded(png, bounds), /not UTF-8 text/);
    await assert.rejects(writeChecked(png, "text", bounds.maxScanBytes), /not UTF-8 text/);
    assert.equal(readFileSync(png).length, 12);
    // Past the bound it checks, a file is not replaced unchecked.
    const big = join(ws, "big.log");
    writeFileSync(big, "x".repeat(bounds.maxScanBytes + 1));
    await assert.rejects(writeChecked(big, "y", bounds.maxScanBytes), /checks are UTF-8 text/);
    assert.equal(readFileSync(big).length, bounds.maxScanBytes + 1);
  });
});
