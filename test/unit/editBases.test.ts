// A v1 agent's write over a file that changed after its edit was shown is refused: what a person saved in between
// stays. These pin what counts as a change and what does not (line endings, a BOM, a snippet still in the file).
import * as assert from "node:assert/strict";
import { EditBases, MAX_EDIT_BASES } from "../../src/core/editBases";

const inside = (path: string): string | undefined => (path.startsWith("/ws/") ? path : undefined);
const diff = (path: string, oldText: string | null | undefined, newText = "new\n") => ({
  type: "diff",
  path,
  ...(oldText !== undefined ? { oldText } : {}),
  newText,
});

function edit(
  bases: EditBases,
  toolCallId: string,
  path: string,
  oldText: string | null,
  status = "pending",
): void {
  bases.noteToolCall({ toolCallId, status, content: [diff(path, oldText)] }, inside);
}

describe("EditBases: what an agent's open edit was shown against", () => {
  it("refuses a write when the file changed after the edit was shown, and not when it did not", () => {
    const bases = new EditBases();
    bases.noteRead("/ws/a.md", "one\n");
    edit(bases, "t1", "/ws/a.md", "one\n");
    assert.equal(bases.staleWrite("/ws/a.md", "one\n"), undefined);
    assert.equal(bases.judges("/ws/a.md"), true);
    assert.equal(bases.judges("/ws/b.md"), false, "no open diff names it: its text is not read");
    assert.equal(
      bases.staleWrite("/ws/a.md", "one\ntwo (saved by the person)\n"),
      "the file changed after the edit was shown",
    );
    assert.equal(bases.staleWrite("/ws/a.md", null), "the file was removed after the edit was shown");
  });

  it("judges a whole file exactly: text added at its end is a change", () => {
    const bases = new EditBases();
    bases.noteRead("/ws/a.md", "one\n");
    edit(bases, "t1", "/ws/a.md", "one\n");
    assert.ok(bases.staleWrite("/ws/a.md", "one\nappended\n"));
  });

  it("takes line endings and a byte order mark as no change", () => {
    const bases = new EditBases();
    bases.noteRead("/ws/a.md", "\uFEFFone\r\ntwo\r\n");
    edit(bases, "t1", "/ws/a.md", "one\ntwo\n");
    assert.equal(bases.staleWrite("/ws/a.md", "\uFEFFone\r\ntwo\r\n"), undefined);
    assert.ok(bases.staleWrite("/ws/a.md", "\uFEFFone\r\nthree\r\n"));
  });

  it("judges a snippet (not the text the agent read) by whether it is still in the file", () => {
    const bases = new EditBases();
    edit(bases, "t1", "/ws/a.ts", "const a = 1;");
    assert.equal(bases.staleWrite("/ws/a.ts", "// header\nconst a = 1;\n// more\n"), undefined);
    assert.ok(bases.staleWrite("/ws/a.ts", "// header\nconst a = 2;\n"));
  });

  it("takes a file created with null, no or empty old text as absent, and refuses when it appeared meanwhile", () => {
    const bases = new EditBases();
    edit(bases, "t1", "/ws/new.md", null);
    edit(bases, "t2", "/ws/empty.md", "");
    bases.noteToolCall({ toolCallId: "t3", content: [diff("/ws/absent.md", undefined)] }, inside);
    for (const path of ["/ws/new.md", "/ws/empty.md", "/ws/absent.md"]) {
      assert.equal(bases.staleWrite(path, null), undefined, path);
      assert.equal(bases.staleWrite(path, ""), undefined, path);
      assert.equal(
        bases.staleWrite(path, "made by someone else\n"),
        "the file changed after the edit was shown",
      );
    }
  });

  it("drops a tool call's bases once it completed or failed, and after the write went through", () => {
    const bases = new EditBases();
    edit(bases, "t1", "/ws/a.md", "one\n");
    bases.noteToolCall(
      { toolCallId: "t1", status: "completed", content: [diff("/ws/a.md", "one\n")] },
      inside,
    );
    assert.equal(bases.staleWrite("/ws/a.md", "other\n"), undefined, "completed");
    edit(bases, "t2", "/ws/b.md", "one\n");
    bases.noteToolCall({ toolCallId: "t2", status: "failed" }, inside);
    assert.equal(bases.staleWrite("/ws/b.md", "other\n"), undefined, "failed");
    edit(bases, "t3", "/ws/c.md", "one\n");
    bases.noteWritten("/ws/c.md", "two\n");
    assert.equal(bases.staleWrite("/ws/c.md", "two\n"), undefined, "written");
  });

  it("takes the latest diff of a file, and a write's text as what the agent then knows whole", () => {
    const bases = new EditBases();
    bases.noteWritten("/ws/a.md", "two\n");
    edit(bases, "t1", "/ws/a.md", "two\n");
    edit(bases, "t2", "/ws/a.md", "two\n");
    assert.ok(bases.staleWrite("/ws/a.md", "two\nthree\n"), "whole, from the write");
    bases.noteToolCall({ toolCallId: "t1", status: "completed" }, inside);
    assert.ok(bases.staleWrite("/ws/a.md", "changed\n"), "t2's diff is the file's base, not t1's");
  });

  it("ignores diffs outside the workspace, without a path, or with old text that is no string", () => {
    const bases = new EditBases();
    bases.noteToolCall(
      {
        toolCallId: "t1",
        content: [
          diff("/etc/passwd", "root\n"),
          { type: "diff", newText: "x" },
          { ...diff("/ws/b.md", null), oldText: 42 },
          "not an object",
        ],
      },
      inside,
    );
    for (const path of ["/etc/passwd", "/ws/b.md"])
      assert.equal(bases.staleWrite(path, "changed\n"), undefined, path);
  });

  it("keeps a bounded number of files; the oldest are then not judged", () => {
    const bases = new EditBases();
    for (let i = 0; i <= MAX_EDIT_BASES; i++) edit(bases, `t${i}`, `/ws/f${i}.md`, "one\n");
    assert.equal(bases.staleWrite("/ws/f0.md", "changed\n"), undefined, "dropped");
    assert.ok(bases.staleWrite(`/ws/f${MAX_EDIT_BASES}.md`, "changed\n"), "kept");
  });
});
