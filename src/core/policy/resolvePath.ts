/**
 * Paths as the OS resolves them, for the policy: component by component, each symlink followed (a dangling one to its
 * target), `..` applied to the resolved prefix, with a limit on links; then compared against workspace roots that are
 * never `/`, the home folder or one of its parents, case-folded where the file system folds case. Windows names lose
 * their trailing dots and spaces, as Win32 does, and an existing 8.3 short name leaves a path unresolved. Nothing is
 * truncated: a path too long is unresolved.
 *
 * The file system is injected (`lstat`, `readlink`) so tests can use real temporary folders and fakes alike, and so
 * Windows semantics can be tested anywhere.
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  readSync,
  statSync,
} from "node:fs";
import { homedir } from "node:os";
import type { EntryKind } from "./folderNames";
import type { StatData } from "./gitIndex";
import type { GitAllowance, RevisionChanges, RevisionReader } from "./gitChanges";
import type { FileLooks, GitFoldersRead } from "./gitHooks";
import type { RepositoryScan } from "./nestedRepositories";
import { posix, win32 } from "node:path";

export interface PathFs {
  /** Undefined (or an ENOENT/ENOTDIR error) when nothing is there. */
  lstat(path: string): { isSymbolicLink(): boolean; isDirectory(): boolean } | undefined;
  readlink(path: string): string;
  /**
   * A folder's entries (following a link to it), each with what it is (not following it); throws when it cannot be
   * read. Without it, no folder's entries are known.
   */
  readdir?(path: string): { name: string; isSymbolicLink(): boolean; isDirectory(): boolean }[];
  /** A regular file's bytes, following links; undefined when it is larger than `maxBytes` or not a regular file. */
  readBytes?(path: string, maxBytes: number): Uint8Array | undefined;
  /** What git's index keeps of an entry's `lstat` (`gitIndex.ts`); undefined when nothing is there. */
  statData?(path: string): StatData | undefined;
  /**
   * Which file or folder is at `path` (following links), as its device and inode; undefined when nothing is there.
   * Without it, a folder spelled in another case is taken for the one a case-insensitive root's spelling names.
   */
  identity?(path: string): string | undefined;
}

export const nodePathFs: PathFs = {
  // No exception for a missing file: building one costs more than the lstat itself.
  lstat: (path) => lstatSync(path, { throwIfNoEntry: false }),
  readlink: (path) => readlinkSync(path),
  readdir: (path) => readdirSync(path, { withFileTypes: true }),
  readBytes: (path, maxBytes) => {
    // Opened without blocking on a FIFO, then checked on what was opened: a name swapped after a check reads nothing.
    const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile() || stat.size > maxBytes) return undefined;
      const buffer = Buffer.alloc(maxBytes + 1);
      const length = readSync(fd, buffer, 0, maxBytes + 1, 0);
      return length > maxBytes ? undefined : buffer.subarray(0, length);
    } finally {
      closeSync(fd);
    }
  },
  identity: (path) => {
    const stat = statSync(path, { bigint: true, throwIfNoEntry: false });
    return stat === undefined ? undefined : `${stat.dev}:${stat.ino}`;
  },
  statData: (path) => {
    const stat = lstatSync(path, { bigint: true, throwIfNoEntry: false });
    if (stat === undefined) return undefined;
    const low = (value: bigint) => Number(BigInt.asUintN(32, value));
    const seconds = (ns: bigint) => low(ns / 1_000_000_000n);
    const nanoseconds = (ns: bigint) => low(ns % 1_000_000_000n);
    const kind = stat.isSymbolicLink() ? 0o120000 : stat.isDirectory() ? 0o160000 : 0o100000;
    const mode = kind === 0o100000 ? kind | (stat.mode & 0o100n ? 0o755 : 0o644) : kind;
    return {
      ctimeSec: seconds(stat.ctimeNs),
      ctimeNsec: nanoseconds(stat.ctimeNs),
      mtimeSec: seconds(stat.mtimeNs),
      mtimeNsec: nanoseconds(stat.mtimeNs),
      dev: low(stat.dev),
      ino: low(stat.ino),
      mode,
      uid: low(stat.uid),
      gid: low(stat.gid),
      size: low(stat.size),
    };
  },
};

export type PathPlatform = "posix" | "win32";

export interface ResolveOptions {
  fs?: PathFs;
  platform?: PathPlatform;
  /** Longer paths are unresolved (never cut). */
  maxLength?: number;
  /** Symlinks followed before giving up (Linux's limit). */
  maxLinks?: number;
}

export type Resolved = { ok: true; path: string; exists: boolean } | { ok: false; reason: string };

export const MAX_PATH_CHARS = 4_096;
export const MAX_SYMLINKS = 40;

export function currentPlatform(): PathPlatform {
  return process.platform === "win32" ? "win32" : "posix";
}

/** The physical path `path` names, or why it cannot be known. */
export function resolvePhysical(path: string, options: ResolveOptions = {}): Resolved {
  const resolved = resolveKind(path, options);
  return resolved.ok ? { ok: true, path: resolved.path, exists: resolved.exists } : resolved;
}

/** As `resolvePhysical`, and whether a folder is there, from the look that resolved it. */
function resolveKind(
  path: string,
  options: ResolveOptions,
): { ok: true; path: string; exists: boolean; folder: boolean } | { ok: false; reason: string } {
  const fs = options.fs ?? nodePathFs;
  const platform = options.platform ?? currentPlatform();
  const p = platform === "win32" ? win32 : posix;
  const maxLength = options.maxLength ?? MAX_PATH_CHARS;
  const maxLinks = options.maxLinks ?? MAX_SYMLINKS;
  if (typeof path !== "string" || path.length === 0) return { ok: false, reason: "the path is empty" };
  if (path.includes("\0")) return { ok: false, reason: "the path contains a NUL character" };
  if (path.length > maxLength)
    return { ok: false, reason: `the path is longer than ${maxLength} characters` };
  if (!p.isAbsolute(path)) return { ok: false, reason: `the path is not absolute: ${path}` };

  // Win32 applies `..` to the text before the file system sees it; POSIX applies it to the resolved prefix.
  const start = platform === "win32" ? win32.resolve(path) : path;
  const root = p.parse(start).root;
  let resolved = root;
  const pending = splitComponents(start.slice(root.length), platform);
  let links = 0;
  let exists = true;
  let folder = true;
  /** The last folder that exists, below which `resolved` names what does not (yet). */
  let lastExisting = resolved;
  while (pending.length > 0) {
    const name = pending.shift()!;
    if (name === "" || name === ".") continue;
    if (name === "..") {
      resolved = p.dirname(resolved);
      // `new/..` is back where links are (`mkdir -p new && cat new/../link/x` reads through `link`).
      if (resolved === lastExisting) exists = true;
      folder = exists;
      continue;
    }
    // `name` is one component (no separator, not `.` or `..`) and `resolved` is already normal: a join is a concat.
    const candidate = resolved.endsWith(p.sep) ? resolved + name : resolved + p.sep + name;
    if (candidate.length > maxLength)
      return { ok: false, reason: `the path resolves to more than ${maxLength} characters` };
    if (!exists) {
      resolved = candidate;
      folder = false;
      continue;
    }
    let stat: ReturnType<PathFs["lstat"]>;
    try {
      stat = fs.lstat(candidate);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR")
        return { ok: false, reason: `${candidate} cannot be inspected (${code ?? "error"})` };
      stat = undefined;
    }
    if (!stat) {
      // Nothing there: the rest is created as named (no links below a missing folder).
      exists = false;
      folder = false;
      lastExisting = resolved;
      resolved = candidate;
      continue;
    }
    // Windows opens `GIT~1` as the `.git` it abbreviates, and no spelling says which name an existing short name stands
    // for: such a path is not known (git refuses them for the same reason).
    if (platform === "win32" && SHORT_NAME.test(name))
      return { ok: false, reason: `${candidate} may be the short (8.3) name of another file or folder` };
    const isLink = stat.isSymbolicLink();
    if (!isLink) {
      resolved = candidate;
      folder = stat.isDirectory();
      continue;
    }
    if (++links > maxLinks) return { ok: false, reason: `more than ${maxLinks} symbolic links` };
    let target: string;
    try {
      target = fs.readlink(candidate);
    } catch {
      return { ok: false, reason: `the link ${candidate} cannot be read` };
    }
    let targetRest = target;
    if (p.isAbsolute(target)) {
      const targetRoot = p.parse(platform === "win32" ? win32.resolve(target) : target).root;
      resolved = targetRoot;
      targetRest = (platform === "win32" ? win32.resolve(target) : target).slice(targetRoot.length);
    }
    pending.unshift(...splitComponents(targetRest, platform));
  }
  return { ok: true, path: resolved, exists, folder };
}

/** The shape of a Windows 8.3 short name: up to 8 characters ending in `~` and digits, an extension of up to 3. */
const SHORT_NAME = /^(?=[^.]{2,8}(\.|$))[^.~]*~\d+(\.[^.]{0,3})?$/;

function splitComponents(rest: string, platform: PathPlatform): string[] {
  const parts = rest.split(platform === "win32" ? /[\\/]/ : "/");
  return platform === "win32" ? parts.map(win32Name) : parts;
}

/**
 * Win32 drops trailing dots and spaces from a name (`.vscode.` is `.vscode`); `.` and `..` stay. A colon after the
 * drive names an NTFS stream of the file before it (`.env::$DATA` is `.env`).
 */
function win32Name(name: string): string {
  if (name === "." || name === "..") return name;
  const colon = name.indexOf(":");
  const stripped = (colon >= 0 ? name.slice(0, colon) : name).replace(/[. ]+$/, "");
  return stripped === "" ? "." : stripped;
}

// ---------------------------------------------------------------------------------------------------------------
// Workspace roots and the boundary.
// ---------------------------------------------------------------------------------------------------------------

/** Past this many nested repositories, those met later protect only what is in them (each costs git reads). */
const MAX_NESTED_REPOSITORIES = 64;

/** What git's answer is where it was cut off or failed: not "none". */
const NOT_KNOWN = Symbol("not known");

export interface BoundaryOptions extends ResolveOptions {
  home?: string;
  /**
   * Whether the file system under a root may fold case; default: macOS's and Windows's may. A path spelled in another
   * case is inside the root only where the file system says it is the root's very folder (`PathFs.identity`): a
   * case-sensitive volume on either has `Proj` and `proj` side by side.
   */
  caseInsensitive?: (root: string) => boolean;
  /** Further folders whose content is protected (e.g. the editor's user settings folder). */
  protectedFolders?: readonly string[];
  /**
   * The environment whose shells' startup files (`shellStartupFiles`: `BASH_ENV`, `ENV`) are protected as `.bashrc`
   * is: the editor's, which its tasks, terminals, git hooks and agents inherit. An absolute one is protected where it
   * leads too, a relative one in every folder.
   */
  startupEnv?: Readonly<Record<string, string | undefined>>;
  /**
   * The folder git runs the hooks of the repository holding a folder from (`gitHooks.hooksFolder`), asked of each
   * root and of each repository nested in one that a checked path is in: `core.hooksPath` may name any folder of the
   * workspace, whose scripts run on the next commit. Protected for that, read freely as `.husky` is. Throws where
   * git's answer is not known.
   */
  hooksFolder?: (folder: string, timeout?: number) => string | undefined;
  /**
   * The folders of the repository holding a root (`gitHooks.gitFolders`), wherever they are: a `.git` link or file
   * (`git init --separate-git-dir`) keeps git's configuration and hooks under another name, protected as `.git`, as
   * are the files its configuration includes; and the programs that configuration names by a path (`programs`), as a
   * hook is (`core.fsmonitor = tools/fsmon.sh`); and the submodules whose configuration names such things (`nested`:
   * the superproject's `git status` runs their fsmonitor), met as by a path in them. Throws where git's answer is not
   * known. `unchanged`: whether the configuration files it read are as they were, asked once per request
   * (`forRequest`) and at each check made outside one; where not, every git read is asked anew.
   */
  gitFolders?: (
    root: string,
    timeout?: number,
  ) => {
    folders: string[];
    programs: string[];
    unchanged?: (looks: FileLooks) => boolean;
    nested?: string[];
  };
  /**
   * A repository's hooks folder and what `gitFolders` reads of it from its files alone (`gitHooks.plainRepository`),
   * tried first for each repository: no git started, nothing spent of the allowance; undefined where git must be
   * asked. Only where `sharedConfig` says no.
   */
  plainRepository?: (
    top: string,
    shared?: readonly string[],
  ) => (GitFoldersRead & { hooks: string }) | undefined;
  /**
   * Whether the configuration git reads in every repository may move hooks or include files (`gitHooks.sharedConfig`),
   * asked of git once per boundary within the allowance, before the first repository read from its files: `true`, or
   * the files it includes, each certain to move nothing. Throws where git's answer is not known.
   */
  sharedConfig?: (timeout?: number) => true | string[];
  /**
   * The repositories nested in each workspace folder (`nestedRepositories.RepositoryScan`, the host's, kept from one
   * boundary to the next; not in the additional folders), met when the boundary is built: what their configuration
   * includes, runs or links is protected before a request names a path in one (`cfg/extra` that vendor/lib's
   * configuration includes, VS Code's git running there).
   */
  repositoryScan?: RepositoryScan;
  /**
   * What the boundaries built one after another may spend of git together on `hooksFolder` and `gitFolders`: the host
   * builds one anew on each change of a `.git/config`, and a configuration including a FIFO held it 3 s a read.
   * Without it, each read may take git's own timeout.
   */
  gitAllowance?: GitAllowance;
  /**
   * `.git/config` files seen changing (the host's watcher): their repositories nested in a root count as met (what
   * their configuration includes or runs is protected anywhere), though no checked path was in one yet.
   */
  gitConfigs?: Iterable<string>;
  /**
   * The files git writes from revisions the repository has (`gitChanges.revisionChanges`: `git checkout feature`);
   * without it, what such a command writes is not known.
   */
  revisionChanges?: RevisionReader;
  /**
   * Folders outside the workspace that count as inside it (`symposium.additionalFolders`: absolute or `~/`), refused
   * as workspace folders are when they are `/`, the home folder or one of its parents.
   */
  additionalFolders?: readonly string[];
  /**
   * The `.code-workspace` file the workspace was opened from: a folder it lists outside its own folder (`..`,
   * `../../.local/bin`, an absolute path) counts as no folder until the person has confirmed it (`confirmedFolders`),
   * for a repository can ship such a file, and a person opening it does not see what it adds.
   */
  workspaceFile?: string;
  /** Such folders the person confirmed for `workspaceFile`, as `unconfirmedFolders` gave them. */
  confirmedFolders?: readonly string[];
}

/** A workspace folder its `.code-workspace` file lists outside its own folder, not confirmed (`BoundaryOptions`). */
export interface UnconfirmedFolder {
  /** As the workspace lists it. */
  root: string;
  /** Where it really is: what a confirmation stores. */
  path: string;
}

export interface PolicyRoot {
  path: string;
  caseInsensitive: boolean;
  /** From `additionalFolders`, not a workspace folder: shown by its whole path. */
  additional?: true;
}

export type PathCheck =
  | {
      status: "inside";
      path: string;
      root: string;
      /** Relative to the root, `/`-separated, for globs. */
      relative: string;
      /**
       * Relative to each other root that holds it too (nested workspace folders, in any order): a deny or ask rule,
       * a protected name and the guard on removing a whole root read it from every one of them.
       */
      alsoRelative?: string[];
      /** Another root is below it: what a rule matches there is read from that root too. */
      holdsRoot?: true;
      protected: boolean;
      /** Protected for what writing it does, not for what it holds: reading it reveals no secret (`readsFreely`). */
      readable?: true;
      /**
       * A name on its way in the workspace begins with `-` (not `-` alone): protected for writing only, since a glob
       * later in the line or in a job left running passes it to a command as an option (`cp * build/` beside
       * `--target-directory=..` copies into the workspace's parent), and a glob is checked on the files there when
       * the request is decided, before such a name is made. Set only where nothing else protects it.
       */
      optionLike?: true;
      /** Something is there (a dangling link's missing target is not). */
      exists: boolean;
    }
  | {
      status: "outside";
      path: string;
      protected: boolean;
      readable?: true;
      exists: boolean;
      /** In a folder the workspace file lists outside its own folder, not confirmed: that folder as listed. */
      unconfirmed?: string;
    }
  | { status: "unresolved"; reason: string };

/**
 * The policy's view of the workspace: the roots it accepts (never `/`, the home folder or a parent of it) and, for
 * any path, where it really is. The broker, `fs/*` and terminals all check paths through it.
 */
export class PolicyBoundary {
  readonly roots: PolicyRoot[] = [];
  /** One sentence per root refused for policy purposes. */
  readonly warnings: string[] = [];
  /** The workspace file's folders outside its own folder that count as no folder until confirmed. */
  readonly unconfirmedFolders: UnconfirmedFolder[] = [];
  /** Each additional folder refused, as written in settings, and why (Manage Permissions says it is not used). */
  readonly refusedAdditional = new Map<string, string>();
  private readonly platform: PathPlatform;
  private readonly home: string;
  /** Case-folded. */
  private readonly protectedFolders: string[];
  /**
   * The hooks folder (case-folded) of the repository holding each folder asked about (a root, a nested repository's
   * top), `null` for none, `NOT_KNOWN` where git was cut off: asked when a path is first checked, not when the
   * boundary is built (at activation); a read the allowance refused is asked again at the next check.
   */
  private readonly hooksRead = new Map<string, string | null | typeof NOT_KNOWN>();
  /** Case-folded: what a root's protected name leads to under another name, and that name (`standIns`). */
  private linksRead: { target: string; name: string }[] | undefined;
  /** Each folder below a root checked for a `.git`: the top of the repository nested in the root holding it, or none. */
  private readonly repositoryTops = new Map<string, string | null>();
  /**
   * The nested repositories met so far (a checked path in each), whose git folders, includes, programs and hooks are
   * protected wherever they are in the workspace; at most `MAX_NESTED_REPOSITORIES`.
   */
  private readonly nestedTops = new Set<string>();
  /**
   * How many repositories it has met (`nestedTops`): each protects what its configuration includes, runs or links from
   * the next check on, so a decision that met one is made again (`rules.decide`).
   */
  private met = 0;
  /**
   * The reads of the workspace folders (`hooks:`, `folders:` and the root) and the nested repositories met (`folders:`)
   * git did not answer last: every path asks.
   */
  private readonly unreadRoots = new Set<string>();
  /**
   * The folders found to be a git folder (`inGitFolder`), to hold a git hook (`holdsHook`): for the boundary's life,
   * a folder once found one stays protected. Those found not to be: for the current pass only (`newPass`, once a
   * request), since an approved write can make one of them: an agent's `fs/write_text_file` of a `HEAD`, an
   * `objects/` and a `refs/` beside a `config` naming core.fsmonitor makes a bare repository git reads, of files none
   * of which was protected when written, and `git -C` there ran the monitor where a rule allowed `git status`.
   */
  private readonly gitFolderAt = new Set<string>();
  private readonly hookAt = new Set<string>();
  private notGitFolderAt = new Set<string>();
  private noHookAt = new Set<string>();
  /** As `hooksRead`, what each root's git folders are in `standIns`. */
  private readonly gitFoldersRead = new Map<string, { target: string; name: string }[] | typeof NOT_KNOWN>();
  /** As `hooksRead`, where the hooks that are links lead, for `names`. */
  private readonly hookLinksRead = new Map<string, { target: string; name: string }[]>();
  /**
   * Whether the configuration files each of `gitFoldersRead` read are as they were: a change (config.worktree, an
   * included file, ~/.gitconfig), which the host's watcher of `.git/config` does not see, drops every git read.
   */
  private readonly configsRead = new Map<string, (looks: FileLooks) => boolean>();
  /** Each repository read from its files alone (`plainRepository`), `null` where git must be asked. */
  private readonly plainRead = new Map<string, (GitFoldersRead & { hooks: string }) | null>();
  /**
   * The files the shared configuration includes where repositories may be read from their files (`sharedConfig`),
   * null where they may not; undefined until git answered.
   */
  private filesTell: string[] | null | undefined;
  private homeLinksRead: string[] | undefined;
  /** Relative startup files (`BASH_ENV=.bash_env`), case-folded, by name: a shell reads one in any folder. */
  private readonly startupNames: string[][];

  constructor(
    roots: readonly string[],
    private readonly options: BoundaryOptions = {},
  ) {
    this.platform = options.platform ?? currentPlatform();
    const p = this.platform === "win32" ? win32 : posix;
    const home = this.physical(options.home ?? homedir());
    this.home = home ?? options.home ?? homedir();
    const insensitive =
      options.caseInsensitive ?? (() => this.platform === "win32" || process.platform === "darwin");
    const startup = shellStartupFiles(options.startupEnv ?? {}, this.home);
    this.protectedFolders = [
      ...homeProtectedFolders(this.home, p),
      ...(options.protectedFolders ?? []).map((f) => this.physical(f) ?? f),
      // The name and where it leads (`BASH_ENV=~/.bash_env` -> `dotfiles/bash_env` in a dotfiles workspace).
      ...startup.paths.flatMap((f) => [p.normalize(f), this.physical(f) ?? f]),
    ].map(foldAll);
    this.startupNames = startup.names.map((name) => foldAll(name).split("/"));
    const folders = [
      ...roots.map((root) => ({ root, written: root, what: "workspace folder", additional: false })),
      ...(options.additionalFolders ?? []).map((written) => ({
        root: /^~(?:[\\/]|$)/.test(written) ? p.join(this.home, written.slice(1)) : written,
        written,
        what: "additional folder",
        additional: true,
      })),
    ];
    const fileFolder =
      options.workspaceFile === undefined
        ? undefined
        : resolvePhysical(p.dirname(options.workspaceFile), options);
    const confirmed = new Set(options.confirmedFolders ?? []);
    for (const { root, written, what, additional } of folders) {
      const refuse = (warning: string, reason: string): void => {
        this.warnings.push(warning);
        if (additional) this.refusedAdditional.set(written, reason);
      };
      if (!p.isAbsolute(root)) {
        refuse(
          `The ${what} ${root} is not an absolute path; it is not used for permissions.`,
          "not an absolute path",
        );
        continue;
      }
      const resolved = resolvePhysical(root, this.options);
      // An additional folder not there is left out (a typo, or one an agent could make later as a link).
      if (!resolved.ok || (additional && !resolved.exists)) {
        const could = resolved.ok ? "found" : "resolved";
        refuse(
          `The ${what} ${root} could not be ${could}; it is not used for permissions.`,
          `could not be ${could}`,
        );
        continue;
      }
      const path = resolved.path;
      // A root of `/` must be refused even when the home folder lies elsewhere.
      if (p.parse(path).root === path || isWithin(path, this.home, true, p)) {
        const is =
          p.parse(path).root === path ? "the file system root" : "the home folder or one of its parents";
        refuse(
          `The ${what} ${root} is ${is}; Symposium treats nothing as inside it for permissions.`,
          `it is ${is}`,
        );
        continue;
      }
      if (
        !additional &&
        fileFolder !== undefined &&
        !(fileFolder.ok && isWithin(fileFolder.path, path, insensitive(path), p)) &&
        !confirmed.has(path)
      ) {
        this.warnings.push(
          `The ${what} ${root} is outside the folder of the workspace file ${options.workspaceFile} that lists it; ` +
            "Symposium treats nothing as inside it for permissions until you confirm it.",
        );
        this.unconfirmedFolders.push({ root, path });
        continue;
      }
      this.roots.push({ path, caseInsensitive: insensitive(path), ...(additional ? { additional } : {}) });
    }
    // Each repository whose `.git/config` the host saw change counts as met (`nestedTops`), as by a path in it.
    for (const config of options.gitConfigs ?? []) {
      const top = this.physical(p.dirname(p.dirname(config)));
      if (top !== undefined) this.nestedRepository(p.join(top, ".git"));
    }
    // And every one found in a workspace folder, as by a path in it (not in an additional folder such as /tmp, full
    // of others' clones: those are met by a path in them).
    const scan = options.repositoryScan;
    if (scan !== undefined)
      for (const root of this.roots.filter((root) => !root.additional)) {
        const found = scan.repositories(
          root.path,
          options.fs ?? nodePathFs,
          (...parts) => p.join(...parts),
          (warning) => this.warnings.push(warning),
        );
        for (const top of found.tops) this.nestedRepository(p.join(top, ".git"));
      }
  }

  /**
   * Why every path counts as protected now, where git did not answer for a workspace folder (cut off, or the
   * allowance spent): a card for `src/a.ts` says so, for the path does not.
   */
  gitUnread(): string | undefined {
    return this.unreadRoots.size > 0 ? "git could not be read, so every path asks" : undefined;
  }

  /** The walks of its roots for nested repositories (`BoundaryOptions.repositoryScan`), for the next boundary. */
  get repositoryScan(): RepositoryScan | undefined {
    return this.options.repositoryScan;
  }

  /** What its git reads spend (`BoundaryOptions.gitAllowance`), for the next boundary to go on with. */
  get gitAllowance(): GitAllowance | undefined {
    return this.options.gitAllowance;
  }

  /**
   * A count that grows each time a check meets a repository nested in a root (a path in one the walk left out:
   * `node_modules/x`, past its bound, made since): the paths checked before it were checked without what its
   * configuration includes, runs or links, and a decision that read them is made again (`rules.decide`).
   */
  get repositoriesMet(): number {
    return this.met;
  }

  get hasRoots(): boolean {
    return this.roots.length > 0;
  }

  /** `gitChecked`: the caller (`RequestPaths`) checked git's configuration files once for all its paths. */
  check(path: string, gitChecked = false): PathCheck {
    if (!gitChecked) this.newPass();
    const resolved = resolveKind(path, this.options);
    if (!resolved.ok) return { status: "unresolved", reason: resolved.reason };
    const p = this.platform === "win32" ? win32 : posix;
    // A folder that is a nested repository's top is met too: a command run there (`git -C vendor/y config …`) names
    // no path in it, and the host's watcher may miss its new `.git/config` (a `git clone` an instant before).
    if (resolved.folder) this.nestedRepository(p.join(resolved.path, ".git"));
    const isProtected = this.protectedPath(resolved.path, resolved.folder);
    const readable =
      isProtected && this.readsFreely(resolved.path, resolved.folder) ? { readable: true as const } : {};
    const holding = this.roots.flatMap((root) => {
      const relative = this.relativeIn(root, resolved.path, p);
      return relative === undefined ? [] : [{ root: root.path, relative }];
    });
    const [first, ...others] = holding;
    // Read from the innermost workspace folder holding it: a nested folder's own name is not made by a write there.
    const optionLike =
      first !== undefined &&
      holding
        .reduce((inner, next) => (next.relative.length < inner.relative.length ? next : inner))
        .relative.split("/")
        .some((name) => name.startsWith("-") && name !== "-");
    if (first !== undefined)
      return {
        status: "inside",
        path: resolved.path,
        root: first.root,
        relative: first.relative,
        ...(others.length > 0 ? { alsoRelative: others.map((other) => other.relative) } : {}),
        ...(this.roots.some(
          (root) => root.path !== resolved.path && isWithin(resolved.path, root.path, true, p),
        )
          ? { holdsRoot: true as const }
          : {}),
        protected: isProtected || optionLike,
        ...(isProtected ? readable : optionLike ? { readable: true as const, optionLike } : {}),
        exists: resolved.exists,
      };
    const unconfirmed = this.unconfirmedFolders.find((folder) =>
      isWithin(folder.path, resolved.path, false, p),
    );
    return {
      status: "outside",
      path: resolved.path,
      protected: isProtected,
      ...readable,
      exists: resolved.exists,
      ...(unconfirmed ? { unconfirmed: unconfirmed.root } : {}),
    };
  }

  /** `path` (resolved) relative to `root`, `/`-separated, or undefined when it is not the root or below it. */
  private relativeIn(root: PolicyRoot, path: string, p: typeof posix): string | undefined {
    if (isWithin(root.path, path, false, p)) return below(root.path, path).split(p.sep).join("/");
    // The path's own spelling when it matches the root's, else the folded one (globs then fold too).
    if (root.caseInsensitive && isWithin(root.path, path, true, p) && this.sameFolder(root.path, path, p))
      return below(fold(root.path, true), fold(path, true)).split(p.sep).join("/");
    return undefined;
  }

  /** A view of this boundary for one request: see `RequestPaths`. */
  forRequest(): RequestPaths {
    // Once per request, not per path: a command naming 10,000 files would stat every repository's configuration files
    // for each of them.
    this.newPass();
    return new RequestPaths(this);
  }

  resolveInside(path: string): string | undefined {
    const check = this.check(path);
    return check.status === "inside" ? check.path : undefined;
  }

  contains = (path: string): boolean => this.check(path).status === "inside";

  /** What is at `path`, not following a last link; undefined when nothing is (or it cannot be known). */
  kind(path: string): EntryKind | undefined {
    try {
      const stat = (this.options.fs ?? nodePathFs).lstat(path);
      return stat === undefined ? undefined : kindOf(stat);
    } catch {
      return undefined;
    }
  }

  /** A folder's entries, as a shell expanding a glob there reads them; undefined when it cannot be read. */
  list(folder: string): readonly { name: string; kind: EntryKind }[] | undefined {
    const fs = this.options.fs ?? nodePathFs;
    try {
      return fs.readdir?.(folder).map((entry) => ({ name: entry.name, kind: kindOf(entry) }));
    } catch {
      return undefined;
    }
  }

  /** A small file's bytes (a patch or an archive a command reads); undefined when it cannot be read or is larger. */
  readBytes(path: string, maxBytes: number): Uint8Array | undefined {
    try {
      return (this.options.fs ?? nodePathFs).readBytes?.(path, maxBytes);
    } catch {
      return undefined;
    }
  }

  /** A path's stat data as git's index keeps it; undefined when nothing is there or it cannot be read. */
  statData(path: string): StatData | undefined {
    try {
      return (this.options.fs ?? nodePathFs).statData?.(path);
    } catch {
      return undefined;
    }
  }

  /** The files git writes from revisions the repository holding `folder` has, or why they are not known. */
  revisionChanges(...read: Parameters<RevisionReader>): RevisionChanges {
    return this.options.revisionChanges?.(...read) ?? "that Symposium does not read here";
  }

  /** Protected wherever it is; a path that cannot be resolved counts as protected. */
  isProtected = (path: string): boolean => {
    const check = this.check(path);
    return check.status === "unresolved" || check.protected;
  };

  /**
   * Whether `path`'s first folders, as many as `root` has, are the root's folder itself: the same spelling but for
   * case is another folder (or none) on a case-sensitive volume.
   */
  private sameFolder(root: string, path: string, p: typeof posix): boolean {
    const fs = this.options.fs ?? nodePathFs;
    if (fs.identity === undefined) return true;
    // Both are resolved, and a root never ends in a separator.
    const prefix = path.split(p.sep).slice(0, root.split(p.sep).length).join(p.sep);
    try {
      const id = fs.identity(root);
      return id !== undefined && fs.identity(prefix) === id;
    } catch {
      return false;
    }
  }

  private physical(path: string): string | undefined {
    const resolved = resolvePhysical(path, this.options);
    return resolved.ok ? resolved.path : undefined;
  }

  private protectedPath(path: string, folder: boolean): boolean {
    return (
      this.inProtectedFolder(path) ||
      this.isStartupName(path) ||
      this.inHooksFolder(path) ||
      this.holdsHook(path, folder) ||
      this.protectedName(path) ||
      this.inGitFolder(path, folder)
    );
  }

  /** A protected path that is protected for reading too: not below a protected folder, no protected name for it. */
  private readsFreely(path: string, folder: boolean): boolean {
    const names = this.names(path);
    return (
      !this.inProtectedFolder(path) &&
      !this.isStartupName(path) &&
      !this.inGitFolder(path, folder) &&
      names !== NOT_KNOWN &&
      !names.some((name) => isProtectedName(this.segments(name), "reading"))
    );
  }

  /**
   * `path`, and what it is through a root's protected name that leads there (`gitdata/config` is `.git/config`);
   * `NOT_KNOWN` where a root's git folders are not (they may be any folder).
   */
  private names(path: string): string[] | typeof NOT_KNOWN {
    const sep = this.platform === "win32" ? win32.sep : posix.sep;
    const folded = foldAll(path);
    const standIns = this.standIns();
    // Those of the repository nested in a root that holds it, met here, and of every other one met so far: its
    // configuration may include a file (`../../cfg/extra`), or name a program or link a hook, anywhere in the workspace.
    const nested = this.nestedStandIns(this.nestedRepository(path));
    if (standIns === NOT_KNOWN || nested === NOT_KNOWN) return NOT_KNOWN;
    const through = [...standIns, ...nested].flatMap(({ target, name }) =>
      folded === target || folded.startsWith(target + sep) ? [name + folded.slice(target.length)] : [],
    );
    return [path, ...through];
  }

  /**
   * What names the `.git` of `own` and of each nested repository met so far under another name, and their linked
   * hooks' targets; `NOT_KNOWN` where one's git folders are not (its includes may be any file).
   */
  private nestedStandIns(own: string | undefined): { target: string; name: string }[] | typeof NOT_KNOWN {
    const all: { target: string; name: string }[] = [];
    for (const top of new Set([...(own === undefined ? [] : [own]), ...this.nestedTops])) {
      const read = this.gitFoldersOf(top);
      // Not known, or refused: an array otherwise.
      this.noteRead(`folders:${top}`, typeof read === "object");
      if (typeof read !== "object") return NOT_KNOWN;
      all.push(...read, ...this.hookLinks(top));
    }
    return all;
  }

  /**
   * Where a root's protected names lead under other names, read once (as the hooks folder): git's folders when `.git`
   * is a link or a file naming one, and a link such as `.vscode` to `config/editor` (or `.github` to `ci/github`),
   * whose tasks VS Code runs all the same.
   */
  private standIns(): { target: string; name: string }[] | typeof NOT_KNOWN {
    const p = this.platform === "win32" ? win32 : posix;
    const links = (this.linksRead ??= this.roots.flatMap((root) =>
      // Hidden ones too: `.github` holds protected folders (`workflows`) without being one.
      (this.list(root.path) ?? [])
        .filter(
          (entry) => entry.kind === "link" && (entry.name.startsWith(".") || isProtectedName([entry.name])),
        )
        .flatMap((entry) => this.standIn(p.join(root.path, entry.name), p.join(root.path, entry.name))),
    ));
    const all = [...links];
    for (const root of this.roots) {
      const read = this.gitFoldersOf(root.path);
      // Not known, or refused: an array otherwise.
      this.noteRead(`folders:${root.path}`, typeof read === "object");
      if (typeof read !== "object") return NOT_KNOWN;
      all.push(...read, ...this.hookLinks(root.path));
    }
    return all;
  }

  /**
   * What names `top`'s `.git` under another name (`gitFolders`: git's folders, the files its configuration includes),
   * read once per boundary; `refused` where the allowance is spent (asked again later).
   */
  private gitFoldersOf(top: string): { target: string; name: string }[] | typeof NOT_KNOWN | "refused" {
    const gitFolders = this.options.gitFolders;
    if (gitFolders === undefined) return [];
    let read = this.gitFoldersRead.get(top);
    if (read === undefined) {
      const asked = this.plain(top) ?? this.askGit((timeout) => gitFolders(top, timeout));
      if (asked === "refused") return asked;
      const p = this.platform === "win32" ? win32 : posix;
      const name = p.join(top, ".git");
      read =
        asked === NOT_KNOWN
          ? NOT_KNOWN
          : [
              ...asked.folders.flatMap((at) => this.standIn(at, name)),
              // Named as a hook: protected for what git runs, read freely.
              ...asked.programs.flatMap((at) => this.standIn(at, "fsmonitor-watchman")),
            ];
      this.gitFoldersRead.set(top, read);
      if (asked !== NOT_KNOWN && asked.unchanged) this.configsRead.set(top, asked.unchanged);
      // Its submodules whose configuration names what git runs: met, as by a path in them.
      for (const sub of asked === NOT_KNOWN ? [] : (asked.nested ?? []))
        this.nestedRepository(p.join(sub, ".git"));
    }
    return read;
  }

  /**
   * A new request (or a check on its own): git's answers are dropped where a configuration file they were read from
   * changed since, and the folders found to be no git folder and to hold no hook are looked at again.
   */
  private newPass(): void {
    this.notGitFolderAt = new Set();
    this.noHookAt = new Set();
    this.dropChangedGit();
  }

  /** Forgets git's answers where a configuration file they were read from changed since. */
  private dropChangedGit(): void {
    // Each file looked at once in the pass: the person's configuration is read beside every root and repository.
    const looks: FileLooks = { own: new Map(), followed: new Map(), at: Date.now() };
    for (const unchanged of this.configsRead.values())
      if (!unchanged(looks)) {
        for (const read of [
          this.hooksRead,
          this.gitFoldersRead,
          this.hookLinksRead,
          this.configsRead,
          this.plainRead,
        ])
          read.clear();
        this.filesTell = undefined;
        return;
      }
  }

  /** Where `at` leads, standing in for `name` (both case-folded); none where it cannot be resolved. */
  private standIn(at: string, name: string): { target: string; name: string }[] {
    const target = this.physical(at);
    return target === undefined ? [] : [{ target: foldAll(target), name: foldAll(name) }];
  }

  /** Whether a protected name is `path`'s, or its name through a stand-in; yes where those are not known. */
  private protectedName(path: string): boolean {
    const names = this.names(path);
    return names === NOT_KNOWN || names.some((name) => isProtectedName(this.segments(name)));
  }

  /**
   * Whether `path` is in a hooks folder: a root's repository's (anywhere: `core.hooksPath` may name any folder), or
   * that of a repository nested in a root that holds it (`vendor/lib/tools/hooks`, run on a commit there). Yes where
   * the folder is not known: it may be any.
   */
  private inHooksFolder(path: string): boolean {
    const inIt = (hooks: string | null | undefined) =>
      hooks === undefined || (hooks !== null && within([hooks], path, this.platform));
    for (const root of this.roots) {
      const hooks = this.hooksOf(root.path);
      this.noteRead(`hooks:${root.path}`, hooks !== undefined);
      if (inIt(hooks)) return true;
    }
    const nested = this.nestedRepository(path);
    if (nested !== undefined && inIt(this.hooksOf(nested))) return true;
    // Those the other nested repositories met so far name (`core.hooksPath = ../../tools/hooks`), where known.
    for (const other of this.nestedTops) {
      const hooks = other === nested ? null : this.hooksOf(other);
      if (typeof hooks === "string" && within([hooks], path, this.platform)) return true;
    }
    return false;
  }

  private noteRead(key: string, answered: boolean): void {
    if (answered) this.unreadRoots.delete(key);
    else this.unreadRoots.add(key);
  }

  /** Where the hooks of the repository holding `folder` that are links lead; none where its hooks are not known. */
  private hookLinks(folder: string): { target: string; name: string }[] {
    this.hooksOf(folder);
    return this.hookLinksRead.get(folder) ?? [];
  }

  /** The hooks folder of the repository holding `folder` (case-folded), `null` for none, undefined where not known. */
  private hooksOf(folder: string): string | null | undefined {
    const hooksFolder = this.options.hooksFolder;
    if (hooksFolder === undefined) return null;
    let read = this.hooksRead.get(folder);
    if (read === undefined) {
      // Its configuration files' state taken first (`configsRead`): a change while git reads them is one from it.
      this.gitFoldersOf(folder);
      const plain = this.plain(folder);
      const asked =
        plain === undefined ? this.askGit((timeout) => hooksFolder(folder, timeout)) : plain.hooks;
      if (asked === "refused") return undefined;
      const hooks = asked === NOT_KNOWN || asked === undefined ? undefined : (this.physical(asked) ?? asked);
      read = asked === NOT_KNOWN ? NOT_KNOWN : hooks === undefined ? null : foldAll(hooks);
      this.hooksRead.set(folder, read);
      // A hook that is a link (`.git/hooks/pre-commit -> ../../scripts/pre-commit.sh`, a common install): git runs
      // what it leads to, which stands in for a file named as the hook (written with a card, read freely).
      const p = this.platform === "win32" ? win32 : posix;
      if (hooks !== undefined)
        this.hookLinksRead.set(
          folder,
          (this.list(hooks) ?? []).flatMap(({ name, kind }) => {
            const target =
              kind === "link" && isGitHook(name) ? this.physical(p.join(hooks, name)) : undefined;
            return target === undefined ? [] : this.standIn(target, p.join(p.dirname(target), name));
          }),
        );
    }
    return read === NOT_KNOWN ? undefined : read;
  }

  /**
   * The repository at `folder` read from its files alone (`plainRepository`), once per boundary; undefined where git
   * must be asked, or may include or move anything for every repository (`sharedConfig`, asked once: not known or
   * refused, it is asked again at the next read).
   */
  private plain(folder: string): (GitFoldersRead & { hooks: string }) | undefined {
    const { plainRepository, sharedConfig } = this.options;
    if (plainRepository === undefined || sharedConfig === undefined) return undefined;
    if (this.filesTell === undefined) {
      const asked = this.askGit((timeout) => sharedConfig(timeout));
      if (asked === "refused") return undefined;
      // Not known: git is asked for each repository, as it is for one whose files cannot tell.
      this.filesTell = Array.isArray(asked) ? asked : null;
    }
    if (!this.filesTell) return undefined;
    let read = this.plainRead.get(folder);
    if (read === undefined)
      this.plainRead.set(folder, (read = plainRepository(folder, this.filesTell) ?? null));
    return read ?? undefined;
  }

  /**
   * git's answer through `read`, within the allowance: `refused` where it is spent (asked again later), `NOT_KNOWN`
   * where git was cut off or failed (kept: asked again, it would wait again).
   */
  private askGit<T>(read: (timeout?: number) => T): T | typeof NOT_KNOWN | "refused" {
    const run = (timeout?: number): T | typeof NOT_KNOWN => {
      try {
        return read(timeout);
      } catch {
        return NOT_KNOWN;
      }
    };
    const allowance = this.options.gitAllowance;
    return allowance ? allowance.read(1, run) : run();
  }

  /**
   * The top of the innermost repository below a root that holds `path` (a folder between them with a `.git`), whose
   * hooks git runs on a commit there; undefined where there is none. Kept per folder for the boundary's life: a new
   * `.git/config` builds a new one.
   */
  private nestedRepository(path: string): string | undefined {
    const p = this.platform === "win32" ? win32 : posix;
    const root = this.roots.find((root) => isWithin(root.path, path, root.caseInsensitive, p));
    if (root === undefined) return undefined;
    const fs = this.options.fs ?? nodePathFs;
    const rootFolded = fold(root.path, root.caseInsensitive);
    const walked: string[] = [];
    let top: string | null = null;
    for (let folder = path; ;) {
      const parent = p.dirname(folder);
      if (parent === folder || fold(parent, root.caseInsensitive) === rootFolded) break;
      folder = parent;
      const known = this.repositoryTops.get(folder);
      if (known !== undefined) {
        top = known;
        break;
      }
      walked.push(folder);
      try {
        if (fs.lstat(p.join(folder, ".git")) !== undefined) {
          top = folder;
          break;
        }
      } catch {
        // Nothing there (ENOENT, ENOTDIR), or not readable: git would not find a repository there either.
      }
    }
    if (this.repositoryTops.size > 4_096) this.repositoryTops.clear();
    for (const folder of walked) this.repositoryTops.set(folder, top);
    if (top !== null && this.nestedTops.size < MAX_NESTED_REPOSITORIES && !this.nestedTops.has(top)) {
      this.nestedTops.add(top);
      this.met++;
    }
    return top ?? undefined;
  }

  /**
   * Whether `path`, or a folder above it in a root (the root too), is a git folder under another name than `.git`:
   * a nested repository's `git init --separate-git-dir=store/lib.git`, a bare repository. git reads its `config`
   * (core.fsmonitor, core.hooksPath) and runs its `hooks` for the repository whose `.git` file names it, which may be
   * anywhere. Told as git tells one: a `HEAD`, and `objects` and `refs` or a `commondir`. A folder found one is kept
   * for the boundary's life, one found none for the pass (`gitFolderAt`). `isFolder`: whether `path` is one, as its
   * resolution saw (not looked at again).
   */
  private inGitFolder(path: string, isFolder: boolean): boolean {
    const fs = this.options.fs ?? nodePathFs;
    const there = (name: string, folder?: "folder") => {
      try {
        const stat = fs.lstat(name);
        return stat !== undefined && (folder === undefined || stat.isDirectory() || stat.isSymbolicLink());
      } catch {
        return false;
      }
    };
    const p = this.platform === "win32" ? win32 : posix;
    return this.someFolderUp(
      path,
      isFolder,
      { holds: this.gitFolderAt, holdsNot: this.notGitFolderAt },
      true,
      (folder) =>
        there(p.join(folder, "HEAD")) &&
        (there(p.join(folder, "commondir")) ||
          (there(p.join(folder, "objects"), "folder") && there(p.join(folder, "refs"), "folder"))),
    );
  }

  /**
   * Whether `path`, or a folder above it below its root, holds a file named as a git hook: a hooks folder, whichever
   * repository's `core.hooksPath` names it (a nested one's `../../tools/hooks`, which no path in tools/ reveals), whose
   * other files its hooks may run (`. "$(dirname "$0")/common.sh"`). A folder named as one (an npm package) is none.
   */
  private holdsHook(path: string, isFolder: boolean): boolean {
    const p = this.platform === "win32" ? win32 : posix;
    return this.someFolderUp(
      path,
      isFolder,
      { holds: this.hookAt, holdsNot: this.noHookAt },
      false,
      (folder) =>
        (this.list(folder) ?? []).some(
          ({ name }) => isGitHook(name) && this.kind(this.physical(p.join(folder, name)) ?? "") !== "folder",
        ),
    );
  }

  /**
   * Whether `test` holds for `path` (`isFolder`: whether it is one, as its resolution saw) or a folder above it in a
   * root, the root only where `withRoot`; each folder's answer kept in `known`.
   */
  private someFolderUp(
    path: string,
    isFolder: boolean,
    known: { holds: Set<string>; holdsNot: Set<string> },
    withRoot: boolean,
    test: (folder: string) => boolean,
  ): boolean {
    const p = this.platform === "win32" ? win32 : posix;
    const root = this.roots.find((root) => isWithin(root.path, path, root.caseInsensitive, p));
    if (root === undefined) return false;
    const rootFolded = fold(root.path, root.caseInsensitive);
    for (let folder = isFolder ? path : p.dirname(path); ;) {
      const atRoot = fold(folder, root.caseInsensitive) === rootFolded;
      if (atRoot && !withRoot) return false;
      if (known.holds.has(folder)) return true;
      if (!known.holdsNot.has(folder)) {
        const holds = test(folder);
        const kept = holds ? known.holds : known.holdsNot;
        if (kept.size > 4_096) kept.clear();
        kept.add(folder);
        if (holds) return true;
      }
      const parent = p.dirname(folder);
      if (parent === folder || atRoot) return false;
      folder = parent;
    }
  }

  /** Whether `path` ends in a relative startup file's name (`startupNames`). */
  private isStartupName(path: string): boolean {
    if (this.startupNames.length === 0) return false;
    const segments = this.segments(foldAll(path));
    return this.startupNames.some(
      (name) =>
        name.length <= segments.length &&
        name.every((n, i) => n === segments[segments.length - name.length + i]),
    );
  }

  private inProtectedFolder(path: string): boolean {
    return (
      within(this.protectedFolders, path, this.platform) || within(this.homeLinks(), path, this.platform)
    );
  }

  /**
   * Where the home folder's protected files and folders (and the links one level in those folders) lead when they
   * are links: a dotfiles workspace's `bashrc` behind `~/.bashrc` runs in every shell. Read once, case-folded.
   */
  private homeLinks(): string[] {
    if (this.homeLinksRead) return this.homeLinksRead;
    const p = this.platform === "win32" ? win32 : posix;
    const folders = homeProtectedFolders(this.home, p);
    return (this.homeLinksRead = [
      ...[...PROTECTED_FILES, ".config/git/config"].map((name) => p.join(this.home, name)),
      ...folders,
      ...folders.flatMap((folder) =>
        (this.list(folder) ?? [])
          .filter(({ kind }) => kind === "link")
          .slice(0, 100)
          .map(({ name }) => p.join(folder, name)),
      ),
    ].flatMap((at) => (this.kind(at) === "link" ? this.standIn(at, "").map(({ target }) => target) : [])));
  }

  private segments(path: string): string[] {
    const p = this.platform === "win32" ? win32 : posix;
    return path.slice(p.parse(path).root.length).split(/[\\/]/);
  }
}

/**
 * One request's view of the boundary: each distinct path is resolved once, and every check made while the request is
 * decided (the card's place of its cwd, the guards, the rules, the proposed rule) reads that one resolution, so they
 * cannot disagree about a link changed between them (but where one of them meets a nested repository: what its
 * configuration names may be any of them, so they are made anew, and the decision with them, `rules.decide`). It
 * lives as long as deciding the request: anything checked later (a grant when a person answers, the next request,
 * `fs/*`) resolves anew through the boundary and sees the change.
 */
export class RequestPaths {
  private readonly checked = new Map<string, PathCheck>();
  /** The boundary's `repositoriesMet` when `checked` was begun: a repository met since makes them stale. */
  private checkedAt: number;
  /** What git said, by folder and revisions: a decision made again, and the rule proposed for the card, ask again. */
  private readonly revisions = new Map<string, RevisionChanges>();

  constructor(readonly boundary: PolicyBoundary) {
    this.checkedAt = boundary.repositoriesMet;
  }

  /** The boundary's: a decision that saw it grow is made again, on checks made anew (`check`). */
  get repositoriesMet(): number {
    return this.boundary.repositoriesMet;
  }

  check(path: string): PathCheck {
    // A repository met since (by a later path of this request) protects what it names from them too: checked anew.
    if (this.boundary.repositoriesMet !== this.checkedAt) {
      this.checked.clear();
      this.checkedAt = this.boundary.repositoriesMet;
    }
    let check = this.checked.get(path);
    if (check === undefined) this.checked.set(path, (check = this.boundary.check(path, true)));
    return check;
  }

  kind(path: string): EntryKind | undefined {
    return this.boundary.kind(path);
  }

  gitUnread(): string | undefined {
    return this.boundary.gitUnread();
  }

  list(folder: string): readonly { name: string; kind: EntryKind }[] | undefined {
    return this.boundary.list(folder);
  }

  readBytes(path: string, maxBytes: number): Uint8Array | undefined {
    return this.boundary.readBytes(path, maxBytes);
  }

  statData(path: string): StatData | undefined {
    return this.boundary.statData(path);
  }

  revisionChanges(...read: Parameters<RevisionReader>): RevisionChanges {
    const [folder, writes, maxNames] = read;
    const key = JSON.stringify([folder, writes, maxNames]);
    let changes = this.revisions.get(key);
    if (changes === undefined) this.revisions.set(key, (changes = this.boundary.revisionChanges(...read)));
    return changes;
  }
}

/**
 * The files a shell runs before its commands as `env` names them: `BASH_ENV`, which every non-interactive bash runs
 * (`bash -c`, a `#!/bin/bash` hook or task), and `ENV`, which an interactive sh and bash in posix mode run. bash 5.2
 * and dash expand the value first: `~` and `$HOME` are placed with `env`'s HOME (else `home`); a relative one
 * (`$PWD/x` too) is read in whatever folder the shell starts in (`names`: protected in every folder); one computed
 * otherwise (`$(…)`, `${X:-y}`, quotes) cannot be placed (`unknown`: the variable's name).
 */
export function shellStartupFiles(
  env: Readonly<Record<string, string | undefined>>,
  home: string,
): { paths: string[]; names: string[]; unknown?: string } {
  const found: { paths: string[]; names: string[]; unknown?: string } = { paths: [], names: [] };
  const own = env.HOME || home;
  for (const variable of ["BASH_ENV", "ENV"]) {
    const value = env[variable];
    if (!value) continue;
    const expanded = value
      .replace(/^~(?=\/|$)/, own)
      .replace(/\$(?:HOME\b|\{HOME\})/g, own)
      .replace(/^\$(?:PWD\b|\{PWD\})\/*/, "");
    if (/[$`'"\\~]/.test(expanded) || expanded === "") {
      found.unknown ??= variable;
      continue;
    }
    if (posix.isAbsolute(expanded)) found.paths.push(expanded);
    else {
      // `../x` is `x` in the folder above wherever the shell starts: a file of that name anywhere.
      const name = posix.normalize(expanded).replace(/^(?:\.\.\/)+/, "");
      if (name === "." || name === "..") found.unknown ??= variable;
      else found.names.push(name);
    }
  }
  return found;
}

// Besides settings and credentials, what runs commands on the next commit or container start (hook folders, the hook
// managers' configurations), other agents' and editors' project settings, whose hooks, MCP servers and tasks run
// commands when the person next uses them, and CI pipelines, which run with the project's secrets once pushed.
const PROTECTED_FOLDERS = new Set([
  ...[".git", ".vscode", ".devcontainer", ".husky", ".githooks", ".idea", ".zed"],
  // Mercurial's and Subversion's repository folders: `.hg/hgrc`'s `[hooks]` run on the next `hg` command.
  ...[".hg", ".svn"],
  ...[".claude", ".gemini", ".qwen", ".codex", ".cursor", ".continue"],
  // More agents' and editors' project folders whose MCP servers, hooks, plugins or run configurations run commands.
  ...[".kiro", ".roo", ".amazonq", ".windsurf", ".opencode", ".junie", ".clinerules", ".fleet", ".copilot"],
  // mise's configuration folders (`.mise/config.toml`, `mise/config.toml` in `.config`): see `HOOK_CONFIG`.
  ".mise",
  // Other CI systems' pipelines, which run with the project's secrets when pushed.
  ...[".circleci", ".buildkite", ".woodpecker"],
]);
/** Forges whose `workflows` (and GitHub's local `actions`, which workflows run) run in CI with its secrets. */
const FORGE_FOLDERS = new Set([".github", ".gitea", ".forgejo"]);
const CI_SUBFOLDERS = new Set(["workflows", "actions"]);
/** GitHub Copilot's project hooks and custom agents (`.github/hooks/**`, `.github/agents/**`), which run commands. */
const COPILOT_SUBFOLDERS = new Set(["hooks", "agents"]);
/**
 * The hooks git runs by name (githooks(5)), wherever their folder is: a repository nested in the workspace may name a
 * hooks folder outside itself (`core.hooksPath = ../../tools/hooks`), which no path's own repository reveals. Windows's
 * git also runs `pre-commit.exe`.
 */
const GIT_HOOK =
  /^(?:(?:pre-|post-)?applypatch(?:-msg)?|pre-commit|pre-merge-commit|prepare-commit-msg|commit-msg|post-commit|pre-rebase|post-(?:checkout|merge|rewrite|index-change)|pre-push|pre-receive|update|proc-receive|post-receive|post-update|reference-transaction|push-to-checkout|pre-auto-gc|sendemail-validate|fsmonitor-watchman|p4-(?:changelist|prepare-changelist|post-changelist|pre-submit))(?:\.exe)?$/;
/** Whether `name` is a git hook's (`GIT_HOOK`), as a file system may spell it. */
export function isGitHook(name: string): boolean {
  return GIT_HOOK.test(foldAll(name).replace(/[. ]+$/, ""));
}
// mise's configuration (`mise.toml`, `.mise.local.toml`, `mise.dev.toml`, `.config/mise.toml`): once a person has
// trusted a folder's file, a shell with mise active runs its `[hooks]` and `[env] _.source` scripts on entering the
// folder, and changed content stays trusted (trust is by path).
const HOOK_CONFIG =
  /^(?:\.pre-commit-config\.ya?ml|\.?lefthook(?:-local)?\.(?:ya?ml|json|jsonc|toml)|\.?mise(?:\.[^./\\]+)?(?:\.local)?\.toml)$/;
/**
 * Protected for what they run (CI pipelines, submodules, what package managers and build wrappers load), read by
 * agents fixing a build, and holding no secret by convention: reading them asks for nothing (`readable`).
 */
const READ_FREELY_FILES = new Set([
  ".gitmodules",
  ".gitlab-ci.yml",
  ".travis.yml",
  "azure-pipelines.yml",
  "bitbucket-pipelines.yml",
  ".drone.yml",
  ".woodpecker.yml",
  "jenkinsfile",
  // pnpm runs `.pnpmfile.cjs` on install, `./gradlew` and `./mvnw` download and run the distribution their
  // properties name.
  ".pnpmfile.cjs",
  ".pnpmfile.js",
  ".pnpmfile.mjs",
  "gradle-wrapper.properties",
  "maven-wrapper.properties",
]);
/** Hook managers' and CI systems' folders, read as those files are. */
const READ_FREELY_FOLDERS = new Set([
  ".husky",
  ".githooks",
  ".circleci",
  ".buildkite",
  ".woodpecker",
  ".mise",
]);
const PROTECTED_FILES = new Set([
  ...READ_FREELY_FILES,
  ".gitconfig",
  ".git-credentials",
  ".npmrc",
  ".yarnrc",
  ".yarnrc.yml",
  ".pypirc",
  ".netrc",
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".bash_logout",
  ".profile",
  ".zshrc",
  ".zshenv",
  ".zprofile",
  ".zlogin",
  ".zlogout",
  ".cshrc",
  ".tcshrc",
  ".kshrc",
  ".inputrc",
  "config.fish",
  ".devcontainer.json",
  ".mcp.json",
  // Agents' project configurations at the root, whose MCP servers and lint or test commands run.
  "opencode.json",
  "opencode.jsonc",
  "crush.json",
  ".crush.json",
  ".aider.conf.yml",
  // pip installs from the index a virtual environment's `pip.conf` names (which may hold its credentials).
  "pip.conf",
]);

function kindOf(entry: { isSymbolicLink(): boolean; isDirectory(): boolean }): EntryKind {
  return entry.isSymbolicLink() ? "link" : entry.isDirectory() ? "folder" : "other";
}

/**
 * Protected names anywhere in a path, case-folded and without trailing dots or spaces whatever the platform (a
 * stricter check is harmless; a looser one is not): `.git/**`, `.vscode/**`, `.devcontainer/**`, `.husky/**`,
 * `.githooks/**`, `.github/workflows/**` and other CI pipelines, `.claude/**`, `.github/hooks/**` and other agents'
 * settings, `.env*` but a template of one (`.env.example`), shell rc files, `*.code-workspace`, `.gitmodules`,
 * `.npmrc`, `.pnpmfile.cjs`, `.cargo/config.toml`, `gradle-wrapper.properties`, `.mcp.json`,
 * `.pre-commit-config.yaml`, `lefthook.yml` and the like, and a file named as a git hook (`pre-commit`, `pre-push`).
 */
export function isProtectedName(segments: readonly string[], reading?: "reading"): boolean {
  const names = segments.filter((s) => s !== "").map((s) => foldAll(s).replace(/[. ]+$/, ""));
  const file = names.at(-1) ?? "";
  // For reading, what is protected for what it runs (a CI pipeline, a hook) and holds no secret is not.
  const runsOnly = reading !== undefined;
  if (
    (file.startsWith(".env") && !ENV_TEMPLATE.test(file)) ||
    (PROTECTED_FILES.has(file) && !(runsOnly && READ_FREELY_FILES.has(file))) ||
    (!runsOnly && (HOOK_CONFIG.test(file) || GIT_HOOK.test(file))) ||
    file.endsWith(".code-workspace")
  )
    return true;
  // A virtual environment's activation script, which the editor's Python support sources in each new terminal, and
  // what Python runs at every start from `site-packages` (`.pth` lines that begin with `import`, `sitecustomize.py`).
  const folder = names.at(-2) ?? "";
  if (
    !runsOnly &&
    (isVenvActivation(names.join("/")) ||
      (folder === "site-packages" && (file.endsWith(".pth") || SITE_STARTUP.has(file))))
  )
    return true;
  return names.some(
    (name, i) =>
      (PROTECTED_FOLDERS.has(name) && !(runsOnly && READ_FREELY_FOLDERS.has(name))) ||
      (!runsOnly && FORGE_FOLDERS.has(name) && CI_SUBFOLDERS.has(names[i + 1] ?? "")) ||
      (name === ".github" && COPILOT_SUBFOLDERS.has(names[i + 1] ?? "")) ||
      (!runsOnly && name === "mise" && ["config.toml", "conf.d"].includes(names[i + 1] ?? "")) ||
      // Cargo's configuration sets the programs cargo runs (`build.rustc-wrapper`, a target's `runner`).
      (name === ".cargo" && i === names.length - 2 && ["config", "config.toml"].includes(file)),
  );
}

/** Whether a path is a virtual environment's activation script (`.venv/bin/activate`), which `source` is for. */
export function isVenvActivation(path: string): boolean {
  const names = path.split(/[\\/]/).map((name) => foldAll(name));
  return VENV_SCRIPT_FOLDERS.has(names.at(-2) ?? "") && VENV_ACTIVATE.test(names.at(-1) ?? "");
}

const VENV_SCRIPT_FOLDERS = new Set(["bin", "scripts"]);
const VENV_ACTIVATE = /^activate(?:\.(?:fish|csh|nu|ps1|bat|xsh))?$|^activate_this\.py$/;
const SITE_STARTUP = new Set(["sitecustomize.py", "usercustomize.py"]);

/** Protected files that hold credentials: a `.env` (not a template of one), `.envrc`, the package managers' tokens. */
const CREDENTIAL_FILES = new Set([
  ".git-credentials",
  ".netrc",
  ".npmrc",
  ".pypirc",
  ".yarnrc",
  ".yarnrc.yml",
]);
const ENV_TEMPLATE = /^\.env(?:\.[^.]*)*\.(?:example|sample|template|dist)(?:\.[^.]*)*$/;

/**
 * Whether a file of this name holds credentials, for a command that reads every file of a folder (`grep -r KEY .`):
 * reading `.git/config` or `.vscode/settings.json` there is what such a command is for, but a `.env` printed is a
 * secret in the agent's hands.
 */
export function holdsCredentials(name: string): boolean {
  const file = foldAll(name).replace(/[. ]+$/, "");
  return (file.startsWith(".env") && !ENV_TEMPLATE.test(file)) || CREDENTIAL_FILES.has(file);
}

/**
 * Credentials, agent settings and editor settings under the home folder, and the folders of programs every later
 * shell or the desktop runs by name: a `git` put in `~/.local/bin` runs in place of git (a `PATH` folder is as good as
 * a startup file), a launcher in `~/.local/share/applications` or `~/Library/LaunchAgents` runs at a click or login.
 */
function homeProtectedFolders(home: string, p: typeof posix): string[] {
  return [
    ...[
      ".local/bin",
      "bin",
      ".cargo/bin",
      "go/bin",
      ".bun/bin",
      ".deno/bin",
      ".npm-global/bin",
      ".volta/bin",
    ],
    ...[".local/share/applications", "Library/LaunchAgents"],
    ".ssh",
    ".aws",
    ".azure",
    ".gnupg",
    ".kube",
    ".docker",
    ".config",
    ".local/share/code-server",
    ".vscode-server",
    ".claude",
    ".codex",
    ".gemini",
    ".qwen",
    ".copilot",
    "Library/Application Support",
    "AppData/Roaming",
  ].map((relative) => p.join(home, ...relative.split("/")));
}

/**
 * Characters a file system may leave out of a name: HFS+ (macOS's case-insensitive volumes before APFS) opens
 * `.g\u200cit` as `.git`, and older Linux kernels' casefold folders ignored them too.
 */
const IGNORED = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * Case folded as a case-insensitive file system may fold it, and then some: `ſ` is `s` and the Kelvin sign `k` (APFS
 * and NTFS open `.vſcode` as `.vscode`), and without what such a file system may ignore (`IGNORED`). Only for
 * protected names and deny and ask rules, where a stricter match is harmless. Lower case first, as full case folding
 * does: `ẞ` is then `ss`, as `ß` is (ext4's casefold folders open `STRAẞE` as `strasse`).
 */
export function foldAll(name: string): string {
  return name.normalize("NFC").replace(IGNORED, "").toLowerCase().toUpperCase().toLowerCase();
}

function fold(path: string, caseInsensitive: boolean): string {
  return caseInsensitive ? path.normalize("NFC").toLowerCase() : path;
}

/** Whether `path` is one of `folders` (case-folded) or below one. */
function within(folders: readonly string[], path: string, platform: PathPlatform): boolean {
  const sep = platform === "win32" ? win32.sep : posix.sep;
  const folded = foldAll(path);
  return folders.some((folder) => folded === folder || folded.startsWith(folder + sep));
}

/** What follows `root` in `path`, which is `root` or below it (`isWithin`), without the separator between. */
function below(root: string, path: string): string {
  return path.length === root.length ? "" : path.slice(root.length + (/[\\/]$/.test(root) ? 0 : 1));
}

/** Whether `path` is `root` or below it; both are resolved paths (no `.`, `..` or doubled separators). */
function isWithin(root: string, path: string, caseInsensitive: boolean, p: typeof posix): boolean {
  const r = fold(root, caseInsensitive);
  const q = fold(path, caseInsensitive);
  return q === r || q.startsWith(r.endsWith(p.sep) ? r : r + p.sep);
}
