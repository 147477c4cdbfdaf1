// The approval history against an agent that floods it: requests answered without the person (Bypass, rules, caps)
// must not push the person's own answers out of the history, the history says where automatic ones were let go, and
// two windows writing the same files keep as much as one would.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ApprovalHistory, type HistoryEntry } from "../../src/core/approvalHistory";
import type { Provenance } from "../../src/shared/protocol";
import { historyLine } from "../support/historyEntries";

/** Whether `promise` settles within `ms` (a bound for a test of a hang, not a timing asserted). */
const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(() => "settled"),
    new Promise((resolve) => setTimeout(() => resolve("still waiting"), ms).unref()),
  ]);

const entry = (provenance: Provenance, title: string, at = Date.UTC(2026, 10, 21, 12)): HistoryEntry =>
  historyLine(provenance, "allow_once", { title, at });

describe("ApprovalHistory under a flood of automatic decisions", () => {
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), "symposium-history-flood-"))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it("keeps the person's own answers however many automatic ones follow, and says where older automatic ones went", async () => {
    const history = new ApprovalHistory(folder, 4_000);
    history.append(entry("user", "Deploy to production", Date.UTC(2026, 10, 21, 9)));
    history.append(entry("bypass", "Earlier automatic", Date.UTC(2026, 10, 21, 10)));
    await history.flush();
    for (let i = 0; i < 200; i++) {
      history.append(entry(i % 2 ? "bypass" : "policy", "x".repeat(300), Date.UTC(2026, 10, 21, 11, 0, i)));
      if (i % 10 === 0) await history.flush();
    }
    const read = await history.read();
    assert.deepEqual(
      read.filter((e) => e.provenance === "user").map((e) => e.title),
      ["Deploy to production"],
    );
    assert.ok(!read.some((e) => e.title === "Earlier automatic"), "the automatic ones are still bounded");
    const rows = await history.rows();
    assert.deepEqual(
      rows.map((row) => row.at),
      rows
        .map((row) => row.at)
        .sort()
        .reverse(),
      "in time order",
    );
    const gap = rows.findIndex((row) => !("provenance" in row));
    assert.ok(gap > 0, "a row says where the automatic decisions let go were");
    assert.deepEqual(rows[gap], { at: rows[gap]!.at, letGo: "automatic" });
    assert.equal(
      rows.at(-1)!.at,
      "2026-11-21T09:00:00.000Z",
      "the person's answer is last, older than the gap",
    );
  });

  it("keeps the moves into and out of acting without asking apart too: a flood of answers cannot hide them", async () => {
    const history = new ApprovalHistory(folder, 4_000);
    history.append({ ...entry("mode", "Claude set Mode: Bypass permissions"), option: "Bypass permissions" });
    for (let i = 0; i < 200; i++) {
      history.append(entry("bypass", "x".repeat(300), Date.UTC(2026, 10, 21, 11, 0, i)));
      if (i % 10 === 0) await history.flush();
    }
    assert.deepEqual(
      (await history.read()).filter((e) => e.provenance === "mode").map((e) => e.title),
      ["Claude set Mode: Bypass permissions"],
    );
  });

  it("drops only automatic entries when more are queued than it holds, and counts them", async () => {
    const history = new ApprovalHistory(folder, 10 * 1024 * 1024, 60_000, 100);
    history.append(entry("user", "Mine"));
    for (let i = 0; i < 250; i++) history.append(entry("bypass", `auto ${i}`));
    const read = await history.read();
    assert.equal(read.filter((e) => e.provenance === "user").length, 1);
    assert.equal(read.length, 101);
    assert.ok((await history.rows()).some((row) => "count" in row && row.count === 150));
  });

  it("shows every answer of the person's beside the newest automatic ones, and a gap where it stops", async () => {
    const history = new ApprovalHistory(folder);
    history.append(entry("user", "Mine", Date.UTC(2026, 10, 21, 9)));
    for (let i = 0; i < 10; i++) history.append(entry("bypass", `auto ${i}`, Date.UTC(2026, 10, 21, 10, i)));
    const rows = await history.rows(4);
    assert.deepEqual(
      rows.map((row) => ("title" in row ? row.title : `gap ${row.letGo}`)),
      ["auto 9", "auto 8", "auto 7", "auto 6", "gap automatic", "Mine"],
    );
  });

  it("keeps the first line of the newer file when the older one ends in a line a crash cut", async () => {
    writeFileSync(
      join(folder, "approvals.1.jsonl"),
      `${JSON.stringify(entry("user", "Before"))}\n{"at":"2026-`,
    );
    writeFileSync(join(folder, "approvals.jsonl"), `${JSON.stringify(entry("user", "After"))}\n`);
    const read = await new ApprovalHistory(folder).read();
    assert.deepEqual(
      read.map((e) => e.title),
      ["After", "Before"],
    );
  });

  it("never reads an agent's title as a line of its own", async () => {
    const history = new ApprovalHistory(folder);
    const forged = JSON.stringify({ ...entry("user", "Forged"), title: "Forged" });
    history.append(entry("bypass", `a\n${forged}\r\n${forged}\u2028${forged}`));
    const read = await history.read();
    assert.deepEqual(
      read.map((e) => e.provenance),
      ["bypass"],
    );
  });

  it("keeps as much when two windows write the same files as when one does", async () => {
    const windows = [new ApprovalHistory(folder, 3_000), new ApprovalHistory(folder, 3_000)];
    const line = JSON.stringify(entry("bypass", "y".repeat(200))).length + 1;
    for (let i = 0; i < 60; i++) {
      windows[i % 2]!.append(entry("bypass", "y".repeat(200), Date.UTC(2026, 10, 21, 11, 0, i)));
      await windows[i % 2]!.flush();
    }
    const kept = (await new ApprovalHistory(folder, 3_000).read()).length;
    assert.ok(
      kept >= Math.floor(3_000 / line),
      `${kept} kept of the ${Math.floor(3_000 / line)} one file holds`,
    );
    const current = readFileSync(join(folder, "automatic.jsonl"), "utf8");
    assert.ok(current.length <= 3_000, `${current.length} bytes in the current file`);
  });

  it("keeps the older answers when another window rotated the full file after this one found it full", async () => {
    const old = [0, 1, 2, 3, 4].map((i) => entry("user", `earlier answer ${i}`, Date.UTC(2026, 10, 20, i)));
    writeFileSync(join(folder, "approvals.jsonl"), old.map((e) => `${JSON.stringify(e)}\n`).join(""));
    const full = readFileSync(join(folder, "approvals.jsonl"), "utf8").length;
    const [first, second] = [new ApprovalHistory(folder, full + 10), new ApprovalHistory(folder, full + 10)];
    first.append(entry("user", "first window's answer"));
    await first.flush();
    // The module object the history requires on each write, so its size can be the one seen before that rotation:
    // the second window found the file full just before the first rotated it. It renamed the first's new file over
    // the older one, and every earlier answer was gone.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fs = require("node:fs/promises") as { lstat: typeof import("node:fs/promises").lstat };
    const lstat = fs.lstat;
    let stale = true;
    fs.lstat = (async (path: string) => {
      const found = await lstat(path);
      if (!stale || !path.endsWith("approvals.jsonl")) return found;
      stale = false;
      return { ...found, size: full };
    }) as typeof lstat;
    try {
      second.append(entry("user", "second window's answer"));
      await second.flush();
    } finally {
      fs.lstat = lstat;
    }
    assert.equal(stale, false, "the second window saw the full size");
    const titles = (await new ApprovalHistory(folder, full + 10).read()).map((e) => e.title).sort();
    assert.deepEqual(
      titles,
      [...old.map((e) => e.title), "first window's answer", "second window's answer"].sort(),
    );
  });

  it("stays bounded when a rotation lock is left that no window releases: a folder with files, a file, one dated ahead", async () => {
    const hour = 60 * 60;
    for (const plant of ["a folder with a file", "a file", "a folder dated an hour ahead"]) {
      const dir = join(folder, plant.replace(/ /g, "-"));
      mkdirSync(dir);
      const lock = join(dir, "automatic.rotating");
      if (plant === "a file") writeFileSync(lock, "x");
      else mkdirSync(lock);
      if (plant === "a folder with a file") writeFileSync(join(lock, "x"), "x");
      if (plant === "a folder dated an hour ahead")
        utimesSync(lock, Date.now() / 1000 + hour, Date.now() / 1000 + hour);
      const history = new ApprovalHistory(dir, 2_000);
      history.onWriteError = (error) => assert.fail(`${plant}: a write failed: ${String(error)}`);
      for (let i = 0; i < 80; i++) {
        history.append(entry("bypass", `auto ${i} ${"z".repeat(100)}`));
        await history.flush();
      }
      const size = statSync(join(dir, "automatic.jsonl")).size;
      assert.ok(size <= 2 * 2_000 + 400, `${plant}: the file is ${size} bytes`);
      assert.ok(existsSync(join(dir, "automatic.1.jsonl")), `${plant}: it rotated`);
    }
  });

  it("still writes the lines when another window rotated the file between its size and its last byte", async () => {
    writeFileSync(join(folder, "approvals.jsonl"), `${JSON.stringify(entry("user", "earlier"))}\n`);
    // The module object the history requires on each write (see approvalHistory.ts), so the other window's rotation
    // can land just after this one read the size.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fs = require("node:fs/promises") as { lstat: typeof import("node:fs/promises").lstat };
    const lstat = fs.lstat;
    let raced = false;
    fs.lstat = (async (path: string) => {
      const found = await lstat(path);
      if (!raced && path.endsWith("approvals.jsonl")) {
        raced = true;
        renameSync(path, join(folder, "approvals.1.jsonl"));
      }
      return found;
    }) as typeof lstat;
    const history = new ApprovalHistory(folder);
    const errors: unknown[] = [];
    history.onWriteError = (error) => errors.push(error);
    try {
      history.append(entry("user", "mine", Date.UTC(2026, 10, 21, 13)));
      await history.flush();
    } finally {
      fs.lstat = lstat;
    }
    assert.ok(raced, "the file was rotated away after its size was read");
    assert.deepEqual(errors, []);
    assert.deepEqual(
      (await history.rows()).map((row) => ("title" in row ? row.title : `gap of ${row.count}`)),
      ["mine", "earlier"],
    );
  });

  it("does not wait on a named pipe planted at a history file, and says so", async function () {
    if (process.platform === "win32") this.skip();
    // Opening a pipe to write waits for a reader: every flush's batch was held without end, and the window's close too.
    execFileSync("mkfifo", [join(folder, "automatic.jsonl")]);
    const history = new ApprovalHistory(folder, 2 << 20, 5);
    const errors: unknown[] = [];
    history.onWriteError = (error) => errors.push(error);
    for (let i = 0; i < 20_000; i++) {
      history.append(entry("bypass", `auto ${i}`));
      if (i % 2_000 === 0) void history.flush();
    }
    assert.equal(await within(history.flush(), 10_000), "settled");
    assert.match(String(errors[0]), /automatic\.jsonl is not a regular file/);
  });

  it("skips a named pipe planted at a history file when it reads", async function () {
    if (process.platform === "win32") this.skip();
    // Reading one waited for a writer, holding two of the four threads Node's file work (every extension's) shares.
    writeFileSync(join(folder, "automatic.jsonl"), `${JSON.stringify(entry("bypass", "kept"))}\n`);
    for (const file of ["approvals.jsonl", "approvals.1.jsonl"]) execFileSync("mkfifo", [join(folder, file)]);
    const history = new ApprovalHistory(folder);
    const reads = [history.read(), history.read()];
    assert.equal(await within(Promise.all(reads), 10_000), "settled");
    assert.deepEqual(
      (await reads[0]!).map((e) => e.title),
      ["kept"],
    );
  });

  it("holds no more than its queue while a write never finishes, counts what it lets go, and can stop waiting", async () => {
    // A stalled network folder: the write is not refused, it never finishes.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fs = require("node:fs/promises") as { appendFile: typeof import("node:fs/promises").appendFile };
    const appendFile = fs.appendFile;
    let release = () => undefined as void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    let writes = 0;
    fs.appendFile = async (...args) => {
      writes++;
      await stalled;
      return appendFile(...args);
    };
    try {
      const history = new ApprovalHistory(folder, 10 << 20, 60_000, 100);
      history.append(entry("bypass", "first"));
      void history.flush();
      for (let i = 0; i < 20_000; i++) {
        history.append(entry("bypass", `auto ${i}`));
        if (i % 2_000 === 1_999) void history.flush();
      }
      assert.equal(await history.flushWithin(100), false, "a close waiting for it goes on");
      assert.equal(await within(history.rows(), 10_000), "settled", "the panel reads what is on disk");
      assert.equal(writes, 1, "one write in flight");
      release();
      await history.flush();
      const rows = await history.rows();
      assert.equal(rows.length, 102, "the first, the newest 100 and a gap");
      assert.deepEqual(
        rows.flatMap((row) => ("count" in row ? [row.count] : [])),
        [19_900],
      );
      assert.ok(rows.some((row) => "title" in row && row.title === "auto 19999"));
    } finally {
      release();
      fs.appendFile = appendFile;
    }
  });

  it("still writes the lines when another window rotated the file between its size and the rename", async () => {
    // The module object the history requires on each write (see approvalHistory.ts), so the rename can be wrapped.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fs = require("node:fs/promises") as { rename: typeof import("node:fs/promises").rename };
    const rename = fs.rename;
    let raced = 0;
    // The other window's rotation lands just before this one's rename: the file is gone when it renames.
    fs.rename = async (from, to) => {
      if (raced++ === 0) await rename(from, to);
      return rename(from, to);
    };
    try {
      const history = new ApprovalHistory(folder, 1_000);
      history.onWriteError = (error) => assert.fail(`a write failed: ${String(error)}`);
      for (let i = 0; i < 8; i++) {
        history.append(entry("bypass", `auto ${i}`));
        await history.flush();
      }
      assert.ok(raced > 0, "a rotation happened");
      assert.equal((await history.read()).length, 8);
    } finally {
      fs.rename = rename;
    }
  });
});
