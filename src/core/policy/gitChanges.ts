/**
 * The files git writes when it switches to, merges, picks or applies a revision the repository already has
 * (`git checkout feature`, `git merge feature`, `git stash pop`): a branch a repository ships may add
 * `.vscode/tasks.json` or change a file a rule denies, which the command line does not name. Read with git itself,
 * tree against tree (no working file is read, so no filter, fsmonitor or diff driver of the repository runs), each
 * revision the agent wrote resolved to an object name first and never read as an option.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readGit } from "./gitRead";

/** A revision a command writes the working tree from, and what of it lands there. */
export interface RevisionWrite {
  /** As the command names it (agent text). */
  revision: string;
  /**
   * `head`: the files it differs in from HEAD (a switch, a reset, a rebase onto it); `base`: what it changed since
   * it and HEAD parted (a merge); `commit`: what the commit itself changed (cherry-pick, revert); `stash`: what a
   * stash holds, its untracked files included; `tree`: as `head`, for a tree (read-tree); `all`: every file it
   * holds (a new worktree); `index`: every file git's index lists (checkout-index; no revision); `submodules`: the
   * folders of the submodules it lists (submodule update; no revision); `changed`: the files the index changes from
   * it (a stash push, whose callers add the working files that changed from the index); `remote`: none, where
   * `revision` names one of the repository's remotes, whose content is the person's (a pull from it).
   */
  against:
    "head" | "base" | "commit" | "stash" | "tree" | "all" | "index" | "submodules" | "changed" | "remote";
  /** A branch name git may make from the one remote-tracking branch of that name (`git switch feature`). */
  guess?: true;
  /** Read only when it resolves (`git worktree add ../topic` checks out `topic` when there is one). */
  optional?: true;
  /**
   * `@{upstream}` of the branch checked out and of each of `heads` (a pull), read where it is one of this
   * repository's own branches (`git branch -u feature`); a remote's holds what the remote sends; an address's (the
   * branch's remote no remote of the repository) is not known.
   */
  upstream?: true;
  /** What HEAD may be besides what it is now, for `head` and `base`: a switch earlier in the request may move it. */
  heads?: readonly string[];
}

/**
 * The names (from the repository's top, `/`-separated) the revisions write and that top folder, `unborn` where HEAD
 * has no commit yet (a stash push fails there); or why they are not known.
 */
export type RevisionChanges = { top: string; names: string[]; unborn?: true } | string;

/** At most this many revisions are read for one command. */
export const MAX_REVISIONS_READ = 8;

/**
 * What one request's reads of git have spent (`revisionChanges`), shared by its commands and opened at the first:
 * the policy waits for git on the extension host, and a hundred switches in one line read each from every other's
 * branch (ten thousand git processes, 45 s). `stopped` once a read was refused or cut off.
 */
export interface GitReads {
  left?: number;
  /** The ms of git left: spent by git's own time, so that reads made apart (a terminal's recheck each) add up. */
  ms?: number;
  stopped?: true;
}
/** `revisionChanges`, as the policy's boundary is given it and passes it on. */
export type RevisionReader = (
  folder: string,
  writes: readonly RevisionWrite[],
  maxNames: number,
  reads?: GitReads,
) => RevisionChanges;

/** At most this many git processes, within this many ms in all, for one request. */
export const MAX_GIT_CALLS = 64;
export const MAX_GIT_MS = 2_000;

/**
 * What one agent's requests may spend of git together: a flood of requests that each spent their whole budget held the
 * extension host 2 s apiece, nothing read kept from one to the next. Four requests' budgets, refilled by one each 30 s;
 * a request gets what is left, up to its own, and past it its reads ask.
 */
export class GitAllowance {
  private calls = 4 * MAX_GIT_CALLS;
  private ms = 4 * MAX_GIT_MS;
  private at: number;

  constructor(private readonly now: () => number = Date.now) {
    this.at = now();
  }

  /**
   * One read of `calls` git processes, given what is left of a request's ms as its timeout and charged the ms it took;
   * `refused` where less than that is left: a read given under 500 ms could fail a sound but slow configuration.
   */
  read<T>(calls: number, read: (timeout: number) => T): T | "refused" {
    return this.spend((reads) => {
      if (reads.ms! < 500 || reads.left! < calls) return "refused";
      const started = this.now();
      try {
        return read(reads.ms!);
      } finally {
        reads.ms! -= this.now() - started;
        reads.left! -= calls;
      }
    });
  }

  /** `decide` given a request's budget, out of what is left; what it spends is kept. */
  spend<T>(decide: (reads: GitReads) => T): T {
    const now = this.now();
    const refills = Math.max(0, now - this.at) / 30_000;
    this.at = now;
    this.calls = Math.min(4 * MAX_GIT_CALLS, this.calls + refills * MAX_GIT_CALLS);
    this.ms = Math.min(4 * MAX_GIT_MS, this.ms + refills * MAX_GIT_MS);
    const given = {
      left: Math.min(MAX_GIT_CALLS, Math.floor(this.calls)),
      ms: Math.min(MAX_GIT_MS, this.ms),
    };
    const reads: GitReads = { ...given };
    try {
      return decide(reads);
    } finally {
      this.calls -= given.left - (reads.left ?? given.left);
      this.ms -= given.ms - (reads.ms ?? given.ms);
    }
  }
}

/**
 * What the revisions write (`RevisionChanges`); not known where git fails or is missing, a revision does not
 * resolve, or past `maxNames` names.
 */
export function revisionChanges(
  folder: string,
  writes: readonly RevisionWrite[],
  maxNames: number,
  reads: GitReads = {},
): RevisionChanges {
  if (writes.length > MAX_REVISIONS_READ) return `naming more than ${MAX_REVISIONS_READ} revisions`;
  reads.left ??= MAX_GIT_CALLS;
  reads.ms ??= MAX_GIT_MS;
  const changes = listChanges(folder, writes, maxNames, reads);
  // A read refused or cut off may have read as "none" (no upstream, no merge base): nothing listed counts.
  return reads.stopped ? "that git could not list within what one request may read" : changes;
}

function listChanges(
  folder: string,
  writes: readonly RevisionWrite[],
  maxNames: number,
  reads: GitReads,
): RevisionChanges {
  // No optional lock taken, no fsmonitor hook run: these read objects and refs only.
  const git = (...args: string[]) => {
    const ms = reads.ms!;
    if (reads.stopped || reads.left! <= 0 || ms <= 0) {
      reads.stopped = true;
      throw new Error("past what one request may read");
    }
    reads.left!--;
    const started = Date.now();
    try {
      return readGit(
        folder,
        ["--no-optional-locks", "-c", "core.fsmonitor=false", ...args],
        Math.min(ms, 3_000),
      );
    } catch (error) {
      if ((error as { signal?: string | null }).signal != null) reads.stopped = true;
      throw error;
    } finally {
      reads.ms! -= Date.now() - started;
    }
  };
  const lines = (text: string) => text.split("\0").filter((name) => name !== "");
  const objectName = (revision: string, peel: "commit" | "tree"): string | undefined => {
    // A revision is never an option here (`--output=x`), and never holds what argv cannot.
    if (revision === "" || revision.includes("\0")) return undefined;
    try {
      const name = git("rev-parse", "--verify", "-q", "--end-of-options", `${revision}^{${peel}}`).trim();
      return /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(name) ? name : undefined;
    } catch {
      return undefined;
    }
  };
  // git checkout and switch make a branch from the one remote-tracking branch of its name when none is there.
  const guessed = (name: string): string | undefined => {
    if (!/^[\w./-]+$/.test(name) || name.startsWith("-")) return undefined;
    try {
      const found = lines(
        git("for-each-ref", "--format=%(objectname)%00", `refs/remotes/*/${name}`).replace(/\n/g, ""),
      );
      return found.length === 1 ? objectName(found[0]!, "commit") : undefined;
    } catch {
      return undefined;
    }
  };
  // None (exit status 1) for histories that never met.
  const mergeBases = (one: string, other: string): string[] => {
    try {
      return lines(git("merge-base", "--all", one, other).replace(/\n/g, "\0"));
    } catch {
      return [];
    }
  };
  let top: string;
  try {
    top = git("rev-parse", "--show-toplevel").replace(/\r?\n$/, "");
  } catch (error) {
    // Outside any repository (git's status 128, not a timeout or a missing git), the command fails as this did.
    const { status, signal } = error as { status?: number | null; signal?: string | null };
    return status === 128 && signal == null ? { top: folder, names: [] } : "that git could not read";
  }
  if (top === "") return "outside a repository's working tree";
  try {
    const head = objectName("HEAD", "commit");
    const names = new Set<string>();
    // HEAD and each commit a switch earlier in the request may move it to (`heads`): git follows renames from there.
    const starts = (write: RevisionWrite): string[] | string => {
      const at = head === undefined ? [] : [head];
      for (const other of write.heads ?? []) {
        const commit = objectName(other, "commit");
        if (commit === undefined) return `naming ${JSON.stringify(other)}, which is no revision here`;
        at.push(commit);
      }
      return at;
    };
    const add = (text: string) => {
      for (const name of lines(text)) names.add(name);
    };
    const diff = (from: string, to: string) =>
      add(git("diff-tree", "-r", "--name-only", "-z", "--no-renames", from, to));
    // What HEAD's side moved since `base`: git carries a change of `x` to where it went (`secrets/x`), and a new file
    // of a folder it moved (`lib/` to `secrets/lib/`) into the new one; at any likeness (`-X find-renames=5%`).
    const folder = (path: string) => path.slice(0, path.lastIndexOf("/") + 1);
    const moves = (base: string, to: string) => {
      const changed = [...names];
      const parts = lines(
        git("diff-tree", "-r", "-z", "--name-status", "-M1%", "-l0", "--diff-filter=R", base, to),
      );
      for (let i = 0; i + 2 < parts.length; i += 3) {
        const [from, into] = [parts[i + 1]!, parts[i + 2]!];
        for (const name of changed)
          if (name === from) names.add(into);
          else if (folder(from) !== "" && folder(name) === folder(from))
            names.add(folder(into) + name.slice(folder(from).length));
      }
    };
    // A pull without a refspec merges `@{upstream}` from the remote `branch.<name>.remote` names: this repository (`.`,
    // `git branch -u feature`: one of its own branches, read), one of its remotes (what that sends, not read), or an
    // address or path, which `git push -u <url>` and `git fetch --set-upstream <url>` write there without a config
    // command: the agent's choice, whose files are not read.
    const configured = (key: string, all = false, ...options: string[]) => {
      try {
        return git("config", ...options, all ? "--get-all" : "--get", key).replace(/\r?\n$/, "");
      } catch {
        return undefined;
      }
    };
    const upstreams = (write: RevisionWrite): RevisionWrite[] | string => {
      const found: RevisionWrite[] = [];
      for (const branch of ["", ...(write.heads ?? [])]) {
        let name: string;
        try {
          name = git(
            "rev-parse",
            "--verify",
            "-q",
            "--symbolic-full-name",
            "--end-of-options",
            branch === "" ? "HEAD" : branch,
          ).trim();
        } catch {
          continue;
        }
        // Detached, or no branch: git pull fails without a refspec.
        if (!name.startsWith("refs/heads/")) continue;
        const remote = configured(`branch.${name.slice("refs/heads/".length)}.remote`);
        // None: git pull fails (no tracking information).
        if (remote === undefined) continue;
        if (remote !== ".") {
          if (configured(`remote.${remote}.url`) === undefined)
            return `that the branch pulls from ${JSON.stringify(remote)}, an address rather than a remote of the repository`;
          // A pull request's head, as `gh pr checkout` records it (`refs/pull/7/head`): whoever opened it writes it.
          const merged = configured(`branch.${name.slice("refs/heads/".length)}.merge`, true) ?? "";
          const proposed = /^refs\/(?:pull|pull-requests|merge-requests|changes)\/.*$/m.exec(merged);
          if (proposed)
            return `that the branch pulls from ${proposed[0]}, a change someone proposed to the remote`;
          continue;
        }
        try {
          const ref = git("rev-parse", "--symbolic-full-name", `${branch}@{upstream}`).trim();
          if (ref !== "") found.push({ ...write, revision: ref });
        } catch {
          // A branch it names that is not there: git pull fails.
        }
      }
      return found;
    };
    const expanded: RevisionWrite[] = [];
    for (const write of writes) {
      const each = write.upstream ? upstreams(write) : [write];
      if (typeof each === "string") return each;
      expanded.push(...each);
    }
    // With `submodule.recurse` set (the person's configuration), a switch also checks out each submodule's recorded
    // commit, whose files (`lib/.vscode/tasks.json`) this repository's trees name only as `lib`.
    if (
      expanded.some((write) => !["remote", "index", "submodules", "changed"].includes(write.against)) &&
      existsSync(join(top, ".gitmodules")) &&
      configured("submodule.recurse", false, "--type=bool") === "true"
    )
      return "that also checks out submodules (submodule.recurse), whose files are not read here";
    for (const write of expanded) {
      if (write.against === "index") {
        add(git("ls-files", "-z", "--full-name", "--", ":/"));
        continue;
      }
      // A name git finds no remote of is a path to it (`git clone --bare … up2 && git pull up2 main`): the agent's.
      if (write.against === "remote") {
        if (configured(`remote.${write.revision}.url`) === undefined)
          return `that pulls from ${JSON.stringify(write.revision)}, no remote of the repository`;
        continue;
      }
      if (write.against === "changed" && head === undefined) return { top, names: [], unborn: true };
      if (write.against === "submodules") {
        // `160000 <object> <stage>\t<path>`: a submodule's entry.
        for (const entry of lines(git("ls-files", "-z", "--stage", "--full-name", "--", ":/")))
          if (entry.startsWith("160000 ")) names.add(entry.slice(entry.indexOf("\t") + 1));
        continue;
      }
      const peel = write.against === "tree" ? "tree" : "commit";
      const target = objectName(write.revision, peel) ?? (write.guess ? guessed(write.revision) : undefined);
      if (target === undefined && write.optional) continue;
      if (target === undefined) return `naming ${JSON.stringify(write.revision)}, which is no revision here`;
      const from = write.against === "changed" || write.against === "all" ? [] : starts(write);
      if (typeof from === "string") return from;
      if (write.against === "changed") add(git("diff-index", "--cached", "--name-only", "-z", target, "--"));
      else if (write.against === "all") add(git("ls-tree", "-r", "--name-only", "-z", "--full-tree", target));
      else if (write.against === "commit") {
        // Against each parent (a merge picked with -m), and a root commit against nothing.
        add(
          git(
            "diff-tree",
            "-r",
            "--name-only",
            "-z",
            "--no-renames",
            "--no-commit-id",
            "-m",
            "--root",
            target,
          ),
        );
        for (const parent of lines(git("rev-parse", `${target}^@`).replace(/\n/g, "\0")))
          for (const start of from) moves(parent, start);
      } else if (write.against === "stash") {
        // The working files against its base, the index too (`--index`), and the untracked files it keeps.
        diff(`${target}^1`, target);
        diff(`${target}^1`, `${target}^2`);
        for (const start of from) moves(`${target}^1`, start);
        const untracked = objectName(`${target}^3`, "commit");
        if (untracked !== undefined) add(git("ls-tree", "-r", "--name-only", "-z", untracked));
      } else {
        if (head === undefined) return "in a repository whose HEAD has no commit yet";
        for (const start of from) {
          const bases = write.against === "base" ? mergeBases(start, target) : [start];
          // Histories that never met: a merge of them (--allow-unrelated-histories) writes what differs from HEAD.
          for (const base of bases.length === 0 ? [start] : bases) {
            diff(base, target);
            if (write.against === "base") moves(base, start);
          }
        }
      }
      if (names.size > maxNames) return `changing more than ${maxNames} files`;
    }
    return { top, names: [...names] };
  } catch {
    return "that git could not read";
  }
}
