// The approval history against hostile agent strings: formulas hidden behind whitespace or in fullwidth forms are
// defused in the CSV export, hidden characters are exported readably, and unbounded option ids and names are capped in
// every history line.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ApprovalHistory,
  historyEntry,
  toCsv,
  toJsonLines,
  type HistoryEntry,
} from "../../src/core/approvalHistory";
import { decisionRecord } from "../../src/core/pendingApprovals";
import { kindClass, type PermissionPrompt } from "../../src/core/permissionPrompt";
import { historyPrompt } from "../support/historyEntries";

function promptWith(optionId: string, name: string): PermissionPrompt {
  return {
    ...historyPrompt(),
    options: [{ key: "0", optionId, name, kind: "reject_once", kindClass: kindClass("reject_once") }],
  };
}

function entryFor(optionId: string, name = "Reject"): HistoryEntry {
  const prompt = promptWith(optionId, name);
  return historyEntry(
    prompt,
    decisionRecord(prompt, { outcome: "selected", optionId }, "user", Date.UTC(2026, 10, 21, 12)),
  );
}

describe("approval history against hostile strings", () => {
  const formulas = [
    ' =HYPERLINK("http://evil","x")',
    '\u00a0=HYPERLINK("http://evil","x")',
    '\n=cmd|" /C calc"!A0',
    "\t\t+1+1",
    "\u3000@SUM(A1)",
    '＝HYPERLINK("http://evil")',
    "＋1",
    "－1",
    "＠SUM(A1)",
  ];
  for (const title of formulas) {
    it(`defuses ${JSON.stringify(title)} in the CSV export`, () => {
      const row = toCsv([{ ...entryFor("reject"), title }])
        .split("\n")
        .slice(1)
        .join("\n");
      assert.ok(row.includes(`"'${title.replace(/"/g, '""')}"`), row);
    });
  }

  it("leaves ordinary cells alone", () => {
    const row = toCsv([{ ...entryFor("reject"), title: "Run npm test -- --grep x" }]);
    assert.ok(row.includes('"Run npm test -- --grep x"'));
  });

  it("exports a bidi override or zero-width space readably: a marker in CSV, an escape in JSON Lines", () => {
    const entry = { ...entryFor("reject"), title: "Rename photo_\u202egnp.exe\u200b", agent: "A\u{e0041}" };
    const csv = toCsv([entry]);
    assert.ok(csv.includes('"Rename photo_<U+202E>gnp.exe<U+200B>"'), csv);
    assert.ok(csv.includes('"A<U+E0041>"'), csv);
    const jsonl = toJsonLines([entry]);
    assert.ok(jsonl.includes("Rename photo_\\u202egnp.exe\\u200b"), jsonl);
    assert.ok(!/[\u200b\u202e\udb40]/.test(jsonl), jsonl);
    assert.deepEqual(JSON.parse(jsonl), entry, "the same data once read");
  });

  it("caps a 5 MiB option id and name in the history line", () => {
    const id = "x".repeat(5 * 1024 * 1024);
    const entry = entryFor(id, id);
    assert.ok(JSON.stringify(entry).length < 2_000, `${JSON.stringify(entry).length} characters`);
    assert.ok(entry.optionId!.startsWith("xxx"));
  });

  it("shows no line a file holds that it did not write: one could stop the panel's table rendering", async () => {
    const folder = mkdtempSync(join(tmpdir(), "symposium-history-lines-"));
    try {
      const good = entryFor("reject_once");
      const lines = [
        good,
        { ...good, title: 5 }, // a non-string cell throws in the panel's rendering, and no row at all shows
        { ...good, agent: null },
        { ...good, provenance: "constructor" }, // the panel's table of names has it as a function
        { ...good, provenance: "You" },
        { at: good.at, provenance: "user" },
        { at: good.at, dropped: "All your decisions were checked" }, // a gap row says its count as Symposium
        null,
        [],
        "text",
      ];
      writeFileSync(join(folder, "automatic.jsonl"), lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
      assert.deepEqual(await new ApprovalHistory(folder).rows(), [good]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
