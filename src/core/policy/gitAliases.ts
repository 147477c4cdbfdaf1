/**
 * git's aliases, read as git reads them, so the policy sees the command an alias runs: `git pf` with
 * `pf = push --force` is `git push --force`, and `git nuke` with `nuke = !git reset --hard && git clean -fdx` is that
 * shell line. They come from the person's own configuration (`~/.gitconfig`, `$XDG_CONFIG_HOME/git/config`), the
 * repository's (`.git/config`, set by the person or their tools) and anything those include.
 */
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { gitSubcommandAt } from "./commandEffects";
import { GitAllowance } from "./gitChanges";
import { readGit } from "./gitRead";
// From the file the runtime requires, not a copy of gitHooks' reads (esbuild.config.mjs).
import { configStamp } from "./policyPaths";
import { basename } from "./programs";

/** The aliases git reads in a folder. */
export interface GitAliases {
  /** By name, lower case (git matches an alias's name whatever its case): the alias's value. */
  aliases: ReadonlyMap<string, string>;
  /** The working tree's top folder, where git runs a `!` alias; undefined outside one. */
  top?: string;
  /**
   * What `git rev-parse --show-toplevel` prints in the folder: the working tree's top (the folder itself too), ""
   * where git finds none there (it fails, printing nothing); undefined when git could not be read.
   */
  shownTop?: string;
}

/** The aliases of git's configuration in a folder; undefined when they could not be read. */
export type GitAliasReader = (folder: string) => GitAliases | undefined;

/**
 * git's own commands (`git --list-cmds=main`, with those of newer versions): git never lets an alias stand for one
 * (`alias.status` is ignored by `git status`), and a word that is one is never looked up.
 */
export const GIT_COMMANDS = new Set(
  `add am annotate apply archimport archive backfill bisect blame branch bugreport bundle cat-file check-attr
  check-ignore check-mailmap check-ref-format checkout checkout-index cherry cherry-pick citool clean clone column
  commit commit-graph commit-tree config count-objects credential credential-cache credential-cache--daemon
  credential-store cvsexportcommit cvsimport cvsserver daemon describe diagnose diff diff-files diff-index diff-pairs
  diff-tree difftool fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg for-each-ref for-each-repo
  format-patch fsck fsck-objects fsmonitor--daemon gc get-tar-commit-id grep gui hash-object help hook http-backend
  http-fetch http-push imap-send index-pack init init-db instaweb interpret-trailers last-modified log ls-files
  ls-remote ls-tree mailinfo mailsplit maintenance merge merge-base merge-file merge-index merge-octopus
  merge-one-file merge-ours merge-recursive merge-recursive-ours merge-recursive-theirs merge-resolve merge-subtree
  merge-tree mergetool mktag mktree multi-pack-index mv name-rev notes p4 pack-objects pack-redundant pack-refs
  patch-id pickaxe prune prune-packed pull push quiltimport range-diff read-tree rebase receive-pack reflog refs
  remote remote-ext remote-fd remote-ftp remote-ftps remote-http remote-https repack replace replay repo
  request-pull rerere reset restore rev-list rev-parse revert rm send-email send-pack sh-i18n--envsubst shell
  shortlog show show-branch show-index show-ref sparse-checkout stage stash status stripspace submodule subtree svn
  switch symbolic-ref tag unpack-file unpack-objects update-index update-ref update-server-info upload-archive
  upload-pack var verify-commit verify-pack verify-tag version web--browse whatchanged worktree write-tree`.split(
    /\s+/,
  ),
);

/** How many aliases in a row are followed (git itself stops at a loop). */
const MAX_EXPANSIONS = 16;

/** What a git command runs, when its subcommand is an alias (`expandGitAlias`). */
export type GitExpansion =
  /** The alias's words in its place (`git pf main` → `git push --force main`). */
  | { argv: (string | null)[] }
  /** A `!` alias: a shell line git runs with `sh -c`, the words after the alias appended (`"$@"`). */
  | { script: string; args: string[] }
  | { problem: string };

/**
 * The command a git command (`argv[0]` is git) runs when its subcommand is an alias, as git expands it; undefined
 * when it is git's own command or no alias (then git runs `git-<word>` from PATH, as any other program). `aliasesIn`
 * gives the aliases of the folder git runs in, after its `-C` options (relative, in order); undefined when not known.
 */
export function expandGitAlias(
  argv: readonly (string | null)[],
  aliasesIn: (chdirs: readonly string[]) => GitAliases | undefined,
): GitExpansion | undefined {
  let words = [...argv];
  const seen = new Set<string>();
  for (;;) {
    const at = gitSubcommandAt(words);
    if (at === undefined) return seen.size > 0 ? { argv: words } : undefined;
    const name = words[at];
    if (name === null)
      return { problem: "git's subcommand is computed at run time, and may be an alias of any command" };
    if (GIT_COMMANDS.has(name!)) return seen.size > 0 ? { argv: words } : undefined;
    const options = words.slice(1, at);
    // Another repository's configuration (`--git-dir=x`, `--bare`: `./config`) holds aliases not read here.
    if (options.some((w) => w === null || /^--(?:git-dir|bare)(?:=|$)/.test(w)))
      return { problem: `git reads its aliases from another repository, where ${name} may be one` };
    const chdirs = options.flatMap((w, i) => (options[i - 1] === "-C" ? [w!] : []));
    const aliases = aliasesIn(chdirs);
    if (aliases === undefined)
      return { problem: `git's aliases could not be read, and git ${name} may be one of any command` };
    const key = name!.toLowerCase();
    const value = aliases.aliases.get(key);
    if (value === undefined) return seen.size > 0 ? { argv: words } : undefined;
    // git refuses a loop; so does the policy, past a depth.
    if (seen.has(key) || seen.size >= MAX_EXPANSIONS)
      return { problem: `git's alias ${name} expands in a loop` };
    seen.add(key);
    const rest = words.slice(at + 1);
    if (value.startsWith("!")) {
      if (rest.includes(null))
        return { problem: `the words git hands its alias ${name} (a shell line) are computed at run time` };
      // git runs it from the working tree's top folder.
      const top = aliases.top !== undefined ? `cd -- ${shellQuote(aliases.top)} && ` : "";
      return { script: `${top}${value.slice(1)}`, args: rest as string[] };
    }
    const replacement = aliasWords(value);
    if (replacement === undefined || replacement.length === 0)
      return { problem: `git's alias ${name} is not read as git reads it` };
    words = [...words.slice(0, at), ...replacement, ...rest];
  }
}

/** Whether a git command's subcommand may be an alias (not one of git's own commands): `expandGitAlias` needed. */
export function mayBeGitAlias(argv: readonly (string | null)[]): boolean {
  if (argv[0] == null || basename(argv[0]) !== "git") return false;
  const at = gitSubcommandAt(argv);
  return at !== undefined && !GIT_COMMANDS.has(argv[at] ?? "");
}

/**
 * An alias's value split into words as git splits it (`split_cmdline`): at blanks, with `'…'` and `"…"` quoting and
 * `\` escaping inside double quotes and outside quotes; undefined for an unclosed quote (git refuses it).
 */
export function aliasWords(value: string): string[] | undefined {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (quote === undefined && /\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
      continue;
    }
    word ??= "";
    if (quote === undefined && (c === "'" || c === '"')) quote = c;
    else if (quote === c) quote = undefined;
    else if (c === "\\" && quote !== "'") {
      if (++i >= value.length) return undefined;
      word += value[i];
    } else word += c;
  }
  if (quote !== undefined) return undefined;
  if (word !== undefined) words.push(word);
  return words;
}

/** A word as a POSIX shell reads it back whole. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** git's configuration files that hold no alias yet may gain one: watched even when they are not there. */
function standardConfigFiles(): string[] {
  const home = process.env.HOME ?? homedir();
  const xdg = process.env.XDG_CONFIG_HOME || join(home, ".config");
  return [
    process.env.GIT_CONFIG_GLOBAL,
    join(home, ".gitconfig"),
    join(xdg, "git", "config"),
    process.env.GIT_CONFIG_SYSTEM ?? "/etc/gitconfig",
  ].filter((f): f is string => f !== undefined && f !== "");
}

/**
 * The aliases git reads in `folder` and the files they were read from (every file of its configuration, includes
 * too, and the standard ones not there yet); undefined without git or when git fails.
 */
export function readGitAliases(
  folder: string,
  timeout?: number,
): { aliases: GitAliases; files: string[] } | undefined {
  // The agent's git reads another repository's configuration there, and runs a `!` alias elsewhere; `readGit` drops them.
  if (process.env.GIT_DIR !== undefined || process.env.GIT_WORK_TREE !== undefined) return undefined;
  let listing: string;
  try {
    listing = readGit(folder, ["config", "--list", "--show-origin", "-z"], timeout);
  } catch {
    return undefined;
  }
  const aliases = new Map<string, string>();
  const files = new Set(standardConfigFiles());
  // `-z`: `<origin>\0<key>\n<value>\0` per entry (a key without a value has no newline).
  const fields = listing.split("\0");
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const origin = fields[i]!;
    const entry = fields[i + 1]!;
    if (origin.startsWith("file:")) files.add(resolve(folder, origin.slice(5)));
    const newline = entry.indexOf("\n");
    const key = newline < 0 ? entry : entry.slice(0, newline);
    const match = /^alias\.(.+)$/i.exec(key);
    // A later definition wins, as it does for git.
    if (match && newline >= 0) aliases.set(match[1]!.toLowerCase(), entry.slice(newline + 1));
  }
  let top: string | undefined;
  let shownTop: string | undefined;
  try {
    const [config, shown] = readGit(
      folder,
      ["rev-parse", "--git-path", "config", "--show-toplevel"],
      timeout,
    ).split("\n");
    if (config) files.add(resolve(folder, config));
    if (shown) top = shownTop = resolve(folder, shown);
  } catch (error) {
    // Outside a working tree (git's status 128, `fatal: not a git repository`): a `!` alias runs where git does.
    const { status, signal } = error as { status?: number | null; signal?: string | null };
    if (status === 128 && !signal) shownTop = "";
  }
  return {
    aliases: {
      aliases,
      ...(top !== undefined && top !== resolve(folder) ? { top } : {}),
      ...(shownTop !== undefined ? { shownTop } : {}),
    },
    files: [...files],
  };
}

/**
 * The aliases of each folder, read once and again only when one of the configuration files they came from changes
 * (a `stat` of each, only when a command's subcommand may be an alias): not a `git` process per request. The reads
 * of all folders share one `GitAllowance` of git's time: a repository's configuration including a FIFO held the
 * extension host 3 s per folder, 24 s for each request naming eight new ones; past it a folder's aliases are not
 * known (its git words ask) until the allowance refills.
 */
export class GitAliasCache {
  /** `since`: when the files were first looked at, for `configStamp`. */
  private readonly entries = new Map<
    string,
    { aliases: GitAliases | undefined; stamps: string[]; files: string[]; since: number }
  >();
  private readonly allowance: GitAllowance;

  constructor(
    private readonly read: typeof readGitAliases = readGitAliases,
    private readonly maxFolders = 64,
    now: () => number = Date.now,
  ) {
    this.allowance = new GitAllowance(now);
  }

  readonly lookup: GitAliasReader = (folder) => {
    const cached = this.entries.get(folder);
    if (cached && cached.files.every((file, i) => configStamp(file, cached.since) === cached.stamps[i]))
      return cached.aliases;
    // Stamped before reading: a change while git reads is seen next time (a same-size one in the same second too).
    const since = Date.now();
    const files = cached?.files ?? standardConfigFiles();
    const before = files.map((file) => configStamp(file, since));
    const read = this.allowance.read(2, (timeout) => this.read(folder, timeout));
    if (read === "refused") return undefined;
    const after = read ? read.files : files;
    const stamps = read
      ? after.map((file) => before[files.indexOf(file)] ?? configStamp(file, since))
      : before;
    if (this.entries.size >= this.maxFolders) this.entries.clear();
    // A failed read is kept too (its git words ask) until a file it was read from changes: git may have waited its
    // whole timeout, the extension host with it (a repository's configuration can include a FIFO or a slow mount).
    this.entries.set(folder, { aliases: read?.aliases, stamps, files: after, since });
    return read?.aliases;
  };
}
