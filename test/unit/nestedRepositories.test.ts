// The walk of a workspace folder for the git repositories nested in it, which the policy's boundary meets up front.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findRepositories, RepositoryScan } from "../../src/core/policy/nestedRepositories";
import { nodePathFs, type PathFs } from "../../src/core/policy/resolvePath";

describe("the repositories nested in a workspace folder", () => {
  let root: string;

  beforeEach(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), "symposium-nested-")));
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** Makes each `/`-separated path below the root: a folder where it ends with `/`, else an empty file. */
  const make = (...paths: string[]) => {
    for (const path of paths) {
      const at = join(root, path);
      if (path.endsWith("/")) mkdirSync(at, { recursive: true });
      else {
        mkdirSync(join(at, ".."), { recursive: true });
        writeFileSync(at, "");
      }
    }
  };
  const found = (maxEntries?: number) => {
    const { tops, complete } = findRepositories(root, nodePathFs, join, maxEntries);
    return { tops: tops.map((top) => top.slice(root.length + 1)), complete };
  };

  it("finds every folder holding a .git, a folder, a file or a link, at any depth, but the folder's own", () => {
    make(
      ".git/",
      "vendor/lib/.git/",
      "a/b/c/d/.git/",
      "wt/.git",
      "linked/",
      "src/index.ts",
      "vendor/lib/deep/x/.git/",
    );
    symlinkSync(join(root, "vendor", "lib", ".git"), join(root, "linked", ".git"));
    const { tops, complete } = found();
    assert.deepEqual(tops.slice(0, 3), ["linked", "wt", "vendor/lib"], "outermost first");
    assert.deepEqual([tops.slice(3).sort(), complete], [["a/b/c/d", "vendor/lib/deep/x"], true]);
  });

  it("neither enters a .git folder nor follows a link to a folder", () => {
    make("vendor/lib/.git/modules/sub/.git/", "elsewhere/x/.git/");
    symlinkSync(join(root, "elsewhere"), join(root, "vendor", "link"));
    assert.deepEqual(found().tops, ["elsewhere/x", "vendor/lib"]);
  });

  it("leaves a submodule's checkout to its superproject's read, but not a .git file at a path it does not name", () => {
    // The superproject's read (gitHooks.gitFolders) meets a submodule whose configuration names what git runs.
    make("app/.git/", "app/sub/.git", "app/other/.git", "app/sub2/.git/");
    writeFileSync(
      join(root, "app", ".gitmodules"),
      '[submodule "s"]\n\tpath = sub\n[submodule "t"]\n\tpath = "sub2"\n',
    );
    assert.deepEqual(
      found().tops,
      ["app", "app/other", "app/sub2"],
      "a .git folder is a repository of its own",
    );
  });

  it("leaves installed packages and build output unwalked, and stops past its bound", () => {
    make("a/b/c/.git/", ...Array.from({ length: 50 }, (_, i) => `node_modules/p${i}/index.js`));
    make("node_modules/p3/.git/", "target/debug/.git/", "src/node_modules/q/.git/");
    // node_modules' 50 entries spend none of the bound: a JS project's source is walked whole.
    assert.deepEqual(found(10), { tops: ["a/b/c"], complete: true });
    make(...Array.from({ length: 10 }, (_, i) => `docs/page${i}.md`));
    assert.deepEqual(found(10), { tops: [], complete: false });
  });

  it("walks each folder once for every boundary, and says once where it stopped", () => {
    make("vendor/lib/.git/", "x/y/z/w/v");
    let reads = 0;
    const fs: PathFs = { ...nodePathFs, readdir: (path) => (reads++, nodePathFs.readdir!(path)) };
    const scan = new RepositoryScan(3);
    const warnings: string[] = [];
    scan.repositories(root, fs, join, (warning) => warnings.push(warning));
    const walked = reads;
    for (let i = 0; i < 3; i++) scan.repositories(root, fs, join, (warning) => warnings.push(warning));
    assert.equal(reads, walked);
    assert.equal(warnings.length, 1);
    assert.match(
      warnings[0]!,
      /holds more than 3 entries; a git repository nested in it past them is met only when/,
    );
    const all = new RepositoryScan();
    assert.deepEqual(all.repositories(root, fs, join, assert.fail).tops, [join(root, "vendor", "lib")]);
  });
});
