// The folder git runs a repository's hooks from, and the policy's protection of it: a script written to a
// `core.hooksPath` folder of the workspace runs on the next commit, as one in `.git/hooks` does.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hooksFolder } from "../../src/core/policy/gitHooks";
import { PolicyBoundary } from "../../src/core/policy/resolvePath";

describe("a repository's hooks folder", () => {
  let base: string;
  let repo: string;

  beforeEach(() => {
    base = realpathSync(mkdtempSync(join(tmpdir(), "symposium-hooks-")));
    repo = join(base, "repo");
    mkdirSync(join(repo, "packages", "app"), { recursive: true });
    execFileSync("git", ["init", "-q", repo]);
  });

  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it("is where core.hooksPath says, from the repository's top, whichever of its folders is asked about", () => {
    assert.equal(hooksFolder(repo), join(repo, ".git", "hooks"));
    execFileSync("git", ["-C", repo, "config", "core.hooksPath", "tools/hooks"]);
    assert.equal(hooksFolder(repo), join(repo, "tools", "hooks"));
    assert.equal(hooksFolder(join(repo, "packages", "app")), join(repo, "tools", "hooks"));
    assert.equal(hooksFolder(base), undefined, "no repository");
  });

  it("is protected for writing (a hook runs on the next commit) and read freely, whatever the folder's name", () => {
    execFileSync("git", ["-C", repo, "config", "core.hooksPath", "tools/hooks"]);
    const root = join(repo, "packages", "app");
    const boundary = new PolicyBoundary([root, join(repo, "tools")], {
      home: join(base, "home"),
      caseInsensitive: () => false,
      hooksFolder,
    });
    const check = (path: string) => {
      const result = boundary.check(path);
      return result.status === "inside" ? [result.protected, result.readable === true] : result.status;
    };
    assert.deepEqual(check(join(repo, "tools", "hooks", "pre-commit")), [true, true]);
    assert.deepEqual(check(join(repo, "tools", "hooks", "lib", "common.sh")), [true, true]);
    assert.deepEqual(check(join(repo, "tools", "build.sh")), [false, false]);
    assert.deepEqual(check(join(root, "index.ts")), [false, false]);
  });
});
