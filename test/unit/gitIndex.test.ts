import * as assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gitIndexEntries } from "../../src/core/policy/gitIndex";

describe("a git index's paths, as git ls-files lists them", () => {
  let repo: string;
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], {
      cwd: repo,
      encoding: "utf8",
    });
  const listed = () => git("ls-files", "-z").split("\0").filter(Boolean);
  const fromIndex = () => gitIndexEntries(readFileSync(join(repo, ".git", "index")))?.map((e) => e.path);

  const populate = () => {
    for (const name of ["x ..", "q'uo'te", "ünï code.ts", "tab\there", "z.ts", "nl\nname"])
      writeFileSync(join(repo, name), "x");
    mkdirSync(join(repo, "a ..", ".ssh"), { recursive: true });
    writeFileSync(join(repo, "a ..", ".ssh", "id_rsa"), "");
    mkdirSync(join(repo, "deep", "er", "est"), { recursive: true });
    writeFileSync(join(repo, "deep", "er", "est", "file.ts"), "");
    writeFileSync(join(repo, "deep", "er", "est", "file2.ts"), "");
    git("add", "-A");
  };

  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), "symposium-index-"));
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it("reads versions 2, 3 (extended flags) and 4 (compressed paths) as git does", () => {
    git("init", "-q");
    populate();
    assert.deepEqual(fromIndex(), listed(), "version 2");
    git("update-index", "--skip-worktree", "z.ts");
    assert.equal(readFileSync(join(repo, ".git", "index")).readUInt32BE(4), 3);
    assert.deepEqual(fromIndex(), listed(), "version 3");
    git("update-index", "--index-version", "4");
    assert.equal(readFileSync(join(repo, ".git", "index")).readUInt32BE(4), 4);
    assert.deepEqual(fromIndex(), listed(), "version 4");
    assert.ok(listed().includes("a ../.ssh/id_rsa"));
    symlinkSync("/etc/passwd", join(repo, "away"));
    git("add", "away");
    const entries = gitIndexEntries(readFileSync(join(repo, ".git", "index")))!;
    assert.deepEqual(
      entries.filter((e) => e.link).map((e) => e.path),
      ["away"],
      "a link is an entry of mode 120000",
    );
  });

  it("reads a SHA-256 repository's index", () => {
    git("init", "-q", "--object-format=sha256");
    populate();
    assert.deepEqual(fromIndex(), listed());
  });

  it("reads nothing from an index it does not read whole", () => {
    git("init", "-q");
    populate();
    const bytes = readFileSync(join(repo, ".git", "index"));
    assert.equal(gitIndexEntries(bytes.subarray(0, bytes.length - 30)), undefined, "truncated");
    assert.equal(gitIndexEntries(Buffer.from("DIRX")), undefined);
    // A split index keeps entries in a shared file.
    git("update-index", "--split-index");
    assert.equal(fromIndex(), undefined);
  });
});
