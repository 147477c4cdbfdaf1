// The folder git runs a repository's hooks from, and the policy's protection of it: a script written to a
// `core.hooksPath` folder of the workspace runs on the next commit, as one in `.git/hooks` does.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  type openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { readGitAliases } from "../../src/core/policy/gitAliases";
import { GitAllowance, MAX_GIT_MS } from "../../src/core/policy/gitChanges";
import { CountingGit } from "../support/countingGit";
import { gitFolders, hooksFolder, plainRepository, sharedConfig } from "../../src/core/policy/gitHooks";
import { RepositoryScan } from "../../src/core/policy/nestedRepositories";
import { PolicyBoundary, type BoundaryOptions } from "../../src/core/policy/resolvePath";
import { buildFootprint } from "../../src/core/policy/footprint";
import { decide } from "../../src/core/policy/rules";
import { loadShellParser } from "../../src/core/policy/shellParser";
import type { ShellParser } from "../../src/core/policy/shellCommands";
import { v2DiffRequest, v2Request } from "../support/permissionRequests";
import { countLooks } from "../support/countLooks";
import { withStillClock } from "../support/stillClock";

/** How `boundary` checks a path (below `folder` when given): [protected, read freely], or where it is when not inside. */
function protection(boundary: PolicyBoundary, folder?: string) {
  return (path: string) => {
    const result = boundary.check(folder === undefined ? path : join(folder, path));
    return result.status === "inside" ? [result.protected, result.readable === true] : result.status;
  };
}

describe("a repository's hooks folder", () => {
  let base: string;
  let repo: string;

  // git reads the person's own configuration too (an `include` there is read as a repository's): not this machine's.
  const { HOME, XDG_CONFIG_HOME, GIT_CONFIG_GLOBAL } = process.env;
  const saved = { HOME, XDG_CONFIG_HOME, GIT_CONFIG_GLOBAL };

  beforeEach(() => {
    base = realpathSync(mkdtempSync(join(tmpdir(), "symposium-hooks-")));
    repo = join(base, "repo");
    mkdirSync(join(repo, "packages", "app"), { recursive: true });
    mkdirSync(join(base, "home"));
    const home = join(base, "home");
    Object.assign(process.env, {
      HOME: home,
      XDG_CONFIG_HOME: join(home, ".config"),
      GIT_CONFIG_GLOBAL: join(home, ".gitconfig"),
    });
    execFileSync("git", ["init", "-q", repo]);
  });

  afterEach(() => {
    for (const [key, value] of Object.entries(saved))
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    rmSync(base, { recursive: true, force: true });
  });

  /** What Bypass decides for `line` run at the repository's top, on `boundary` (a request of its own). */
  const underBypass = (shell: ShellParser, boundary: PolicyBoundary, line: string) => {
    const home = join(base, "home");
    return decide(buildFootprint(v2Request({ type: "command", command: line, cwd: repo }), { shell, home }), {
      agentName: "a",
      rules: [],
      bypass: true,
      trusted: true,
      paths: boundary.forRequest(),
      home,
      sessionCwd: repo,
    });
  };

  /** A boundary of `repo` alone, the home folder beside it and names kept in their case, with these git reads. */
  const repoBoundary = (reads: BoundaryOptions = {}) =>
    new PolicyBoundary([repo], { home: join(base, "home"), caseInsensitive: () => false, ...reads });

  /** The git reads the host gives its boundaries (`extension.ts`), the nested repositories found once for them all. */
  const hostReads = (): BoundaryOptions => ({
    hooksFolder,
    gitFolders,
    plainRepository,
    sharedConfig,
    repositoryScan: new RepositoryScan(),
  });

  /** A core.fsmonitor written to `file` (appended with flag "a") that leaves a mark: whether git has run it. */
  const plantFsmonitor = (file: string, flag = "w") => {
    const mark = join(base, "ran");
    writeFileSync(file, `[core]\n\tfsmonitor = "echo ran > '${mark}'; false"\n`, { flag });
    return () => existsSync(mark);
  };

  it("is where core.hooksPath says, from the repository's top, whichever of its folders is asked about", () => {
    assert.equal(hooksFolder(repo), join(repo, ".git", "hooks"));
    execFileSync("git", ["-C", repo, "config", "core.hooksPath", "tools/hooks"]);
    assert.equal(hooksFolder(repo), join(repo, "tools", "hooks"));
    assert.equal(hooksFolder(join(repo, "packages", "app")), join(repo, "tools", "hooks"));
    assert.equal(hooksFolder(base), undefined, "no repository");
  });

  it("is asked of git, as the aliases are, without running a program the repository's configuration names", () => {
    // A repository shipped with its .git folder names what git runs: reading configuration runs none of it.
    const ran = join(base, "ran");
    const program = join(base, "program.sh");
    writeFileSync(program, `#!/bin/sh\necho "$0 $*" >> '${ran}'\n`, { mode: 0o755 });
    const keys = ["core.fsmonitor", "core.sshCommand", "core.pager", "core.editor", "core.askPass"];
    for (const key of [...keys, "credential.helper", "filter.x.clean", "filter.x.smudge", "diff.x.textconv"])
      execFileSync("git", ["-C", repo, "config", key, program]);
    execFileSync("git", ["-C", repo, "config", "core.hooksPath", join(base, "hooks")]);
    mkdirSync(join(base, "hooks"));
    for (const hook of ["post-checkout", "post-index-change", "reference-transaction", "pre-auto-gc"])
      writeFileSync(join(base, "hooks", hook), `#!/bin/sh\n'${program}' "$@"\n`, { mode: 0o755 });
    writeFileSync(join(repo, ".gitattributes"), "* filter=x diff=x\n");
    writeFileSync(join(repo, "a.txt"), "a\n");
    assert.equal(hooksFolder(repo), join(base, "hooks"));
    assert.notEqual(readGitAliases(join(repo, "packages", "app")), undefined);
    assert.deepEqual(gitFolders(join(repo, "packages", "app")).folders, [
      join(repo, ".git"),
      join(repo, ".git"),
    ]);
    assert.equal(existsSync(ran), false);
    // The same configuration runs the program on a command that reads the index: the test can see it.
    execFileSync("git", ["-C", repo, "status", "--short"], { stdio: "ignore" });
    assert.equal(existsSync(ran), true);
  });

  it("protects a program git runs by a quoted path or one with an escaped space", () => {
    // git 2.39 ran `tools/my monitor.sh` on `git status` for `fsmonitor = \"tools/my monitor.sh\"`, and on `git x`
    // for `x = !'scripts/run me.sh' --all` and `y = "!bin/a\\ b.sh"`: read word by word at the spaces, the files
    // named were `tools/my` and `monitor.sh`, and an agent could write the real one under Bypass.
    writeFileSync(
      join(repo, ".git", "config"),
      [
        "[core]",
        '\tfsmonitor = \\"tools/my monitor.sh\\"',
        "[alias]",
        "\tx = !'scripts/run me.sh' --all",
        '\ty = "!bin/a\\\\ b.sh"',
        "",
      ].join("\n"),
      { flag: "a" },
    );
    const check = protection(repoBoundary({ hooksFolder, gitFolders }), repo);
    for (const path of ["tools/my monitor.sh", "scripts/run me.sh", "bin/a b.sh"])
      assert.deepEqual(check(path), [true, true], path);
    assert.deepEqual(check("scripts/other.sh"), [false, false]);
  });

  it("is asked of git from PATH, not of a git the repository holds where it runs", () => {
    // Windows looks for a bare name where it runs before PATH (a repository's git.exe); POSIX does so for a `.` or
    // empty PATH entry.
    const ran = join(base, "ran");
    const fake = `#!/bin/sh\necho "$*" >> '${ran}'\n`;
    for (const folder of [repo, join(repo, "packages", "app")])
      writeFileSync(join(folder, "git"), fake, { mode: 0o755 });
    const saved = process.env.PATH;
    process.env.PATH = `.:${saved ?? ""}`;
    try {
      assert.equal(hooksFolder(repo), join(repo, ".git", "hooks"));
      assert.notEqual(readGitAliases(join(repo, "packages", "app")), undefined);
    } finally {
      process.env.PATH = saved;
    }
    assert.equal(existsSync(ran), false);
  });

  it("is protected for writing (a hook runs on the next commit) and read freely, whatever the folder's name", () => {
    execFileSync("git", ["-C", repo, "config", "core.hooksPath", "tools/hooks"]);
    const root = join(repo, "packages", "app");
    const boundary = new PolicyBoundary([root, join(repo, "tools")], {
      home: join(base, "home"),
      caseInsensitive: () => false,
      hooksFolder,
    });
    const check = protection(boundary);
    assert.deepEqual(check(join(repo, "tools", "hooks", "pre-commit")), [true, true]);
    assert.deepEqual(check(join(repo, "tools", "hooks", "lib", "common.sh")), [true, true]);
    assert.deepEqual(check(join(repo, "tools", "build.sh")), [false, false]);
    assert.deepEqual(check(join(root, "index.ts")), [false, false]);
  });

  it("protects git's folder as .git where .git is a link or a file naming it (git writes and runs from there)", () => {
    // git 2.39 reads `.git/config` through either, and runs the core.fsmonitor it names on the next `git status`.
    assert.deepEqual(
      gitFolders(repo).folders,
      [],
      "a .git folder is protected by its name, without asking git",
    );
    renameSync(join(repo, ".git"), join(repo, "gitdata"));
    symlinkSync("gitdata", join(repo, ".git"));
    const separate = join(base, "separate");
    execFileSync("git", ["init", "-q", `--separate-git-dir=${join(separate, "store")}`, separate]);
    const boundary = new PolicyBoundary([repo, separate], {
      home: join(base, "home"),
      caseInsensitive: () => false,
      gitFolders,
      hooksFolder,
    });
    const check = protection(boundary);
    for (const path of [".git/config", "gitdata/config", "gitdata/hooks/pre-commit", "gitdata/info/exclude"])
      assert.deepEqual(check(join(repo, path)), [true, false], path);
    assert.deepEqual(check(join(separate, "store", "config")), [true, false]);
    assert.deepEqual(check(join(repo, "a.txt")), [false, false]);
    assert.deepEqual(check(join(separate, "a.txt")), [false, false]);
  });

  it("protects what a root's .vscode, .claude or .github link leads to, whose tasks and hooks run all the same", () => {
    mkdirSync(join(repo, "config", "editor"), { recursive: true });
    symlinkSync(join("config", "editor"), join(repo, ".vscode"));
    writeFileSync(join(repo, "config", "agent.json"), "{}");
    mkdirSync(join(repo, ".claude-real"));
    symlinkSync(".claude-real", join(repo, ".claude"));
    mkdirSync(join(repo, "ci", "github", "workflows"), { recursive: true });
    symlinkSync(join("ci", "github"), join(repo, ".github"));
    const boundary = repoBoundary();
    const isProtected = (path: string) => boundary.isProtected(join(repo, path));
    assert.equal(isProtected("config/editor/tasks.json"), true);
    assert.equal(isProtected(".vscode/tasks.json"), true);
    assert.equal(isProtected("config/editor"), true);
    assert.equal(isProtected(".claude-real/settings.json"), true);
    assert.equal(isProtected("ci/github/workflows/release.yml"), true);
    assert.equal(isProtected("ci/github/CODEOWNERS"), false);
    assert.equal(isProtected("config/agent.json"), false);
    assert.equal(isProtected("config/editorial.md"), false);
  });
  it("is not known, rather than none, where git is cut off reading a configuration that includes a FIFO", () => {
    // git 2.39 waits on the FIFO until its timeout: that it answered nothing must not read as "no hooks folder".
    execFileSync("mkfifo", [join(repo, "fifo")]);
    writeFileSync(join(repo, ".git", "config"), "[include]\n\tpath = ../fifo\n", { flag: "a" });
    assert.throws(() => hooksFolder(repo, 200));
    renameSync(join(repo, ".git"), join(repo, "gitdata"));
    writeFileSync(join(repo, ".git"), "gitdir: gitdata\n");
    assert.throws(() => gitFolders(repo, 200));
    // No FIFO here: time enough for git to start on a loaded machine (200 ms was cut off under load).
    assert.equal(hooksFolder(base, 10_000), undefined, "no repository");
    assert.deepEqual(gitFolders(base, 10_000).folders, []);
  });

  it("reads git for a boundary within an allowance kept from one boundary to the next, and protects what it cannot tell", () => {
    // A root's configuration includes a FIFO: each read waits out its timeout, and the host builds a boundary anew
    // on every `.git/config` change (an agent's `git init subN`), which held it 3 s a build, build after build.
    let clock = 0;
    const timeouts: (number | undefined)[] = [];
    const cutOff = (timeout: number | undefined): never => {
      timeouts.push(timeout);
      clock += timeout ?? 3_000;
      throw Object.assign(new Error("timed out"), { signal: "SIGTERM" });
    };
    const allowance = new GitAllowance(() => clock);
    const build = () =>
      repoBoundary({
        hooksFolder: (_folder, timeout) => cutOff(timeout),
        gitFolders: (_folder, timeout) => cutOff(timeout),
        gitAllowance: allowance,
      });
    const check = (boundary: PolicyBoundary, path: string) => {
      const result = boundary.check(join(repo, path));
      return result.status === "inside" ? [result.protected, result.readable === true] : result.status;
    };
    for (let i = 0; i < 10; i++) {
      const boundary = build();
      // The hooks folder and git's folders may be any: every path asks to be written, and to be read.
      assert.deepEqual(check(boundary, "tools/hooks/pre-commit"), [true, false]);
      assert.deepEqual(check(boundary, "src/a.ts"), [true, false]);
    }
    const spent = timeouts.reduce((a, b) => a! + b!, 0)!;
    // Four requests' worth, and what refilled while git waited.
    assert.ok(spent <= 4 * MAX_GIT_MS * 1.1, `${timeouts.length} reads, ${spent} ms`);
    const before = timeouts.length;
    assert.deepEqual(check(build(), "src/a.ts"), [true, false], "refused: not known either");
    assert.equal(timeouts.length, before, "no git once the allowance is spent");
    clock += 30_000;
    const later = build();
    check(later, "src/a.ts");
    check(later, "src/b.ts");
    assert.deepEqual(timeouts.slice(before), [MAX_GIT_MS], "one read a boundary, once it refilled");
  });

  it("protects a nested repository's core.hooksPath folder, asking git once per repository a checked path is in", () => {
    // git 2.39: `git -C vendor/lib commit` runs vendor/lib/tools/hooks/pre-commit, which an agent could write.
    const nested = join(repo, "vendor", "lib");
    const plain = join(repo, "vendor", "plain");
    for (const folder of [nested, plain]) execFileSync("git", ["init", "-q", folder]);
    execFileSync("git", ["-C", nested, "config", "core.hooksPath", "tools/hooks"]);
    const asked: string[] = [];
    const boundary = repoBoundary({
      hooksFolder: (folder, timeout) => {
        asked.push(folder);
        return hooksFolder(folder, timeout);
      },
      gitAllowance: new GitAllowance(),
    });
    const check = protection(boundary, repo);
    assert.deepEqual(check("vendor/lib/tools/hooks/pre-commit"), [true, true]);
    assert.deepEqual(check("vendor/lib/tools/hooks"), [true, true]);
    assert.deepEqual(check("vendor/lib/tools/hooks/lib/common.sh"), [true, true]);
    assert.deepEqual(check("vendor/lib/tools/build.sh"), [false, false]);
    assert.deepEqual(check("vendor/lib/src/index.ts"), [false, false]);
    assert.deepEqual(check("vendor/plain/tools/hooks/common.sh"), [false, false]);
    assert.deepEqual(check("vendor/plain/src/index.ts"), [false, false]);
    assert.deepEqual(check("tools/hooks/common.sh"), [false, false], "the root's repository has none there");
    assert.deepEqual(check("packages/app/index.ts"), [false, false]);
    assert.deepEqual(asked.sort(), [nested, plain, repo].sort(), "each repository once");
    // Where git cannot say for the nested repository, its paths ask; the others do not.
    const cutOff = repoBoundary({
      hooksFolder: (folder, timeout) => {
        if (folder === nested) throw Object.assign(new Error("timed out"), { signal: "SIGTERM" });
        return hooksFolder(folder, timeout);
      },
    });
    assert.equal(cutOff.isProtected(join(nested, "src", "index.ts")), true);
    assert.equal(cutOff.isProtected(join(plain, "src", "index.ts")), false);
    assert.equal(cutOff.isProtected(join(repo, "packages", "app", "index.ts")), false);
  });

  it("protects a file named as a git hook anywhere: a nested repository's hooks folder may lie outside it", () => {
    // git 2.39: vendor/lib's `core.hooksPath = ../../tools/hooks` ran tools/hooks/pre-commit on
    // `git -C vendor/lib commit`; no path in tools/ tells that a repository elsewhere runs it.
    const nested = join(repo, "vendor", "lib");
    execFileSync("git", ["init", "-q", nested]);
    execFileSync("git", ["-C", nested, "config", "core.hooksPath", "../../tools/hooks"]);
    mkdirSync(join(repo, "tools", "hooks"), { recursive: true });
    const ran = join(base, "ran");
    writeFileSync(join(repo, "tools", "hooks", "pre-commit"), `#!/bin/sh\necho ran > '${ran}'\n`, {
      mode: 0o755,
    });
    writeFileSync(join(nested, "a.txt"), "a\n");
    const git = ["-C", nested, "-c", "user.name=a", "-c", "user.email=a@b"];
    execFileSync("git", [...git, "add", "a.txt"]);
    execFileSync("git", [...git, "commit", "-qm", "a"]);
    assert.equal(existsSync(ran), true, "git ran the hook");
    const boundary = repoBoundary({
      hooksFolder,
      gitAllowance: new GitAllowance(),
    });
    const check = protection(boundary, repo);
    for (const hook of [
      "tools/hooks/pre-commit",
      "tools/hooks/pre-push",
      "tools/hooks/post-checkout",
      "x/update",
    ])
      assert.deepEqual(check(hook), [true, true], hook);
    assert.deepEqual(check("tools/hooks/PRE-COMMIT.exe"), [true, true]);
    assert.deepEqual(check("x/pre-commit.sample.sh"), [false, false]);
    assert.deepEqual(check(".pre-commit.yml"), [false, false]);
    assert.deepEqual(check("src/pre-commit.ts"), [false, false]);
  });

  it("protects whole a folder holding a git hook, whichever repository runs hooks from it, without asking git", () => {
    // git 2.39: vendor/lib's `core.hooksPath = ../../tools/hooks`; `git -C vendor/lib commit` ran tools/hooks/pre-commit,
    // which sources the common.sh beside it: writing common.sh changed what the hook ran.
    const nested = join(repo, "vendor", "lib");
    execFileSync("git", ["init", "-q", nested]);
    execFileSync("git", ["-C", nested, "config", "core.hooksPath", "../../tools/hooks"]);
    mkdirSync(join(repo, "tools", "hooks", "lib"), { recursive: true });
    const ran = join(base, "ran");
    writeFileSync(join(repo, "tools", "hooks", "pre-commit"), '#!/bin/sh\n. "$(dirname "$0")/common.sh"\n', {
      mode: 0o755,
    });
    writeFileSync(join(repo, "tools", "hooks", "common.sh"), `echo ran > '${ran}'\n`);
    writeFileSync(join(nested, "a.txt"), "a\n");
    const git = ["-C", nested, "-c", "user.name=a", "-c", "user.email=a@b"];
    execFileSync("git", [...git, "add", "a.txt"]);
    execFileSync("git", [...git, "commit", "-qm", "a"]);
    assert.equal(existsSync(ran), true, "the hook ran common.sh");
    // A package named as a hook is a folder (npm) or a link to one (pnpm), not a hook.
    mkdirSync(join(repo, "node_modules", ".pnpm", "pre-commit"), { recursive: true });
    mkdirSync(join(repo, "node_modules", "update"));
    symlinkSync(join(".pnpm", "pre-commit"), join(repo, "node_modules", "pre-commit"));
    const counting = new CountingGit();
    try {
      const check = protection(
        repoBoundary({ hooksFolder, gitFolders, gitAllowance: new GitAllowance() }),
        repo,
      );
      for (const path of [
        "tools/hooks/common.sh",
        "tools/hooks/lib/x.sh",
        "tools/hooks/new.sh",
        "tools/hooks",
      ])
        assert.deepEqual(check(path), [true, true], path);
      for (const path of [
        "tools/build.sh",
        "tools/x/a.sh",
        "node_modules/a.js",
        "node_modules/update/a.js",
        "a.ts",
      ])
        assert.deepEqual(check(path), [false, false], path);
      assert.equal(counting.started, 1, "git asked for the root's hooks folder only");
    } finally {
      counting.dispose();
    }
  });

  it("protects a git folder anywhere in the workspace under another name (a nested --separate-git-dir, a bare one)", () => {
    // git 2.39: `git init --separate-git-dir=store/lib.git vendor/lib`; a core.fsmonitor appended to
    // store/lib.git/config ran on `git -C vendor/lib status`, and nothing read store/ as git's.
    const nested = join(repo, "vendor", "lib");
    mkdirSync(join(repo, "store"));
    execFileSync("git", ["init", "-q", `--separate-git-dir=${join(repo, "store", "lib.git")}`, nested]);
    execFileSync("git", ["init", "-q", "--bare", join(repo, "remotes", "origin.git")]);
    const ran = plantFsmonitor(join(repo, "store", "lib.git", "config"), "a");
    execFileSync("git", ["-C", nested, "status"], { stdio: "ignore" });
    assert.ok(ran(), "git ran the fsmonitor");
    const boundary = repoBoundary({
      hooksFolder,
      gitFolders,
      gitAllowance: new GitAllowance(),
    });
    const check = protection(boundary, repo);
    for (const path of [
      "store/lib.git",
      "store/lib.git/config",
      "store/lib.git/hooks/x",
      "remotes/origin.git/config",
    ])
      assert.deepEqual(check(path), [true, false], path);
    assert.deepEqual(check("store/notes.md"), [false, false]);
    assert.deepEqual(check("vendor/lib/a.txt"), [false, false]);
    assert.deepEqual(check("src/HEAD"), [false, false]);
  });

  it("protects a git folder an agent makes file by file after the boundary found the folder none", async () => {
    // Four fs/write_text_file calls, none protected when made: vendor/x/config (a core.fsmonitor), HEAD, objects/ and
    // refs/. git 2.39 then reads vendor/x as a bare repository and ran the monitor on `git -C vendor/x status`, which
    // a rule allowing `git status` (or Bypass) let through: the boundary kept "no git folder" from the first write.
    const boundary = repoBoundary({ ...hostReads(), gitAllowance: new GitAllowance() });
    const folder = join(repo, "vendor", "x");
    const written = (name: string, text: string) => {
      const check = boundary.check(join(folder, name));
      mkdirSync(dirname(join(folder, name)), { recursive: true });
      writeFileSync(join(folder, name), text);
      return check.status === "inside" && check.protected;
    };
    assert.equal(written("notes.md", "x"), false, "a plain folder");
    const mark = join(base, "ran-bare");
    const config = `[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = ..\n\tfsmonitor = "echo ran > '${mark}'; false"\n`;
    assert.equal(written("config", config), false);
    assert.equal(written("HEAD", "ref: refs/heads/main\n"), false);
    assert.equal(written("objects/README", ""), false);
    assert.equal(written("refs/README", ""), false, "the write that makes it one is not in one yet");
    execFileSync("git", ["-C", folder, "status"], { stdio: "ignore" });
    assert.ok(existsSync(mark), "git reads it as a repository and runs its monitor");
    const check = protection(boundary, repo);
    for (const path of ["vendor/x", "vendor/x/config", "vendor/x/notes.md"])
      assert.equal(check(path)[0], true, path);
    // And what Bypass decides on the same boundary: the command git would run the monitor for goes to a person.
    const decision = underBypass(await loadShellParser(), boundary, "git -C vendor/x status");
    assert.notEqual(decision.verdict, "allow", decision.by.label);
  });

  it("protects a workspace file the repository's configuration includes, which git reads as its own", () => {
    // git 2.39: `[include] path = ../cfg/extra` in .git/config; a core.fsmonitor written to cfg/extra ran on
    // `git status`.
    mkdirSync(join(repo, "cfg"));
    const ran = plantFsmonitor(join(repo, "cfg", "extra"));
    const git = new CountingGit();
    try {
      assert.deepEqual(gitFolders(repo).folders, []);
      assert.equal(git.started, 0, "no include: no git");
      execFileSync("git", ["-C", repo, "config", "include.path", "../cfg/extra"]);
      execFileSync("git", ["-C", repo, "config", "includeIf.onbranch:next.path", join(repo, "cfg", "next")]);
      execFileSync("git", ["-C", repo, "status"], { stdio: "ignore" });
      assert.ok(ran(), "git ran the fsmonitor");
      writeFileSync(join(repo, "cfg", "extra"), "[include]\n\tpath = more\n");
      const boundary = repoBoundary({
        hooksFolder,
        gitFolders,
        gitAllowance: new GitAllowance(),
      });
      const check = protection(boundary, repo);
      for (const path of ["cfg/extra", "cfg/more", "cfg/next"])
        assert.deepEqual(check(path), [true, false], path);
      assert.deepEqual(check("cfg/notes.md"), [false, false]);
      assert.deepEqual(check("src/a.ts"), [false, false]);
    } finally {
      git.dispose();
    }
  });

  it("protects what a hook that is a link leads to, which git runs: a root's and a nested repository's", () => {
    // git 2.39: with `.git/hooks/pre-commit -> ../../scripts/pre-commit.sh`, `git commit` ran scripts/pre-commit.sh.
    const nested = join(repo, "vendor", "lib");
    execFileSync("git", ["init", "-q", nested]);
    mkdirSync(join(repo, "scripts"));
    const ran = join(base, "ran");
    writeFileSync(join(repo, "scripts", "pre-commit.sh"), `#!/bin/sh\necho ran > '${ran}'\n`, {
      mode: 0o755,
    });
    symlinkSync(join("..", "..", "scripts", "pre-commit.sh"), join(repo, ".git", "hooks", "pre-commit"));
    symlinkSync(join("..", "..", "tools", "push.sh"), join(nested, ".git", "hooks", "pre-push"));
    execFileSync("git", [
      "-C",
      repo,
      "-c",
      "user.name=a",
      "-c",
      "user.email=a@b",
      "commit",
      "-q",
      "--allow-empty",
      "-m",
      "a",
    ]);
    assert.equal(existsSync(ran), true, "git ran the link's target");
    const check = protection(
      repoBoundary({ hooksFolder, gitFolders, gitAllowance: new GitAllowance() }),
      repo,
    );
    assert.deepEqual(check("scripts/pre-commit.sh"), [true, true]);
    assert.deepEqual(
      check("vendor/lib/tools/push.sh"),
      [true, true],
      "not there yet: git would run it once it is",
    );
    for (const path of ["scripts/lint.sh", "vendor/lib/tools/build.sh", "src/a.ts"])
      assert.deepEqual(check(path), [false, false], path);
  });

  it("protects a workspace file the person's own git configuration includes (a dotfiles workspace)", () => {
    // git 2.39: `[include] path = <workspace>/cfg/extra` in ~/.gitconfig, nothing in .git/config; a core.fsmonitor
    // written to cfg/extra ran on `git status`.
    mkdirSync(join(repo, "cfg"));
    const ran = plantFsmonitor(join(repo, "cfg", "extra"));
    writeFileSync(join(base, "home", ".gitconfig"), `[include]\n\tpath = ${join(repo, "cfg", "extra")}\n`);
    execFileSync("git", ["-C", repo, "status"], { stdio: "ignore" });
    assert.ok(ran(), "git ran the fsmonitor");
    const check = protection(
      repoBoundary({ hooksFolder, gitFolders, gitAllowance: new GitAllowance() }),
      repo,
    );
    assert.deepEqual(check("cfg/extra"), [true, false]);
    assert.deepEqual(check("cfg/notes.md"), [false, false]);
  });

  it("protects what a file included on a condition includes, which git lists only once the condition holds", () => {
    // git 2.39: with `includeIf.onbranch:next.path = ../cfg/a` and `[include] path = b` in cfg/a, git listed cfg/a
    // but not cfg/b on another branch; a core.fsmonitor written to cfg/b ran on `git status` after
    // `git checkout -b next`, a command that writes no file and that the host's watcher does not see.
    mkdirSync(join(repo, "cfg"));
    execFileSync("git", ["-C", repo, "config", "includeIf.onbranch:next.path", "../cfg/a"]);
    writeFileSync(join(repo, "cfg", "a"), "[include]\n\tpath = b\n");
    const ran = plantFsmonitor(join(repo, "cfg", "b"));
    const check = protection(repoBoundary({ hooksFolder, gitFolders }), repo);
    for (const path of ["cfg/a", "cfg/b"]) assert.deepEqual(check(path), [true, false], path);
    assert.deepEqual(check("cfg/c"), [false, false]);
    execFileSync("git", ["-C", repo, "status"], { stdio: "ignore" });
    assert.equal(ran(), false, "not on branch next");
    execFileSync("git", ["-C", repo, "checkout", "-q", "-b", "next"]);
    execFileSync("git", ["-C", repo, "status"], { stdio: "ignore" });
    assert.equal(ran(), true, "git ran the fsmonitor cfg/b names");
  });

  it("protects a workspace file that .git/config.worktree includes, which git reads with extensions.worktreeConfig", () => {
    // git 2.39: `git config --worktree include.path ../cfg/extra` wrote .git/config.worktree (.git/config said no
    // include); a core.fsmonitor written to cfg/extra ran on `git status`.
    mkdirSync(join(repo, "cfg"));
    const ran = plantFsmonitor(join(repo, "cfg", "extra"));
    execFileSync("git", ["-C", repo, "config", "extensions.worktreeConfig", "true"]);
    execFileSync("git", ["-C", repo, "config", "--worktree", "include.path", "../cfg/extra"]);
    execFileSync("git", ["-C", repo, "status"], { stdio: "ignore" });
    assert.ok(ran(), "git ran the fsmonitor");
    const check = protection(
      repoBoundary({ hooksFolder, gitFolders, gitAllowance: new GitAllowance() }),
      repo,
    );
    assert.deepEqual(check("cfg/extra"), [true, false]);
    assert.deepEqual(check("cfg/notes.md"), [false, false]);
  });

  it("reads git anew once a configuration file it read changes, which the host's .git/config watcher misses", () => {
    // git 2.39 (extensions.worktreeConfig set): `git config --worktree core.hooksPath tools` wrote .git/config.worktree
    // alone, and `git commit` ran tools/pre-commit; a core.fsmonitor in a file .git/config includes, in
    // ~/.config/git/config or in ~/.gitconfig ran on `git status`. Each changed after the boundary first read git.
    for (const folder of [join(repo, "cfg"), join(repo, "tools"), join(base, "home", ".config", "git")])
      mkdirSync(folder, { recursive: true });
    execFileSync("git", ["-C", repo, "config", "extensions.worktreeConfig", "true"]);
    execFileSync("git", ["-C", repo, "config", "include.path", "../cfg/extra"]);
    const counting = new CountingGit();
    try {
      const check = protection(
        repoBoundary({ hooksFolder, gitFolders, gitAllowance: new GitAllowance() }),
        repo,
      );
      const paths = ["tools/common.sh", "tools/fsmon.sh", "scripts/xdg.sh", "scripts/global.sh"];
      for (const path of paths) assert.deepEqual(check(path), [false, false], path);
      const started = counting.started;
      assert.deepEqual(check("src/a.ts"), [false, false]);
      assert.equal(counting.started, started, "nothing changed: git is not asked again");
      execFileSync("git", ["-C", repo, "config", "--worktree", "core.hooksPath", "tools"]);
      assert.deepEqual(check("tools/common.sh"), [true, true], "in the hooks folder config.worktree names");
      writeFileSync(join(repo, "cfg", "extra"), "[core]\n\tfsmonitor = tools/fsmon.sh\n");
      assert.deepEqual(check("tools/fsmon.sh"), [true, true], "named by the included file");
      writeFileSync(join(base, "home", ".config", "git", "config"), "[alias]\n\tx = !scripts/xdg.sh\n");
      assert.deepEqual(check("scripts/xdg.sh"), [true, true], "named by ~/.config/git/config");
      writeFileSync(join(base, "home", ".gitconfig"), "[core]\n\tpager = scripts/global.sh\n");
      assert.deepEqual(check("scripts/global.sh"), [true, true], "named by ~/.gitconfig");
      assert.deepEqual(check("scripts/other.sh"), [false, false]);
    } finally {
      counting.dispose();
    }
  });

  it("sees a same-size edit in place in the second it was read in, on a file system keeping whole seconds", () => {
    // ext3 with 128-byte inodes (whole-second times), git 2.39: .git/config rewritten in place, same size, in the
    // second the boundary had read it kept its inode, size and times, and git ran tools/bbb.sh on `git status`, which
    // Bypass let an agent write. Here the file system's clock stands still for the test, as it does within a second.
    withStillClock(() => {
      const config = join(repo, ".git", "config");
      const text = readFileSync(config, "utf8");
      writeFileSync(config, `${text}[core]\n\tfsmonitor = tools/aaa.sh\n`);
      const boundary = repoBoundary({ hooksFolder, gitFolders });
      const guarded = (path: string) => {
        const check = boundary.forRequest().check(join(repo, path));
        return check.status === "inside" && check.protected;
      };
      assert.ok(guarded("tools/aaa.sh"));
      writeFileSync(config, `${text}[core]\n\tfsmonitor = tools/bbb.sh\n`);
      assert.ok(guarded("tools/bbb.sh"), "named now");
      assert.ok(!guarded("tools/aaa.sh"));
    });
  });

  it("looks at the person's and the system's git configuration once a request, whatever number of roots reads it", () => {
    // Every window has two roots at least (the workspace and the agents' scratch folder), each read beside the same
    // ~/.gitconfig: a look at each file for each root was 3-4 system calls more on every request, Bypass's included.
    const plainFolder = join(base, "notes");
    const nested = join(repo, "vendor", "lib");
    mkdirSync(plainFolder);
    execFileSync("git", ["init", "-q", nested]);
    writeFileSync(join(base, "home", ".gitconfig"), "[user]\n\tname = a\n");
    const person = join(base, "home", ".gitconfig");
    // The files look an hour old: the text of one changed in the last seconds is read again at each look.
    const [boundary, looks] = withStillClock(() => {
      const boundary = new PolicyBoundary([repo, plainFolder], {
        home: join(base, "home"),
        caseInsensitive: () => false,
        ...hostReads(),
        gitAllowance: new GitAllowance(),
      });
      boundary.forRequest().check(join(nested, "a.ts"));
      return [boundary, countLooks(() => boundary.forRequest().check(join(repo, "src", "a.ts")))] as const;
    }, Date.now() - 3_600_000);
    assert.ok(looks.length > 0, "the configuration is looked at again for the next request");
    assert.deepEqual(
      looks.filter((look) => look.endsWith(person)),
      [`lstat ${person}`],
      "once: its own look says what following it finds",
    );
    const twice = looks.filter((look, i) => looks.indexOf(look) !== i);
    assert.deepEqual(twice, [], "no file looked at twice");
    // Still seen by the next request.
    writeFileSync(person, `[core]\n\tfsmonitor = ${join(repo, "tools", "mon.sh")}\n`, { flag: "a" });
    const after = boundary.forRequest().check(join(repo, "tools", "mon.sh"));
    assert.ok(after.status === "inside" && after.protected);
  });

  it("looks at git's configuration files once for a request, whatever number of paths it names", () => {
    // `cp $(git ls-files) dist/` names every file of the repository: a look at each configuration file per path was
    // seven stats a repository for each of them.
    let looks = 0;
    const boundary = repoBoundary({
      hooksFolder,
      gitFolders: (folder, timeout) => {
        const read = gitFolders(folder, timeout);
        const unchanged = read.unchanged;
        return { ...read, unchanged: unchanged && (() => (looks++, unchanged())) };
      },
    });
    const request = boundary.forRequest();
    for (let i = 0; i < 100; i++) assert.equal(request.check(join(repo, "src", `f${i}.ts`)).status, "inside");
    assert.equal(looks, 0, "git was read for this request: nothing to look at again");
    const next = boundary.forRequest();
    for (let i = 0; i < 100; i++) next.check(join(repo, "lib", `g${i}.ts`));
    assert.equal(looks, 1, "once for the next request");
    execFileSync("git", ["-C", repo, "config", "core.hooksPath", "lib"]);
    const changed = boundary.forRequest().check(join(repo, "lib", "g1.ts"));
    assert.ok(changed.status === "inside" && changed.protected, "a change is still seen by the next request");
  });

  it("protects a file a nested repository's configuration includes, asking git only where it says include", () => {
    // git 2.39: `[include] path = ../cfg/extra` in vendor/lib/.git/config (or an includeIf); a core.fsmonitor written
    // to vendor/lib/cfg/extra ran on `git -C vendor/lib status`.
    const nested = join(repo, "vendor", "lib");
    const plain = join(repo, "vendor", "plain");
    for (const folder of [nested, plain]) execFileSync("git", ["init", "-q", folder]);
    mkdirSync(join(nested, "cfg"));
    const ran = plantFsmonitor(join(nested, "cfg", "extra"));
    execFileSync("git", ["-C", nested, "config", "include.path", "../cfg/extra"]);
    execFileSync("git", ["-C", nested, "config", "includeIf.onbranch:next.path", "../cfg/next"]);
    execFileSync("git", ["-C", nested, "status"], { stdio: "ignore" });
    assert.ok(ran(), "git ran the fsmonitor");
    const counting = new CountingGit();
    try {
      const check = protection(
        repoBoundary({ hooksFolder, gitFolders, gitAllowance: new GitAllowance() }),
        repo,
      );
      for (const path of ["vendor/lib/cfg/extra", "vendor/lib/cfg/next"])
        assert.deepEqual(check(path), [true, false], path);
      assert.deepEqual(check("vendor/lib/cfg/notes.md"), [false, false]);
      const started = counting.started;
      assert.deepEqual(check("vendor/plain/src/a.ts"), [false, false]);
      assert.equal(counting.started, started + 1, "its hooks folder only: its configuration says no include");
    } finally {
      counting.dispose();
    }
  });

  it("protects what a nested repository met so far includes, runs or links anywhere in the workspace, not only in it", () => {
    // git 2.39, in vendor/lib: `include.path = ../../../cfg/extra` read <workspace>/cfg/extra (a core.fsmonitor there
    // ran on `git -C vendor/lib status`), `core.fsmonitor = ../../tools/mon.sh` ran tools/mon.sh, and
    // `.git/hooks/pre-commit -> ../../../../scripts/pc.sh` ran scripts/pc.sh on `git -C vendor/lib commit`.
    const nested = join(repo, "vendor", "lib");
    execFileSync("git", ["init", "-q", nested]);
    for (const folder of ["cfg", "tools", "scripts"]) mkdirSync(join(repo, folder));
    const ran = plantFsmonitor(join(repo, "cfg", "extra"));
    execFileSync("git", ["-C", nested, "config", "include.path", "../../../cfg/extra"]);
    execFileSync("git", ["-C", nested, "status"], { stdio: "ignore" });
    assert.ok(ran(), "git ran the fsmonitor of the included file");
    writeFileSync(join(repo, "cfg", "extra"), "[core]\n\tfsmonitor = ../../tools/mon.sh\n");
    // And another's hooks folder outside it (git 2.39 ran tools/hooks/pre-commit on `git -C vendor/two commit`).
    const other = join(repo, "vendor", "two");
    execFileSync("git", ["init", "-q", other]);
    execFileSync("git", ["-C", other, "config", "core.hooksPath", "../../tools/hooks"]);
    symlinkSync(
      join("..", "..", "..", "..", "scripts", "pc.sh"),
      join(nested, ".git", "hooks", "pre-commit"),
    );
    const check = protection(
      repoBoundary({ hooksFolder, gitFolders, gitAllowance: new GitAllowance() }),
      repo,
    );
    for (const path of ["vendor/lib/src/a.ts", "vendor/two/src/a.ts"])
      assert.deepEqual(check(path), [false, false], `${path}: met`);
    assert.deepEqual(check("cfg/extra"), [true, false], "read by git as its configuration");
    for (const path of ["tools/mon.sh", "scripts/pc.sh", "tools/hooks/common.sh"])
      assert.deepEqual(check(path), [true, true], path);
    for (const path of ["cfg/notes.md", "tools/build.sh", "scripts/lint.sh", "src/a.ts"])
      assert.deepEqual(check(path), [false, false], path);
    // Met through its .git/config changing (the host's watcher): `git -C vendor/lib config …` checks no path in it.
    const told = protection(
      repoBoundary({
        hooksFolder,
        gitFolders,
        gitAllowance: new GitAllowance(),
        gitConfigs: [join(nested, ".git", "config"), join(repo, ".git", "config")],
      }),
      repo,
    );
    for (const path of ["cfg/extra", "tools/mon.sh", "scripts/pc.sh"])
      assert.notDeepEqual(told(path), [false, false]);
    assert.deepEqual(told("cfg/notes.md"), [false, false]);
  });

  it("meets every repository nested in the workspace before a path in it is named: what it includes, runs or links asks", async () => {
    // git 2.39, nothing of vendor/lib, vendor/two or packages/x named by any request: a core.fsmonitor written to
    // cfg/extra, which vendor/lib's `include.path = ../../../cfg/extra` reads, ran on `git -C vendor/lib status` (VS
    // Code's git runs one in each repository it finds, the person's own git too); tools/mon.sh, vendor/two's
    // `core.fsmonitor = ../../tools/mon.sh`, on its status; scripts/pc.sh, which packages/x's pre-commit hook links
    // to, on `git -C packages/x commit`. A boundary met them only once a checked path was in one.
    const lib = join(repo, "vendor", "lib");
    const two = join(repo, "vendor", "two");
    const x = join(repo, "packages", "x");
    for (const folder of [lib, two, x]) execFileSync("git", ["init", "-q", folder]);
    for (const folder of ["cfg", "tools", "scripts"]) mkdirSync(join(repo, folder));
    execFileSync("git", ["-C", lib, "config", "include.path", "../../../cfg/extra"]);
    const ran = plantFsmonitor(join(repo, "cfg", "extra"));
    execFileSync("git", ["-C", lib, "status"], { stdio: "ignore" });
    assert.ok(ran(), "git ran the fsmonitor of the included file");
    writeFileSync(join(repo, "cfg", "extra"), "");
    execFileSync("git", ["-C", two, "config", "core.fsmonitor", "../../tools/mon.sh"]);
    symlinkSync(join("..", "..", "..", "..", "scripts", "pc.sh"), join(x, ".git", "hooks", "pre-commit"));
    const shell = await loadShellParser();
    const boundary = repoBoundary({ ...hostReads(), gitAllowance: new GitAllowance() });
    const run = (line: string) => underBypass(shell, boundary, line);
    for (const line of [
      "printf '[core]\\n\\tfsmonitor = \"touch pwned\"\\n' > cfg/extra",
      "echo 'touch pwned' > tools/mon.sh",
      "echo 'touch pwned' > scripts/pc.sh",
    ])
      assert.equal(run(line).verdict, "ask", line);
    for (const line of ["echo notes > cfg/notes.md", "echo x > tools/build.sh", "echo x > vendor/lib/a.ts"])
      assert.equal(run(line).verdict, "allow", line);
    // One made in the line that writes its hooks: protected by their name.
    for (const line of [
      "git init vendor/x && echo 'touch pwned' > vendor/x/.git/hooks/pre-commit",
      "git clone https://example.com/c.git vendor/c && cp x.sh vendor/c/.git/hooks/post-checkout",
    ])
      assert.equal(run(line).verdict, "ask", line);
    // One made after the walk (kept for later boundaries): met when its .git/config appears (the host's watcher),
    // else by a path in it.
    const scan = new RepositoryScan();
    const later = (gitConfigs: string[]) =>
      protection(repoBoundary({ ...hostReads(), repositoryScan: scan, gitConfigs }), repo);
    later([]);
    const late = join(repo, "vendor", "late");
    execFileSync("git", ["init", "-q", late]);
    execFileSync("git", ["-C", late, "config", "include.path", "../../../cfg/late"]);
    assert.deepEqual(later([])("cfg/late"), [false, false], "made after the walk");
    assert.deepEqual(later([join(late, ".git", "config")])("cfg/late"), [true, false]);
    const byPath = later([]);
    byPath("vendor/late/a.ts");
    assert.deepEqual(byPath("cfg/late"), [true, false]);
  });

  it("protects what a repository a request meets includes, runs or links from the request's paths named before it", async () => {
    // A repository the walk leaves out (in node_modules, past its bound, made since) is met by a path in it. git
    // 2.39, in node_modules/evil: `core.fsmonitor = ../../tools/mon.sh` ran tools/mon.sh on its `git status`,
    // `include.path = ../../../cfg/extra` read cfg/extra, `core.hooksPath = ../../tools/hooks` ran tools/hooks/pre-commit.
    // Named in one request before a path in it, each was written under Bypass: the meeting protected only later paths.
    const evil = join(repo, "node_modules", "evil");
    execFileSync("git", ["init", "-q", evil]);
    for (const folder of ["cfg", "tools"]) mkdirSync(join(repo, folder));
    execFileSync("git", ["-C", evil, "config", "core.fsmonitor", "../../tools/mon.sh"]);
    execFileSync("git", ["-C", evil, "config", "include.path", "../../../cfg/extra"]);
    writeFileSync(join(repo, "cfg", "extra"), "[user]\n\tname = included\n");
    execFileSync("git", ["-C", evil, "config", "core.hooksPath", "../../tools/hooks"]);
    writeFileSync(join(repo, "tools", "mon.sh"), "#!/bin/sh\ntouch ran\n", { mode: 0o755 });
    execFileSync("git", ["-C", evil, "status"], { stdio: "ignore" });
    assert.ok(existsSync(join(evil, "ran")), "git ran the fsmonitor");
    assert.equal(
      execFileSync("git", ["-C", evil, "config", "user.name"], { encoding: "utf8" }),
      "included\n",
    );
    rmSync(join(evil, "ran"));
    const shell = await loadShellParser();
    const home = join(base, "home");
    const scan = new RepositoryScan();
    // Each request on a boundary of its own, which has not met the repository (and read git within its allowance).
    const decideOn = (footprint: Parameters<typeof decide>[0]) => {
      const boundary = repoBoundary({
        ...hostReads(),
        repositoryScan: scan,
        gitAllowance: new GitAllowance(),
      });
      const paths = boundary.forRequest();
      const context = {
        agentName: "a",
        rules: [],
        bypass: true,
        trusted: true,
        paths,
        home,
        sessionCwd: repo,
      };
      const decision = decide(footprint, context);
      assert.equal(boundary.gitUnread(), undefined, "git was read");
      return decision;
    };
    const run = (line: string) =>
      decideOn(buildFootprint(v2Request({ type: "command", command: line, cwd: repo }), { shell, home }));
    const edit = (...paths: string[]) =>
      decideOn(
        buildFootprint(
          v2DiffRequest({ changes: paths.map((path) => ({ operation: "modify", path: join(repo, path) })) }),
          { shell, home },
        ),
      );
    for (const line of [
      "echo 'touch pwned' > tools/mon.sh && git -C node_modules/evil status",
      "printf '[core]\\n\\tfsmonitor = \"touch pwned\"\\n' > cfg/extra; cd node_modules/evil && git status",
    ])
      assert.equal(run(line).verdict, "ask", line);
    assert.equal(edit("tools/hooks/pre-commit.sh", "node_modules/evil/index.js").verdict, "ask");
    // Not what it names nothing of.
    assert.equal(edit("tools/build.sh", "node_modules/evil/index.js").verdict, "allow");
  });

  it("asks where a decision's paths go on meeting repositories each time it is made again", async () => {
    // Made again on each repository met (see above), a decision whose checks met one more each time would be made
    // without end: past a few, it asks.
    const shell = await loadShellParser();
    const home = join(base, "home");
    const footprint = buildFootprint(
      v2DiffRequest({ changes: [{ operation: "modify", path: join(repo, "src", "a.ts") }] }),
      { shell, home },
    );
    const request = repoBoundary().forRequest();
    let met = 0;
    const decideWith = (growing: boolean) =>
      decide(footprint, {
        agentName: "a",
        rules: [],
        bypass: true,
        trusted: true,
        paths: {
          check: (path) => request.check(path),
          kind: (path) => request.kind(path),
          list: (folder) => request.list(folder),
          get repositoriesMet() {
            return growing ? met++ : met;
          },
        },
        home,
      });
    assert.equal(decideWith(false).verdict, "allow");
    const restless = decideWith(true);
    assert.equal(restless.verdict, "ask");
    assert.match(restless.by.label, /one nested git repository after another/);
  });

  it("reads a plain repository's hooks folder from its files alone, as git says it, and nothing else", () => {
    const lib = join(repo, "vendor", "lib");
    execFileSync("git", ["init", "-q", lib]);
    for (const top of [repo, lib]) {
      const read = plainRepository(top);
      assert.equal(read?.hooks, join(top, ".git", "hooks"));
      assert.equal(read.hooks, hooksFolder(top), "git's answer");
      assert.deepEqual([read.folders, read.programs, read.nested], [[], [], []]);
      assert.equal(read.unchanged(), true);
    }
    // What would send the next read to git is seen as a change: a commondir (a linked worktree's), config.worktree.
    for (const name of ["commondir", "config.worktree"]) {
      const read = plainRepository(lib)!;
      writeFileSync(join(lib, ".git", name), "");
      assert.equal(read.unchanged(), false, name);
      rmSync(join(lib, ".git", name));
    }
    assert.deepEqual(sharedConfig(), [], "nothing in the person's or the system's configuration");
    // Not a repository's top, or none at all: git is asked (it looks above).
    assert.equal(plainRepository(join(repo, "packages")), undefined);
    assert.equal(plainRepository(base), undefined);
  });

  it("reads a configuration changed just before the read again only until its times are 2 s old, and sees later edits", () => {
    // An agent's `git push -u` rewrites the repository's config: a read in the next 2 s stamps it with its text
    // (`configStamp`), and every request after it read the file again, for as long as the read was kept.
    const lib = join(repo, "vendor", "fresh");
    execFileSync("git", ["init", "-q", lib]);
    const config = join(lib, ".git", "config");
    const read = plainRepository(lib)!;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module object the policy's calls read
    const fs = require("node:fs") as { openSync: typeof openSync };
    const realOpen = fs.openSync;
    const realNow = Date.now;
    const opened = (later: number, body: () => void): string[] => {
      const paths: string[] = [];
      fs.openSync = ((path: string, flags: number) => (
        paths.push(path),
        realOpen(path, flags)
      )) as typeof openSync;
      Date.now = () => realNow() + later;
      try {
        body();
      } finally {
        fs.openSync = realOpen;
        Date.now = realNow;
      }
      return paths.filter((path) => path.startsWith(lib));
    };
    assert.deepEqual(
      opened(0, () => assert.equal(read.unchanged(), true)),
      [config],
      "its text is read again while its times are within 2 s",
    );
    assert.deepEqual(
      opened(3_000, () => assert.equal(read.unchanged(), true)),
      [config],
      "read once more, found as it was, it is stamped again",
    );
    assert.deepEqual(
      opened(4_000, () => assert.equal(read.unchanged(), true)),
      [],
      "not read again",
    );
    const text = readFileSync(config, "utf8");
    writeFileSync(config, text.replace("bare = false", "bare = fals"));
    assert.equal(read.unchanged(), false, "an edit after it is still seen");
  });

  it("leaves to git every repository whose files do not tell its hooks folder for certain", () => {
    const lib = join(repo, "vendor", "lib");
    const config = join(lib, ".git", "config");
    const fresh = () => {
      rmSync(lib, { recursive: true, force: true });
      execFileSync("git", ["init", "-q", lib]);
      return readFileSync(config, "utf8");
    };
    const plainConfig = fresh();
    const gitSays = () => hooksFolder(lib);
    // git 2.39 runs hooks from elsewhere after each of these lines (a header with its key on its line, any case, a
    // quoted value, a value git joins over a line's end).
    const moved = join(lib, "x");
    for (const lines of [
      "[core]\n\thooksPath = x",
      "[core] hooksPath = x",
      "[CORE]\n\tHOOKSPATH = x",
      '[core]\n\thookspath = "x"',
      "[core]\n\thooksPath = \\\nx",
    ]) {
      writeFileSync(config, `${plainConfig}${lines}\n`);
      assert.equal(gitSays(), moved, `git: ${lines}`);
      assert.equal(plainRepository(lib), undefined, lines);
    }
    // An include or a work tree elsewhere, read by git as its own configuration or top; a bare repository; and a
    // mention only (a comment, a value), which git would not take, sent to git all the same.
    for (const lines of [
      "[include]\n\tpath = ../x",
      "[Include] path = ../x",
      '[includeIf "gitdir:/"]\n\tpath = ../x',
      "[core]\n\tworktree = ..",
      "[extensions]\n\tworktreeConfig = true",
      "# hooksPath = x",
      "[alias]\n\tinc = !echo include",
      "[core]\n\teditor = vi\u0000",
    ]) {
      writeFileSync(config, `${plainConfig}${lines}\n`);
      assert.equal(plainRepository(lib), undefined, lines);
    }
    // A configuration that is no file, not there, or too large to read.
    for (const make of [
      () => rmSync(config),
      () => (rmSync(config), mkdirSync(config)),
      () => (rmSync(config), execFileSync("mkfifo", [config])),
      () => writeFileSync(config, `${plainConfig}#${"x".repeat(1024 * 1024)}\n`),
      () => (rmSync(config), symlinkSync(join(base, "elsewhere"), config)),
    ]) {
      fresh();
      make();
      assert.equal(plainRepository(lib), undefined, String(make));
    }
    // .git a file naming git's folder (a worktree's, a submodule's, --separate-git-dir), a link, or a folder with a
    // commondir or a config.worktree.
    fresh();
    execFileSync("git", [
      "-c",
      "user.name=a",
      "-c",
      "user.email=a@b",
      "-C",
      lib,
      "commit",
      "-q",
      "--allow-empty",
      "-m",
      "a",
    ]);
    const tree = join(repo, "vendor", "tree");
    execFileSync("git", ["-C", lib, "worktree", "add", "-q", tree]);
    assert.equal(plainRepository(tree), undefined, "a linked worktree");
    const separate = join(repo, "vendor", "sep");
    execFileSync("git", ["init", "-q", "--separate-git-dir", join(base, "sep.git"), separate]);
    assert.equal(plainRepository(separate), undefined, "a .git file");
    const linked = join(repo, "vendor", "linked");
    mkdirSync(linked);
    symlinkSync(join(base, "sep.git"), join(linked, ".git"));
    assert.equal(plainRepository(linked), undefined, "a .git link");
    const bare = join(repo, "vendor", "bare.git");
    execFileSync("git", ["init", "-q", "--bare", bare]);
    assert.equal(plainRepository(bare), undefined, "a bare repository");
    for (const name of ["commondir", "config.worktree"]) {
      fresh();
      writeFileSync(join(lib, ".git", name), name === "commondir" ? "../../x/.git\n" : "");
      assert.equal(plainRepository(lib), undefined, name);
    }
    // Variables that move git's folder or give it configuration; the person's configuration including a file.
    fresh();
    for (const name of [
      "GIT_DIR",
      "GIT_COMMON_DIR",
      "GIT_WORK_TREE",
      "GIT_CONFIG_PARAMETERS",
      "GIT_CONFIG_COUNT",
    ]) {
      process.env[name] = name === "GIT_CONFIG_COUNT" ? "0" : join(base, "elsewhere");
      try {
        assert.equal(plainRepository(lib), undefined, name);
      } finally {
        delete process.env[name];
      }
    }
    assert.notEqual(plainRepository(lib), undefined, "plain again");
    writeFileSync(join(base, "home", ".gitconfig"), "[include]\n\tpath = extra\n");
    assert.equal(plainRepository(lib), undefined, "~/.gitconfig includes a file");
  });

  it("asks git once whether the person's, the system's or the environment's configuration moves every repository's", () => {
    const home = join(base, "home");
    assert.deepEqual(sharedConfig(), []);
    for (const text of [
      "[core]\n\thooksPath = /x\n",
      "[core] HooksPath = /x\n",
      '[includeIf "gitdir:~/w/"]\n\tpath = extra\n',
      "[include]\n\tpath = extra\n",
      "[core]\n\tworktree = /x\n",
    ]) {
      writeFileSync(join(home, ".gitconfig"), text);
      assert.equal(sharedConfig(), true, text);
      rmSync(join(home, ".gitconfig"));
    }
    // The system's, wherever git keeps it (here named by GIT_CONFIG_SYSTEM), and `git -c` passed on to git.
    const system = join(base, "gitconfig");
    writeFileSync(system, "[core]\n\thooksPath = /x\n");
    for (const [name, value] of [
      ["GIT_CONFIG_SYSTEM", system],
      ["GIT_CONFIG_PARAMETERS", "'core.hookspath'='/x'"],
    ] as const) {
      process.env[name] = value;
      try {
        assert.equal(sharedConfig(), true, name);
      } finally {
        delete process.env[name];
      }
    }
    // A repository where git runs is not read: its own core.hooksPath is its own.
    execFileSync("git", ["-C", repo, "config", "core.hooksPath", "tools/hooks"]);
    const cwd = process.cwd();
    process.chdir(repo);
    try {
      assert.deepEqual(sharedConfig(), []);
    } finally {
      process.chdir(cwd);
    }
  });

  it("takes the person's includes (a work email) for none where each included file is certain to move nothing", () => {
    const home = join(base, "home");
    const work = join(home, ".gitconfig-work");
    const other = join(base, "other");
    writeFileSync(work, "[user]\n\temail = a@work.example\n");
    writeFileSync(other, "[user]\n\tname = a\n");
    const gitconfig = join(home, ".gitconfig");
    const person = `[includeIf "gitdir:~/work/"]\n\tpath = ~/.gitconfig-work\n[include]\n\tpath = "${other}"\n`;
    writeFileSync(gitconfig, person);
    assert.deepEqual(sharedConfig(), [work, other]);
    // Read from its files, given those: they are protected, and a change to one is a change from what was read.
    const lib = join(repo, "vendor", "lib");
    execFileSync("git", ["init", "-q", lib]);
    assert.equal(plainRepository(lib), undefined, "not given what ~/.gitconfig includes");
    const read = plainRepository(lib, [work, other])!;
    assert.equal(read.hooks, hooksFolder(lib), "git's answer");
    assert.deepEqual(read.folders, [work, other]);
    writeFileSync(other, "[user]\n\tname = b\n");
    assert.equal(read.unchanged(), false);
    // An include named since the shared read, or not among those given, goes to git.
    writeFileSync(gitconfig, `${person}[include]\n\tpath = ${join(base, "third")}\n`);
    assert.equal(plainRepository(lib, [work, other]), undefined, "named since");
    writeFileSync(gitconfig, person);
    assert.equal(plainRepository(lib, [work]), undefined, "one not given");
    // git 2.39 follows the include whatever its condition says here (the repository's folder, its branch): one that
    // moves the hooks moves them. So each below, however it is named or whatever it is, leaves every repository to git.
    const target = join(home, "target");
    const inWork = join(home, "work", "r");
    execFileSync("git", ["init", "-q", inWork]);
    writeFileSync(gitconfig, '[includeIf "gitdir:~/work/"]\n\tpath = ~/target\n');
    writeFileSync(target, "[core]\n\thooksPath = /x\n");
    assert.equal(hooksFolder(inWork), "/x", "git 2.39: an includeIf setting core.hooksPath");
    assert.equal(
      hooksFolder(lib),
      join(lib, ".git", "hooks"),
      "git 2.39: not where the condition does not hold",
    );
    for (const [name, make] of [
      ["sets hooksPath", () => writeFileSync(target, "[core]\n\thooksPath = /x\n")],
      ["sets a work tree", () => writeFileSync(target, "[core]\n\tworktree = /x\n")],
      ["includes another", () => writeFileSync(target, `[include]\n\tpath = ${other}\n`)],
      ["says NUL", () => writeFileSync(target, "[user]\n\tname = a\u0000\n")],
      ["is not there", () => undefined],
      ["is a folder", () => mkdirSync(target)],
      ["is a FIFO", () => execFileSync("mkfifo", [target])],
      ["is huge", () => writeFileSync(target, `#${"x".repeat(1024 * 1024)}\n`)],
      ["is a link", () => symlinkSync(work, target)],
    ] as const) {
      rmSync(target, { recursive: true, force: true });
      make();
      assert.equal(sharedConfig(), true, name);
    }
    rmSync(target, { force: true });
    writeFileSync(target, "[user]\n\tname = a\n");
    assert.deepEqual(sharedConfig(), [target], "harmless");
    // Named otherwise than by an absolute or `~/` path: relative to the file naming it (git 2.39 reads ~/target for
    // `path = target` in ~/.gitconfig), another's home, git's prefix, `..`.
    for (const path of ["target", "./target", "~root/target", "%(prefix)/target", `${home}/../home/target`]) {
      writeFileSync(gitconfig, `[includeIf "gitdir:~/work/"]\n\tpath = ${path}\n`);
      assert.equal(sharedConfig(), true, path);
    }
    // A name not UTF-8: read here as U+FFFD, a harmless file of that name is not the one git opens.
    writeFileSync(
      gitconfig,
      Buffer.concat([Buffer.from(`[include]\n\tpath = ${target}`), Buffer.from([0xff, 10])]),
    );
    writeFileSync(`${target}\uFFFD`, "[user]\n\tname = a\n");
    assert.equal(sharedConfig(), true, "not UTF-8");
    writeFileSync(gitconfig, "[include]\n\tpath = target\n");
    writeFileSync(target, "[core]\n\thooksPath = /rel\n");
    assert.equal(hooksFolder(lib), "/rel", "git 2.39: relative to ~/.gitconfig");
  });

  it("reads plain nested repositories beside a person's includes without git, as without them", () => {
    // ~/.gitconfig's `[includeIf "gitdir:~/work/"] path = ~/.gitconfig-work` (a work email) sent each nested
    // repository to git, two reads each, until the allowance was spent; one included from the workspace is protected.
    const home = join(base, "home");
    writeFileSync(join(home, ".gitconfig-work"), "[user]\n\temail = a@work.example\n");
    const shared = join(repo, "cfg", "common");
    mkdirSync(dirname(shared));
    writeFileSync(shared, "[user]\n\tname = a\n");
    writeFileSync(
      join(home, ".gitconfig"),
      `[includeIf "gitdir:~/work/"]\n\tpath = ~/.gitconfig-work\n[include]\n\tpath = ${shared}\n`,
    );
    const tops = Array.from({ length: 10 }, (_, i) => join(repo, "packages", `p${i}`));
    for (const top of tops) execFileSync("git", ["init", "-q", top]);
    const counting = new CountingGit();
    const asked: string[] = [];
    try {
      const allowance = new GitAllowance(() => 0);
      const scan = new RepositoryScan();
      const build = () =>
        repoBoundary({
          ...hostReads(),
          hooksFolder: (folder, timeout) => (asked.push(folder), hooksFolder(folder, timeout)),
          repositoryScan: scan,
          gitAllowance: allowance,
        });
      for (let i = 0; i < 6; i++) {
        const started = counting.started;
        const check = protection(build(), repo);
        assert.deepEqual(check("src/a.ts"), [false, false], `build ${i}`);
        assert.deepEqual(check("packages/p3/.git/hooks/x"), [true, false]);
        assert.deepEqual(check("cfg/common"), [true, false], "included by every repository's configuration");
        // One for the configuration all repositories read.
        assert.equal(counting.started - started, 1, `build ${i}`);
      }
      assert.deepEqual(asked.slice(), [], "no repository asked of git");
      // Once the included file moves the hooks (git 2.39 runs them from packages/p3/tools/h), git is asked again.
      writeFileSync(shared, "[core]\n\thooksPath = tools/h\n");
      assert.equal(hooksFolder(tops[3]!), join(tops[3]!, "tools", "h"), "git 2.39");
      assert.deepEqual(protection(build(), repo)("packages/p3/tools/h/pre-commit"), [true, true]);
      assert.ok(asked.includes(tops[3]!));
    } finally {
      counting.dispose();
    }
  });

  it("reads plain nested repositories without git and without spending the allowance, boundary after boundary", () => {
    // 30 nested repositories met on every build (each `.git/config` change builds one): asking git two reads each
    // spent the allowance in four builds, after which every path asked.
    const tops = Array.from({ length: 30 }, (_, i) => join(repo, "packages", `p${i}`));
    for (const top of tops) execFileSync("git", ["init", "-q", top]);
    const odd = join(repo, "vendor", "odd");
    execFileSync("git", ["init", "-q", odd]);
    execFileSync("git", ["-C", odd, "config", "core.hooksPath", "../../tools/hooks"]);
    const counting = new CountingGit();
    const asked: string[] = [];
    try {
      const allowance = new GitAllowance(() => 0);
      const scan = new RepositoryScan();
      for (let i = 0; i < 12; i++) {
        const started = counting.started;
        const boundary = repoBoundary({
          ...hostReads(),
          hooksFolder: (folder, timeout) => (asked.push(folder), hooksFolder(folder, timeout)),
          repositoryScan: scan,
          gitAllowance: allowance,
        });
        const check = protection(boundary, repo);
        assert.deepEqual(check("src/a.ts"), [false, false], `build ${i}`);
        assert.deepEqual(check("tools/hooks/common.sh"), [true, true], "vendor/odd's hooks folder");
        assert.deepEqual(check("packages/p7/.git/hooks/x"), [true, false]);
        assert.equal(boundary.gitUnread(), undefined);
        // One for the configuration all repositories read, one for vendor/odd's hooks folder.
        assert.equal(counting.started - started, 2, `build ${i}`);
      }
      assert.deepEqual([...new Set(asked)], [odd], "git asked only where the files cannot tell");
      // Asked of git alone, the same repositories spend the allowance within five builds.
      const spent = new GitAllowance(() => 0);
      const unread = Array.from({ length: 6 }, () => {
        const boundary = repoBoundary({ ...hostReads(), plainRepository: undefined, gitAllowance: spent });
        boundary.check(join(repo, "src", "a.ts"));
        return boundary.gitUnread() !== undefined;
      });
      assert.deepEqual(unread, [false, false, false, false, true, true]);
    } finally {
      counting.dispose();
    }
  });

  it("reads the person's configuration once for every plain repository, and anew once it changes", () => {
    // Read again beside each plain repository, ~/.gitconfig and what it includes cost 1-2 ms a repository of each
    // build under load; read once, a change to one must still be seen: git 2.39 ran a core.fsmonitor added to
    // ~/.gitconfig on `git status` in each repository, and a `!` alias added to a file it includes on `git x`.
    const home = join(base, "home");
    const work = join(home, ".gitconfig-work");
    writeFileSync(work, "[user]\n\temail = a@work.example\n");
    writeFileSync(join(home, ".gitconfig"), "[include]\n\tpath = ~/.gitconfig-work\n");
    const tops = [0, 1, 2].map((i) => join(repo, "packages", `p${i}`));
    for (const top of tops) execFileSync("git", ["init", "-q", top]);
    for (const folder of ["tools", "scripts"]) mkdirSync(join(repo, folder));
    const asked: string[] = [];
    const build = () =>
      repoBoundary({
        ...hostReads(),
        hooksFolder: (folder, timeout) => (asked.push(folder), hooksFolder(folder, timeout)),
        gitAllowance: new GitAllowance(),
      });
    const boundary = build();
    const check = (paths: { check(path: string): ReturnType<PolicyBoundary["check"]> }, path: string) => {
      const result = paths.check(join(repo, path));
      return result.status === "inside" ? [result.protected, result.readable === true] : result.status;
    };
    const first = boundary.forRequest();
    assert.deepEqual(check(first, "packages/p1/a.ts"), [false, false]);
    assert.deepEqual(check(first, "tools/mon.sh"), [false, false]);
    // Within the boundary: at its next request.
    const ran = plantFsmonitor(join(home, ".gitconfig"), "a");
    execFileSync("git", ["-C", tops[2]!, "status"], { stdio: "ignore" });
    assert.ok(ran(), "git ran the fsmonitor of ~/.gitconfig");
    writeFileSync(
      join(home, ".gitconfig"),
      `[include]\n\tpath = ~/.gitconfig-work\n[core]\n\tfsmonitor = ${join(repo, "tools", "mon.sh")}\n`,
    );
    assert.deepEqual(check(boundary.forRequest(), "tools/mon.sh"), [true, true]);
    // At the next boundary, what an included file names.
    const x = join(repo, "scripts", "x.sh");
    assert.deepEqual(check(build().forRequest(), "scripts/x.sh"), [false, false]);
    writeFileSync(work, `[user]\n\temail = a@work.example\n[alias]\n\tx = !${x}\n`);
    const next = build().forRequest();
    assert.deepEqual(check(next, "scripts/x.sh"), [true, true]);
    assert.deepEqual(check(next, "tools/mon.sh"), [true, true]);
    assert.deepEqual(asked, [], "read from the files alone");
    // Swapped for a link to a file that moves the hooks (git 2.39 runs packages/p1/tools/h/pre-commit): at the next
    // request, git is asked.
    const moved = join(base, "moved");
    writeFileSync(moved, "[core]\n\thooksPath = tools/h\n");
    rmSync(work);
    symlinkSync(moved, work);
    assert.equal(hooksFolder(tops[1]!), join(tops[1]!, "tools", "h"), "git 2.39");
    assert.deepEqual(check(boundary.forRequest(), "packages/p1/tools/h/x.sh"), [true, true]);
  });

  it("sees the person's configuration edited where ~/.gitconfig is a link (a dotfiles manager's), at the next request", () => {
    // The link's own lstat stays the same when the file it leads to changes: that file is looked at through it. The
    // files look an hour old, so their text is not read again as that of a file changed in the last seconds would be.
    const dotfiles = join(base, "dotfiles");
    mkdirSync(dotfiles);
    writeFileSync(join(dotfiles, "gitconfig"), "[user]\n\tname = a\n");
    symlinkSync(join(dotfiles, "gitconfig"), join(base, "home", ".gitconfig"));
    mkdirSync(join(repo, "tools"));
    withStillClock(() => {
      const boundary = repoBoundary({ ...hostReads(), gitAllowance: new GitAllowance() });
      const check = (path: string) => {
        const result = boundary.forRequest().check(join(repo, path));
        return result.status === "inside" ? [result.protected, result.readable === true] : result.status;
      };
      assert.deepEqual(check("tools/mon.sh"), [false, false]);
      const monitor = join(repo, "tools", "mon.sh");
      writeFileSync(join(dotfiles, "gitconfig"), `[core]\n\tfsmonitor = ${monitor}\n`, { flag: "a" });
      const read = execFileSync("git", ["-C", repo, "config", "core.fsmonitor"], { encoding: "utf8" });
      assert.equal(read.trim(), monitor, "git 2.39 reads it through the link");
      assert.deepEqual(check("tools/mon.sh"), [true, true]);
    }, Date.now() - 3_600_000);
  });

  it("asks git for every repository where the configuration all of them read may move their hooks", () => {
    const lib = join(repo, "vendor", "lib");
    execFileSync("git", ["init", "-q", lib]);
    writeFileSync(
      join(base, "home", ".gitconfig"),
      `[includeIf "gitdir:${lib}/"]\n\tpath = ${join(repo, "cfg")}\n`,
    );
    writeFileSync(join(repo, "cfg"), "[core]\n\thooksPath = tools/lib-hooks\n");
    assert.equal(hooksFolder(lib), join(lib, "tools", "lib-hooks"), "git 2.39");
    assert.equal(hooksFolder(repo), join(repo, ".git", "hooks"), "git 2.39: not the root's");
    const asked: string[] = [];
    const boundary = repoBoundary({
      ...hostReads(),
      hooksFolder: (folder, timeout) => (asked.push(folder), hooksFolder(folder, timeout)),
      gitAllowance: new GitAllowance(),
    });
    assert.deepEqual(protection(boundary, repo)("vendor/lib/tools/lib-hooks/common.sh"), [true, true]);
    assert.deepEqual(asked.sort(), [lib, repo].sort());
    // Where git cannot say (cut off, or not started), no repository is read from its files either.
    const cutOff = repoBoundary({
      ...hostReads(),
      sharedConfig: () => {
        throw Object.assign(new Error("timed out"), { signal: "SIGTERM" });
      },
      hooksFolder: () => {
        throw Object.assign(new Error("timed out"), { signal: "SIGTERM" });
      },
    });
    assert.equal(cutOff.isProtected(join(lib, "src", "a.ts")), true);
  });

  it("meets a nested repository by its own folder, which a command runs in: `git -C vendor/y config …`", () => {
    // git 2.39: after `git clone … vendor/y` (whose .git/config the host's watcher can miss), an approved
    // `git -C vendor/y config core.fsmonitor ../../tools/mon.sh` made `git -C vendor/y status` run tools/mon.sh. The
    // command names vendor/y, not a path in it; the boundary read its configuration before the command changed it.
    const nested = join(repo, "vendor", "y");
    execFileSync("git", ["init", "-q", nested]);
    const boundary = repoBoundary({ hooksFolder, gitFolders, gitAllowance: new GitAllowance() });
    const check = (path: string) => boundary.forRequest().check(join(repo, path));
    assert.equal(check("vendor/y").status, "inside", "the command's folder");
    execFileSync("git", ["-C", nested, "config", "core.fsmonitor", "../../tools/mon.sh"]);
    const program = check("tools/mon.sh");
    assert.ok(program.status === "inside" && program.protected, "named by vendor/y's configuration");
    const other = check("tools/build.sh");
    assert.ok(other.status === "inside" && !other.protected);
  });

  it("meets a submodule whose configuration names a program, include or hook: `git status` above it runs them", () => {
    // git 2.39: with `core.fsmonitor = ../tools/mon.sh` in .git/modules/sub/config, a plain `git status` in the
    // superproject (VS Code's git runs one) ran tools/mon.sh, as `cd sub && git status` did; no path in sub was named.
    const lib = join(base, "lib");
    const git = (...args: string[]) =>
      execFileSync("git", [
        "-c",
        "user.name=a",
        "-c",
        "user.email=a@b",
        "-c",
        "protocol.file.allow=always",
        ...args,
      ]);
    git("init", "-q", lib);
    git("-C", lib, "commit", "-q", "--allow-empty", "-m", "a");
    for (const name of ["sub", "plain"]) git("-C", repo, "submodule", "add", "-q", lib, name);
    const ran = join(base, "ran");
    mkdirSync(join(repo, "tools"));
    writeFileSync(join(repo, "tools", "mon.sh"), `#!/bin/sh\necho ran > '${ran}'\nexit 1\n`, { mode: 0o755 });
    execFileSync("git", ["-C", join(repo, "sub"), "config", "core.fsmonitor", "../tools/mon.sh"]);
    execFileSync("git", ["-C", repo, "status"], { stdio: "ignore" });
    assert.ok(existsSync(ran), "the superproject's git status ran the submodule's fsmonitor");
    const counting = new CountingGit();
    try {
      const check = protection(
        repoBoundary({ hooksFolder, gitFolders, gitAllowance: new GitAllowance() }),
        repo,
      );
      assert.deepEqual(check("tools/mon.sh"), [true, true]);
      assert.deepEqual(check("tools/build.sh"), [false, false]);
      assert.equal(
        counting.started,
        3,
        "the root's hooks folder, sub's git folder and hooks folder; not plain's",
      );
    } finally {
      counting.dispose();
    }
  });

  it("protects a workspace program a git configuration names, run from the work tree's top, without asking git", () => {
    // git 2.39: `core.fsmonitor = tools/fsmon.sh` in .git/config ran tools/fsmon.sh on `git -C packages/app status`.
    const ran = join(base, "ran");
    mkdirSync(join(repo, "tools"));
    writeFileSync(join(repo, "tools", "fsmon.sh"), `#!/bin/sh\necho ran > '${ran}'\nexit 1\n`, {
      mode: 0o755,
    });
    const nested = join(repo, "vendor", "lib");
    execFileSync("git", ["init", "-q", nested]);
    const set = (key: string, value: string, at = repo) =>
      execFileSync("git", ["-C", at, "config", key, value]);
    set("core.fsmonitor", "tools/fsmon.sh");
    set("filter.x.clean", "tools/clean.sh %f");
    set("diff.x.textconv", "python3 tools/conv.py");
    set("alias.b", "!scripts/build.sh");
    set("alias.l", "log -- docs/");
    set("alias.m", "!cd ./ && make -C sub/");
    set("core.pager", "less -R");
    set("core.fsmonitor", "tools/mon.sh", nested);
    writeFileSync(join(base, "home", ".gitconfig"), '[core]\n\tsshCommand = "tools/ssh.sh -v"\n');
    execFileSync("git", ["-C", join(repo, "packages", "app"), "status"], { stdio: "ignore" });
    assert.equal(existsSync(ran), true, "git ran the fsmonitor");
    const counting = new CountingGit();
    try {
      const check = protection(repoBoundary({ gitFolders, gitAllowance: new GitAllowance() }), repo);
      for (const path of [
        "tools/fsmon.sh",
        "tools/clean.sh",
        "tools/conv.py",
        "scripts/build.sh",
        "tools/ssh.sh",
        "vendor/lib/tools/mon.sh",
      ])
        assert.deepEqual(check(path), [true, true], path);
      for (const path of [
        ".",
        "sub",
        "docs",
        "docs/a.md",
        "less",
        "tools/build.sh",
        "tools/mon.sh",
        "python3",
      ])
        assert.deepEqual(check(path), [false, false], path);
      assert.equal(counting.started, 0, "read from the configuration's text");
    } finally {
      counting.dispose();
    }
    // From a folder below the top, as git runs it.
    assert.ok(gitFolders(join(repo, "packages", "app")).programs.includes(join(repo, "tools", "fsmon.sh")));
  });

  it("protects the workspace programs git runs for an archive, a trailer, a submodule's update or `add -p`", () => {
    // git 2.39: `tar.tgz.command = tools/gz.sh` ran on `git archive --format=tgz`, `trailer.sign.command =
    // tools/trailer.sh` on `git commit --trailer sign=x`, and `submodule.sub.update = !../tools/up.sh` on
    // `git submodule update --remote`, from the submodule's folder; `interactive.diffFilter` runs on `git add -p`.
    const set = (key: string, value: string) => execFileSync("git", ["-C", repo, "config", key, value]);
    set("tar.tgz.command", "tools/gz.sh");
    set("trailer.sign.command", "tools/trailer.sh");
    set("submodule.sub.update", "!../tools/up.sh");
    set("submodule.other.update", "rebase");
    set("interactive.diffFilter", "tools/filter.sh --color");
    const check = protection(repoBoundary({ gitFolders }), repo);
    for (const path of ["tools/gz.sh", "tools/trailer.sh", "tools/up.sh", "tools/filter.sh"])
      assert.deepEqual(check(path), [true, true], path);
    assert.deepEqual(check("tools/build.sh"), [false, false]);
  });

  it("protects a workspace program the system's git configuration names (a container image's /etc/gitconfig)", () => {
    // git 2.39: `core.fsmonitor = <workspace>/tools/sysmon.sh` in the file GIT_CONFIG_SYSTEM names (/etc/gitconfig
    // when unset) ran on `git status`.
    const system = join(base, "gitconfig");
    writeFileSync(system, `[core]\n\tfsmonitor = ${join(repo, "tools", "sysmon.sh")}\n`);
    const { GIT_CONFIG_SYSTEM } = process.env;
    process.env.GIT_CONFIG_SYSTEM = system;
    try {
      assert.equal(
        execFileSync("git", ["-C", repo, "config", "--show-origin", "core.fsmonitor"], { encoding: "utf8" }),
        `file:${system}\t${join(repo, "tools", "sysmon.sh")}\n`,
      );
      const check = protection(repoBoundary({ gitFolders, gitAllowance: new GitAllowance() }), repo);
      assert.deepEqual(check("tools/sysmon.sh"), [true, true]);
      assert.deepEqual(check("tools/build.sh"), [false, false]);
    } finally {
      if (GIT_CONFIG_SYSTEM === undefined) delete process.env.GIT_CONFIG_SYSTEM;
      else process.env.GIT_CONFIG_SYSTEM = GIT_CONFIG_SYSTEM;
    }
  });

  it("says on the card that every path asks because git could not be read, and only then", async () => {
    const shell = await loadShellParser();
    // An edit of src/a.ts asked under Bypass as "a protected file", with nothing saying why.
    let clock = 0;
    let answers = false;
    const allowance = new GitAllowance(() => clock);
    const build = () =>
      repoBoundary({
        hooksFolder: (folder, timeout) => {
          if (answers) return hooksFolder(folder, timeout);
          clock += timeout ?? 3_000;
          throw Object.assign(new Error("timed out"), { signal: "SIGTERM" });
        },
        gitAllowance: allowance,
      });
    const edit = (boundary: PolicyBoundary, path: string) =>
      decide(
        buildFootprint(v2DiffRequest({ changes: [{ operation: "modify", path: join(repo, path) }] }), {
          shell,
          home: join(base, "home"),
        }),
        {
          agentName: "a",
          rules: [],
          bypass: true,
          trusted: true,
          paths: boundary.forRequest(),
          home: join(base, "home"),
        },
      );
    // Cut off, then refused by the spent allowance (the host builds a boundary on each .git/config change).
    for (let i = 0; i < 6; i++) {
      const decision = edit(build(), "src/a.ts");
      assert.equal(decision.verdict, "ask");
      assert.match(
        decision.by.label,
        /src\/a\.ts is a protected file \(git could not be read, so every path asks\)$/,
      );
    }
    // Read once the allowance refills: a protected path's card says nothing of git.
    answers = true;
    clock += 120_000;
    const read = build();
    assert.equal(edit(read, "src/a.ts").verdict, "allow");
    const dotGit = edit(read, ".git/config");
    assert.equal(dotGit.verdict, "ask");
    assert.doesNotMatch(dotGit.by.label, /git could not be read/);
  });
});
