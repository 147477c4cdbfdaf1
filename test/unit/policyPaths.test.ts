import assert from "node:assert/strict";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  isProtectedName,
  nodePathFs,
  PolicyBoundary,
  resolvePhysical,
  shellStartupFiles,
  type PathFs,
} from "../../src/core/policy/resolvePath";

/** An in-memory file system: folders, files and symlinks by full path. */
function fakeFs(entries: Record<string, "dir" | "file" | { link: string }>): PathFs {
  const fold = (p: string) => p.toLowerCase();
  const table = new Map(Object.entries(entries).map(([k, v]) => [fold(k), v]));
  const missing = (path: string) => Object.assign(new Error(`ENOENT ${path}`), { code: "ENOENT" });
  return {
    lstat(path) {
      const entry = table.get(fold(path));
      if (!entry) throw missing(path);
      return { isSymbolicLink: () => typeof entry === "object", isDirectory: () => entry === "dir" };
    },
    readlink(path) {
      const entry = table.get(fold(path));
      if (typeof entry !== "object") throw Object.assign(new Error("EINVAL"), { code: "EINVAL" });
      return entry.link;
    },
  };
}

describe("policy paths on a real file system", () => {
  let base: string;
  let home: string;
  let root: string;
  let outside: string;
  let boundary: PolicyBoundary;

  before(() => {
    base = realpathSync(mkdtempSync(join(tmpdir(), "symposium-policy-")));
    home = join(base, "home");
    root = join(home, "project");
    outside = join(base, "elsewhere");
    for (const dir of [join(root, "src"), join(root, ".git"), join(home, ".ssh"), join(outside, "deep")])
      mkdirSync(dir, { recursive: true });
    writeFileSync(join(root, "src", "a.ts"), "");
    // `link/../X` is `<outside>/X` for the OS, `<root>/X` as text.
    symlinkSync(join(outside, "deep"), join(root, "link"));
    // Dangling links committed in a repository.
    symlinkSync("../../.zshenv", join(root, "notes.md"));
    symlinkSync(".env", join(root, "readme.txt"));
    symlinkSync(".vscode/settings.json", join(root, "config.json"));
    symlinkSync(join(outside, "new-dir", "file"), join(root, "dangling-outside"));
    symlinkSync(outside, join(root, "linked-dir"));
    symlinkSync("loop-b", join(root, "loop-a"));
    symlinkSync("loop-a", join(root, "loop-b"));
    boundary = new PolicyBoundary([root], { home, caseInsensitive: () => false });
  });

  after(() => rmSync(base, { recursive: true, force: true }));

  const table: {
    name: string;
    path: () => string;
    expect: "inside" | "outside" | "unresolved";
    protected?: boolean;
  }[] = [
    { name: "an existing file", path: () => join(root, "src", "a.ts"), expect: "inside", protected: false },
    { name: "a new file in a new folder", path: () => join(root, "src", "new", "b.ts"), expect: "inside" },
    { name: "link/../X where link points outside", path: () => `${root}/link/../X`, expect: "outside" },
    { name: "textual .. out of the root", path: () => `${root}/../elsewhere/x`, expect: "outside" },
    // `mkdir -p new && cat new/../link/x`: once `new` is made, `..` is back where `link` leads elsewhere.
    {
      name: "new/../link/x where link points outside",
      path: () => `${root}/new/../link/x`,
      expect: "outside",
    },
    {
      name: "new/deeper/../../link/x where link points outside",
      path: () => `${root}/src/new/deeper/../../../link/x`,
      expect: "outside",
    },
    { name: "new/../src/a.ts", path: () => `${root}/new/../src/a.ts`, expect: "inside", protected: false },
    {
      name: "a dangling link to ../../.zshenv",
      path: () => join(root, "notes.md"),
      expect: "outside",
      protected: true,
    },
    {
      name: "a dangling link to .env",
      path: () => join(root, "readme.txt"),
      expect: "inside",
      protected: true,
    },
    {
      name: "a dangling link into .vscode",
      path: () => join(root, "config.json"),
      expect: "inside",
      protected: true,
    },
    {
      name: "a dangling link to a missing folder outside",
      path: () => join(root, "dangling-outside"),
      expect: "outside",
    },
    {
      name: "a new file under a symlinked parent",
      path: () => join(root, "linked-dir", "new"),
      expect: "outside",
    },
    { name: "a symlink loop", path: () => join(root, "loop-a"), expect: "unresolved" },
    { name: "a 5,000-character path", path: () => join(root, "a".repeat(5_000)), expect: "unresolved" },
    { name: "a relative path", path: () => "src/a.ts", expect: "unresolved" },
    { name: "a NUL byte", path: () => join(root, "a.ts\0.png"), expect: "unresolved" },
    {
      name: "~/.ssh under the home folder",
      path: () => join(home, ".ssh", "id_rsa"),
      expect: "outside",
      protected: true,
    },
    {
      name: ".git inside the workspace",
      path: () => join(root, ".git", "config"),
      expect: "inside",
      protected: true,
    },
    {
      name: "case variant .VSCode",
      path: () => join(root, ".VSCode", "settings.json"),
      expect: "inside",
      protected: true,
    },
    { name: "case variant .ENV", path: () => join(root, ".ENV"), expect: "inside", protected: true },
  ];

  for (const { name, path, expect, protected: isProtected } of table) {
    it(`${name}: ${expect}${isProtected ? ", protected" : ""}`, () => {
      const check = boundary.check(path());
      assert.equal(check.status, expect, JSON.stringify(check));
      if (isProtected !== undefined && check.status !== "unresolved")
        assert.equal(check.protected, isProtected);
      if (expect !== "inside") assert.equal(boundary.contains(path()), false);
      if (expect === "unresolved")
        assert.equal(boundary.isProtected(path()), true, "unknown counts as protected");
    });
  }

  it("marks what is protected for what it runs, not for what it holds, as readable", () => {
    const readable = (relative: string) => {
      const check = boundary.check(join(root, relative));
      return check.status === "unresolved" ? "unresolved" : [check.protected, check.readable === true];
    };
    assert.deepEqual(readable(".github/workflows/ci.yml"), [true, true]);
    assert.deepEqual(readable(".husky/pre-commit"), [true, true]);
    assert.deepEqual(readable(".gitmodules"), [true, true]);
    assert.deepEqual(readable(".git/config"), [true, false]);
    assert.deepEqual(readable(".vscode/settings.json"), [true, false]);
    assert.deepEqual(readable(".env"), [true, false]);
    assert.deepEqual(readable(".github/workflows/.env"), [true, false]);
    assert.deepEqual(readable(".husky/.git/config"), [true, false]);
    assert.deepEqual(readable("mise.toml"), [true, true]);
    assert.deepEqual(readable(".mise/config.toml"), [true, true]);
    assert.deepEqual(readable(".config/mise/config.toml"), [true, true]);
    assert.deepEqual(readable(".copilot/mcp-config.json"), [true, false]);
    assert.deepEqual(readable("src/a.ts"), [false, false]);
  });

  it("follows links again after a missing folder's `..`: new/../link/X is where link leads", () => {
    assert.deepEqual(resolvePhysical(`${root}/new/../link/X`), {
      ok: true,
      path: join(outside, "deep", "X"),
      exists: false,
    });
    assert.deepEqual(resolvePhysical(`${root}/new/../src/a.ts`), {
      ok: true,
      path: join(root, "src", "a.ts"),
      exists: true,
    });
  });

  it("resolves link/../X to the link target's parent, as the OS does", () => {
    assert.deepEqual(resolvePhysical(`${root}/link/../X`), {
      ok: true,
      path: join(outside, "X"),
      exists: false,
    });
  });

  it("keeps the WorkspacePaths shape: hasRoots, contains, resolveInside, isProtected", () => {
    assert.equal(boundary.hasRoots, true);
    assert.equal(boundary.resolveInside(join(root, "src", "a.ts")), join(root, "src", "a.ts"));
    assert.equal(boundary.resolveInside(join(root, "notes.md")), undefined);
    assert.equal(boundary.isProtected(join(root, "src", "a.ts")), false);
    assert.equal(boundary.isProtected(join(root, "readme.txt")), true);
  });

  it("protects what a protected home file or folder that is a link leads to (a dotfiles workspace)", () => {
    // bash 5.2 with HOME=<home>: `bash -ic true` ran dotfiles/bashrc through ~/.bashrc -> dotfiles/bashrc.
    const dotfiles = join(base, "dotfiles-home", "dotfiles");
    const own = join(base, "dotfiles-home");
    for (const folder of ["nvim", "git"]) mkdirSync(join(dotfiles, folder), { recursive: true });
    for (const folder of [".ssh", ".config/git"]) mkdirSync(join(own, folder), { recursive: true });
    for (const file of ["bashrc", "ssh_config", "git/config", "nvim/init.lua", "vimrc", "notes.md"])
      writeFileSync(join(dotfiles, file), "");
    symlinkSync(join("dotfiles", "bashrc"), join(own, ".bashrc"));
    symlinkSync(join("dotfiles", "gitconfig"), join(own, ".gitconfig"));
    symlinkSync(join("..", "dotfiles", "ssh_config"), join(own, ".ssh", "config"));
    symlinkSync(join("..", "dotfiles", "nvim"), join(own, ".config", "nvim"));
    symlinkSync(join("..", "..", "dotfiles", "git", "config"), join(own, ".config", "git", "config"));
    symlinkSync(join("dotfiles", "notes.md"), join(own, "notes.md"));
    const check = (path: string) =>
      new PolicyBoundary([dotfiles], { home: own }).isProtected(join(dotfiles, path));
    for (const path of ["bashrc", "gitconfig", "ssh_config", "nvim/init.lua", "git/config"])
      assert.equal(check(path), true, path);
    for (const path of ["vimrc", "notes.md", "git/ignore"]) assert.equal(check(path), false, path);
  });

  it("protects the file BASH_ENV or ENV of the editor's environment names, where it leads, and a relative one anywhere", () => {
    // bash 5.2 here ran BASH_ENV's file before `bash -c true` and a `#!/bin/bash` script, with `~`, `$HOME` and
    // `$PWD` expanded, a relative one in the folder it started in; dash and `bash --posix` ran ENV's when interactive.
    const own = join(base, "startup-home");
    const dotfiles = join(own, "dotfiles");
    mkdirSync(join(dotfiles, "sub"), { recursive: true });
    for (const file of ["bash_env", "shrc", "notes.md", "sub/.shenv"])
      writeFileSync(join(dotfiles, file), "");
    symlinkSync(join("dotfiles", "bash_env"), join(own, ".bash_env"));
    const check = (startupEnv: Record<string, string>, path: string) =>
      new PolicyBoundary([dotfiles], { home: own, startupEnv }).check(join(dotfiles, path));
    const isProtected = (startupEnv: Record<string, string>, path: string) => {
      const found = check(startupEnv, path);
      return found.status === "inside" && found.protected && found.readable === undefined;
    };
    for (const [env, path] of <[Record<string, string>, string][]>[
      [{ BASH_ENV: "~/.bash_env" }, "bash_env"],
      [{ BASH_ENV: "$HOME/.bash_env" }, "bash_env"],
      [{ BASH_ENV: `${own}/.bash_env` }, "bash_env"],
      [{ BASH_ENV: "${HOME}/dotfiles/shrc", HOME: own }, "shrc"],
      [{ ENV: `${dotfiles}/shrc` }, "shrc"],
      [{ ENV: ".shenv" }, "sub/.shenv"],
      [{ BASH_ENV: "$PWD/sub/.shenv" }, "sub/.shenv"],
      [{ BASH_ENV: "../.shenv" }, "sub/.shenv"],
    ]) {
      assert.equal(isProtected({}, path), false, path);
      assert.equal(isProtected(env, path), true, `${JSON.stringify(env)}: ${path}`);
      assert.equal(isProtected(env, "notes.md"), false, JSON.stringify(env));
    }
    // One computed otherwise is not placed (the commands ask instead: permission rules' tests).
    assert.deepEqual(shellStartupFiles({ BASH_ENV: "$(cat f)" }, own), {
      paths: [],
      names: [],
      unknown: "BASH_ENV",
    });
    assert.equal(shellStartupFiles({ ENV: "${XDG_CONFIG_HOME:-~/.config}/sh/env" }, own).unknown, "ENV");
    assert.deepEqual(shellStartupFiles({ BASH_ENV: "", PATH: "/usr/bin" }, own), { paths: [], names: [] });
  });

  it("refuses / , the home folder and its parents as roots, with a warning each", () => {
    const refused = new PolicyBoundary(["/", home, base, root], { home, caseInsensitive: () => false });
    assert.deepEqual(
      refused.roots.map((r) => r.path),
      [root],
    );
    assert.equal(refused.warnings.length, 3);
    const none = new PolicyBoundary(["/"], { home });
    assert.equal(none.hasRoots, false);
    assert.equal(none.check("/etc/passwd").status, "outside");
    assert.equal(none.check(join(root, "src", "a.ts")).status, "outside");
  });
});

describe("additional folders (symposium.additionalFolders)", () => {
  let base: string;
  let home: string;
  let ws: string;
  let scratch: string;

  before(() => {
    base = realpathSync(mkdtempSync(join(tmpdir(), "symposium-additional-")));
    home = join(base, "home");
    ws = join(home, "ws");
    scratch = join(base, "scratch");
    for (const folder of [join(ws, "src"), join(scratch, "logs"), join(home, "notes"), join(home, ".ssh")])
      mkdirSync(folder, { recursive: true });
    symlinkSync(join(home, ".ssh"), join(scratch, "keys"));
  });

  after(() => rmSync(base, { recursive: true, force: true }));

  const boundaryWith = (...additionalFolders: string[]) =>
    new PolicyBoundary([ws], { home, caseInsensitive: () => false, additionalFolders });

  it("counts what is below one as inside, its protected names still protected, its links followed out", () => {
    const boundary = boundaryWith(scratch);
    assert.equal(boundary.check(join(scratch, "logs", "dev.log")).status, "inside");
    assert.equal(boundary.check(join(scratch, "new.py")).status, "inside");
    const env = boundary.check(join(scratch, ".env"));
    assert.equal(env.status === "inside" && env.protected, true);
    assert.equal(boundary.check(join(scratch, "keys", "id_rsa")).status, "outside");
    assert.equal(boundary.check(join(scratch, "..", "elsewhere")).status, "outside");
    assert.equal(boundaryWith().check(join(scratch, "logs", "dev.log")).status, "outside");
  });

  it("reads ~/ as the home folder", () => {
    assert.equal(boundaryWith("~/notes").check(join(home, "notes", "a.md")).status, "inside");
  });

  it("refuses /, the home folder, a parent of it, a relative path and a missing folder, with a warning each", () => {
    const boundary = boundaryWith("/", "~", home, base, "scratch", join(base, "missing", "deeper"), scratch);
    assert.deepEqual(
      boundary.roots.map((root) => [root.path, root.additional === true]),
      [
        [ws, false],
        [scratch, true],
      ],
    );
    assert.equal(boundary.warnings.length, 6);
    assert.ok(boundary.warnings.every((warning) => warning.startsWith("The additional folder ")));
    // Each by the entry as written, for Manage Permissions.
    assert.deepEqual(Object.fromEntries(boundary.refusedAdditional), {
      "/": "it is the file system root",
      "~": "it is the home folder or one of its parents",
      [home]: "it is the home folder or one of its parents",
      [base]: "it is the home folder or one of its parents",
      scratch: "not an absolute path",
      [join(base, "missing", "deeper")]: "could not be found",
    });
    assert.equal(boundary.check(join(home, "notes", "a.md")).status, "outside");
    assert.equal(boundary.check("/etc/passwd").status, "outside");
  });
});

describe("folders a .code-workspace file lists outside its own folder", () => {
  let base: string;
  let home: string;
  let src: string;
  let repo: string;

  before(() => {
    base = realpathSync(mkdtempSync(join(tmpdir(), "symposium-workspace-file-")));
    home = join(base, "home");
    src = join(home, "src");
    repo = join(src, "repo");
    for (const folder of [
      join(repo, "app"),
      join(src, "other"),
      join(home, ".local", "bin"),
      join(base, "ws"),
    ])
      mkdirSync(folder, { recursive: true });
    // The repository's file seen through a link: its folder is where the link leads.
    symlinkSync(repo, join(base, "repo-link"));
  });

  after(() => rmSync(base, { recursive: true, force: true }));

  const boundary = (roots: string[], workspaceFile: string, confirmedFolders?: string[]) =>
    new PolicyBoundary(roots, {
      home,
      caseInsensitive: () => false,
      workspaceFile,
      ...(confirmedFolders ? { confirmedFolders } : {}),
    });

  it("counts a folder above the file's (`..`) or beside it (`../../.local/bin`) as no folder, with a warning", () => {
    const file = join(repo, "x.code-workspace");
    const shipped = boundary([repo, src, join(home, ".local", "bin")], file);
    assert.deepEqual(
      shipped.roots.map((root) => root.path),
      [repo],
    );
    assert.deepEqual(shipped.unconfirmedFolders, [
      { root: src, path: src },
      { root: join(home, ".local", "bin"), path: join(home, ".local", "bin") },
    ]);
    assert.equal(shipped.warnings.length, 2);
    assert.match(shipped.warnings[0]!, /is outside the folder of the workspace file .*x\.code-workspace/);
    // What Bypass and allow rules then treat as outside: a sibling repository, a folder on PATH.
    assert.deepEqual(shipped.check(join(src, "other", "a.ts")), {
      status: "outside",
      path: join(src, "other", "a.ts"),
      protected: false,
      exists: false,
      unconfirmed: src,
    });
    assert.equal(shipped.check(join(home, ".local", "bin", "git")).status, "outside");
    assert.equal(shipped.check(join(repo, "app", "a.ts")).status, "inside");
  });

  it("keeps the folders in the file's own folder, also where a link leads to it", () => {
    const kept = boundary([repo, join(repo, "app")], join(base, "repo-link", "x.code-workspace"));
    assert.deepEqual(
      kept.roots.map((root) => root.path),
      [repo, join(repo, "app")],
    );
    assert.deepEqual(kept.unconfirmedFolders, []);
    assert.deepEqual(kept.warnings, []);
  });

  it("counts a confirmed folder as a folder, and only that one", () => {
    const file = join(repo, "x.code-workspace");
    const confirmed = boundary([repo, src, join(base, "ws")], file, [src]);
    assert.deepEqual(
      confirmed.roots.map((root) => root.path),
      [repo, src],
    );
    assert.deepEqual(
      confirmed.unconfirmedFolders.map((folder) => folder.path),
      [join(base, "ws")],
    );
    assert.equal(confirmed.check(join(src, "other", "a.ts")).status, "inside");
  });

  it("counts every folder as no folder where the file's folder cannot be resolved", () => {
    symlinkSync("loop", join(base, "loop"));
    const looped = boundary([repo], join(base, "loop", "x.code-workspace"));
    assert.equal(looped.hasRoots, false);
    assert.deepEqual(
      looped.unconfirmedFolders.map((folder) => folder.path),
      [repo],
    );
  });

  it("leaves additional folders and a workspace without a file as they were", () => {
    const plain = new PolicyBoundary([repo, src], { home, caseInsensitive: () => false });
    assert.deepEqual(
      plain.roots.map((root) => root.path),
      [repo, src],
    );
    const additional = new PolicyBoundary([repo], {
      home,
      caseInsensitive: () => false,
      workspaceFile: join(repo, "x.code-workspace"),
      additionalFolders: [src],
    });
    assert.deepEqual(
      additional.roots.map((root) => root.path),
      [repo, src],
    );
  });
});

describe("policy paths with a fake file system", () => {
  it("follows links component by component on a fake POSIX tree", () => {
    const fs = fakeFs({ "/w": "dir", "/w/ws": "dir", "/w/ws/tmp": { link: "/tmp" }, "/tmp": "dir" });
    assert.deepEqual(resolvePhysical("/w/ws/tmp/../X", { fs, platform: "posix" }), {
      ok: true,
      path: "/X",
      exists: false,
    });
  });

  it("takes another spelling of a case-insensitive root for it only where the file system finds the root's folder", () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), "symposium-case-")));
    try {
      // A case-sensitive volume where a case-insensitive one is assumed (macOS and Windows may have either):
      // `proj` beside the workspace's `Proj` is another folder, outside it.
      const volume = join(base, "volume");
      mkdirSync(join(volume, "Proj", "src"), { recursive: true });
      mkdirSync(join(volume, "proj"));
      const assumed = new PolicyBoundary([join(volume, "Proj")], {
        home: join(base, "home"),
        caseInsensitive: () => true,
      });
      assert.equal(assumed.check(join(volume, "proj", "x")).status, "outside", "another folder");
      assert.equal(assumed.check(join(volume, "PROJ", "x")).status, "outside", "no folder");
      assert.equal(assumed.check(join(volume, "Proj", "src", "x")).status, "inside");
      // A folding view of a volume, as a case-insensitive file system opens any spelling of a name.
      const folding = join(base, "folding");
      mkdirSync(join(folding, "Proj", "src"), { recursive: true });
      const onDisk = (path: string) => {
        let at = "/";
        for (const name of path.split("/").filter((part) => part !== "")) {
          let entries: string[] = [];
          try {
            entries = readdirSync(at);
          } catch {
            // not a folder, or not there
          }
          at = join(at, entries.find((entry) => entry.toLowerCase() === name.toLowerCase()) ?? name);
        }
        return at;
      };
      const fs: PathFs = {
        lstat: (path) => nodePathFs.lstat(onDisk(path)),
        readlink: (path) => nodePathFs.readlink(onDisk(path)),
        identity: (path) => nodePathFs.identity!(onDisk(path)),
      };
      const folds = new PolicyBoundary([join(folding, "Proj")], {
        fs,
        home: join(base, "home"),
        caseInsensitive: () => true,
      });
      const check = folds.check(join(folding, "PROJ", "Src", "a.ts"));
      assert.equal(check.status, "inside");
      assert.equal(check.status === "inside" && check.relative, "src/a.ts");
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it("folds case on a case-insensitive root and not on a case-sensitive one", () => {
    const fs = fakeFs({ "/Work": "dir", "/Work/Proj": "dir" });
    const insensitive = new PolicyBoundary(["/Work/Proj"], {
      fs,
      platform: "posix",
      home: "/home/u",
      caseInsensitive: () => true,
    });
    const sensitive = new PolicyBoundary(["/Work/Proj"], {
      fs,
      platform: "posix",
      home: "/home/u",
      caseInsensitive: () => false,
    });
    assert.equal(insensitive.check("/work/proj/src/a.ts").status, "inside");
    assert.equal(sensitive.check("/work/proj/src/a.ts").status, "outside");
  });

  describe("Windows names", () => {
    const fs = fakeFs({
      "C:\\": "dir",
      "C:\\ws": "dir",
      "C:\\ws\\src": "dir",
      "C:\\Users": "dir",
      "C:\\Users\\me": "dir",
      "C:\\ws\\out": { link: "C:\\Other" },
      "C:\\Other": "dir",
    });
    const boundary = new PolicyBoundary(["C:\\ws"], { fs, platform: "win32", home: "C:\\Users\\me" });
    const table: [string, "inside" | "outside", boolean][] = [
      ["C:\\ws\\.vscode.\\tasks.json", "inside", true],
      ["C:\\ws\\.vscode \\tasks.json", "inside", true],
      ["C:\\WS\\.VSCode\\settings.json", "inside", true],
      ["C:\\ws\\.env.", "inside", true],
      ["C:\\ws\\.ENV::$DATA", "inside", true],
      ["c:\\ws\\src\\a.ts", "inside", false],
      ["C:\\ws\\src\\..\\..\\Windows\\x", "outside", false],
      ["C:\\Users\\me\\.ssh\\id_rsa", "outside", true],
      // The OS opens `out` for `out.`: its link is followed.
      ["C:\\ws\\out.\\secret", "outside", false],
      ["C:\\ws\\out \\secret", "outside", false],
    ];
    for (const [path, status, isProtected] of table) {
      it(`${path}: ${status}${isProtected ? ", protected" : ""}`, () => {
        const check = boundary.check(path);
        assert.equal(check.status, status, JSON.stringify(check));
        assert.equal("protected" in check && check.protected, isProtected);
      });
    }

    it("leaves a path through an existing 8.3 short name unresolved: GIT~1 may be .git", () => {
      const shortNames = fakeFs({
        "C:\\": "dir",
        "C:\\ws": "dir",
        "C:\\ws\\.git": "dir",
        "C:\\ws\\GIT~1": "dir",
        "C:\\ws\\VSCODE~1": "dir",
        "C:\\ws\\ENV~1": "file",
        "C:\\ws\\src": "dir",
      });
      const win = new PolicyBoundary(["C:\\ws"], {
        fs: shortNames,
        platform: "win32",
        home: "C:\\Users\\me",
      });
      for (const path of [
        "C:\\ws\\GIT~1\\hooks\\pre-commit",
        "C:\\ws\\vscode~1\\settings.json",
        "C:\\ws\\ENV~1",
      ])
        assert.equal(win.check(path).status, "unresolved", path);
      // A new file may have such a name, and a name with more than 8 characters before its ~ is no short name.
      assert.equal(win.check("C:\\ws\\src\\notes~1.md").status, "inside");
      assert.equal(win.check("C:\\ws\\src\\configuration~1").status, "inside");
    });

    it("refuses a drive root and the home folder as roots", () => {
      const refused = new PolicyBoundary(["C:\\", "C:\\Users\\me", "C:\\Users"], {
        fs,
        platform: "win32",
        home: "C:\\Users\\me",
      });
      assert.equal(refused.hasRoots, false);
      assert.equal(refused.warnings.length, 3);
    });

    it("reads an additional folder written with ~\\ below the home folder", () => {
      const withScratch = new PolicyBoundary(["C:\\ws"], {
        fs: fakeFs({
          "C:\\": "dir",
          "C:\\ws": "dir",
          "C:\\Users": "dir",
          "C:\\Users\\me": "dir",
          "C:\\Users\\me\\scratch": "dir",
        }),
        platform: "win32",
        home: "C:\\Users\\me",
        additionalFolders: ["~\\scratch"],
      });
      assert.deepEqual(withScratch.warnings, []);
      assert.equal(withScratch.check("C:\\Users\\me\\scratch\\log.txt").status, "inside");
    });
  });

  it("protects the names of the list whatever the case or trailing dots", () => {
    const protectedNames = [
      ".git/config",
      ".vscode/settings.json",
      ".env",
      ".env.local",
      ".envrc",
      ".bashrc",
      ".zshenv",
      "x.code-workspace",
      ".devcontainer/devcontainer.json",
      ".github/workflows/ci.yml",
      ".GitHub/Workflows/ci.yml",
      ".husky/pre-commit",
      // Files that run commands on the next commit or container start.
      ".githooks/pre-commit",
      ".pre-commit-config.yaml",
      "lefthook.yml",
      ".lefthook.yaml",
      "lefthook-local.json",
      ".devcontainer.json",
      // Other agents' and editors' project settings, which run commands (hooks, MCP servers, tasks).
      ".claude/settings.json",
      ".gemini/settings.json",
      ".cursor/mcp.json",
      ".zed/tasks.json",
      ".mcp.json",
      ".kiro/settings/mcp.json",
      ".kiro/hooks/lint.kiro.hook",
      ".roo/mcp.json",
      ".amazonq/mcp.json",
      ".windsurf/hooks.json",
      ".opencode/plugin/x.ts",
      ".junie/mcp/mcp.json",
      ".clinerules/hooks/PreToolUse",
      ".fleet/run.json",
      ".copilot/mcp-config.json",
      // mise runs these files' hooks and env scripts in a shell that enters the folder.
      "mise.toml",
      ".mise.toml",
      "mise.local.toml",
      ".mise.development.local.toml",
      "sub/MISE.TOML",
      ".mise/config.toml",
      ".config/mise.toml",
      ".config/mise/config.toml",
      "mise/conf.d/tools.toml",
      "opencode.json",
      "opencode.jsonc",
      "crush.json",
      ".crush.json",
      ".aider.conf.yml",
      ".github/hooks/hooks.json",
      ".github/agents/reviewer.agent.md",
      ".gitmodules",
      ".npmrc",
      // Package managers' and build wrappers' configuration that runs or fetches code on their next command.
      ".pnpmfile.cjs",
      ".cargo/config.toml",
      "tools/.cargo/config",
      "gradle/wrapper/gradle-wrapper.properties",
      ".mvn/wrapper/maven-wrapper.properties",
      ".venv/pip.conf",
      // A virtual environment's activation scripts (sourced by each new terminal) and Python's startup files.
      ".venv/bin/activate",
      "venv/Scripts/Activate.ps1",
      ".venv/lib/python3.12/site-packages/zz.pth",
      ".venv/lib/python3.12/site-packages/sitecustomize.py",
      "sub/.GIT/hooks/pre-commit",
      // CI pipelines, which run with the project's secrets once pushed.
      ".github/actions/setup/action.yml",
      ".gitea/workflows/ci.yml",
      ".forgejo/workflows/ci.yml",
      ".gitlab-ci.yml",
      ".circleci/config.yml",
      ".buildkite/pipeline.yml",
      ".travis.yml",
      "azure-pipelines.yml",
      "bitbucket-pipelines.yml",
      "Jenkinsfile",
      // Case-insensitive file systems fold these as the letters they stand for (ſ is s, K the Kelvin sign is k).
      ".vſcode/tasks.json",
      ".github/workflowſ/ci.yml",
      ".hus\u212Ay/pre-commit",
      // HFS+ ignores these characters in a name (and older Linux casefold folders did): `.g\u200cit` is `.git`.
      ".g\u200cit/config",
      ".en\ufeffv",
      "src/.vs\u200bcode/tasks.json",
    ];
    for (const name of protectedNames) assert.equal(isProtectedName(["ws", ...name.split("/")]), true, name);
    for (const name of [
      "src/a.ts",
      ".github/CODEOWNERS",
      "environment.ts",
      "README.md",
      "gitignore",
      "docs/lefthook.md",
      "githooks.ts",
      "docs/workflows/ci.md",
      "ci/Jenkinsfile.md",
      ".github/copilot-instructions.md",
      ".cargo/registry/cache/x.crate",
      "docs/pip.conf.md",
      "bin/activate.ts",
      "docs/activate",
      ".venv/lib/python3.12/site-packages/x/__init__.py",
      "docs/mise.md",
      "mise/README.md",
      "promise.toml",
    ])
      assert.equal(isProtectedName(["ws", ...name.split("/")]), false, name);
  });

  it("names an inside path relative to its root, folded only where the spelling differs", () => {
    const fs = fakeFs({ "/Work": "dir", "/Work/Proj": "dir", "/Work/Proj/Src": "dir" });
    const posixBoundary = new PolicyBoundary(["/Work/Proj"], {
      fs,
      platform: "posix",
      home: "/home/u",
      caseInsensitive: () => true,
    });
    const relative = (b: PolicyBoundary, path: string) => {
      const check = b.check(path);
      return check.status === "inside" ? check.relative : check.status;
    };
    assert.equal(relative(posixBoundary, "/Work/Proj/Src/A.ts"), "Src/A.ts");
    assert.equal(relative(posixBoundary, "/work/proj/src/A.ts"), "src/a.ts");
    assert.equal(relative(posixBoundary, "/Work/Proj"), "");
    assert.equal(relative(posixBoundary, "/Work/Proj/"), "");
    assert.equal(relative(posixBoundary, "/Work/Projects/x"), "outside");
    const winFs = fakeFs({ "C:\\": "dir", "C:\\ws": "dir", "C:\\ws\\src": "dir" });
    const win = new PolicyBoundary(["C:\\ws"], { fs: winFs, platform: "win32", home: "C:\\Users\\me" });
    assert.equal(relative(win, "C:\\ws\\src\\a.ts"), "src/a.ts");
    assert.equal(relative(win, "c:/WS/Src/A.ts"), "src/a.ts");
    assert.equal(relative(win, "C:\\ws"), "");
  });

  it("is never fooled into cutting: the resolved length counts too", () => {
    const fs = fakeFs({ "/ws": "dir", "/ws/l": { link: `/${"x".repeat(4_095)}` } });
    const result = resolvePhysical("/ws/l/more", { fs, platform: "posix" });
    assert.equal(result.ok, false);
  });
});

describe("one request's view of the boundary", () => {
  /** A fake tree whose link can be re-pointed, counting the file system's calls. */
  function tree() {
    const entries: Record<string, "dir" | "file" | { link: string }> = {
      "/w": "dir",
      "/w/ws": "dir",
      "/w/ws/src": "dir",
      "/w/ws/out": { link: "/w/ws/src" },
      "/etc": "dir",
    };
    let calls = 0;
    const fs: PathFs = {
      lstat(path) {
        calls++;
        const entry = entries[path];
        if (!entry) return undefined;
        return { isSymbolicLink: () => typeof entry === "object", isDirectory: () => entry === "dir" };
      },
      readlink(path) {
        calls++;
        const entry = entries[path];
        if (typeof entry !== "object") throw Object.assign(new Error("EINVAL"), { code: "EINVAL" });
        return entry.link;
      },
    };
    const boundary = new PolicyBoundary(["/w/ws"], { fs, platform: "posix", home: "/home/u" });
    return {
      boundary,
      repoint: (target: string) => (entries["/w/ws/out"] = { link: target }),
      calls: () => calls,
    };
  }

  it("resolves each path once, however many checks read it", () => {
    const { boundary, calls } = tree();
    const request = boundary.forRequest();
    const before = calls();
    const first = request.check("/w/ws/out/a.ts");
    const once = calls() - before;
    assert.ok(once > 0);
    assert.equal(request.check("/w/ws/out/a.ts"), first);
    assert.equal(request.check("/w/ws/out/a.ts"), first);
    assert.equal(calls() - before, once);
    assert.equal(first.status, "inside");
    assert.equal(request.boundary.roots.length, 1);
  });

  it("sees a link re-pointed outside in the next request and in any later check, never in the same request", () => {
    const { boundary, repoint } = tree();
    const request = boundary.forRequest();
    assert.equal(request.check("/w/ws/out/a.ts").status, "inside");
    repoint("/etc");
    // The request is decided on the one resolution it made: its checks cannot disagree.
    assert.equal(request.check("/w/ws/out/a.ts").status, "inside");
    // Everything after it resolves anew: the next request, a grant's re-check, fs/* and terminals.
    assert.equal(boundary.forRequest().check("/w/ws/out/a.ts").status, "outside");
    assert.equal(boundary.check("/w/ws/out/a.ts").status, "outside");
    assert.equal(boundary.contains("/w/ws/out/a.ts"), false);
  });

  it("keeps what it could not resolve unresolved for every check of the request", () => {
    const { boundary, repoint } = tree();
    repoint("/w/ws/out");
    const request = boundary.forRequest();
    assert.equal(request.check("/w/ws/out/a.ts").status, "unresolved");
    repoint("/w/ws/src");
    assert.equal(request.check("/w/ws/out/a.ts").status, "unresolved");
  });
});

describe("a workspace root swapped between requests", () => {
  // What a cache of the cwd's resolution across requests would let through: each request resolves the root anew.
  it("the next request sees the root, or a folder above it, replaced by a link, even one back to the moved root", () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), "symposium-swap-")));
    try {
      const parent = join(base, "projects");
      const root = join(parent, "ws");
      const moved = join(parent, "ws-moved");
      const outside = join(base, "elsewhere");
      mkdirSync(root, { recursive: true });
      mkdirSync(join(outside, "ws"), { recursive: true });
      const boundary = new PolicyBoundary([root], { home: join(base, "home"), caseInsensitive: () => false });
      const cwd = () => boundary.forRequest().check(root);
      assert.equal(cwd().status, "inside");
      // The agent moves the workspace away and leaves a link to a folder outside in its place.
      renameSync(root, moved);
      symlinkSync(outside, root);
      assert.deepEqual(cwd(), { status: "outside", path: outside, protected: false, exists: true });
      // A link back to the moved workspace: the same folder, no longer where the root is; outside (fail closed).
      rmSync(root);
      symlinkSync(moved, root);
      assert.equal(cwd().status, "outside");
      rmSync(root);
      renameSync(moved, root);
      assert.equal(cwd().status, "inside");
      // A folder above the root swapped the same way.
      renameSync(parent, join(base, "projects-moved"));
      symlinkSync(outside, parent);
      assert.deepEqual(cwd(), {
        status: "outside",
        path: join(outside, "ws"),
        protected: false,
        exists: true,
      });
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
