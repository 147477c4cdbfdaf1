// git's aliases read as what they run: `git pf` with `pf = push --force` is a force push, and `git nuke` with
// `nuke = !git reset --hard && git clean -fdx` is that shell line, whether the alias comes from the repository's
// configuration or the person's own.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_ALIAS_FOLDERS, buildFootprint } from "../../src/core/policy/footprint";
import {
  aliasWords,
  GitAliasCache,
  type GitAliasReader,
  readGitAliases,
} from "../../src/core/policy/gitAliases";
import { decide, parsePermissionSettings, type Decision } from "../../src/core/policy/rules";
import { MAX_GIT_MS } from "../../src/core/policy/gitChanges";
import { makePolicyWorkspace, type PolicyWorkspace } from "../support/policyWorkspace";
import { v2Request } from "../support/permissionRequests";
import { withStillClock } from "../support/stillClock";

describe("git aliases in the policy", () => {
  let workspace: PolicyWorkspace;
  let globalConfig: string;
  const saved = process.env.GIT_CONFIG_GLOBAL;
  const git = (...args: string[]) => execFileSync("git", args, { cwd: workspace.ws, stdio: "ignore" });

  before(async () => {
    workspace = await makePolicyWorkspace("symposium-git-aliases-");
    // The person's own configuration, away from the real one.
    globalConfig = join(workspace.base, "gitconfig");
    writeFileSync(globalConfig, "");
    process.env.GIT_CONFIG_GLOBAL = globalConfig;
    git("init", "-q");
    git("config", "alias.p", "push");
    git("config", "alias.pf", "push --force");
    git("config", "alias.x", "!rm -rf ~");
    git("config", "alias.lg", "log --oneline");
    git("config", "alias.last", "lg -1");
    git("config", "alias.status", "!rm -rf ~");
    git("config", "alias.loop", "loop2");
    git("config", "alias.loop2", "loop");
    git("config", "alias.top", "!cat notes.txt");
  });

  after(() => {
    if (saved === undefined) delete process.env.GIT_CONFIG_GLOBAL;
    else process.env.GIT_CONFIG_GLOBAL = saved;
    workspace.remove();
  });

  const decideUnder = (
    line: string,
    options: { bypass?: boolean; rules?: string[]; cwd?: string; aliases?: GitAliasReader } = {},
  ): Decision => {
    const { ws, home, shell, boundary } = workspace;
    const footprint = buildFootprint(v2Request({ type: "command", command: line, cwd: options.cwd ?? ws }), {
      shell,
      home,
      sessionCwd: ws,
      gitAliases: options.aliases ?? new GitAliasCache().lookup,
    });
    const rules = options.rules
      ? parsePermissionSettings({ deny: options.rules.map((command) => ({ command })) }, "user").rules
      : [];
    return decide(footprint, {
      agentName: "Claude",
      rules,
      bypass: options.bypass ?? true,
      trusted: true,
      paths: boundary,
      home,
      sessionCwd: ws,
    });
  };
  const heldBy = (decision: Decision) =>
    decision.by.type === "guard"
      ? decision.by.guard
      : decision.by.type === "rule"
        ? "rule"
        : decision.verdict;

  it("holds back under Bypass what an alias of the repository runs, as the command it stands for is", () => {
    for (const [line, guard] of [
      ["git p --force origin main", "force-push"],
      ["git pf origin main", "force-push"],
      ["git PF origin main", "force-push"], // git finds an alias whatever the case of its name
      ["git -C src pf", "force-push"],
      ["cd src && git pf", "force-push"],
      ["timeout 60 git pf", "force-push"],
      ["bash -c 'git pf'", "force-push"],
      ["git x", "recursive-delete"], // a `!` alias is a shell line
      ["git Status", "recursive-delete"], // not git's own `status`
      ["git loop", "incomplete"],
      ["git $(echo lg)", "incomplete"],
      ["git --git-dir=other x", "incomplete"], // another repository's aliases
    ] as const)
      assert.equal(heldBy(decideUnder(line)), guard, line);
  });

  it("approves under Bypass what a harmless alias runs, and git's own commands, which no alias replaces", () => {
    for (const line of ["git lg -5", "git last", "git status", "git -C src lg", "git lfs pull"])
      assert.equal(decideUnder(line).verdict, "allow", line);
  });

  it("reads a `!` alias's words, appended, from the repository's top folder, where git runs it", () => {
    writeFileSync(join(workspace.ws, "notes.txt"), "");
    const footprint = buildFootprint(
      v2Request({ type: "command", command: "git top 'a b'", cwd: join(workspace.ws, "src") }),
      {
        shell: workspace.shell,
        home: workspace.home,
        sessionCwd: workspace.ws,
        gitAliases: new GitAliasCache().lookup,
      },
    );
    assert.deepEqual(
      footprint.commands[0]!.commands.map((c) => c.argv),
      [
        ["cd", "--", workspace.ws],
        ["cat", "notes.txt", "a b"],
      ],
    );
  });

  it("lets a deny rule on a git command hold back an alias of it", () => {
    const decision = decideUnder("git p origin main", { rules: ["git push"] });
    assert.equal(decision.verdict, "deny");
  });

  it("keeps `git -c alias.…` held back: configuration given on the command line is not read", () => {
    assert.equal(heldBy(decideUnder("git -c alias.y='!rm -rf ~' y")), "incomplete");
    assert.equal(
      heldBy(decideUnder("GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.y GIT_CONFIG_VALUE_0=x git y")),
      "incomplete",
    );
  });

  it("asks about a git word that is not git's own when the aliases cannot be read", () => {
    const unreadable: GitAliasReader = () => undefined;
    assert.equal(heldBy(decideUnder("git frobnicate", { aliases: unreadable })), "incomplete");
    assert.equal(decideUnder("git status", { aliases: unreadable }).verdict, "allow");
  });

  it("reads the person's own aliases, and again once their configuration file changes", () => {
    const cache = new GitAliasCache();
    assert.equal(decideUnder("git nuke", { aliases: cache.lookup }).verdict, "allow");
    writeFileSync(globalConfig, "[alias]\n\tnuke = !git reset --hard && git clean -fdx\n");
    assert.equal(heldBy(decideUnder("git nuke", { aliases: cache.lookup })), "discard-changes");
    writeFileSync(globalConfig, "");
  });

  it("reads the aliases anew after a same-size edit in place in the second they were read, on a whole-second file system", () => {
    // A file system keeping whole seconds (HFS+, ext3's small inodes) gives such an edit the inode, size and times the
    // file had when read; git 2.39 then runs the new alias. Here the file system's clock stands still for the test.
    try {
      withStillClock(() => {
        const cache = new GitAliasCache();
        writeFileSync(globalConfig, "[alias]\n\tnuke = log --oneline --decorate --graph -5\n");
        assert.equal(decideUnder("git nuke", { aliases: cache.lookup }).verdict, "allow");
        writeFileSync(globalConfig, "[alias]\n\tnuke = !git reset --hard && git clean -fdx\n");
        assert.equal(heldBy(decideUnder("git nuke", { aliases: cache.lookup })), "discard-changes");
      });
    } finally {
      writeFileSync(globalConfig, "");
    }
  });

  it("does not ask git again for a folder whose configuration it could not read, until that changes", () => {
    // git may have waited out its timeout (an include naming a FIFO): each request would hold the extension host.
    let reads = 0;
    const cache = new GitAliasCache(() => {
      reads++;
      return undefined;
    });
    for (let i = 0; i < 3; i++)
      assert.equal(heldBy(decideUnder("git frobnicate", { aliases: cache.lookup })), "incomplete");
    assert.equal(reads, 1);
    writeFileSync(globalConfig, "# changed\n");
    assert.equal(heldBy(decideUnder("git frobnicate", { aliases: cache.lookup })), "incomplete");
    assert.equal(reads, 2);
    writeFileSync(globalConfig, "");
  });

  it("reads git for the aliases within one allowance of git's time, every folder together, and asks past it", () => {
    // A configuration including a FIFO: each read waits out git's timeout, as real git 2.39 does (3 s, 8 folders a
    // request held the extension host 24 s, request after request).
    let clock = 0;
    const timeouts: number[] = [];
    const cache = new GitAliasCache(
      (_folder, timeout) => {
        timeouts.push(timeout!);
        clock += timeout!;
        return undefined;
      },
      64,
      () => clock,
    );
    const lookups = (count: number, from: number) => {
      for (let i = from; i < from + count; i++)
        assert.equal(cache.lookup(join(workspace.ws, `fifo${i}`)), undefined);
    };
    lookups(10, 0);
    const before = timeouts.length;
    lookups(30, 10);
    assert.equal(timeouts.length, before, "no git once the allowance is spent");
    // Four requests' worth, and what refilled while git waited.
    const spent = timeouts.reduce((a, b) => a + b, 0);
    assert.ok(spent <= 4 * MAX_GIT_MS * 1.1, `${timeouts.length} reads, ${spent} ms`);
    clock += 30_000;
    cache.lookup(join(workspace.ws, "fifo-later"));
    assert.deepEqual(timeouts.slice(before), [MAX_GIT_MS], "refilled by one request's worth");
  });

  it("asks about a git word that may be an alias where the editor's environment points git at another repository", () => {
    // git 2.39: with `GIT_DIR=<other>/.git` (a git hook started the editor; agents inherit it), `git nuke` here ran the
    // other repository's `nuke` alias.
    assert.equal(decideUnder("git frobnicate").verdict, "allow");
    for (const name of ["GIT_DIR", "GIT_WORK_TREE"]) {
      process.env[name] = join(workspace.base, "other");
      try {
        assert.equal(heldBy(decideUnder("git frobnicate")), "incomplete", name);
        assert.equal(decideUnder("git status").verdict, "allow");
      } finally {
        delete process.env[name];
      }
    }
  });

  it("reads the aliases of the repository a line's cd goes to, or asks", () => {
    const other = join(workspace.ws, "vendor", "lib");
    mkdirSync(other, { recursive: true });
    execFileSync("git", ["init", "-q"], { cwd: other });
    execFileSync("git", ["config", "alias.lg", "!rm -rf ~"], { cwd: other });
    assert.equal(heldBy(decideUnder("cd vendor/lib && git lg")), "incomplete");
    assert.equal(heldBy(decideUnder("git -C vendor/lib lg")), "recursive-delete");
  });

  it("reads the aliases of a bounded number of folders for one request, and asks past them", () => {
    // Each folder's aliases cost two git processes: 300 `git -C dN x` in one line ran 600 (16 s on the extension host),
    // and as many again for the same line, the cache holding 64 folders.
    const folders = new Set<string>();
    const counting: GitAliasReader = (folder) => {
      folders.add(folder);
      return { aliases: new Map() };
    };
    const line = Array.from({ length: 20 }, (_, i) => `git -C many/d${i} frobnicate`).join("; ");
    for (let i = 0; i < 20; i++) mkdirSync(join(workspace.ws, "many", `d${i}`), { recursive: true });
    assert.equal(heldBy(decideUnder(line, { aliases: counting })), "incomplete");
    assert.ok(folders.size <= MAX_ALIAS_FOLDERS, `${folders.size} folders read`);
    assert.equal(
      decideUnder("git -C many/d1 frobnicate; git frobnicate", { aliases: counting }).verdict,
      "allow",
    );
  });

  it("splits an alias's value as git does", () => {
    assert.deepEqual(aliasWords(`commit -m "a b" --author='c d' e\\ f`), [
      "commit",
      "-m",
      "a b",
      "--author=c d",
      "e f",
    ]);
    assert.equal(aliasWords(`log "x`), undefined);
    assert.equal(readGitAliases(workspace.ws)?.aliases.aliases.get("pf"), "push --force");
  });
});
