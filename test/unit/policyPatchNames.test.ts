import assert from "node:assert/strict";
import { patchedNames } from "../../src/core/policy/patchNames";

describe("patchedNames (the files a patch changes, from its headers)", () => {
  it("reads git's headers, renames and copies, without /dev/null", () => {
    const patch = [
      "diff --git a/src/old.ts b/src/new.ts",
      "similarity index 90%",
      "rename from src/old.ts",
      "rename to src/new.ts",
      "diff --git a/.vscode/tasks.json b/.vscode/tasks.json",
      "new file mode 100644",
      "--- /dev/null",
      "+++ b/.vscode/tasks.json",
      "@@ -0,0 +1 @@",
      "+{}",
    ].join("\n");
    const names = patchedNames(patch);
    for (const name of ["src/old.ts", "src/new.ts", "b/.vscode/tasks.json", "a/.vscode/tasks.json"])
      assert.ok(names.includes(name), `${name} in ${JSON.stringify(names)}`);
    assert.ok(!names.includes("/dev/null"));
  });

  it("reads unified and context diffs with dates, CRLF lines and Index lines, but not hunk ranges", () => {
    const unified =
      "--- ../../.bashrc\t2024-01-01 00:00:00\r\n+++ ../../.bashrc\t2024-01-02 00:00:00\r\n@@ -1 +1 @@\r\n";
    assert.deepEqual(patchedNames(unified), ["../../.bashrc"]);
    const context = [
      "*** a/x.c\tMon",
      "--- b/x.c\tTue",
      "***************",
      "*** 1,3 ****",
      "--- 1,3 ----",
    ].join("\n");
    assert.deepEqual(patchedNames(context).sort(), ["a/x.c", "b/x.c"]);
    assert.deepEqual(patchedNames("Index: lib/.git/hooks/pre-commit\n"), ["lib/.git/hooks/pre-commit"]);
  });

  it("unquotes git's C-style names, so a protected name cannot hide in escapes", () => {
    const names = patchedNames(
      'diff --git "a/\\056vscode/t\\303\\251.json" "b/\\056vscode/t\\303\\251.json"\n',
    );
    assert.ok(names.includes("b/.vscode/té.json"), JSON.stringify(names));
    assert.deepEqual(patchedNames('+++ "b/x\\"y"\n'), ['b/x"y']);
  });

  it("keeps a name with spaces whole as well as split at its b/", () => {
    const names = patchedNames("diff --git a/my dir/x b/my dir/x\n");
    assert.ok(names.includes("a/my dir/x") && names.includes("b/my dir/x"), JSON.stringify(names));
  });
});
