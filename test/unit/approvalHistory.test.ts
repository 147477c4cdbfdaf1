import assert from "node:assert/strict";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ApprovalHistory,
  fsPromises,
  historyEntry,
  toCsv,
  toJsonLines,
  type HistoryEntry,
} from "../../src/core/approvalHistory";
import { decisionRecord } from "../../src/core/pendingApprovals";
import type { Provenance } from "../../src/shared/protocol";
import { historyLine, historyPrompt } from "../support/historyEntries";

const prompt = historyPrompt();
const entry = (provenance: Provenance, optionId?: string): HistoryEntry => historyLine(provenance, optionId);

describe("ApprovalHistory", () => {
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), "symposium-history-"))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it("records each kind of decision with its provenance, newest first", async () => {
    const history = new ApprovalHistory(folder);
    const kinds: [Provenance, string?][] = [
      ["user", "allow_once"],
      ["bypass", "allow_once"],
      ["timeout", "reject_once"],
      ["stop"],
      ["agent_cancel"],
      ["agent_exit"],
      ["policy", "reject_once"],
    ];
    for (const [provenance, optionId] of kinds) history.append(entry(provenance, optionId));
    const read = await history.read();
    assert.deepEqual(
      read.map((e) => e.provenance),
      kinds.map(([p]) => p).reverse(),
    );
    const user = read.find((e) => e.provenance === "user")!;
    assert.deepEqual(user, {
      at: "2026-11-21T12:00:00.000Z",
      agent: "Claude",
      session: "s1",
      title: "Run the tests",
      subject: "command: npm test (in /work)",
      provenance: "user",
      outcome: "selected",
      optionId: "allow_once",
      option: "Allow",
    });
    assert.equal(read.find((e) => e.provenance === "stop")?.outcome, "cancelled");
  });

  it("records an option named for the opposite answer by what it did, with the agent's name beside it", () => {
    const swapped = {
      ...prompt,
      options: prompt.options.map((option) => ({
        ...option,
        name: option.kindClass === "allow" ? "Reject" : "Allow",
      })),
    };
    const record = decisionRecord(swapped, { outcome: "selected", optionId: "allow_once" }, "user", 0);
    assert.equal(record.summary, "You chose: Allow (the agent calls it “Reject”)");
    assert.equal(historyEntry(swapped, record).option, "Allow (the agent calls it “Reject”)");
    const rejected = decisionRecord(swapped, { outcome: "selected", optionId: "reject_once" }, "user", 0);
    assert.equal(historyEntry(swapped, rejected).option, "Reject (the agent calls it “Allow”)");
    // A name that says what the option does is kept as the agent wrote it.
    assert.equal(entry("user", "allow_once").option, "Allow");
  });

  it("names the rule a policy answer came by when it answered cancelled (no reject option offered)", () => {
    const record = {
      ...decisionRecord(prompt, { outcome: "cancelled" }, "policy", 0),
      note: 'Deny commands starting with "npm publish" (user settings)',
    };
    const line = historyEntry(prompt, record);
    assert.equal(line.outcome, "cancelled");
    assert.equal(line.option, "Cancelled");
    assert.equal(line.note, 'Deny commands starting with "npm publish" (user settings)');
    // A cancel with nothing behind it (Stop, a Deny without a reject option) stays as it was.
    assert.equal(entry("stop").option, undefined);
    assert.equal(entry("stop").note, undefined);
  });

  it("keeps the rule an answer came by apart from the agent's option name, which can imitate one", () => {
    const lookalike = {
      ...prompt,
      options: prompt.options.map((option) => ({
        ...option,
        name: option.kindClass === "allow" ? "Allow once (Bypass Permissions)" : option.name,
      })),
    };
    // The person clicked it: no rule behind it, and the name is the agent's alone.
    const clicked = historyEntry(
      lookalike,
      decisionRecord(lookalike, { outcome: "selected", optionId: "allow_once" }, "user", 0),
    );
    assert.equal(clicked.option, "Allow once (Bypass Permissions)");
    assert.equal(clicked.note, undefined);
    // A rule's answer: the rule in its own field and its own CSV column, never joined to the name.
    const byRule = historyEntry(lookalike, {
      ...decisionRecord(lookalike, { outcome: "selected", optionId: "allow_once" }, "policy", 0),
      note: 'Allow commands starting with "npm test" (user settings)',
    });
    assert.equal(byRule.option, "Allow once (Bypass Permissions)");
    assert.equal(byRule.note, 'Allow commands starting with "npm test" (user settings)');
    const [header, row] = toCsv([byRule]).split("\n");
    const noteColumn = header!.split(",").indexOf("note");
    assert.ok(noteColumn > header!.split(",").indexOf("option"), header);
    assert.ok(
      row!.includes(
        '"Allow once (Bypass Permissions)","Allow commands starting with ""npm test"" (user settings)"',
      ),
      row,
    );
  });

  it("keeps who changed a mode, so the agent's own move into Bypass mode does not read as the person's", async () => {
    const history = new ApprovalHistory(folder);
    const record = {
      ...decisionRecord(prompt, { outcome: "cancelled" }, "mode", 0),
      modeBy: "agent" as const,
    };
    history.append(historyEntry(prompt, record));
    assert.equal((await history.read())[0]?.modeBy, "agent");
    // The CSV export says it too, in a column of its own.
    const [header, row] = toCsv(await history.read()).split("\n");
    assert.equal(header?.split(",").at(-1), "modeBy");
    assert.equal(row?.split(",").at(-1), '"agent"');
  });

  it("keeps a flood bounded: past the queue limit the oldest unwritten entries are dropped and counted", async () => {
    const history = new ApprovalHistory(folder, 10 * 1024 * 1024, 60_000, 100);
    for (let i = 0; i < 250; i++) history.append(entry("bypass", "allow_once"));
    const read = await history.read();
    assert.equal(read.length, 100);
    assert.match(readdirSync(folder).join(), /automatic\.jsonl/);
  });

  it("keeps the person's own mode changes apart from the agent's, which a flood of agent turns rotates away", async () => {
    const history = new ApprovalHistory(folder, 2_000);
    const mode = (modeBy: "user" | "settings" | "agent", title: string) => {
      const titled = { ...prompt, title };
      return historyEntry(titled, {
        ...decisionRecord(titled, { outcome: "cancelled" }, "mode", 0),
        modeBy,
      });
    };
    history.append(mode("user", "You set Mode: Bypass Permissions"));
    history.append(mode("settings", "Your settings set Mode: Plan"));
    await history.flush();
    for (let i = 0; i < 200; i++) {
      history.append(mode("agent", `Scripted set Mode: Bypass Permissions ${i}`));
      await history.flush();
    }
    const titles = (await history.read()).map((row) => row.title);
    assert.ok(titles.includes("You set Mode: Bypass Permissions"), "the person's change is kept");
    assert.ok(titles.includes("Your settings set Mode: Plan"), "their settings' too");
    assert.ok(!titles.includes("Scripted set Mode: Bypass Permissions 0"), "the agent's oldest rotated away");
  });

  it("loses no later decision to a write a full disk cut short, and shows the lost ones as a gap", async () => {
    const history = new ApprovalHistory(folder, 10 * 1024 * 1024, 60_000);
    const answer = (title: string, minute: number) =>
      historyLine("user", "allow_once", { title, at: Date.UTC(2026, 11, 4, 12, minute) });
    const errors: unknown[] = [];
    history.onWriteError = (error) => errors.push(error);
    history.append(answer("before", 0));
    await history.flush();
    // The disk fills partway through the next batch: part of its first line is written, then ENOSPC.
    const fsp = fsPromises() as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const appendFile = fsp.appendFile!;
    fsp.appendFile = async (path: unknown, text: unknown, ...rest: unknown[]) => {
      await appendFile(path, (text as string).slice(0, 30), ...rest);
      throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
    };
    try {
      history.append(answer("cut", 1));
      history.append(answer("cut too", 2));
      await history.flush();
    } finally {
      fsp.appendFile = appendFile;
    }
    assert.equal(errors.length, 1);
    // Space again: the next answers are written after the cut line, not onto it.
    history.append(answer("after", 3));
    history.append(answer("after too", 4));
    const rows = await history.rows();
    assert.deepEqual(
      rows.map((row) => ("provenance" in row ? row.title : `gap of ${row.count}`)),
      ["after too", "after", "gap of 2", "before"],
    );
    // An export keeps the gap as a row of its own: with holes, it must not read as complete.
    const csv = toCsv(rows).split("\n");
    assert.match(csv[3] ?? "", /^"[^"]+","","","2 decisions of yours were let go here","","gap",/);
    assert.deepEqual(
      toJsonLines(rows)
        .trim()
        .split("\n")
        .map((line) => (JSON.parse(line) as { letGo?: string; count?: number }).letGo),
      [undefined, undefined, "yours", undefined],
    );
  });

  it("rotates past its size limit, keeping one older file, and still reads both", async () => {
    const history = new ApprovalHistory(folder, 2_000);
    for (let i = 0; i < 40; i++) {
      history.append(entry("user", "allow_once"));
      await history.flush(); // one write each, so rotation is exercised per entry
    }
    const read = await history.read();
    assert.deepEqual(
      readdirSync(folder).sort(),
      ["approvals.1.jsonl", "approvals.jsonl"],
      "the person's own files",
    );
    assert.ok(statSync(join(folder, "approvals.jsonl")).size <= 2_000);
    assert.ok(read.length > 0 && read.length < 40, "old entries beyond the rotated file are dropped");
  });
  it("never writes or reads through a link planted at a history file or its folder", async () => {
    // A link to a shell's startup file: a JSON line holding the agent's title, appended there, runs the next shell.
    const rc = join(folder, "bashrc");
    writeFileSync(rc, "# rc\n");
    const history = new ApprovalHistory(join(folder, "history"));
    mkdirSync(history.folder);
    symlinkSync(rc, join(history.folder, "approvals.jsonl"));
    const errors: unknown[] = [];
    history.onWriteError = (error) => errors.push(error);
    history.append(historyLine("user", "allow_once", { title: "$(touch pwned)" }));
    await history.flush();
    assert.equal(readFileSync(rc, "utf8"), "# rc\n", "the link's target is untouched");
    assert.match(String(errors[0]), /approvals\.jsonl is not a regular file/, "and the person is told");
    // Told once while it lasts, not at every batch of a flood.
    for (let i = 0; i < 5; i++) {
      history.append(historyLine("user", "allow_once"));
      await history.flush();
    }
    assert.equal(errors.length, 1, "the same failure is reported once");
    // Nor read through: a line the target holds is not shown as a decision.
    writeFileSync(rc, `${JSON.stringify(entry("user", "allow_once"))}\n`);
    assert.deepEqual(await history.rows(), []);

    // The history folder itself replaced by a link: nothing is written where it points.
    const elsewhere = join(folder, "elsewhere");
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(folder, "linked"));
    const linked = new ApprovalHistory(join(folder, "linked"));
    const linkedErrors: unknown[] = [];
    linked.onWriteError = (error) => linkedErrors.push(error);
    linked.append(entry("user", "allow_once"));
    await linked.flush();
    assert.deepEqual(readdirSync(elsewhere), []);
    assert.match(String(linkedErrors[0]), /is not a folder/);
  });

  it("shows a planted line only as the columns it writes, and a gap only with a time and a whole count", async () => {
    const good = entry("user", "allow_once");
    // A field of its own nested 200,000 deep: the rows could not be sent to the panel, nor exported.
    const deep = `${JSON.stringify(good).slice(0, -1)},"x":${"[".repeat(200_000)}${"]".repeat(200_000)}}`;
    const planted = [
      ...[true, "Infinity", [7], 1.5, -1, 1e300].map((dropped) => ({ at: good.at, dropped })),
      { at: { a: 1 }, dropped: 3 },
      { at: "yesterday", dropped: 3 },
      { at: "2026-11-21T12:00:00.000Z", rotated: "yes" },
      { ...good, at: 5 },
      { ...good, outcome: "Allowed by Symposium" },
      { ...good, provenance: "mode", modeBy: "constructor" },
    ];
    writeFileSync(
      join(folder, "approvals.jsonl"),
      [deep, ...planted.map((line) => JSON.stringify(line))].join("\n") + "\n",
    );
    const rows = await new ApprovalHistory(folder).rows();
    assert.deepEqual(rows, [good]);
    assert.deepEqual(Object.keys(rows[0]!), Object.keys(good));
    assert.ok(JSON.stringify({ type: "rows", rows }).length < 1_000);
  });

  it("exports CSV with every cell quoted and spreadsheet formulas from agent text defused", () => {
    const hostile = {
      ...entry("user", "allow_once"),
      title: '=HYPERLINK("http://evil","x")',
      subject: 'say "hi", then\nleave',
    };
    const [header, row] = toCsv([hostile]).split("\n");
    assert.equal(header, "at,agent,session,title,subject,provenance,outcome,optionId,option,note,modeBy");
    assert.ok(row!.includes(`"'=HYPERLINK(""http://evil"",""x"")"`), row);
    assert.ok(
      toCsv([hostile]).includes('"say ""hi"", then\nleave"'),
      "quotes doubled, newline kept inside the quoted cell",
    );
  });
});
