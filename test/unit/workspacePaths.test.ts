import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { canonicalPath, WorkspacePaths } from "../../src/core/workspacePaths";

describe("WorkspacePaths", () => {
  let base: string;
  let root: string;
  let outside: string;
  let paths: WorkspacePaths;

  before(() => {
    base = realpathSync(mkdtempSync(join(tmpdir(), "symposium-paths-")));
    root = join(base, "project");
    outside = join(base, "secret");
    mkdirSync(join(root, "src"), { recursive: true });
    mkdirSync(join(root, ".git"), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(root, "src", "a.ts"), "");
    writeFileSync(join(outside, "key"), "");
    symlinkSync(join(outside, "key"), join(root, "link-to-key"));
    symlinkSync(outside, join(root, "linked-dir"));
    symlinkSync(join(root, ".git"), join(root, "innocent"));
    paths = new WorkspacePaths([root]);
  });

  after(() => rmSync(base, { recursive: true, force: true }));

  it("accepts existing and new files inside the workspace", () => {
    assert.equal(paths.resolveInside(join(root, "src", "a.ts")), join(root, "src", "a.ts"));
    assert.equal(
      paths.resolveInside(join(root, "src", "new", "deep.ts")),
      join(root, "src", "new", "deep.ts"),
    );
    assert.equal(paths.contains(root), true);
  });

  it("rejects .., absolute paths outside, relative paths and NUL bytes", () => {
    assert.equal(paths.contains(join(root, "..", "secret", "key")), false);
    assert.equal(paths.contains("/etc/passwd"), false);
    assert.equal(paths.contains("src/a.ts"), false);
    assert.equal(paths.contains(join(root, "src", "a.ts\0.png")), false);
    assert.equal(canonicalPath(""), undefined);
  });

  it("follows symlinks: a link to outside is outside, also for a new file under a symlinked parent", () => {
    assert.equal(paths.contains(join(root, "link-to-key")), false);
    assert.equal(paths.contains(join(root, "linked-dir", "new-file")), false);
  });

  it("protects .git, .vscode, .env files and shell rc files, also through a symlink", () => {
    assert.equal(paths.isProtected(join(root, ".git", "config")), true);
    assert.equal(paths.isProtected(join(root, ".vscode", "settings.json")), true);
    assert.equal(paths.isProtected(join(root, ".env.local")), true);
    assert.equal(paths.isProtected(join(root, ".bashrc")), true);
    assert.equal(paths.isProtected(join(root, "innocent", "hooks", "pre-commit")), true);
    assert.equal(paths.isProtected(join(root, "src", "a.ts")), false);
  });
});
