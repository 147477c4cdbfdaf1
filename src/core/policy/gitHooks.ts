/**
 * Where git runs a repository's hooks from, for the policy to protect: `.git/hooks` is protected by its name, but
 * `core.hooksPath` (set by a project's setup script, a hook manager or the person's own git configuration) may name
 * any folder of the workspace, and a script written there runs on the next commit, checkout or push.
 */
import { readGit } from "./gitRead";
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  statSync,
  type BigIntStats,
} from "node:fs";
import { devNull, homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";

/**
 * The hooks folder of the repository holding `folder`, as git resolves it; undefined outside one or without git.
 * Throws where git's answer is not known (cut off after `timeout` ms: a configuration including a FIFO).
 */
export function hooksFolder(folder: string, timeout?: number): string | undefined {
  const path = answered(folder, () =>
    readGit(folder, ["rev-parse", "--git-path", "hooks"], timeout),
  )?.replace(/\r?\n$/, "");
  // Relative to `folder` (git's working folder) when it is not absolute.
  return path ? resolve(folder, path) : undefined;
}

/**
 * The git folder and common folder of the repository holding `folder`, as git finds them (through a `.git` link or
 * file), and the files its configuration includes (`[include] path = ../cfg/extra`: git reads them as its own
 * configuration, a `core.fsmonitor` there runs on the next `git status`); none outside one or without git. And the
 * programs that configuration names by a path (`core.fsmonitor = tools/fsmon.sh`, run from the top of the work tree
 * on `git status`), read from the files' text, not asked of git. And the submodules to be met as nested repositories
 * (`nested`). Throws where git's answer is not known, as `hooksFolder` does.
 */
export function gitFolders(folder: string, timeout?: number): GitFoldersRead {
  return readFolders(folder, timeout)!;
}

/** What `gitFolders` reads of a repository. */
export interface GitFoldersRead {
  folders: string[];
  programs: string[];
  /** Whether the files read are as they were; `looks` shares what one pass of such checks found at each file. */
  unchanged: (looks?: FileLooks) => boolean;
  nested: string[];
}

/**
 * What one pass of `unchanged` checks found at each file (`PolicyBoundary.dropChangedGit`, once a request), not
 * following a last link (`own`) and following it (`followed`): the person's and the system's configuration is read
 * beside every root and repository, and was looked at once for each of them (two roots, the workspace and the
 * scratch folder, looked at ~/.gitconfig twice on every request).
 */
export interface FileLooks {
  own: Map<string, BigIntStats | undefined>;
  followed: Map<string, BigIntStats | undefined>;
  /** When the pass began (`Date.now()`), before any of its looks. */
  at: number;
}

const freshLooks = (): FileLooks => ({ own: new Map(), followed: new Map(), at: Date.now() });

/** What is at `file` (`own`: a link itself), from `looks` where this pass has looked already. */
function look(file: string, kind: "own" | "followed", looks: FileLooks | undefined): BigIntStats | undefined {
  const seen = looks?.[kind];
  if (seen?.has(file)) return seen.get(file);
  const stat = (kind === "own" ? lstatSync : statSync)(file, { bigint: true, throwIfNoEntry: false });
  seen?.set(file, stat);
  return stat;
}

/**
 * As `gitFolders`; `filesOnly`: undefined where git would be asked, `shared` there the files the person's and the
 * system's configuration include (`sharedConfig`).
 */
function readFolders(
  folder: string,
  timeout?: number,
  filesOnly?: "files only",
  shared: readonly string[] = [],
): GitFoldersRead | undefined {
  // A `.git` folder is protected by its name: git is asked only where it is a link, a file, or not there, or where
  // a configuration includes another file (`config.worktree` too: git reads it with extensions.worktreeConfig).
  const plain = lstatSync(join(folder, ".git"), { throwIfNoEntry: false })?.isDirectory();
  if (!plain && filesOnly) return undefined;
  const lines = plain
    ? ""
    : answered(folder, () =>
        readGit(folder, ["rev-parse", "--absolute-git-dir", "--git-common-dir", "--show-cdup"], timeout),
      );
  const [gitDir, commonDir, up = ""] = (lines ?? "").split(/\r?\n/);
  const folders = [gitDir, commonDir].flatMap((line) => (line ? [resolve(folder, line)] : []));
  const configs = (plain ? [join(folder, ".git")] : folders).flatMap((at) => [
    join(at, "config"),
    join(at, "config.worktree"),
  ]);
  // Taken before the files are read: a change after it is a change from what was read.
  const since = Date.now();
  if (filesOnly) {
    // Read from the files alone, also what would send the next read to git: a `commondir` (a linked worktree's).
    const own = [...configs, join(folder, ".git", "commondir")];
    const before = stamp(own, since);
    const texts = own.map(configText);
    // Its own may include nothing; the person's and the system's only the files `sharedConfig` found harmless.
    if (texts.some((text) => text === null || /include/i.test(text ?? ""))) return undefined;
    const others = sharedRead(shared);
    if (others === undefined) return undefined;
    const top = resolve(folder);
    const ownUnchanged = settlingStamps(own, (at, looks) => stamp(own, at, looks), since, before);
    return withSubmodules(top, since, {
      folders: [...others.files],
      programs: [...texts, ...others.texts, ...others.fileTexts].flatMap((text) =>
        programsIn(text ?? "", top),
      ),
      unchanged: (looks) => ownUnchanged(looks) && others.unchanged(looks),
    });
  }
  const read = [...configs, ...personAndSystem()];
  const before = stamp(read, since);
  const texts = read.map(configText);
  // One that says `include`, or cannot be read here (a FIFO, huge), may include another.
  const includes = texts.some((text) => text === null || /include/i.test(text ?? ""));
  const files = !includes ? [] : included(folder, timeout);
  const includedBefore = stampIncluded(files, (file) => stamp([file], since));
  const top = resolve(folder, up);
  const readUnchanged = settlingStamps(read, (at, looks) => stamp(read, at, looks), since, before);
  const includedUnchanged = settlingStamps(
    files,
    (at, looks) => stamp(files, at, looks),
    since,
    includedBefore,
  );
  return withSubmodules(top, since, {
    folders: [...folders, ...files],
    programs: [...texts, ...files.map(configText)].flatMap((text) => programsIn(text ?? "", top)),
    unchanged: (looks) => readUnchanged(looks) && includedUnchanged(looks),
  });
}

/**
 * The configuration files git reads in every repository: the person's own and the system's (a container image's
 * /etc/gitconfig may name a workspace program). A git installed elsewhere reads its system file from its own prefix,
 * not read here.
 */
function personAndSystem(): string[] {
  const { GIT_CONFIG_GLOBAL = "", XDG_CONFIG_HOME, GIT_CONFIG_SYSTEM, GIT_CONFIG_NOSYSTEM } = process.env;
  const own = [
    join(homedir(), ".gitconfig"),
    join(XDG_CONFIG_HOME || join(homedir(), ".config"), "git/config"),
  ];
  const system = GIT_CONFIG_NOSYSTEM ? [] : [GIT_CONFIG_SYSTEM || "/etc/gitconfig"];
  // Unset, it names no file: looking at "" on every request would cost two system calls for nothing.
  return [...own, ...(GIT_CONFIG_GLOBAL ? [GIT_CONFIG_GLOBAL] : []), ...system];
}

/**
 * `files` looked at one by one (`look`), each before its text is read, and what each includes in turn (`includesIn`)
 * added to `files` (at most 64); the looks joined, as `stamp` joins them.
 */
function stampIncluded(files: string[], look: (file: string) => string): string {
  const looks = files.map(look);
  for (let i = 0; i < files.length && files.length < 64; i++)
    for (const file of includesIn(files[i]!))
      if (!files.includes(file)) {
        looks.push(look(file));
        files.push(file);
      }
  return looks.join("|");
}

/** What the configuration git reads in every repository says, for `plainRepository` (`sharedRead`). */
interface SharedRead {
  /** The variables that place the files (`personAndSystem`, `~` in an include). */
  env: string;
  /** The texts of `personAndSystem` and of the files they include (`files`), as read after their stamps. */
  texts: (string | undefined | null)[];
  files: string[];
  fileTexts: (string | undefined | null)[];
  /** Whether each file (and what a link among them leads to) is still as read. */
  unchanged: (looks?: FileLooks) => boolean;
}

/**
 * The person's and the system's configuration as `plainRepository` reads it beside each repository's own, read once
 * for each answer of `sharedConfig` (`shared`, one array per boundary, and a new one after a change the boundary saw:
 * `PolicyBoundary.dropChangedGit`) rather than once per repository; undefined where git must be asked (a file that
 * cannot be read here, a FIFO; an include `sharedConfig` did not find harmless). Read anew where the environment
 * placing them changed (`HOME`). A change to one after the read is one from what was read: each repository's
 * `unchanged` says so, which the boundary asks at the next request, and the next boundary reads them anew.
 */
function sharedRead(shared: readonly string[]): SharedRead | undefined {
  const { HOME, XDG_CONFIG_HOME, GIT_CONFIG_GLOBAL, GIT_CONFIG_SYSTEM, GIT_CONFIG_NOSYSTEM } = process.env;
  const env = JSON.stringify([
    homedir(),
    HOME,
    XDG_CONFIG_HOME,
    GIT_CONFIG_GLOBAL,
    GIT_CONFIG_SYSTEM,
    GIT_CONFIG_NOSYSTEM,
  ]);
  const known = sharedReads.get(shared);
  if (known !== undefined && known.env === env) return known.read;
  const since = Date.now();
  const paths = personAndSystem();
  const before = identities(paths, since);
  const texts = paths.map(configText);
  let read: SharedRead | undefined;
  // One that cannot be read here (a FIFO, huge) may include anything.
  if (!texts.some((text) => text === null)) {
    const includes = texts.some((text) => /include/i.test(text ?? ""));
    // Only the files `sharedConfig` found harmless, and only those: one named since is git's to read.
    const named = includes ? paths.flatMap(includesIn) : [];
    const files = includes ? [...shared] : [];
    const included = stampIncluded(files, (file) => identities([file], since));
    if (named.every((path) => shared.some((known) => resolve(known) === path)) && files.every(harmless)) {
      const pathsUnchanged = settlingStamps(
        paths,
        (at, looks) => identities(paths, at, looks),
        since,
        before,
      );
      const filesUnchanged = settlingStamps(
        files,
        (at, looks) => identities(files, at, looks),
        since,
        included,
      );
      read = {
        env,
        texts,
        files,
        fileTexts: files.map(configText),
        unchanged: (looks) => pathsUnchanged(looks) && filesUnchanged(looks),
      };
    }
  }
  sharedReads.set(shared, { env, read });
  return read;
}

/** `sharedRead`'s, by the `sharedConfig` answer it was read for. */
const sharedReads = new WeakMap<readonly string[], { env: string; read: SharedRead | undefined }>();

/**
 * As `stamp`, and each file's own identity not following a link (`lstat`): a file replaced by a link to it, or a link
 * moved to another file, is a change.
 */
function identities(files: readonly string[], since: number, looks: FileLooks = freshLooks()): string {
  return files
    .map((file) => {
      try {
        const own = look(file, "own", looks);
        // What is not a link is what following it finds: one system call fewer.
        if (!own?.isSymbolicLink()) looks.followed.set(file, own);
        return `${own ? `${own.dev}:${own.ino}:${own.mode}` : "-"}/${configStamp(file, since, looks)}`;
      } catch (error) {
        return (error as { code?: string }).code ?? "?";
      }
    })
    .join("|");
}

/**
 * `read` with the submodules of the repository at `top`: their configurations (`.git/modules/<name>/config`), which
 * `git status` here reads for their core.fsmonitor, and git in one for its hooks and what it includes. Those that name
 * a program, an include, a hooks folder or a linked hook are to be met as nested repositories are (`nested`); the
 * others cost no git.
 */
function withSubmodules(top: string, since: number, read: Omit<GitFoldersRead, "nested">): GitFoldersRead {
  const subs = submodules(top);
  const subFiles = [join(top, ".gitmodules"), ...subs.flatMap(({ configs }) => configs)];
  const subsUnchanged = settlingStamps(
    subFiles,
    (at, looks) => stamp(subFiles, at, looks),
    since,
    stamp(subFiles, since),
  );
  const nested = subs.flatMap(({ sub, configs }) =>
    configs
      .map(configText)
      .some(
        (text) =>
          text === null || /include|hookspath/i.test(text ?? "") || programsIn(text ?? "", sub).length,
      ) || hookLinked(join(dirname(configs[0]!), "hooks"))
      ? [sub]
      : [],
  );
  const unchanged = read.unchanged;
  return {
    ...read,
    unchanged: (looks) => unchanged(looks) && subsUnchanged(looks),
    nested,
  };
}

/**
 * Variables that move git's folder or give git configuration of their own (`git -c` passes it on in
 * `GIT_CONFIG_PARAMETERS`): where one is set in the environment git is read in, only git can tell.
 */
const GIT_PLACES = [
  "GIT_DIR",
  "GIT_COMMON_DIR",
  "GIT_WORK_TREE",
  "GIT_CONFIG",
  "GIT_CONFIG_PARAMETERS",
  "GIT_CONFIG_COUNT",
];

/**
 * Words of a configuration after which only git can tell where the hooks and included files are: a hooks folder, an
 * include (`include`, `includeIf`), another work tree or its own configuration (`core.worktree`,
 * `extensions.worktreeConfig`). (`core.bare` moves no hooks, and every `git init` writes it.) Looked for anywhere in
 * the text, in any case, not parsed: a section header with a key on its line (`[core] hooksPath = x`), a quoted value,
 * a comment saying one of them, a line git may join to the next, all send the read to git. git's names have no
 * escapes, so one it reads is spelled so.
 */
const MOVES = /hookspath|include|worktree/i;

/**
 * A repository's hooks folder and what `gitFolders` reads of it, from its files alone, without git: only where its
 * top's `.git` is a folder (not a link, not a file naming one as a worktree's or a submodule's does) without a
 * `commondir` or a `config.worktree`, its configuration is a file that says none of `MOVES` (nor a NUL), nothing in
 * the environment moves git (`GIT_PLACES`), and the person's and the system's configuration include nothing here
 * either; its hooks are then `.git/hooks`, as `git rev-parse --git-path hooks` says. Undefined wherever git must be
 * asked: what the files cannot tell is never "none". The configuration every repository reads (the person's, the
 * system's) is asked of git once for all (`sharedConfig`), not here.
 */
export function plainRepository(
  top: string,
  shared: readonly string[] = [],
): (GitFoldersRead & { hooks: string }) | undefined {
  if (GIT_PLACES.some((name) => process.env[name] !== undefined)) return undefined;
  const dotGit = join(top, ".git");
  try {
    if (!lstatSync(dotGit, { throwIfNoEntry: false })?.isDirectory()) return undefined;
    if (
      ["commondir", "config.worktree"].some((name) =>
        lstatSync(join(dotGit, name), { throwIfNoEntry: false }),
      )
    )
      return undefined;
  } catch {
    return undefined;
  }
  const config = configText(join(dotGit, "config"));
  if (typeof config !== "string" || MOVES.test(config) || config.includes("\0")) return undefined;
  const read = readFolders(top, undefined, "files only", shared);
  return read && { ...read, hooks: join(dotGit, "hooks") };
}

/**
 * Whether the configuration git reads in every repository (the system's, wherever the git on PATH keeps it, the
 * person's, the environment's) names a hooks folder, an include or a work tree: then (`true`) no repository is read
 * from its files alone (`plainRepository`). Except includes (`[includeIf "gitdir:~/work/"] path = ~/.gitconfig-work`,
 * a work email): each, whatever its condition (it may hold in any repository), by an absolute or `~/` path to a file
 * there, not a link, that says none of `MOVES`, is one of the files returned (none: empty); any other is `true`.
 * One git process, in no repository; throws where git's answer is not known.
 */
export function sharedConfig(timeout?: number): true | string[] {
  let lines: string;
  try {
    // In no repository: a `GIT_DIR` that is none (and has no `config`) leaves git the system's, the person's and
    // the environment's. (Not a path that is not there: an `includeIf "gitdir:…"` then stops git.)
    lines = readGit(
      homedir(),
      ["config", "-z", "--get-regexp", "^(core\\.(hookspath|worktree)|include(if)?\\..*)$"],
      timeout,
      { GIT_DIR: devNull },
    );
  } catch (error) {
    // Status 1: no such key. No git on PATH: git runs no hook. Another status: a configuration git refuses, which
    // the files cannot tell either.
    const { status, signal, code } = error as {
      status?: number | null;
      signal?: string | null;
      code?: string;
    };
    if ((status === 1 && signal == null) || code === "NO_GIT") return [];
    if (typeof status === "number" && signal == null) return true;
    throw error;
  }
  const files: string[] = [];
  // Each `<key>\n<value>\0`, the value as git spells the path (unquoted): `~/` is git's HOME, as git expands it; a
  // relative path (to the file naming it), `~user/`, `%(prefix)/`, `..`, bytes not UTF-8 (read here as U+FFFD, not
  // the name git opens) or output cut short go to git, as does Windows.
  const { HOME } = process.env;
  const entries = lines.split("\0");
  if (entries.pop() !== "" || lines.includes("\uFFFD")) return true;
  for (const entry of entries) {
    const [key, value = ""] = entry.split(/\n(.*)/s);
    const path = HOME && value.startsWith("~/") ? HOME + value.slice(1) : value;
    if (
      process.platform === "win32" ||
      !/^include(if\..*)?\.path$/.test(key!) ||
      !path.startsWith("/") ||
      /(^|\/)\.\.?(\/|$)/.test(path) ||
      !harmless(path)
    )
      return true;
    files.push(path);
  }
  return files;
}

/**
 * Whether git, including `file`, is certain to find there no hooks folder, include or work tree: a file (not a link,
 * a FIFO, huge or unreadable) whose text says none of `MOVES`, nor a NUL.
 */
function harmless(file: string): boolean {
  try {
    if (!lstatSync(file, { throwIfNoEntry: false })?.isFile()) return false;
  } catch {
    return false;
  }
  const text = configText(file);
  return typeof text === "string" && !MOVES.test(text) && !text.includes("\0");
}

/**
 * The submodules `.gitmodules` at `top` names (at most 64), each with its configuration files: in the git folder its
 * `.git` file names (`gitdir: ../.git/modules/sub`), or in its own `.git`.
 */
function submodules(top: string): { sub: string; configs: string[] }[] {
  const paths = (configText(join(top, ".gitmodules")) ?? "").matchAll(/^\s*path\s*=\s*"?(.*?)"?\s*$/gim);
  return [...paths].slice(0, 64).map(([, path]) => {
    const sub = resolve(top, path!);
    const dotGit = join(sub, ".git");
    const named = /^gitdir:\s*(.*?)\s*$/m.exec(configText(dotGit) ?? "")?.[1];
    const gitDir = named ? resolve(sub, named) : dotGit;
    return { sub, configs: [join(gitDir, "config"), join(gitDir, "config.worktree")] };
  });
}

/** Whether a hooks folder holds a link (`pre-commit -> ../../scripts/pc.sh`): git runs what it leads to. */
function hookLinked(hooks: string): boolean {
  try {
    return readdirSync(hooks, { withFileTypes: true }).some((entry) => entry.isSymbolicLink());
  } catch {
    return false;
  }
}

/**
 * What configuration files are now, to tell a change (`git config --worktree core.hooksPath tools` writes a new
 * config.worktree, the person's `git config --global` a new ~/.gitconfig): each one's inode, size and times, or why
 * it cannot be looked at (not there); and its text where it changed within 2 s of `since`, when they were first
 * read, as git's racy index entries: a file system keeping whole seconds (HFS+, ext3's small inodes; FAT two) gives
 * a same-size edit in place in that second the same times.
 */
function stamp(files: readonly string[], since: number, looks?: FileLooks): string {
  return files.map((file) => configStamp(file, since, looks)).join("|");
}

/** How close to a read a file's times make its stamp hold its text (`configStamp`). */
const RACY_MS = 2_000;

/**
 * Whether `files` are as `take` stamped them (`before`, taken as of `since`, before they were read). A file changed
 * within RACY_MS of the read keeps its text in the stamp, which every check then reads again: each request, for as
 * long as the read is kept (after an agent's `git push -u` wrote the repository's config, every request after it
 * read that file whole). So once a check finds them as they were, each looked at after the check's pass began (`at`)
 * with times more than RACY_MS before it, they are stamped again from those looks as of `at`: the new stamps hold no
 * text (nothing is read for them), and a write after those looks gives a file times after `at` - RACY_MS, which a
 * file system keeping whole seconds (FAT: two) rounds down no further, so they differ from the stamped ones.
 */
function settlingStamps(
  files: readonly string[],
  take: (since: number, looks: FileLooks) => string,
  since: number,
  before: string,
): (looks?: FileLooks) => boolean {
  let stamped = before;
  let settled = false;
  return (looks = freshLooks()) => {
    if (take(since, looks) !== stamped) return false;
    if (settled) return true;
    const long = BigInt(looks.at - RACY_MS) * 1_000_000n;
    const old = (stat: BigIntStats | undefined) => !stat || (stat.mtimeNs <= long && stat.ctimeNs <= long);
    if (files.every((file) => looks.followed.has(file) && old(looks.followed.get(file)))) {
      since = looks.at;
      stamped = take(since, looks);
      settled = true;
    }
    return true;
  };
}

/** One file's `stamp` (git's aliases are read from such files too: `gitAliases.GitAliasCache`). */
export function configStamp(file: string, since: number, looks?: FileLooks): string {
  try {
    const stat = look(file, "followed", looks);
    if (!stat) return "-";
    const racy = [stat.mtimeNs, stat.ctimeNs].some((ns) => ns > BigInt(since - RACY_MS) * 1_000_000n);
    return `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}${racy ? `:${configText(file)}` : ""}`;
  } catch (error) {
    return (error as { code?: string }).code ?? "?";
  }
}

/** A configuration file's text; undefined when it is not there, null when it cannot be read here (a FIFO, huge). */
function configText(config: string): string | undefined | null {
  let fd: number;
  try {
    // Most of those read are not there: a look that throws nothing costs a tenth of a failed open.
    if (statSync(config, { throwIfNoEntry: false }) === undefined) return undefined;
    // Without blocking on a FIFO, and checked on what was opened.
    fd = openSync(config, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return ["ENOENT", "ENOTDIR"].includes((error as { code?: string }).code ?? "") ? undefined : null;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > 1024 * 1024) return null;
    const bytes = Buffer.alloc(stat.size);
    return bytes.toString("latin1", 0, readSync(fd, bytes, 0, stat.size, 0));
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Keys whose value git runs as a command (git-config(1)); an alias or a submodule's update only where it starts with
 * `!`, the latter run from the submodule's folder.
 */
const PROGRAM_KEY =
  /^(?:core\.(?:fsmonitor|sshcommand|pager|editor|askpass|gitproxy)|sequence\.editor|gpg\..*(?:program|command)|credential\..*helper|filter\..*\.(?:clean|smudge|process)|diff\..*(?:textconv|command|external)|merge\..*\.driver|(?:diff|merge)tool\..*\.(?:cmd|path)|pager\..*|alias\..*|remote\..*pack|tar\..*\.command|trailer\..*\.(?:cmd|command)|interactive\.difffilter|submodule\..*\.update)$/;

/**
 * The paths named in a configuration's text by the values git runs (each word with a `/`: a bare name is looked up
 * on PATH), from `top`, where git runs them. Read loosely: a word too many protects a file too many.
 */
function programsIn(text: string, top: string): string[] {
  const paths: string[] = [];
  for (const [key, value] of entries(text)) {
    const sub = /^submodule\.(.*)\.update$/.exec(key)?.[1];
    if (!PROGRAM_KEY.test(key) || ((sub || key.startsWith("alias.")) && !/^[\s"]*!/.test(value))) continue;
    // git's own quotes and escapes gone, the shell's words: a quoted path or an escaped space is one word
    // (`"tools/my monitor.sh"`, `bin/a\ b.sh`); each also split loosely, at every quote and operator.
    const shellText = value.replace(/\\(.)|"/g, "$1");
    const shellWords = (shellText.match(/(?:[^\s"'`;|&()<>\\]|\\.|"(?:[^"\\]|\\.)*"?|'[^']*'?)+/g) ?? []).map(
      (w) => w.replace(/\\(.)|["']/g, "$1"),
    );
    for (const word of [
      ...shellText.split(/[\s"'`;|&()<>=!]+/),
      ...shellWords.map((w) => w.replace(/^!/, "")),
    ])
      // Not a folder (`!cd ./ && make`): that would protect the work tree itself.
      if (/[\\/]/.test(word) && !/[\\/.]$/.test(word))
        paths.push(resolve(top, sub ?? "", word.replace(/^~(?=\/|$)/, homedir())));
  }
  return paths;
}

/**
 * Each `key = value` of a configuration's text, the key after its section (`core.fsmonitor`), lower case but a
 * subsection.
 */
function entries(text: string): [string, string][] {
  let section = "";
  const all: [string, string][] = [];
  for (let line of text.replace(/\\\r?\n/g, "").split(/\r?\n/)) {
    const header = /^\s*\[\s*([\w.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
    if (header) {
      // A subsection keeps its case (a submodule's name, a folder).
      section = header[1]!.toLowerCase() + (header[2] === undefined ? "" : `.${header[2]}`);
      line = line.slice(header[0].length);
    }
    const [, name, value = ""] = /^\s*([a-z][\w-]*)\s*=(.*)/i.exec(line) ?? [];
    if (name !== undefined) all.push([`${section}.${name.toLowerCase()}`, value]);
  }
  return all;
}

/**
 * The files an included file's text includes in turn (`[include] path = b`, relative to it): git lists none of them
 * while a condition leaves out the file naming them (`includeIf "onbranch:next"`, until `git checkout -b next`).
 */
function includesIn(file: string): string[] {
  return entries(configText(file) ?? "").flatMap(([key, value]) => {
    const path = value
      .replace(/\s[;#].*/, "")
      .trim()
      .replace(/^"(.*)"$/, "$1");
    return /^include(?:if\..*)?\.path$/.test(key) && path
      ? [resolve(dirname(file), path.replace(/^~(?=\/|$)/, homedir()))]
      : [];
  });
}

/**
 * The files the configuration of the repository holding `folder` includes, conditionally or not (`includeIf` holds
 * whatever branch or folder it names next), each relative to the file naming it, as git places it.
 */
function included(folder: string, timeout?: number): string[] {
  const read = () => {
    try {
      return readGit(
        folder,
        ["config", "--show-origin", "-z", "--get-regexp", "^include(if\\..*)?\\.path$"],
        timeout,
      );
    } catch (error) {
      // Status 1: no such key.
      const { status, signal } = error as { status?: number | null; signal?: string | null };
      if (status === 1 && signal == null) return "";
      throw error;
    }
  };
  const fields = (answered(folder, read) ?? "").split("\0");
  const files: string[] = [];
  // Each entry: `file:<origin>`, then `<key>\n<value>`.
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const origin = fields[i]!;
    const value = fields[i + 1]!.slice(fields[i + 1]!.indexOf("\n") + 1);
    if (!origin.startsWith("file:") || value === "") continue;
    const path = value.replace(/^~(?=\/|$)/, homedir());
    files.push(isAbsolute(path) ? path : resolve(folder, dirname(origin.slice("file:".length)), path));
  }
  return files;
}

/**
 * git's output; undefined where git said there is none (no git on PATH, or its status 128: no repository, or a
 * configuration git refuses, so that git runs no hook there either). Anything else (cut off, killed, not started)
 * throws: no answer must read as "none".
 */
function answered(folder: string, read: () => string): string | undefined {
  // A workspace folder not there (git could not start in it) is no repository yet.
  if (!existsSync(folder)) return undefined;
  try {
    return read();
  } catch (error) {
    const { status, signal, code } = error as {
      status?: number | null;
      signal?: string | null;
      code?: string;
    };
    if (code === "NO_GIT" || (status === 128 && signal == null)) return undefined;
    throw error;
  }
}
