/**
 * The decision on a footprint: deny > guards > ask > allow > Bypass > ask a person.
 *
 * Rules come from `symposium.permissions` (parsed in `ruleSettings.ts`, re-exported here). Built-in guards (outside
 * the workspace, protected paths, an incomplete footprint, an unrecognised subject, an untrusted workspace, a few
 * destructive commands, the files a file command names: `commandEffects.ts`) win over every allow rule and over
 * Bypass. Every decision names the rule or guard that made
 * it. This module (with picomatch) is part of the lazily loaded ACP runtime (`engine.ts`); `dist/extension.js` takes
 * only `ruleSettings.ts`.
 */
import { CWD_FIELDS } from "../toolCommand";
import { posixOrWin32, type Access, type Footprint, type FootprintPath } from "./footprint";
import { globTooCostly } from "./globCost";
import { globMatcher, matchesGlob, LINE_BREAK, readOtherwise } from "./globMatch";
import {
  foldAll,
  holdsCredentials,
  isGitHook,
  isProtectedName,
  isVenvActivation,
  type PathCheck,
} from "./resolvePath";
import {
  MAX_RULES_PER_SOURCE,
  MAX_WORKSPACE_RULES,
  RULE_ACTIONS,
  ruleLabel,
  type PermissionRule,
  type RuleSource,
  type Verdict,
} from "./ruleSettings";
import {
  changesGitConfig,
  commandVariable,
  environmentVariable,
  variableFiles,
  discardsWork,
  actsBeyond,
  changesUserSetting,
  DOWNLOADERS,
  fileOperands,
  findDeletes,
  findWrites,
  formatPatchNames,
  makeVariableHeld,
  unquotedAssignment,
  foreignShellReadsInput,
  inputCommandsUnread,
  forcePush,
  addsLinksFromContent,
  carriesLinks,
  appliesPatch,
  revisionsWritten,
  fetchesFromRemote,
  gitSubcommandAt,
  cloneDirectories,
  compressedNames,
  FIND_ONE_WORD_TESTS,
  protectedPieceNames,
  downloadedFiles,
  inPlaceBackups,
  extractsArchive,
  landsByName,
  findNamePatterns,
  findDepths,
  findNameMatcher,
  findWalk,
  findStartingPoints,
  gitMessageFiles,
  gitRepositoryComputed,
  gitShowsContent,
  rgPrintsNames,
  treeReads,
  filtersInput,
  listingWalk,
  listsDotEntries,
  onlyReads,
  readsEveryFile,
  subcommandComputed,
  optionValueReadings,
  searchWalk,
  changesWalk,
  gitRemovesOrMoves,
  gitStashTakesUntracked,
  gitMvAsMv,
  servesWalk,
  packsWalk,
  inlineCode,
  quotedStrings,
  awkValues,
  pathLiterals,
  namesCodeWrites,
  type EntryWalk,
  copiesFolders,
  readsCredential,
  readsPersonal,
  readsOnlyOutputs,
  readsProgramFromStdin,
  runnerBefore,
  runsFromAddress,
  writesGitSetup,
  forgeWritesUnread,
  forgeCloneFolders,
  forgeRepositoryWord,
  gitPathspecsUnread,
  followsLinksBelow,
  listsLinks,
  gitListingSources,
  killTargets,
  namesListedFrom,
  optionComputed,
  PRIVILEGE,
  rmTargets,
  deletes,
  runsUnread,
  withoutGitOptions,
  withoutWrappers,
  wordFolders,
  writesOutput,
  type FileTargets,
} from "./commandEffects";
import { LIMITS } from "../../shared/limits";
import { basename, INTERPRETERS, npmCommand, runsAnyCode, SHELLS } from "./programs";
import { picksProcess, portsPicked, processesPicked, type ProcessIdentity } from "./processPatterns";
import { gitIndexEntries, mayBeChanged, type StatData } from "./gitIndex";
import {
  expandGlob,
  firstBelow,
  isGlobWord,
  linkLeadingAway,
  MAX_NAMES_READ,
  readBudget,
  type EntryKind,
  type FolderReader,
} from "./folderNames";
import { changesDirectory, type LoopListing, type SimpleCommand } from "./shellCommands";
import { patchedNames } from "./patchNames";
import type { GitReads, RevisionReader } from "./gitChanges";
import { archiveMembers, isZip, type ArchiveMember } from "./archiveMembers";
import { expandBraces } from "./braceExpansion";
import { RgFiles } from "./rgFiles";

export * from "./ruleSettings";

// ---------------------------------------------------------------------------------------------------------------
// Deciding.
// ---------------------------------------------------------------------------------------------------------------

export type GuardId =
  | "untrusted"
  | "subject"
  | "incomplete"
  | "outside"
  | "protected"
  | "recursive-delete"
  | "sudo"
  | "download-to-shell"
  | "force-push"
  | "discard-changes";

export type DecidedBy =
  | { type: "rule"; rule: PermissionRule; label: string }
  | { type: "guard"; guard: GuardId; label: string }
  | { type: "bypass"; label: string }
  | { type: "default"; label: string };

export interface Decision {
  verdict: Verdict;
  by: DecidedBy;
}

/** Where paths really are (`PolicyBoundary`). */
export interface PathChecker extends FolderReader {
  check(path: string): PathCheck;
  /** A small file's bytes (a patch or an archive a command reads); without it, no file's content is known. */
  readBytes?(path: string, maxBytes: number): Uint8Array | undefined;
  /** A path's stat data as git's index keeps it; without it, every tracked file may have changed. */
  statData?(path: string): StatData | undefined;
  /**
   * The files git writes from revisions the repository holding `folder` has (`gitChanges.revisionChanges`), from its
   * top folder, or why they are not known; without it, none is known.
   */
  revisionChanges?: RevisionReader;
  /** Why every path counts as protected, where git could not be read (`PolicyBoundary.gitUnread`). */
  gitUnread?(): string | undefined;
  /**
   * A count that grows as checks meet nested repositories (`PolicyBoundary.repositoriesMet`): what one's configuration
   * includes, runs or links is protected only from the checks after it, so a decision that met one is made again.
   */
  readonly repositoriesMet?: number;
}

export interface DecideContext {
  agentName: string;
  rules: readonly PermissionRule[];
  /** The agent's Bypass (user setting or this window/session): allow what no guard or rule holds back. */
  bypass: boolean;
  /** Workspace Trust: nothing is approved automatically in an untrusted workspace. */
  trusted: boolean;
  paths: PathChecker;
  home: string;
  /** Where a command without its own cwd runs: the folder the agent's session was made in. */
  sessionCwd?: string;
  /** The editor's own processes (the extension host and those it runs under), which no command may end. */
  editorProcesses?: readonly ProcessIdentity[];
  /**
   * What the agent's settings add to the host's environment (`symposium.agents.<name>.env`): its own tools run
   * commands with it, `terminal/create` without it.
   */
  agentEnv?: Readonly<Record<string, string>>;
  /**
   * What reads of git may still spend, shared by decisions made together (a new rule checked against every pending
   * request); else each decision's own.
   */
  gitReads?: GitReads;
}

/**
 * Times a decision is made again because its checks met a nested repository: each time on every repository the last
 * met, which protects what it names from the paths checked before it in the request (`tools/mon.sh`, the
 * `core.fsmonitor` of `node_modules/x`, named before `node_modules/x/a.js`). One that still meets another asks.
 */
const MAX_DECISIONS = 4;

export function decide(footprint: Footprint, context: DecideContext): Decision {
  const both = decideBoth(footprint, context);
  return context.bypass ? both.on : both.off;
}

/**
 * The decision with Bypass off and with it on, from one pass: Bypass allows only what no rule or guard decided, so the
 * two differ only there. A card needs both (whether Bypass would approve it is on the card), and two passes were most
 * of the extension host's time between a request and its card.
 */
export function decideBoth(footprint: Footprint, context: DecideContext): { off: Decision; on: Decision } {
  // One budget of git for them all (`gitChanges.MAX_GIT_CALLS`): made again, a decision spends no more than one may.
  const again = { ...context, gitReads: context.gitReads ?? {} };
  for (let made = 1; ; made++) {
    const met = context.paths.repositoriesMet;
    const decided = decideByRules(footprint, again);
    const metAnother = context.paths.repositoriesMet !== met;
    if (metAnother && made < MAX_DECISIONS) continue;
    const settled = (decision: Decision): Decision =>
      metAnother && decision.verdict === "allow"
        ? {
            verdict: "ask",
            by: {
              type: "guard",
              guard: "protected",
              label:
                "Its paths meet one nested git repository after another, whose configuration may protect any of them",
            },
          }
        : decision;
    return {
      off: settled(
        decided ?? { verdict: "ask", by: { type: "default", label: "No rule allows this request" } },
      ),
      on: settled(
        decided ?? {
          verdict: "allow",
          by: { type: "bypass", label: `Bypass Permissions is on for ${context.agentName}` },
        },
      ),
    };
  }
}

/** What the rules and guards decide; undefined when none does (Bypass then allows, else a person is asked). */
function decideByRules(footprint: Footprint, context: DecideContext): Decision | undefined {
  const view = new FootprintView(footprint, context);
  const rules = context.rules.filter((r) => r.agent === undefined || r.agent === context.agentName);
  const deny = rules.find((r) => r.action === "deny" && view.matchesAny(r));
  if (deny) return { verdict: "deny", by: { type: "rule", rule: deny, label: deny.label } };
  const guard = view.guard();
  if (guard) {
    // Else `src/a.ts is a protected file` says nothing of why.
    const unread = guard.guard === "protected" ? context.paths.gitUnread?.() : undefined;
    return {
      verdict: "ask",
      by: { type: "guard", ...guard, ...(unread && { label: `${guard.label} (${unread})` }) },
    };
  }
  const ask = rules.find((r) => r.action === "ask" && view.matchesAny(r));
  if (ask) return { verdict: "ask", by: { type: "rule", rule: ask, label: ask.label } };
  // A command that reads whole folders (`grep -r`, `rg`, `cp -r`, `git diff`) may read what a deny or ask path rule
  // holds back though its line names none of it: a person decides, whatever allow rule or Bypass says.
  for (const action of ["deny", "ask"] as const)
    for (const rule of rules) {
      const label = rule.action === action ? view.mayReadBelow(rule) : undefined;
      if (label !== undefined) return { verdict: "ask", by: { type: "rule", rule, label } };
    }
  const allow = rules.find((r) => r.action === "allow" && view.matchesAll(r));
  if (allow) return { verdict: "allow", by: { type: "rule", rule: allow, label: allow.label } };
  return undefined;
}

/**
 * The deny rule, else the ask rule, that holds back an agent's own `fs/*` access to a path, which comes with no
 * request: a rule about paths alone (the access names no command or tool), or about nothing (every request), for
 * this agent, of any kind or of the access's (`read` for reading, `edit` for writing).
 */
export function pathRuleFor(
  check: PathCheck,
  access: Access,
  context: Pick<DecideContext, "agentName" | "rules" | "home"> & { paths?: Pick<PathChecker, "check"> },
): PermissionRule | undefined {
  const kind = access === "read" ? "read" : "edit";
  const held = context.rules.filter(
    (r) =>
      r.action !== "allow" &&
      r.command === undefined &&
      r.tool === undefined &&
      (r.agent === undefined || r.agent === context.agentName) &&
      (r.kinds === undefined || r.kinds.includes(kind)) &&
      // A rule of no condition (what holds every request while a deny or ask rule cannot be read) holds every path.
      (r.path === undefined
        ? r.kinds === undefined
        : globMatches(r.path, check, context.home, true, context.paths)),
  );
  return held.find((r) => r.action === "deny") ?? held[0];
}

/** Whether `rule`, added as an allow rule, would approve `footprint` on its own (batch approvals). */
export function ruleCovers(rule: PermissionRule, footprint: Footprint, context: DecideContext): boolean {
  if (rule.action !== "allow") return false;
  const decision = decide(footprint, { ...context, bypass: false, rules: [...context.rules, rule] });
  return decision.by.type === "rule" && decision.by.rule === rule;
}

/**
 * The narrowest allow rule that covers this request, for "Always allow …": this command prefix, this folder (or
 * this file at the top of the workspace), this tool; always for this agent and this kind. Undefined when none would
 * approve it (a guard holds it back) or none is narrower than "everything".
 */
export function proposeRule(
  footprint: Footprint,
  context: DecideContext,
  source: RuleSource = "grant",
): PermissionRule | undefined {
  const base: Omit<PermissionRule, "label"> = {
    action: "allow",
    source,
    agent: context.agentName,
    ...(footprint.kind ? { kinds: [footprint.kind] } : {}),
    ...(footprint.toolName ? { tool: footprint.toolName } : {}),
  };
  let proposal: Omit<PermissionRule, "label"> | undefined;
  const simple = footprint.commands.flatMap((c) => c.commands);
  if (footprint.commands.length > 0) {
    const own = simple.map(commandPrefix);
    const prefix = commonPrefix(own);
    // `node a.js && node b.js` have `node` in common, and that alone would allow any code; `cargo test && cargo
    // build` have `cargo`, which would allow `cargo run` too: commands in common down to the program alone are not.
    const widened = prefix.length === 1 && own.some((words) => words.length > 1);
    if (prefix.length > 0 && !widened && !runsAnyCode(prefix)) proposal = { ...base, command: prefix };
  } else if (footprint.paths.length > 0) {
    const glob = folderGlob(footprint, context.paths);
    if (glob !== undefined) proposal = { ...base, path: glob };
  } else if (footprint.kind && (footprint.toolName || footprint.kind !== "other")) {
    // Of its kind: a tool of no kind granted for a lookup would be granted its later deletes.
    proposal = base;
  }
  if (!proposal) return undefined;
  const rule = { ...proposal, label: ruleLabel(proposal) };
  return ruleCovers(rule, footprint, context) ? rule : undefined;
}

/** Package runners, whose package is the command's name (`npx tsc`), not a wrapper's program. */
const PACKAGE_RUNNER = /^(?:npx|pnpx|bunx|uvx|pnpm|yarn|npm|bun|uv|pipx|poetry|pdm|hatch)$/;

/** Programs whose words after the name are operands and options, not subcommands: a rule for one names its line. */
const OPERANDS_FIRST = new Set(
  "find rsync cp mv rm ln chmod chown chgrp tee dd install mkdir rmdir touch truncate sed awk gawk xargs tar zip unzip curl wget scp sftp ssh".split(
    " ",
  ),
);
/** Programs that only read and print what they are given: a rule for one may name the program alone (`grep`). */
const LOOKS_ONLY = new Set("cat head tail grep rg ls wc stat file du df diff tree less".split(" "));

/** hub's own commands; it hands every other to git. */
const HUB_COMMANDS = new Set(
  "api browse ci-status compare create delete fork gist issue pr pull-request release sync help".split(" "),
);

/** One word of `PLAIN_WORDS`: what a saved rule's command splits back into. */
const PLAIN_WORD = /^[^;&|<>()$`'"\\*?{}#\s]+$/;

/**
 * The words of a command that name what it does: the command and up to two subcommand words (`npm run lint`); the
 * whole line where no subcommand word follows the program (`rsync -a src/ dst/`: `rsync` alone would allow sending
 * the workspace elsewhere), where the program's next words are its operands rather than subcommands (`find src -name
 * x` is not `find src`, which allows `-delete`), and of a program that runs any code (`RUNS_ANY_CODE`).
 */
function commandPrefix(written: SimpleCommand): string[] {
  const command = npmNamed(written);
  if (command.assignments.length > 0 || command.argv.length === 0 || command.argv[0] == null) return [];
  const words = [command.argv[0]];
  for (const word of command.argv.slice(1, 3)) {
    if (word == null || !/^[A-Za-z0-9][\w.:-]*$/.test(word)) break;
    words.push(word);
  }
  const program = basename(command.argv[0]);
  // Behind a wrapper (`time rm -rf build`, `timeout 5 find src`), the program is not the first word: the line is named.
  const wrapped =
    withoutWrappers(command.argv).start > 0 && !PACKAGE_RUNNER.test(basename(command.argv[0] ?? ""));
  const general =
    !wrapped &&
    !runsAnyCode(words) &&
    (words.length > 1 ||
      command.argv.length === 1 ||
      (LOOKS_ONLY.has(program) && !writesOutput(program, command.argv))) &&
    !OPERANDS_FIRST.has(program);
  if (general) return words;
  const line = command.argv;
  const plain = line.every((word): word is string => word != null && PLAIN_WORD.test(word));
  return plain && line.join(" ").length <= LIMITS.intent.ruleChars ? line : [];
}

function commonPrefix(lists: string[][]): string[] {
  if (lists.length === 0) return [];
  const first = lists[0]!;
  let length = first.length;
  for (const list of lists) {
    let i = 0;
    while (i < length && i < list.length && list[i] === first[i]) i++;
    length = i;
  }
  return first.slice(0, length);
}

function folderGlob(footprint: Footprint, paths: PathChecker): string | undefined {
  const relatives: string[] = [];
  let root: string | undefined;
  for (const p of footprint.paths) {
    const check = paths.check(p.path);
    if (check.status !== "inside" || (root !== undefined && check.root !== root)) return undefined;
    root = check.root;
    relatives.push(check.relative);
  }
  if (relatives.length === 0) return undefined;
  const folders = relatives.map((r) => r.split("/").slice(0, -1));
  const common = commonPrefix(folders);
  if (common.length > 0) return `${common.map(escapeGlob).join("/")}/**`;
  return relatives.every((r) => r === relatives[0]) && relatives[0] !== ""
    ? escapeGlob(relatives[0]!)
    : undefined;
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]{}()!+@\\]/g, "\\$&");
}

/** The footprint with its paths resolved once, matched against rules and guards. */
/** Names a `.gitignore` leaves out by its plain lines: anywhere, or at its own folder alone (a leading `/`). */
interface IgnoredNames {
  anywhere: Set<string>;
  atTop: Set<string>;
}

class FootprintView {
  private readonly checks: { path: string; check: PathCheck; access: Access }[];
  private readonly simple: { command: SimpleCommand; cwd: string | undefined; line: number }[];
  /** What the request's globs and walks may still read (one request cannot keep the extension host busy). */
  private readonly budget = readBudget();
  /** What the rules' walks of folders read whole may read (the guards' may have spent `budget` on the same ones). */
  private ruleBudget: ReturnType<typeof readBudget> | undefined;
  /** What the request's reads of git have spent (`revisionChanges`): one request cannot keep the host waiting on git. */
  private readonly gitReads: GitReads;
  /** What the request's patches and archives may still read, in bytes (`contentOf`). */
  private unreadBytes = MAX_CONTENT_BYTES;
  private readonly contents = new Map<string, Uint8Array | undefined>();
  private readonly indexes = new Map<string, IndexListing | undefined>();
  /** rg's ignore files and configuration, read once a request when rg needs them. */
  private rg: RgFiles | undefined;
  private readonly members = new Map<Uint8Array, ArchiveMember[] | undefined>();
  /** What `writesFetched` found, once read. */
  private fetched: { found: { what: string; cwd: string | undefined } | undefined } | undefined;
  /**
   * What git said a command's revisions write (`revisionWrites`), asked once per request for each folder the command
   * may run in: `cd lib; git checkout x` reads `x` here and in `lib`'s repository.
   */
  private readonly revisions = new Map<
    SimpleCommand,
    Map<string | undefined, WrittenNames | Held | undefined>
  >();
  private linkMakerFound = false;
  private named: PathCheck[] | "too many" | undefined;
  private trees: TreeReach[] | undefined;
  /** `toolFolders` and `changedToolFolders`, looked up once. */
  private searchedFolders: (PathCheck | undefined)[] | undefined;
  private changedFolders: PathCheck[] | undefined;
  private firstLinkMaker: LinkMaker | undefined;
  private finders: Map<string, readonly (string | null)[]> | undefined;

  /** The request's footprint with npm's commands named as npm reads them (`npmNamed`), one object per command. */
  private readonly footprint: Footprint;

  constructor(
    written: Footprint,
    private readonly context: DecideContext,
  ) {
    this.gitReads = context.gitReads ?? {};
    const footprint = written.commands.some((c) =>
      c.commands.some((command) => npmNamed(command) !== command),
    )
      ? { ...written, commands: written.commands.map((c) => ({ ...c, commands: c.commands.map(npmNamed) })) }
      : written;
    this.footprint = footprint;
    this.checks = footprint.paths.map((p) => ({
      path: p.path,
      check: context.paths.check(p.path),
      access: p.access,
    }));
    this.simple = footprint.commands.flatMap((c, line) => {
      // After a `cd`, relative paths are relative to each folder the line may be in by then (`cd src && cat a.ts`:
      // src; `cd src; cat a.ts`: src or where it started), else to a folder Symposium does not know. Asked once a
      // line, not once a command: a line of 2,000 commands read each command's words 2,000 times.
      const moves = changesDirectory(c.commands);
      return c.commands.flatMap((command, at) => {
        const cwds = moves ? (c.cwds?.[at] ?? [undefined]) : [c.cwd ?? context.sessionCwd];
        return cwds.map((cwd) => ({ command, cwd, line }));
      });
    });
  }

  /**
   * The first command that may create a link (`makesLinks`): what the request's later commands name may be such a
   * link by the time they run, though it is not there now. Found when the guards first need it (rules never do).
   */
  private get linkMaker(): LinkMaker | undefined {
    if (!this.linkMakerFound) {
      this.linkMakerFound = true;
      this.firstLinkMaker = this.simple
        .map(({ command, cwd, line }, at) => {
          const name = this.makesLinks(command, cwd);
          if (name === undefined) return undefined;
          return { name, at, line, command: this.footprint.commands[line]?.commands.indexOf(command) ?? -1 };
        })
        .find((maker) => maker !== undefined);
    }
    return this.firstLinkMaker;
  }

  /**
   * What a command is when it may create a link the request's later commands could name: one made from content it
   * reads (`tar x`, `git clone`: `addsLinksFromContent`), or a move or copy of a link or of a folder holding one
   * (`mv`, `cp -r`: a relative link may lead elsewhere from where it lands).
   */
  private makesLinks(command: SimpleCommand, cwd: string | undefined): string | undefined {
    const argv = withoutWrappers(command.argv).argv;
    const name = argv[0] == null ? undefined : basename(argv[0]);
    if (name === undefined) return undefined;
    const fromContent = addsLinksFromContent(name, argv);
    if (fromContent !== undefined)
      return this.extractsNoLink(name, argv, command, cwd) ? undefined : fromContent;
    const carried = carriesLinks(name, argv);
    if (carried === undefined) return undefined;
    const holdsLink = (source: string | null) => {
      const path = source === null ? undefined : absolute(source, cwd, this.context.home);
      if (path === undefined) return true;
      const kind = this.context.paths.kind(path);
      return (
        kind === "link" ||
        (kind === "folder" &&
          linkLeadingAway(path, false, this.context.paths, () => true, this.budget) !== undefined)
      );
    };
    return carried.sources.some(holdsLink) ? name : undefined;
  }

  /**
   * Whether a command extracts only tar archives that are known and hold no link member (`tar xzf lib.tgz`), so
   * that what it writes is files and folders: a later name of the line is then no link it made. A zip's links are
   * not told apart from its files (`archiveMembers`), so unzip may always make one.
   */
  private extractsNoLink(
    name: string,
    argv: readonly (string | null)[],
    command: SimpleCommand,
    cwd: string | undefined,
  ): boolean {
    const extraction = extractsArchive(name, argv);
    if (extraction === undefined || extraction.unread !== undefined) return false;
    const contents = this.contentsOf(
      extraction.archives,
      extraction.stdin,
      command,
      cwd,
      globsOf(command.text),
    );
    return (
      typeof contents !== "string" &&
      contents.every(
        (content) =>
          typeof content !== "string" &&
          !isZip(content) &&
          this.membersOf(content)?.every((member) => member.link === undefined) === true,
      )
    );
  }

  /** Deny and ask rules: one matching part of the request is enough, a path its commands name included. */
  matchesAny(rule: PermissionRule): boolean {
    if (!this.matchesBesidesPath(rule)) return false;
    if (rule.path !== undefined) {
      const matches = (check: PathCheck) =>
        globMatches(rule.path!, check, this.context.home, true, this.context.paths);
      const named = this.namedPaths;
      if (!this.checks.some((c) => matches(c.check)) && named !== "too many" && !named.some(matches))
        return false;
    }
    return true;
  }

  /** A deny or ask rule's conditions but its path: its tool, its kind and its command. */
  private matchesBesidesPath(rule: PermissionRule): boolean {
    // A deny rule on commands of the `execute` kind holds back a command however the request's tool is kinded (an
    // MCP tool of kind "other" given `"command": "git commit -am wip"`).
    const runs = rule.command !== undefined && rule.kinds?.includes("execute") === true;
    if (!this.sameTool(rule, runs && this.footprint.commands.length > 0)) return false;
    return !rule.command || this.simple.some((s) => prefixMatches(rule.command!, s.command, true));
  }

  /**
   * Why a deny or ask path rule that `matchesAny` does not match may still be met: one of the request's commands reads
   * (copies, packs, changes) every file below a folder where the rule's path may match (`treeReaches`,
   * `globReachesBelow`), or below a link there that it follows. Undefined when none may.
   */
  mayReadBelow(rule: PermissionRule): string | undefined {
    if (rule.path === undefined || !this.matchesBesidesPath(rule)) return undefined;
    const glob = rule.path;
    const verb = rule.action === "deny" ? "denies" : "asks about";
    const held = (what: string) => `${what}, which may hold files a rule ${verb} (${rule.label})`;
    // Below a file there is nothing (`mv a.ts b.ts`, `rg x src/a.ts`); below what is not there yet, anything.
    const below = (check: PathCheck, endings?: string[]) =>
      (check.status === "unresolved" || this.context.paths.kind(check.path) !== "other") &&
      globReachesBelow(glob, check, this.context.home, endings);
    // What a link leads to is read whatever the names on the way (`src/a.ts -> ../secrets/key.pem`).
    const reaches = (check: PathCheck) =>
      globMatches(glob, check, this.context.home, true, this.context.paths) || below(check);
    // What a pull (or a merge after a fetch) writes is the remote's, not known before it runs: anywhere in the
    // workspace folder it runs in.
    const fetched = this.writesFetched;
    if (fetched !== undefined) {
      const at = fetched.cwd === undefined ? undefined : this.context.paths.check(fetched.cwd);
      const root = at?.status === "inside" ? this.context.paths.check(at.root) : undefined;
      if (root === undefined || globReachesBelow(glob, root, this.context.home))
        return held(`${fetched.what} writes what a remote sends`);
    }
    for (const reach of this.treeReaches) {
      if (reach.folder === undefined) return held(reach.what("a folder known only when it runs"));
      const where =
        reach.folder.status === "unresolved"
          ? reach.what("a folder that cannot be resolved")
          : reach.what(shortPath(reach.folder.path));
      if (below(reach.folder, reach.endings)) {
        // Only what is there now: the request names nothing that may match, and writes nothing there first.
        const entries = this.entriesRead(reach);
        if (entries === "not known") return held(where);
        if (entries === "too many") return held(`${where}, which holds too many files to check`);
        const found = entries.find(
          (entry) =>
            entry.any === true ||
            entry.checks.some(
              (check) =>
                check.status === "unresolved" ||
                globMatches(glob, check, this.context.home, true, this.context.paths) ||
                (entry.holds === true && globReachesBelow(glob, check, this.context.home)),
            ),
        );
        if (found !== undefined)
          return `${where}, which holds ${shortPath(found.path)}, a path a rule ${verb} (${rule.label})`;
        // Nothing there a rule matches, through the links it follows too.
        continue;
      }
      // A command given a listed link opens it (`find links | xargs cat`), though the lister does not follow it.
      const given = (reach.source as DiskSource | undefined)?.given;
      const links = reach.follows || given?.links === true ? this.linksIn(reach) : [];
      if (links === "too many") return held(`${where}, which holds too many files to check for links`);
      const start = reach.folder.status === "unresolved" ? "" : reach.folder.path.replace(/[\\/]+$/, "");
      const link = links.find(
        (l) =>
          reaches(l.check) &&
          (reach.follows || given === undefined || givenBelow(given, l.path.slice(start.length + 1))),
      );
      if (link) return held(`${where}, following ${shortPath(link.path)}`);
    }
    // What a folder copy holds lands below its destination (`cp -r other/secrets lib/` writes `lib/secrets/key`),
    // though the line names neither.
    for (const { command, cwd } of this.simple) {
      const argv = withoutWrappers(command.argv).argv;
      const name = argv[0] == null ? undefined : basename(argv[0]);
      const landings =
        name === undefined
          ? undefined
          : this.copyLandings({ name, argv, command, cwd, computed: globsOf(command.text) });
      if (landings === undefined || !globReachesBelow(glob, landings.into, this.context.home)) continue;
      const where = `${name} copies into ${shortPath(landings.into.path)}`;
      // Only what is there now: a command of the request may make more to copy first.
      // Where each source is, by name and where it leads; one that cannot be resolved lets no mkdir through.
      const starts = landings.sources.map(({ start }) => [start, this.context.paths.check(start)] as const);
      const walked = starts.every(([, check]) => check.status !== "unresolved")
        ? starts.flatMap(([start, check]) => [start, check.status === "unresolved" ? start : check.path])
        : [];
      if (landings.sources.length > 0 && !this.writesNoFiles(command, walked)) return held(where);
      for (const { start, follows, tails } of landings.sources) {
        let landed: string | undefined;
        const found = firstBelow(
          start,
          follows,
          this.context.paths,
          (path) => {
            if (path === start) return false;
            landed = tails(path)
              .map((tail) => [landings.into.path, ...tail].join("/"))
              .find((landing) =>
                globMatches(
                  glob,
                  this.context.paths.check(landing),
                  this.context.home,
                  true,
                  this.context.paths,
                ),
              );
            return landed !== undefined;
          },
          this.budget,
        );
        if (found === "too many")
          return held(`${where} from ${shortPath(start)}, which holds too many files to check`);
        if (found !== undefined)
          return `${name} writes ${shortPath(landed!)} (from ${shortPath(found.path)}), a path a rule ${verb} (${rule.label})`;
      }
    }
    return undefined;
  }

  /**
   * The folders the request's commands read whole (`treeReads`, `gitShowsContent`) or take the names of files from
   * (`find . -type f | xargs cat`, `cat $(find . -name '*.pem')`, a loop over a listing), each where it really is
   * (undefined: not known). Read once, when a deny or ask path rule first asks.
   */
  private get treeReaches(): TreeReach[] {
    if (this.trees !== undefined) return this.trees;
    const reaches: TreeReach[] = [];
    const home = this.context.home;
    const add = (
      folder: string | null,
      from: string | undefined,
      command: SimpleCommand,
      given: { follows: boolean; endings?: string[]; source?: TreeReach["source"] },
      what: (folder: string) => string,
    ) => {
      if (folder === "-") return; // its input
      const path = folder === null ? undefined : absolute(folder, from, home);
      const endings = {
        ...(given.endings ? { endings: given.endings } : {}),
        ...(given.source ? { source: given.source, command } : {}),
      };
      if (path !== undefined) {
        reaches.push({ folder: this.context.paths.check(path), follows: given.follows, what, ...endings });
        return;
      }
      // A glob's matches (bash makes the word its matches), each as a folder; anything else is not known.
      const globs = folder === null && from !== undefined ? globsOf(command.text) : undefined;
      const words = typeof globs === "object" ? globs.globs.split(/\s+/).filter(isGlobWord) : [];
      const matches = words.flatMap(
        (word) => expandGlob(word, from!, this.context.paths, this.budget) ?? [null],
      );
      if (matches.length === 0 || matches.includes(null))
        reaches.push({ folder: undefined, follows: given.follows, what });
      else
        for (const match of matches)
          reaches.push({
            folder: this.context.paths.check(match!),
            follows: given.follows,
            what,
            ...endings,
          });
    };
    for (const { command, cwd, line } of this.simple) {
      const wrapped = withoutWrappers(command.argv);
      const argv = wrapped.argv;
      const name = argv[0] == null ? undefined : basename(argv[0]);
      if (name === undefined) continue;
      // `cd src && …` and `env -C src …` run in src: `cwd` is there already.
      const from = cwd;
      // rg's configuration file (each it may run with) may take more files (`--glob=*.pem`); one that cannot be
      // read, any.
      for (const config of name === "rg" ? this.ripgrepConfigs() : [undefined]) {
        const { words, known } =
          name === "rg" ? this.ripgrepWords(argv, from, config) : { words: argv, known: true };
        const read = treeReads(name, words, command.stdinFromPipe === true || command.stdin !== undefined);
        // A configuration file that cannot be read may say anything (`-L`, `--no-ignore`): nothing is known.
        // What find runs or deletes is given the entries it finds, by name.
        const source: DiskSource = {
          disk: true as const,
          ...(read?.walk ? { search: { walk: read.walk, cwd: from } } : {}),
          ...(name === "find" ? { given: givenBy(argv) } : {}),
        };
        for (const folder of read?.folders ?? [])
          add(
            folder,
            from,
            command,
            known ? { ...read!, source } : { follows: read!.follows },
            (f) => `${name} ${read!.how} every file below ${f}`,
          );
      }
      // A copy that also removes (`rsync -a --delete src/ lib/` empties lib of what src lacks) changes a second
      // folder, which its copy's walk leaves out.
      const changed = changesWalk(name, argv);
      if (changed && treeReads(name, argv)?.how !== "changes")
        for (const folder of changed.folders)
          add(
            folder,
            from,
            command,
            { follows: changed.follows, source: { disk: true } },
            (f) => `${name} removes files below ${f}`,
          );
      // What git rm removes and git mv moves below its pathspecs: a pattern from its folder (`lib/*` below lib).
      for (const word of name === "git" ? (gitRemovesOrMoves(argv) ?? []) : []) {
        const verb = withoutGitOptions(argv)[1] === "mv" ? "moves" : "removes";
        add(
          word === null ? null : staticFolder(word),
          word === null ? undefined : from,
          command,
          { follows: false, source: { disk: true } },
          (f) => `git ${verb} every file below ${f}`,
        );
      }
      // What git stash -u and -a take out of the working tree: the files git does not track, in the whole
      // repository or below its pathspecs.
      const stashed = name === "git" ? gitStashTakesUntracked(argv) : undefined;
      const stashTop = stashed && from !== undefined ? this.repositoryTop(from) : undefined;
      const specs = stashed === undefined ? [] : stashed.pathspecs;
      for (const word of stashed === undefined ? [] : specs.length === 0 ? [stashTop ?? null] : specs)
        add(
          word === null || stashTop === undefined ? null : staticFolder(word),
          word === null ? undefined : from,
          command,
          {
            follows: false,
            source: {
              disk: true,
              ...(stashTop === undefined ? {} : { untracked: { top: stashTop, ignored: stashed!.ignored } }),
            },
          },
          (f) => `git stash takes the untracked files below ${f} out of the working tree`,
        );
      const git = name === "git" ? gitShowsContent(argv) : undefined;
      if (git) {
        const verb = withoutGitOptions(argv)[1];
        const shows = (f: string) => `git ${verb} shows the content of files below ${f}`;
        const repository = from === undefined ? undefined : this.repositoryTop(from);
        const top = git.top ? repository : from;
        const paths = git.maybe.filter((word) => {
          const path = word === null ? undefined : absolute(word, from, home);
          return path !== undefined && this.context.paths.kind(path) !== undefined;
        });
        // Without a revision (each operand a path), `git diff` and `git grep` show what the index tracks.
        const tracked = git.tracked && paths.length === git.maybe.length && repository !== undefined;
        const plain = tracked
          ? { follows: false, source: { index: true as const, top: repository } }
          : { follows: false };
        const given = (git.specs ?? []).concat(paths);
        // A magic pathspec (`:/`, `:(exclude)x`) or a computed one may name any file of the repository.
        if (git.elsewhere || given.some((word) => word === null || word.startsWith(":")))
          add(null, undefined, command, plain, shows);
        else if (given.length === 0) add(top ?? null, top, command, plain, shows);
        // A pattern is read from its folder: `src/*.ts` below src.
        else for (const word of given) add(staticFolder(word!), from, command, plain, shows);
      }
      // Names another command of the line lists, given to this one by xargs from a pipe or by a loop or substitution.
      const listed = (wrapped.fromInput && command.stdinFromPipe) || command.namesFromLoop !== undefined;
      if (!listed || PRINTS_ONLY.has(name)) continue;
      // Text put around xargs's name (`{}/key`, `sub/lnk/{}`, `x{}`) makes a path no listing prints; text after it
      // alone (`{}.bak`) a name beside the listed one, which may be any entry there (a link to a denied file).
      const made =
        wrapped.replaces === true ? argv.filter((word) => word?.includes("{}") && word !== "{}") : [];
      const around = made.some((word) => !/^\{\}[^/{]*$/.test(word!));
      const beside = made.length > 0;
      if (around)
        add(
          null,
          undefined,
          command,
          { follows: true },
          () => `${name} reads paths xargs makes of the names`,
        );
      for (const other of this.simple) {
        if (other.line !== line || other.command === command) continue;
        const lister = withoutWrappers(other.command.argv).argv;
        const walk = listingWalk(lister);
        const what = (f: string) => `${name} is given what ${basename(lister[0] ?? "")} lists below ${f}`;
        for (const folder of walk?.folders ?? [])
          add(
            folder,
            other.cwd,
            other.command,
            {
              follows: walk!.follows,
              source: { disk: true, given: beside ? { links: true } : givenBy(lister, folder) },
            },
            what,
          );
        // ls prints a folder's entries as bare names, which the command given them finds where it runs (`..` too
        // with `-a`); a file it is given as written (`ls src/*.ts`).
        const folders = walk?.folders ?? [];
        // A word computed at run time: a glob's matches (as `add` reads them), else not known.
        const matches = (word: string | null): (string | null)[] => {
          if (word !== null) return [absolute(word, other.cwd, home) ?? null];
          const globs = other.cwd === undefined ? undefined : globsOf(other.command.text);
          const words = typeof globs === "object" ? globs.globs.split(/\s+/).filter(isGlobWord) : [];
          const found = words.flatMap(
            (glob) => expandGlob(glob, other.cwd!, this.context.paths, this.budget) ?? [null],
          );
          return found.length === 0 ? [null] : found;
        };
        const bare = (word: string | null) =>
          matches(word).some((path) => path === null || this.context.paths.kind(path) !== "other");
        if (basename(lister[0] ?? "") === "ls" && (folders.length === 0 || folders.some(bare)))
          for (const folder of listsDotEntries(lister) ? [".", ".."] : ["."])
            add(
              folder,
              cwd,
              command,
              { follows: false, source: { disk: true, given: { links: true } } },
              what,
            );
      }
    }
    // The agent's own search or read tool (Claude Code's Grep, Gemini's read_many_files) reads what is below a
    // folder it names, or where it runs when it names none, as its own walk and globs pick, which are not read here.
    const kind = this.footprint.kind;
    if (kind === "search" || kind === "read")
      for (const folder of this.toolFolders)
        reaches.push({ folder, follows: true, what: (f) => `the agent's ${kind} reads files below ${f}` });
    // Its own delete or move of a folder takes every entry below it, as `rm -rf` and `mv` of it do.
    for (const folder of this.changedToolFolders)
      reaches.push({
        folder,
        follows: false,
        what: (f) => `the agent's ${kind ?? "tool call"} takes every file below ${f}`,
        source: { disk: true },
      });
    return (this.trees = reaches);
  }

  /** The links below a folder a command follows links in, each where it leads; `"too many"` past the budget. */
  private linksIn(reach: TreeReach): { path: string; check: PathCheck }[] | "too many" {
    if (reach.links !== undefined) return reach.links;
    const links: { path: string; check: PathCheck }[] = [];
    const folder = reach.folder;
    const found =
      folder === undefined || folder.status === "unresolved"
        ? undefined
        : firstBelow(
            folder.path,
            true,
            this.context.paths,
            (path, kind) => {
              if (kind === "link") links.push({ path, check: this.context.paths.check(path) });
              return false;
            },
            this.budget,
          );
    return (reach.links = found === "too many" ? "too many" : links);
  }

  /**
   * What a command reads below `reach`'s folder, as things are when the request arrives: the entries it walks into
   * there (`walkedEntries`), or those git's index tracks (`trackedEntries`). "not known" where it reads is not known,
   * for history (`git log -p`), or when a command of the request may write files first (`writesNoFiles`); "too many"
   * past the rule walks' budget.
   */
  private entriesRead(reach: TreeReach): EntryRead[] | "too many" | "not known" {
    if (reach.entries !== undefined) return reach.entries;
    const { folder, source, command } = reach;
    if (
      folder === undefined ||
      folder.status === "unresolved" ||
      source === undefined ||
      // Deleting only takes entries away from a walk that reads no ignore file (find's, rm's, a listing's): a
      // search's may read more once one is gone (`rm .gitignore; rg KEY`).
      !this.writesNoFiles(command, [folder.path], "disk" in source && source.search === undefined)
    )
      return (reach.entries = "not known");
    return (reach.entries =
      "index" in source
        ? this.trackedEntries(folder, source.top, command!)
        : this.walkedEntries(folder, reach));
  }

  /**
   * Whether no command of the request writes a file or runs a program that may (`mkdir -p secrets && echo x >
   * secrets/k; rg TODO`, `git checkout x && git diff`): each only reads, prints names or only shows (git's
   * `GIT_SHOWS_ONLY`; rg without `--pre`), is `reader`, a copy or move (whose writes it does not read), makes empty
   * folders outside what `reader` walks (`walked`: `mkdir -p out && cp -r src/* out/`), only deletes where that
   * only takes entries away from the walk (`deletingIsReading`), or runs only after `reader` in its line (`rm -rf
   * dist && npm run build`, `rm -rf dist; mkdir dist`). What a redirection writes is a path the request names, which
   * rules match as such.
   */
  private writesNoFiles(
    reader: SimpleCommand | undefined,
    walked: readonly string[] = [],
    deletingIsReading = false,
  ): boolean {
    const read = this.simple.find(({ command }) => command === reader);
    return this.simple.every(({ command, cwd, line }) => {
      if (read && this.runsOnlyAfter(command, line, read)) return true;
      const wrapped = withoutWrappers(command.argv);
      // The word xargs adds: the names it reads, which a command that only reads reads.
      const argv = wrapped.fromInput && !wrapped.replaces ? wrapped.argv.slice(0, -1) : wrapped.argv;
      if (argv.length === 0) return true;
      // The reader's own globs (`rm -rf dist/*`) are walked match by match (`treeReaches`), each as it is now.
      if (argv.includes(null) && !(command === reader && typeof globsOf(command.text) === "object"))
        return false;
      if (argv[0] === null) return false;
      const name = basename(argv[0]!);
      if (command === reader && readerRunsNothing(name, argv as string[])) return true;
      if (name === "mkdir") return this.makesFoldersOutside(argv, cwd, walked);
      // `find . -name __pycache__ -exec rm -rf {} +`: rm and rmdir make nothing, not even a link.
      if (deletingIsReading && (name === "rm" || name === "rmdir" || name === "unlink")) return true;
      // What it runs is a command of the request as well; deleting what it finds (as the reader) makes no file.
      if (name === "find")
        return !argv.some(
          (word) => /^-(?:fprint0?|fprintf|fls)$/.test(word!) || (word === "-delete" && command !== reader),
        );
      if (name === "git") {
        const git = withoutGitOptions(argv);
        const options = argv.slice(1, argv.length - git.length + 1);
        return (
          options.every((word) => /^(?:--no-pager|-P|--no-optional-locks)$/.test(word!)) &&
          GIT_SHOWS_ONLY.has(git[1] ?? "") &&
          !git.some((word) => /^--(?:output|ext-diff|open-files-in-pager)|^-O/.test(word!))
        );
      }
      if (name === "rg")
        return this.ripgrepConfigs().every((config) => {
          const { words, known } = this.ripgrepWords(argv, cwd, config);
          return known && !words.some((word) => word === null || word.startsWith("--pre"));
        });
      if (name === "ag" || name === "ack") return !argv.some((word) => /^--(?:pager|filter|pre)/.test(word!));
      return (NAMES_ONLY.has(name) || (onlyReads(name, argv) && name !== "sed")) && !writesOutput(name, argv);
    });
  }

  /**
   * Whether `mkdir`'s words make only empty folders, each (and the folders made on its way with `-p`) neither at nor
   * below a folder of `walked`: the walk meets none of them, and a copy's landing is checked both where its destination
   * is a folder and where it is not (`copyLandings`). Each folder it makes is a path of the request, which rules and
   * guards check as such. Case is folded, as the disk may fold it.
   */
  private makesFoldersOutside(
    argv: readonly (string | null)[],
    cwd: string | undefined,
    walked: readonly string[],
  ): boolean {
    const operands = mkdirOperands(argv);
    if (operands === undefined || cwd === undefined || walked.length === 0) return false;
    const folders = walked.map((folder) => folder.replace(/[\\/]+$/, "").toLowerCase());
    return operands.every((operand) => {
      const path = absolute(operand, cwd, this.context.home);
      const check = path === undefined ? undefined : this.context.paths.check(path);
      if (path === undefined || check?.status !== "inside") return false;
      return [path, check.path].every((made) => {
        const lower = made.replace(/[\\/]+$/, "").toLowerCase();
        return !folders.some((folder) => lower === folder || lower.startsWith(`${folder}/`));
      });
    });
  }

  /**
   * The entries below `folder` a command reading `reach` meets, walked as it walks (into links only when it follows
   * them; a search's own walk: its ignore files, globs, hidden names; its name endings), each where it is: below a
   * folder, as that folder is (one check a folder, not one a file). A name with a line break counts as any (a search's
   * own globs, as picomatch reads them here, may not take one as the search does).
   */
  private walkedEntries(folder: PathCheck, reach: TreeReach): EntryRead[] | "too many" | "not known" {
    if (folder.status === "unresolved") return "too many";
    const source = reach.source as DiskSource;
    const untracked =
      source.untracked === undefined
        ? undefined
        : this.untrackedTest(source.untracked.top, source.untracked.ignored, reach);
    if (untracked === "not known") return untracked;
    const checks = new Map<string, PathCheck>();
    const checkOf = (path: string) => {
      let check = checks.get(path);
      if (check === undefined) checks.set(path, (check = this.context.paths.check(path)));
      return check;
    };
    const start = folder.path.replace(/[\\/]+$/, "");
    checks.set(start, folder);
    const relativeOf = (path: string) => path.slice(start.length + 1).replace(/\\/g, "/");
    const search = source.search;
    const unhides = search && this.unhidesFor(search.walk, search.cwd);
    const given = source.given;
    const isGiven = (relative: string) => given === undefined || givenBelow(given, relative);
    const enters = (path: string) => {
      if (untracked?.ignores(path) === true) return false;
      if (search === undefined) return true;
      const relative = relativeOf(path);
      if (search.walk.enters(relative)) return unhides?.leaves(path, relative) !== true;
      return unhides?.takesBack(path, relative, true) !== undefined;
    };
    const entries: EntryRead[] = [];
    const found = firstBelow(
      start,
      reach.follows,
      this.context.paths,
      (path, kind) => {
        if (path === start) return false;
        const relative = relativeOf(path);
        const name = relative.slice(relative.lastIndexOf("/") + 1);
        if (LINE_BREAK.test(relative)) {
          entries.push({ path, checks: [], any: true });
          return false;
        }
        // A link a listing gives is opened where it leads, a folder whole (`find links | xargs cat`).
        if (given !== undefined && kind === "link" && !reach.follows) {
          if (!given.links || !isGiven(relative)) return false;
          const to = checkOf(path);
          const folder = to.status !== "unresolved" && this.context.paths.kind(to.path) === "folder";
          const named = childCheck(checkOf(path.slice(0, -name.length - 1)), name);
          entries.push({ path, checks: [named, to], ...(folder ? { holds: true as const } : {}) });
          return false;
        }
        // A folder as it is entered; a link followed where it leads (a folder or a file). A folder a listing does not
        // give is only gone through (`find . -name '*.pyc' -delete` in `secrets`): what it holds is given or not
        // entry by entry.
        if (kind === "folder" || (kind === "link" && reach.follows)) {
          if (kind === "folder" && !enters(path)) return false;
          if (given !== undefined && !isGiven(relative)) return false;
          if (kind === "folder" && given?.walk?.filesOnly === true) return false;
          // A folder holding tracked files is no untracked file itself: its untracked ones are, entry by entry.
          if (untracked?.holdsTracked(path) === true) return false;
          entries.push({ path, checks: [checkOf(path)] });
          return false;
        }
        if (search && !search.walk.takes(relative) && unhides?.takesBack(path, relative, false) === undefined)
          return false;
        if (given !== undefined && !isGiven(relative)) return false;
        const lower = name.toLowerCase();
        if (reach.endings !== undefined && !reach.endings.some((ending) => lower.endsWith(ending)))
          return false;
        if (untracked?.tracks(path) === true || untracked?.ignores(path) === true) return false;
        entries.push({ path, checks: [childCheck(checkOf(path.slice(0, -name.length - 1)), name)] });
        return false;
      },
      (this.ruleBudget ??= readBudget()),
      enters,
    );
    return found === "too many" ? found : entries;
  }

  /**
   * Whether git's index (of the repository at `top`, where `reach`'s command runs git) tracks a file, or files below
   * a folder; "not known" where it cannot be read whole or git may read another repository or index (`GIT_DIR` and
   * the like set). Paths are matched as the index spells them below `top`: one spelt otherwise counts as untracked.
   */
  private untrackedTest(
    top: string,
    withIgnored: boolean,
    reach: TreeReach,
  ):
    | {
        tracks: (path: string) => boolean;
        holdsTracked: (path: string) => boolean;
        ignores: (path: string) => boolean;
      }
    | "not known" {
    const assigned = reach.command?.assignments.map((assignment) => assignment.split("=")[0]!) ?? [];
    const environments = [process.env, this.context.agentEnv ?? {}];
    if (
      GIT_PLACES.some(
        (name) => assigned.includes(name) || environments.some((env) => env[name] !== undefined),
      )
    )
      return "not known";
    const listing = this.indexListing(top);
    if (listing === undefined || listing.below !== "") return "not known";
    const files = new Set(listing.entries.map((entry) => entry.path));
    const folders = new Set<string>();
    const p = posixOrWin32(top);
    for (const file of files)
      for (
        let folder = p.dirname(file);
        folder.length > top.length && !folders.has(folder);
        folder = p.dirname(folder)
      )
        folders.add(folder);
    const ignored = withIgnored ? undefined : this.surelyIgnoredNames(top);
    const ignores = (path: string) => {
      if (ignored === undefined || !path.startsWith(`${top}/`) || files.has(path)) return false;
      const names = path.slice(top.length + 1).split("/");
      const leftOut = (lines: IgnoredNames, name: string, i: number) =>
        lines.anywhere.has(name) || (i === 0 && lines.atTop.has(name));
      // A line ending in `/` leaves out folders only: a file of that name is taken.
      const at = names.findIndex(
        (name, i) =>
          leftOut(ignored.anyKind, name, i) ||
          (leftOut(ignored.folders, name, i) &&
            (i < names.length - 1 || this.context.paths.kind(path) === "folder")),
      );
      if (at < 0) return false;
      // A deeper `.gitignore` on the way takes back what the top one leaves out (`config/.gitignore`: `!secrets/`).
      const deeperIgnoreFile = names
        .slice(0, at)
        .some(
          (_, i) =>
            this.context.paths.kind(p.join(top, ...names.slice(0, i + 1), ".gitignore")) !== undefined,
        );
      return !deeperIgnoreFile;
    };
    return { tracks: (path) => files.has(path), holdsTracked: (path) => folders.has(path), ignores };
  }

  /**
   * The names the top `.gitignore` of a repository leaves out surely, from its plain lines (`secrets/`, `/dist`,
   * `.env`): anywhere, or at the top alone for a line with a leading `/`. git does not look into a folder it leaves out,
   * so nothing below one is taken back; a file with any `!` line, or one that cannot be read, gives none. Other lines
   * (globs, paths) and other ignore files only leave out more, which counts as not left out. None where the request
   * names a `.gitignore`.
   */
  private surelyIgnoredNames(top: string): { anyKind: IgnoredNames; folders: IgnoredNames } | undefined {
    // One the request may change first (`rm .gitignore; git stash -u`) is not read.
    const named = this.namedPaths;
    if (
      named === "too many" ||
      named.some((check) => check.status === "unresolved" || /(?:^|[\\/])\.gitignore$/i.test(check.path)) ||
      this.footprint.paths.some(({ path }) => /(?:^|[\\/])\.gitignore$/i.test(path))
    )
      return undefined;
    const file = posixOrWin32(top).join(top, ".gitignore");
    if (this.context.paths.kind(file) !== "other") return undefined;
    const bytes = this.context.paths.readBytes?.(file, 65_536);
    if (bytes === undefined || bytes.length >= 65_536) return undefined;
    const lines = new TextDecoder().decode(bytes).split(/\r?\n/);
    if (lines.some((line) => line.startsWith("!"))) return undefined;
    const anyKind: IgnoredNames = { anywhere: new Set(), atTop: new Set() };
    const folders: IgnoredNames = { anywhere: new Set(), atTop: new Set() };
    for (const line of lines) {
      const match = /^(\/?)([^/*?[\\\s#!][^/*?[\\\s]*)(\/?)$/.exec(line);
      if (match === null || match[2] === "." || match[2] === "..") continue;
      const names = match[3] ? folders : anyKind;
      (match[1] ? names.atTop : names.anywhere).add(match[2]!);
    }
    return { anyKind, folders };
  }

  /**
   * The files git's index tracks below `folder` (what `git diff` and `git grep` show without a revision), each as
   * git names it and where it is now (its folder may have become a link); a submodule holds more. Not known where
   * the index cannot be read whole, where git may read another repository (the folder is not in the command's, or
   * `GIT_DIR` and the like are set) or another index.
   */
  private trackedEntries(
    folder: PathCheck,
    top: string,
    command: SimpleCommand,
  ): EntryRead[] | "too many" | "not known" {
    if (folder.status !== "inside") return "not known";
    const assigned = command.assignments.map((assignment) => assignment.split("=")[0]!);
    const environments: Readonly<Record<string, string | undefined>>[] = [
      process.env,
      this.context.agentEnv ?? {},
    ];
    if (
      GIT_PLACES.some(
        (name) => assigned.includes(name) || environments.some((env) => env[name] !== undefined),
      )
    )
      return "not known";
    // The repository git finds from where it runs (outside one, git grep may read the folder's files).
    const repository = this.repositoryTop(folder.path);
    const [found, from] = [repository, top].map((path) =>
      path === undefined ? undefined : this.context.paths.check(path),
    );
    if (found?.status !== "inside" || from?.status !== "inside" || found.path !== from.path)
      return "not known";
    const listing = this.indexListing(folder.path);
    if (listing === undefined) return "not known";
    if (listing.entries.length > MAX_NAMES_READ) return "too many";
    const folders = new Map<string, PathCheck>();
    const p = posixOrWin32(folder.path);
    return listing.entries.map(({ relative, path, stat }) => {
      const parent = p.dirname(path);
      let where = folders.get(parent);
      if (where === undefined) folders.set(parent, (where = this.context.paths.check(parent)));
      const named = childCheck(folder, relative);
      return {
        path,
        checks: [named, childCheck(where, p.basename(path))],
        ...(stat.mode === 0o160000 ? { holds: true as const } : {}),
        ...(LINE_BREAK.test(relative) ? { any: true as const } : {}),
      };
    });
  }

  /**
   * A folder a `cd` goes to as git's top of the working tree (`FootprintPath.gitTop`) where the disk says otherwise
   * now: git was read earlier (its answers are kept until its configuration changes) and a repository may have been
   * made since, or git's top is not the folder holding `.git` (a `core.worktree` elsewhere). The commands after it
   * would run elsewhere than they were placed.
   */
  private gitTopGuard(): Held | undefined {
    // The agent's git finds its repository by the agent's environment, which git was not read with.
    const elsewhere =
      Object.keys(this.context.agentEnv ?? {}).some((name) => name.startsWith("GIT_")) ||
      GIT_PLACES.some((name) => process.env[name] !== undefined);
    for (const { gitTop } of this.footprint.paths) {
      if (gitTop === undefined) continue;
      if (elsewhere)
        return {
          guard: "incomplete",
          label: "cd goes to the top of git's working tree, found by an environment that names git's folders",
        };
      const found = this.repositoryTop(gitTop.of);
      if (gitTop.shown === "" ? found === undefined : found === gitTop.shown) continue;
      return {
        guard: "incomplete",
        label: `cd goes to the top git gives for ${shortPath(gitTop.of)}, which is not the folder holding its .git`,
      };
    }
    return undefined;
  }

  /** The top of the git repository `cwd` is in: the nearest folder holding `.git`; undefined when none is found. */
  private repositoryTop(cwd: string): string | undefined {
    const path = posixOrWin32(cwd);
    for (let folder = cwd; ; folder = path.dirname(folder)) {
      if (this.context.paths.kind(path.join(folder, ".git")) !== undefined) return folder;
      if (path.dirname(folder) === folder) return undefined;
    }
  }

  /**
   * The paths the request's commands name (`cat secrets/key`, `--file=.env`, a glob's matches, a path in an
   * interpreter's code), each where it really leads: a deny or ask path rule holds back `rm package.json` as it holds
   * back an edit of it (a command's own footprint paths are only its folder and its redirections). Over-approximated
   * (every word may be a file); read once, when a path rule first asks, within `MAX_NAMED_PATHS`.
   */
  private get namedPaths(): PathCheck[] | "too many" {
    if (this.named !== undefined) return this.named;
    const paths = new Set<string>();
    for (const at of this.simple) {
      const { command, cwd } = at;
      const argv = command.argv;
      const unwrapped = withoutWrappers(argv).argv;
      const name = unwrapped[0] == null ? undefined : basename(unwrapped[0]);
      const code =
        name === undefined
          ? []
          : [
              ...inlineCode(name, unwrapped),
              ...(command.stdin && "text" in command.stdin && readsProgramFromStdin(name, unwrapped)
                ? [command.stdin.text]
                : []),
            ];
      // A glob is no word of argv (bash makes it its matches): read from the command's text.
      const globs = argv.includes(null)
        ? arithmeticAsNumbers(command.text).replace(QUOTED_WORD, "$1").split(/\s+/).filter(isGlobWord)
        : [];
      // find's patterns are no files (`-not -name '*.pem'`): what it finds is walked as it finds it.
      const files =
        name === "find" ? argv.filter((_, i) => !FIND_ONE_WORD_TESTS.has(argv[i - 1] ?? "")) : argv;
      const words = [
        ...files,
        ...globs,
        ...code.flatMap((text) => (text === null ? [] : quotedStrings(text))),
        // A symbolic link's relative target as the link reads it, from its folder (`ln -s ../secrets src/k`).
        ...(name === "ln"
          ? (fileOperands(name, this.lnFolderNow(unwrapped, at))?.targets.map(({ text }) => text) ?? [])
          : []),
        // What a compressor writes beside what it is given (`gunzip server.pem.gz` writes `server.pem`).
        ...(name === undefined ? [] : compressedNames(name, unwrapped)),
        // The folder git clone names after its address (`git clone https://x/secrets.git`).
        ...(name === "git" ? cloneDirectories(unwrapped) : []),
        // What a download names after its address (`curl -O https://x/server.pem`).
        ...(name === undefined ? [] : downloadedFiles(name, unwrapped)),
        // An in-place edit's backup (`sed -i.pem s/a/b/ x` keeps `x.pem`).
        ...(name === undefined ? [] : inPlaceBackups(name, unwrapped)),
        // What the variables set for it name (`TMPDIR=secrets mktemp` makes a file in secrets).
        ...variableFiles(
          [...command.assignments, ...(DECLARATIONS.has(argv[0] ?? "") ? [command.text] : [])],
          argv.slice(0, withoutWrappers(argv).start).filter((word): word is string => word !== null),
        ),
      ];
      // What a patch the command applies or an archive it extracts writes, though the line names none of it
      // (`git apply p.patch` changing `secrets/key`); one not known meets its guard.
      const inLine =
        name === undefined
          ? undefined
          : { name, argv: unwrapped, command, cwd, computed: globsOf(command.text) };
      for (const written of inLine
        ? [this.patchWrites(inLine), this.archiveWrites(inLine), this.revisionWrites(inLine)]
        : []) {
        if (written === undefined || "guard" in written) continue;
        const places =
          written.folders.length === 0
            ? [cwd]
            : written.folders.map((f) => (f === null ? undefined : absolute(f, cwd, this.context.home)));
        for (const place of places)
          for (const target of [...written.names, ...written.links.map((link) => link.target)]) {
            const path = place === undefined ? undefined : absolute(target, place, this.context.home);
            if (path !== undefined) paths.add(path);
          }
      }
      // A file copied, moved or linked into a folder lands there under its own name (`cp a.pem cfg`: `cfg/a.pem`).
      const lands = name === undefined ? undefined : landsByName(name, unwrapped);
      // A glob is no word of argv: any of the line's globs may be the source.
      const sources = lands?.folder == null ? [] : lands.sources.flatMap((source) => source ?? globs);
      for (const source of sources) {
        if (cwd === undefined) continue;
        const matches = isGlobWord(source)
          ? expandGlob(source, cwd, this.context.paths, this.budget)
          : undefined;
        for (const from of matches ?? [source]) {
          // With cp --parents or rsync -R, its path as written (rsync's after a `/./`).
          const written = matches === undefined ? from : posixOrWin32(cwd).relative(cwd, from);
          const kept = lands!.parents
            ? written.replace(/^.*[\\/]\.[\\/]/, "").replace(/^(?:\.?[\\/])+/, "")
            : basename(from.replace(/[\\/]+$/, ""));
          const landing = `${lands!.folder!.replace(/[\\/]+$/, "")}/${kept}`;
          const path = absolute(landing, cwd, this.context.home);
          if (path !== undefined) paths.add(path);
        }
      }
      // Names read from another folder (`tar -C docs … keys/key`) are matched there too.
      const folders = name === undefined ? [] : wordFolders(name, unwrapped);
      // With the folders `mkdir -p` and the like make on the way through `..`.
      for (const word of [...words, ...foldersBeforeParent(words)]) {
        if (word === null) continue;
        for (const candidate of [
          word,
          word.slice(word.indexOf("=") + 1),
          word.slice(word.indexOf("@") + 1),
          // A file in a commit or the index (`git show HEAD:src/key`, `:src/key`).
          word.includes("://") ? "" : word.slice(word.indexOf(":") + 1),
          // The file of a line range (`git log -L:funcname:src/key`, `-L'/a:b/,+3:src/key'`).
          word.includes("://") ? "" : word.slice(word.lastIndexOf(":") + 1),
        ]) {
          if (candidate === "" || candidate.includes("://")) continue;
          const relative = !/^[/~]/.test(candidate);
          for (const named of [
            candidate,
            ...(relative
              ? folders.flatMap((folder) => (folder === undefined ? [] : [`${folder}/${candidate}`]))
              : []),
          ]) {
            const path = absolute(named, cwd, this.context.home);
            if (path !== undefined) paths.add(path);
            if (cwd !== undefined && isGlobWord(named))
              for (const match of expandGlob(named, cwd, this.context.paths, this.budget) ?? [])
                paths.add(match);
          }
        }
        if (paths.size > MAX_NAMED_PATHS) return (this.named = "too many");
      }
    }
    return (this.named = [...paths].map((path) => this.context.paths.check(path)));
  }

  /** Allow rules: every part of the request must be covered (every simple command, every path). */
  matchesAll(rule: PermissionRule): boolean {
    if (!this.sameTool(rule)) return false;
    // A rule that names no command covers one only when it is about commands (`"kind": "execute"`): a tool granted
    // for a request that ran nothing (a fetch, a search) is not granted every command line that tool is later given.
    if (
      rule.command === undefined &&
      rule.path === undefined &&
      this.footprint.commands.length > 0 &&
      rule.kinds?.includes("execute") !== true
    )
      return false;
    // Nor, of kinds that do not write and naming no path, files the tool writes: a fetch granted for a request that
    // saved nothing is not granted saving over `package.json` later.
    if (
      rule.command === undefined &&
      rule.path === undefined &&
      rule.kinds !== undefined &&
      !rule.kinds.some((kind) => WRITING_KINDS.has(kind)) &&
      this.footprint.commands.length === 0 &&
      this.checks.some((c) => c.access === "write")
    )
      return false;
    if (rule.command) {
      if (
        this.simple.length === 0 ||
        !this.simple.every((s) => prefixMatches(rule.command!, s.command, false))
      )
        return false;
      // Running `npm test` is not writing `src/out.log`: a file a redirection writes needs a path rule too.
      const writes = this.footprint.paths.some((p) => p.from === "redirection" && p.access === "write");
      if (writes && rule.path === undefined) return false;
    }
    if (rule.path !== undefined) {
      // A path rule is about files: a command run in src/ may do anything (`python3 -c …`, `git push`), so only a
      // command prefix covers a command; with one, every path (its working directory included) must match too.
      if (rule.command === undefined && this.footprint.commands.length > 0) return false;
      if (this.checks.length === 0) return false;
      if (
        !this.checks.every((c) =>
          globMatches(rule.path!, c.check, this.context.home, false, this.context.paths),
        )
      )
        return false;
    }
    return true;
  }

  private sameTool(rule: PermissionRule, anyKind = false): boolean {
    const kind = this.footprint.kind;
    // A search reads the files it searches: a deny or ask rule about reading them holds it too.
    const reads = kind === "search" && rule.action !== "allow" && rule.kinds?.includes("read") === true;
    if (rule.kinds && !anyKind && !reads && !(kind !== undefined && rule.kinds.includes(kind))) return false;
    if (rule.tool !== undefined && rule.tool !== this.footprint.toolName) return false;
    return true;
  }

  guard(): Held | undefined {
    if (!this.context.trusted)
      return { guard: "untrusted", label: "The workspace is not trusted: nothing is approved automatically" };
    if (this.footprint.subject === "unknown" || this.footprint.subject === "none")
      return { guard: "subject", label: "Symposium does not recognise what this request is about" };
    if (!this.footprint.complete)
      return {
        guard: "incomplete",
        label: `The request is not fully understood: ${this.footprint.reasons[0]}`,
      };
    const named = this.checks.filter((_, i) => !this.footprint.paths[i]?.movedTo);
    const held =
      this.gitTopGuard() ??
      this.sessionFolderGuard() ??
      this.placeGuard(named, false) ??
      this.linkGuard() ??
      this.agentSearchGuard() ??
      this.changedFolderGuard() ??
      this.destructive();
    if (held) return held;
    // `cd ~ && npm init -y`: the commands after a `cd` write where it goes.
    const movedTo = this.checks.filter((_, i) => this.footprint.paths[i]?.movedTo);
    return this.placeGuard(movedTo, true) ?? this.hiddenEndGuard() ?? this.computedOptionGuard();
  }

  /**
   * An agent's shell keeps its folder for its next line (Claude Code's Bash, Copilot's): after `cd .github`, a later
   * `> workflows/ci.yml` is read from where the agent runs and lands in `.github/workflows`. A line that leaves its
   * shell in a hidden folder of the workspace asks.
   */
  private hiddenEndGuard(): Held | undefined {
    for (const line of this.footprint.commands)
      for (const folder of line.endsIn ?? []) {
        const check = folder === undefined ? undefined : this.context.paths.check(folder);
        if (check?.status === "inside" && check.relative.split("/").some((name) => /^\.(?!\.?$)/.test(name)))
          return {
            guard: "protected",
            label: `the line leaves its shell in the hidden folder ${shortPath(check.path)}, where the agent's next line runs`,
          };
      }
    return undefined;
  }

  /**
   * A command without a cwd of its own runs in the session's folder, which may be no workspace folder: the home
   * folder opened as one (never a root), or a folder removed from the workspace since the session started. There
   * `npm install` or `git init` writes outside the workspace though they name no path. A protected one (a
   * `.code-workspace` file may list `.vscode` first) is held as a cwd the command names would be.
   */
  private sessionFolderGuard(): Held | undefined {
    const cwd = this.context.sessionCwd;
    if (cwd === undefined || this.footprint.commands.every((line) => line.cwd !== undefined))
      return undefined;
    const check = this.context.paths.check(cwd);
    if (check.status === "inside")
      return check.protected
        ? {
            guard: "protected",
            label: `Its commands run in ${shortPath(cwd)}, the session's folder, a protected folder`,
          }
        : undefined;
    return check.status === "unresolved"
      ? {
          guard: "incomplete",
          label: `The session's folder ${shortPath(cwd)} cannot be resolved: ${check.reason}`,
        }
      : {
          guard: "outside",
          label: `Its commands run in ${shortPath(cwd)}, the session's folder, outside the workspace`,
        };
  }

  /**
   * A value computed at run time written onto an option (`curl -o$HOME/.bashrc`, `--target="$DIR"`): the line is
   * judged again as if each such value named a protected file outside the workspace (`~/.ssh/…`); where a guard
   * then holds it back, the option names a file, and which one is not known.
   */
  private computedOptionGuard(): Held | undefined {
    const computed = this.footprint.commands.flatMap((c) =>
      c.commands.flatMap((s) => s.computedOptions ?? []),
    );
    if (computed.length === 0) return undefined;
    // Which option it is, is itself computed (`-$X`, `--$X`).
    const unnamed = computed.find((o) => /^--?$/.test(o.prefix));
    if (unnamed)
      return {
        guard: "incomplete",
        label: `An option is computed at run time (${unnamed.prefix}…) and may name any file`,
      };
    // Written from `~` and without letters of its own, so that no short option reads in it (make's `-jf…`).
    const anywhere = "~/.ssh/0";
    const assumed: Footprint = {
      ...this.footprint,
      commands: this.footprint.commands.map((line) => ({
        ...line,
        commands: line.commands.map(({ computedOptions, ...command }) => ({
          ...command,
          argv: command.argv.map((word, i) => {
            const option = computedOptions?.find((o) => o.at === i);
            return option ? `${option.prefix}${anywhere}` : word;
          }),
        })),
      })),
    };
    if (new FootprintView(assumed, this.context).guard() === undefined) return undefined;
    return {
      guard: "incomplete",
      label: `An option's value is computed at run time (${computed.map((o) => `${o.prefix}…`).join(", ")}) and may name any file`,
    };
  }

  /**
   * The guard of the first path that cannot be resolved, is outside or is protected, in that order; `movedTo` for the
   * folders the line's `cd`s go to.
   */
  private placeGuard(
    checks: readonly { path: string; check: PathCheck; access: Access }[],
    movedTo: boolean,
  ): Held | undefined {
    const named = (path: string) =>
      movedTo ? `The line changes folder to ${shortPath(path)}` : shortPath(path);
    for (const { path, check } of checks) {
      if (check.status === "unresolved")
        return {
          guard: "incomplete",
          label: `${movedTo ? named(path) : `The path ${named(path)}`} cannot be resolved: ${check.reason}`,
        };
    }
    for (const { path, check } of checks) {
      if (check.status === "outside") {
        // Said, for the folder shows in the editor as one of the workspace's.
        const why =
          check.unconfirmed === undefined
            ? ""
            : `: the workspace file lists ${shortPath(check.unconfirmed)} outside its own folder, not confirmed`;
        return {
          guard: "outside",
          label:
            (check.path === path
              ? `${named(path)}${movedTo ? "," : " is"} outside the workspace`
              : `${named(path)}${movedTo ? ", which" : ""} leads to ${shortPath(check.path)}, outside the workspace`) +
            why,
        };
      }
    }
    for (const { path, check, access } of checks) {
      if (check.status === "inside" && check.protected && !(access === "read" && check.readable))
        return {
          guard: "protected",
          label: movedTo
            ? `${named(path)}, ${protectedWhy(check, "a protected folder")}`
            : `${named(path)} is ${protectedWhy(check, "a protected file")}`,
        };
    }
    return undefined;
  }

  /**
   * Whether the command at `at` (of `Decider.simple`, on command line `line`) may run after the link maker: it comes
   * later in the request, or shares a line with it that does not run in the order it is written (a loop, a function
   * called after, a pipeline).
   */
  private runsAfter(at: number, line: number, maker: LinkMaker): boolean {
    return at !== maker.at && this.afterMaker(maker, line, at > maker.at);
  }

  /**
   * ln's words with a last operand that is a folder now written as one (`ln -s ../x docs` as `docs/`, where the
   * target is read from `docs`), when the request runs nothing before it that may change what `docs` is (`rm -rf
   * docs; ln -s secrets/key docs`, `mkdir docs && ln …`). A link to a folder is not one (`-n` replaces it).
   */
  private lnFolderNow(
    argv: readonly (string | null)[],
    at: { command: SimpleCommand; cwd: string | undefined; line: number },
  ): (string | null)[] {
    const folder = landsByName("ln", argv);
    const last = argv.at(-1);
    const path = last == null || at.cwd === undefined ? undefined : absolute(last, at.cwd, this.context.home);
    return folder === undefined ||
      folder.folder !== last ||
      path === undefined ||
      this.context.paths.kind(path) !== "folder" ||
      !this.simple.every(
        ({ command, line }) => command === at.command || this.runsOnlyAfter(command, line, at),
      )
      ? [...argv]
      : [...argv.slice(0, -1), `${last}/`];
  }

  /**
   * Whether `command` of command line `line` runs once, after `first` has ended: later in the same line of commands
   * run one after another (`&&`, and `;` or `||`, where it runs whether `first` failed or not: `sequential`). Lines
   * a request states apart (`command`, `cmd`, `commands`) may be one run told twice, or run in any order.
   */
  private runsOnlyAfter(
    command: SimpleCommand,
    line: number,
    first: { command: SimpleCommand; line: number },
  ): boolean {
    if (line !== first.line) return false;
    const commands = this.footprint.commands[line];
    return (
      commands?.sequential === true &&
      commands.commands.indexOf(command) > commands.commands.indexOf(first.command)
    );
  }

  /**
   * Whether something of command line `line` may happen after the link maker runs: on a later line, or on its line
   * later as written (`laterInText`) or anywhere when the line does not run in the order written.
   */
  private afterMaker(maker: LinkMaker, line: number, laterInText: boolean): boolean {
    if (line !== maker.line) return line > maker.line;
    return laterInText || this.footprint.commands[line]?.sequential !== true;
  }

  /**
   * A redirection opened after a command of the request that may make what it names, or a folder on its way, a link
   * (`git checkout x && cat key >> d/.ssh/authorized_keys`), not before (`curl … > a.tgz && tar xzf a.tgz`).
   */
  private linkGuard(): Held | undefined {
    const maker = this.linkMaker;
    if (maker === undefined) return undefined;
    const after = (openedAt: FootprintPath["openedAt"]) =>
      openedAt === undefined ||
      this.afterMaker(
        maker,
        openedAt.line,
        openedAt.command === undefined || openedAt.command > maker.command,
      );
    const redirected = this.checks.filter((_, i) => {
      const path = this.footprint.paths[i];
      return path?.from === "redirection" && after(path.openedAt);
    });
    for (const { path, check } of redirected)
      if (check.status === "inside")
        return {
          guard: "incomplete",
          label: `A redirection names ${shortPath(path)}, ${mayBeLink(maker.name, check.exists)}`,
        };
    return undefined;
  }

  private destructive(): Held | undefined {
    const downloaders = new Set<number>();
    const runners = new Set<number>();
    const downloadsFiles = new Set<number>();
    /** Lines where a bare name may run what the line downloaded, with why. */
    const pathRunners = new Map<number, string>();
    const projectRunners = new Set<number>();
    let programFromPipe = false;
    // The agent's settings may give it a home of its own: its shells expand `~` there, not where the guards place it
    // (`touch ~/ws/x` writes below that home, outside the workspace).
    const agentHome = this.context.agentEnv?.HOME;
    if (
      agentHome !== undefined &&
      agentHome.replace(/(?<=.)\/+$/, "") !== this.context.home &&
      this.footprint.commands.some(({ line }) => HOME_TILDE.test(line))
    )
      return {
        guard: "incomplete",
        label: `HOME of the agent's environment (${agentHome}) is where its shells expand ~, not the home folder`,
      };
    for (const [at, { command, cwd, line }] of this.simple.entries()) {
      const wrapped = withoutWrappers(command.argv);
      if (wrapped.problem !== undefined) return { guard: "incomplete", label: wrapped.problem };
      // A process substitution read as a file is a pipe: bash passes `/dev/fd/63`.
      const argv = wrapped.argv.map((word, i) =>
        command.pipes?.includes(i + wrapped.start) ? "/dev/fd/63" : word,
      );
      const program = argv[0] == null ? undefined : basename(argv[0]);
      // hub runs git for each command not its own (`alias git=hub`): `hub reset --hard` is git's.
      const hubVerb = argv.slice(1).find((word) => word === null || !word.startsWith("-"));
      const name =
        program === "hub" && hubVerb !== null && !HUB_COMMANDS.has(hubVerb ?? "") ? "git" : program;
      // Set in front of the command, by a wrapper (`env X=…`), or declared (`export X=…`): not a word that only
      // mentions one (`git commit -m 'set EDITOR=nano'`).
      const variableSources: [string[], string[]] = [
        [...command.assignments, ...(DECLARATIONS.has(command.argv[0] ?? "") ? [command.text] : [])],
        command.argv.slice(0, wrapped.start).filter((word): word is string => word !== null),
      ];
      const variable = commandVariable(...variableSources);
      if (variable) return { guard: "incomplete", label: `${variable.name} ${variable.does}` };
      // The environment it starts in: the editor's (terminal/create's too) and the agent's settings' over it.
      for (const env of [process.env, this.context.agentEnv ?? {}]) {
        const started = environmentVariable(env, argv);
        if (started)
          return { guard: "incomplete", label: `${started.name} of the agent's environment ${started.does}` };
      }
      // The files and folders those variables name, placed as an option's value is (`TMPDIR=.. mktemp`).
      const assigned = variableFiles(...variableSources);
      const variableReach =
        assigned.length > 0 &&
        this.fileReach(
          name ?? "A variable",
          { targets: assigned.map((text) => ({ text, unknownAsks: true })), recursive: false },
          cwd,
          undefined,
        );
      if (variableReach) return variableReach;
      if (name === undefined) {
        if (argv.length > 0) return { guard: "incomplete", label: "A command name is computed at run time" };
        continue;
      }
      if (PRIVILEGE.has(name))
        return { guard: "sudo", label: `${name} runs a command with other privileges` };
      const unread = runsUnread(name, argv);
      if (unread) return { guard: "incomplete", label: unread };
      // make takes the variables set for it too (`CC='rm -rf ~;' make`). A word computed at run time may be an
      // assignment that runs a command (`make test "$V"` with `V='X!=…'`); a computed option is judged as one
      // (`computedOptionGuard`).
      const makeVariable =
        name === "make" || name === "gmake"
          ? (makeVariableHeld([
              ...command.assignments.map(unquotedAssignment),
              ...command.argv.slice(0, wrapped.start),
            ]) ??
            (command.argv.some(
              (word, i) =>
                i > wrapped.start && word === null && !command.computedOptions?.some((o) => o.at === i),
            )
              ? "make is given a word computed at run time, which may be an assignment that runs a command (X!=…)"
              : undefined))
          : undefined;
      if (makeVariable) return { guard: "incomplete", label: makeVariable };
      // A `file:` address whose path is computed at run time may be any file (`curl file://$HOME/.ssh/id_rsa`).
      if (name === "curl" && argv.includes(null) && /file:/i.test(command.text))
        return { guard: "incomplete", label: "curl names a file: address computed at run time" };
      // Another shell's language read from a here-document is not read; from a pipe it is `… | sh` (below).
      if (foreignShellReadsInput(name, argv)) {
        const unread =
          command.stdin !== undefined && "text" in command.stdin
            ? inputCommandsUnread(name, command.stdin.text)
            : undefined;
        if (unread) return { guard: "incomplete", label: unread };
        programFromPipe ||= command.stdinFromPipe === true;
      }
      // An interpreter reading its program from a pipe (`cat <<EOF | python3`): the program is not where the
      // guards read an interpreter's code (`python3 - <<'EOF'` is).
      if (command.stdinFromPipe === true && readsProgramFromStdin(name, argv)) programFromPipe = true;
      // The file xargs reads the words from (`xargs -a .env echo` prints it).
      const argumentFile =
        wrapped.argumentFile !== undefined &&
        this.fileReach(
          "xargs",
          { targets: [{ text: wrapped.argumentFile, unknownAsks: true }], recursive: false },
          cwd,
          undefined,
        );
      if (argumentFile) return argumentFile;
      const operands = deletes(name, argv)
        ? rmTargets(argv)
        : name === "find"
          ? findDeletes(argv)
          : fileOperands(name, name === "ln" ? this.lnFolderNow(argv, this.simple[at]!) : argv);
      // A program whose words are not read as files may still be handed a protected file by name.
      // A message file's words go into the history, where `git log` prints them: a protected one asks
      // (`git commit -F .env`), and one in the home folder outside the workspace as code's paths do
      // (`-F ~/.aws/credentials`); a message from /tmp does no harm.
      // A forge's repository (`gh repo clone u/.vscode x`) is a name there, not a path here.
      const repositoryWord = forgeRepositoryWord(name, argv);
      const handedWords =
        (operands === undefined || readsOnlyOutputs(name)) && !NAMES_ONLY.has(name)
          ? name === "find"
            ? findStartingPoints(argv.slice(1)) // its other words are tests and patterns (`-name .env`)
            : argv.filter((_, i) => i > 0 && i !== repositoryWord)
          : name === "git"
            ? gitMessageFiles(argv)
            : [];
      // The names split and csplit make for their pieces from a prefix (`csplit -f .gi -b 't%.0d'` writes `.git`).
      const pieces = protectedPieceNames(name, argv);
      if (pieces.includes(null))
        return {
          guard: "incomplete",
          label: `${name} names its pieces in a way Symposium does not work out`,
        };
      // Pieces, backups and clones are made; a word of a program whose words are not read as files may be one too.
      const handed =
        this.handedPath(name, pieces, cwd, { home: false, mayMake: true }) ??
        // A program whose words are read may still write a protected file outside through an option not read
        // (`mvn -l ~/.bash_profile`, `tsc --generateCpuProfile ~/.zshenv`): one not there may be made.
        this.handedPath(name, handedWords, cwd, {
          home: name === "git",
          mayMake: name !== "git",
        }) ??
        this.handedPath(`${name} -i`, inPlaceBackups(name, argv), cwd, { home: false, mayMake: true }) ??
        this.handedPath(`${name}'s clone`, forgeCloneFolders(name, argv), cwd, {
          home: false,
          mayMake: true,
        });
      if (handed) return handed;
      const touched =
        operands && followsLinksBelow(name, argv) ? { ...operands, followsLinks: true as const } : operands;
      // Words xargs passes on are files here only when it reads them from a pipe whose other commands list names
      // from here (not from a file: `xargs cat < list.txt`, `xargs -a list.txt`); a loop's, when its listing does.
      const loop = wrapped.fromInput ? undefined : command.namesFromLoop;
      // echo and printf open no name they are given: they print it, where the line says (a redirection is a path
      // of its own; a command reading their output is given names from no listing, which may be any).
      const listed = wrapped.fromInput
        ? PRINTS_ONLY.has(name) ||
          (command.stdinFromPipe === true &&
            wrapped.argumentFile === undefined &&
            !command.argv.includes(null) &&
            !arithmeticAsNumbers(command.text).split(/\s+/).some(isGlobWord) &&
            this.listsNamesFromHere(
              line,
              command,
              cwd,
              name,
              argv,
              command.namesInScript !== undefined ? READ_AS_MORE_THAN_A_NAME : wrapped.splitsNamesAt,
            ))
        : loop !== undefined &&
          this.listsNamesFromHere(line, command, cwd, name, argv, READ_AS_MORE_THAN_A_NAME, loop);
      if (typeof listed === "object")
        return listingHeld(name, listed, loop ? (loop.inWords ? "substitution" : "loop") : command);
      const computed: ComputedNames =
        wrapped.fromInput || loop ? (listed ? "listed here" : undefined) : globsOf(command.text);
      if (wrapped.fromInput && computed === undefined && touched)
        return {
          guard: touched.recursive ? "recursive-delete" : "incomplete",
          label: `${name} is given files by xargs from a command or file that may name any file`,
        };
      // Only what runs after it may meet a link it made.
      const maker = this.linkMaker;
      const afterLinks = maker !== undefined && this.runsAfter(at, line, maker) ? maker.name : undefined;
      const reach = touched && this.fileReach(name, touched, cwd, computed, afterLinks, readsEveryFile(name));
      if (reach) return reach;
      // The paths an interpreter's program names plainly (`python3 -c "open('.git/hooks/pre-commit', 'w')"`).
      // Its program may come from a here-document or here-string instead (`python3 - <<'EOF'`).
      const fromStdin =
        command.stdin && "text" in command.stdin && readsProgramFromStdin(name, argv)
          ? [command.stdin.text]
          : [];
      const programs = [...inlineCode(name, argv), ...fromStdin];
      const named = [
        ...programs.flatMap((code) => (code === null ? [] : pathLiterals(code))),
        ...awkValues(name, argv),
      ];
      const codeReach =
        named.length > 0 &&
        this.handedPath(`${name}'s code`, [...named, ...foldersBeforeParent(named)], cwd, { home: true });
      if (codeReach) return codeReach;
      // A name beginning with `-` the code writes, which is no path to pathLiterals (`open('--x', 'w')`).
      for (const written of programs.flatMap((code) =>
        code === null ? [] : namesCodeWrites(name, argv, code),
      )) {
        const path = absolute(written, cwd, this.context.home);
        const check = path === undefined ? undefined : this.context.paths.check(path);
        if (check?.status === "inside" && check.optionLike)
          return {
            guard: "protected",
            label: `${name}'s code writes ${shortPath(check.path)}, ${protectedWhy(check, "")}`,
          };
      }
      // AppleScript drives other applications: a terminal's `do script`, System Events' keystrokes, Finder.
      if (name === "osascript" && programs.some((code) => code === null || CONTROLS_APPLICATIONS.test(code)))
        return {
          guard: "outside",
          label: "osascript controls another application (tell application …), outside the workspace",
        };
      // What the line does not name: what find finds, a search reads, a copied folder holds, a patch or archive names.
      const inLine: CommandInLine = { name, argv, command, cwd, computed };
      const landing =
        (touched && this.foundReach(inLine, touched, afterLinks)) ??
        this.findDeleteReach(inLine) ??
        this.searchReach(inLine) ??
        this.changesReach(inLine) ??
        this.stashReach(inLine) ??
        this.protectedLanding(inLine) ??
        this.patchReach(inLine) ??
        this.archiveReach(inLine);
      if (landing) return landing;
      const written = name === "find" ? findWrites(argv) : undefined;
      const writeReach = written && this.fileReach(name, written, cwd, computed, afterLinks);
      if (writeReach) return writeReach;
      // The patches format-patch writes where it runs, named after the repository's commits: a link the repository
      // holds under such a name is written through.
      const patches = name === "git" ? formatPatchNames(argv) : undefined;
      const patchReach = patches !== undefined && this.patchFilesReach(patches, cwd);
      if (patchReach) return patchReach;
      const verbs = this.verbGuard(name, argv, command, wrapped.start, cwd, line);
      if (verbs) return verbs;
      const revisions = this.revisionReach(inLine);
      if (revisions) return revisions;
      if (name === "git" && changesGitConfig(argv))
        return {
          guard: "protected",
          label: `git ${argv[gitSubcommandAt(argv) ?? 0] ?? "config"} changes git's configuration, a protected file (hooks, aliases, filters and remotes)`,
        };
      // A word computed at run time where an option may go may be one that writes or runs; a listing's names here
      // were read (none is an option), as are the packages go lists (`go test $(go list ./... | grep -v x)`). Looked
      // into only where a word is computed: every command of every request passes here.
      if (listed !== true && argv.includes(null)) {
        const notOptions = [
          ...(command.computedOperands ?? []),
          ...(command.computedOptions ?? []).map((o) => o.at),
        ];
        const listing = loop?.inWords
          ? this.footprint.commands[line]!.commands.slice(loop.from, loop.to)
          : [];
        const packages =
          listing.some(({ argv: words }) => words[0] === "go") &&
          listing.every(({ argv: words }) =>
            words[0] === "go"
              ? words[1] === "list" && words.slice(2).every((w) => w !== null && !w.startsWith("-"))
              : namesListedFrom(words)?.length === 0,
          );
        // A glob is the names it matches now (`git add *.ts`, `for f in *.ts; …`): none an option where none begins
        // with `-` (`globMatches`), nor the pattern, which bash passes as written when nothing matches (`-*`).
        // Making such a name asks; what the line extracts, checks out or pulls first is not read.
        const globsNow =
          typeof computed === "object" &&
          afterLinks === undefined &&
          !/(?:^|\s)-\S*[*?[]/.test(computed.globs) &&
          typeof this.globMatches(computed.globs, cwd) === "object";
        if (
          !packages &&
          optionComputed(name, argv, new Set(notOptions.map((at) => at - wrapped.start))) &&
          !globsNow
        )
          return {
            guard: "incomplete",
            label: `${name} is given a word computed at run time that may be an option that writes or runs (-o…)`,
          };
      }
      const address = runsFromAddress(name, argv);
      if (address) {
        // `pnpm dlx github:x/y` runs the address itself: name the runner.
        const runner = address === argv[0] ? (runnerBefore(command.argv, wrapped.start) ?? name) : name;
        return {
          guard: "download-to-shell",
          label: `${runner} runs code it downloads from ${shortPath(address)}`,
        };
      }
      if (DOWNLOADERS.has(name)) downloaders.add(line);
      if (this.downloadsFiles(name, argv, line, command)) downloadsFiles.add(line);
      // A program named by its path (`./tool`) may be what the line downloaded, as may any program found through a
      // folder of PATH in the workspace (`curl -o bin/git … && git status`).
      if (
        (SHELLS.has(name) || INTERPRETERS.has(name) || /[\\/]/.test(argv[0] ?? "")) &&
        !prettyPrintsJson(name, argv)
      )
        runners.add(line);
      else if (downloadsFiles.has(line) && !DOWNLOADERS.has(name)) {
        // A package or project runner looks in the project's own folders first (npx and `npm exec` in
        // `node_modules/.bin`, `uv run` in `.venv/bin`): `curl -o node_modules/.bin/tsc … && npx tsc` runs it. So
        // does a bare name after the line changes PATH (`export PATH=bin:$PATH`).
        const runner = runnerBefore(command.argv, wrapped.start);
        const why = this.pathInWorkspace()
          ? "PATH of the agent's environment holds a folder in the workspace"
          : runner !== undefined && runner !== "jobs"
            ? `${runner} looks for ${name} in the project's folders first (node_modules/.bin, .venv/bin)`
            : LINE_SETS_PATH.test(this.footprint.commands[line]?.line ?? "")
              ? "the line changes PATH"
              : undefined;
        if (why !== undefined && !pathRunners.has(line)) pathRunners.set(line, why);
      }
      // A project's runner runs its files (`curl -o package.json … && npm install`, `git clone … r && cd r && make`).
      if (PROJECT_RUNNERS.has(name)) projectRunners.add(line);
      programFromPipe ||= command.programFromPipe === true;
    }
    // A clone is a download too: `git clone … x && bash x/install.sh` runs what it fetched.
    if ([...downloaders, ...downloadsFiles].some((line) => runners.has(line)))
      return {
        guard: "download-to-shell",
        label: "A download is run by a shell, an interpreter or as a program",
      };
    for (const line of downloadsFiles) {
      const why = pathRunners.get(line);
      if (why !== undefined)
        return { guard: "download-to-shell", label: `A download may be run by name: ${why}` };
    }
    if ([...downloadsFiles].some((line) => projectRunners.has(line)))
      return {
        guard: "download-to-shell",
        label:
          "Files downloaded into the workspace are run by the project's own tools (its scripts, build or tests)",
      };
    // `echo 'rm -rf ~' | sh`: the commands are in the line, but not where the parser reads commands.
    if (programFromPipe)
      return {
        guard: "incomplete",
        label: "A shell or an interpreter reads the program it runs from a pipe",
      };
    return undefined;
  }

  /**
   * Whether the PATH of the environment the agent starts in (the editor's, its settings' `env`) holds a folder in the
   * workspace or a relative one (`node_modules/.bin`, `.`, an empty entry), where a file the line writes becomes a
   * program a bare name runs.
   */
  private pathInWorkspace(): boolean {
    return (this.pathHoldsWorkspace ??= [process.env.PATH, this.context.agentEnv?.PATH].some((path) =>
      path
        ?.split(process.platform === "win32" ? ";" : ":")
        .some(
          (folder) =>
            !posixOrWin32(folder).isAbsolute(folder) || this.context.paths.check(folder).status !== "outside",
        ),
    ));
  }
  private pathHoldsWorkspace: boolean | undefined;

  /**
   * Whether a command of line `line` puts what it downloads into files: curl with an output option that names a file
   * (not `-o /dev/null`), wget unless it prints (`-O -`), either printing into a file (its own redirection, an
   * `exec >` before it) or into a pipe when the line writes any file (`| tee package.json`), the others of
   * `DOWNLOADERS`, and `git clone` of an address. `curl -s localhost:3000/health` and
   * `npm run dev > dev.log & curl -s localhost:3000` write none.
   */
  private downloadsFiles(
    name: string,
    argv: readonly (string | null)[],
    line: number,
    command: SimpleCommand,
  ): boolean {
    const words = argv.slice(1);
    const prints = name === "curl" ? !curlWritesFile(words) : name === "wget" && wgetPrints(words);
    if (name === "curl" || name === "wget") return !prints || this.printsIntoFile(line, command);
    return this.downloadsOther(name, words);
  }

  /**
   * Whether what a command prints may end in a file: its own redirection or an `exec >` before it, or a pipe into a
   * command that may write one (`| tee package.json`, `| cat > Makefile`; not `| jq .` or `| head`). Every later
   * command reading a pipe counts, whatever pipeline it is in.
   */
  private printsIntoFile(line: number, command: SimpleCommand): boolean {
    const text = this.footprint.commands[line]?.line ?? "";
    const commands = this.footprint.commands[line]?.commands ?? [];
    // In a function called elsewhere (`f() { curl …; }; f > Makefile`) or into a process substitution
    // (`curl … > >(cat > Makefile)`), its output goes where another command's redirection says.
    const elsewhere = /\(\s*\)\s*\{|\bfunction\s|[<>]\(/.test(text);
    const at = commands.indexOf(command);
    const piped = commands.flatMap((later, i) => (i > at && later.stdinFromPipe ? [i] : []));
    return (
      piped.some((i) => !FILTERS_ONLY.has(basename(withoutWrappers(commands[i]!.argv).argv[0] ?? ""))) ||
      this.footprint.paths.some(({ from, access, openedAt }) => {
        if (from !== "redirection" || access !== "write") return false;
        if (openedAt === undefined || openedAt.line !== line || openedAt.command === undefined || elsewhere)
          return true;
        const opener = openedAt.command;
        return (
          opener === at || piped.includes(opener) || (opener < at && commands[opener]?.argv[0] === "exec")
        );
      })
    );
  }

  private downloadsOther(name: string, words: readonly (string | null)[]): boolean {
    // A clone of an address, and a submodule cloned or moved to its remote's newest commit.
    if (name === "git")
      return (
        (words.includes("clone") && words.some((w) => w === null || /^(?:\w+:\/\/|git@)/.test(w))) ||
        (words.includes("submodule") &&
          words.includes("update") &&
          words.some((w) => w === "--init" || w === "--remote"))
      );
    // Python's own downloader (`python3 -m urllib.request URL > x`).
    if (/^python[\d.]*$/.test(name))
      return words.some(
        (w, i) => w === "-murllib.request" || (w === "-m" && words[i + 1] === "urllib.request"),
      );
    // A forge's clone of `owner/repo`, mercurial's clone, subversion's checkout or export.
    const verbs = words.filter((w) => w === null || !w.startsWith("-"));
    if ((name === "gh" || name === "glab") && verbs[0] === "repo")
      return ["clone", "fork"].includes(verbs[1] ?? "");
    // A release's or run's files, a gist, a bucket's objects, another machine's files (`rsync h:i.sh .`).
    if ((name === "gh" || name === "glab") && ["release", "run", "gist"].includes(verbs[0] ?? ""))
      return ["download", "view", "clone"].includes(verbs[1] ?? "");
    if (["aws", "gsutil", "gcloud", "az", "rclone", "s3cmd"].includes(name))
      return words.some((w) => w === null || /^(?:s3|gs|az|r2):\/\/|^[\w-]+:(?!\/\/)/.test(w));
    if (["scp", "rsync", "sftp"].includes(name))
      return words.some((w) => w === null || /^(?:[\w.-]+@)?[\w.-]+:(?!\/\/)/.test(w));
    if (name === "hg") return verbs[0] === "clone";
    if (name === "svn") return ["checkout", "co", "export"].includes(verbs[0] ?? "");
    return DOWNLOADERS.has(name);
  }

  /**
   * For a program whose words Symposium does not read as files, a word naming a protected path: in the workspace
   * whether there or not (`npx esbuild x.ts --outfile=.git/hooks/pre-commit`, `ffmpeg -i a .vscode/tasks.json`,
   * `gh gist create .env`, `source .env && echo $KEY`), outside it when there (`aws s3 cp ~/.aws/credentials s3://…`;
   * not `source ~/.nvm/nvm.sh`, which sets up a tool), or not there where the program may make it (`mayMake`). Also
   * after `=`, `@` or `:` (`--env-file=.env`, `-F f=@.env`), and against a short option (`-o.git/config`). With
   * `home`, any path in the home folder outside the workspace too (an interpreter's `rmSync('../other')`; its
   * `Path('/usr/lib')` passes). Only words that may name one are looked up: starting at `~` or `/`, with a hidden
   * name in them, going up, a protected name (`Jenkinsfile`), or a name beginning with `-` after a `/` (`./-x`, made
   * by `cpp a.c ./-x`: a later glob passes it as an option).
   */
  private handedPath(
    name: string,
    words: readonly (string | null)[],
    cwd: string | undefined,
    { home, mayMake = false }: { home: boolean; mayMake?: boolean },
  ): Held | undefined {
    // A program's code names a path; a program's words give it one.
    const gives = home ? "names" : "is given";
    for (const word of words) {
      if (word === null) continue;
      // The value after `=` first: `--outfile=.git/hooks/pre-commit` is named by it, not by the whole word.
      const candidates = new Set([
        word.slice(word.indexOf("=") + 1),
        word.slice(word.indexOf("@") + 1),
        word,
      ]);
      if (!/\s/.test(word)) {
        // After a `file:` or `txt:` prefix (`ffmpeg -i a file:.vscode/tasks.json`).
        candidates.add(word.slice(word.indexOf(":") + 1));
        // A short option's value written against it, after any of its letters (`-o.git/config`, `-so.vscode/x`,
        // `-oJenkinsfile`). A name that may begin among the letters is a protected file's (at most a few dozen).
        const letters = /^-[A-Za-z0-9]+/.exec(word)?.[0].length ?? 0;
        for (let at = Math.max(2, letters - 32); at <= letters; at++) candidates.add(word.slice(at));
      }
      for (const candidate of candidates) {
        if (/\s|:\/\//.test(candidate) || candidate === "") continue;
        // A name beginning with `-` below a folder (`./-x`, `src/-x`) too: one the program may make.
        if (!/^[~/]|(?:^|\/)\.[^/]|\/-/.test(candidate) && !isProtectedName(candidate.split("/"))) continue;
        // A hook's bare name is a verb to hook runners and package managers (`lefthook run pre-commit`, `npm update`).
        if (isGitHook(candidate)) continue;
        // An activation script is sourced to use its environment (`source .venv/bin/activate`); writing it asks.
        if (isVenvActivation(candidate)) continue;
        const path = absolute(candidate, cwd, this.context.home);
        const check = path === undefined ? undefined : this.context.paths.check(path);
        if (check === undefined || check.status === "unresolved") continue;
        // A word that begins with `-` is an option to such a program (`--outdir=dist/.cache`), not a name it makes.
        if (check.status === "inside" && check.protected && !(check.optionLike && candidate.startsWith("-")))
          return {
            guard: "protected",
            label: `${name} ${gives} ${shortPath(check.path)}, ${protectedWhy(check, protectedKind({ credentials: holdsCredentials(basename(check.path)) || undefined }))}`,
          };
        if (check.status === "outside" && check.protected && check.exists)
          return {
            guard: "protected",
            label: `${name} ${gives} ${shortPath(check.path)}, a protected path outside the workspace`,
          };
        if (check.status === "outside" && home && isBelow(check.path, this.context.home))
          return { guard: "outside", label: `${name} names ${shortPath(check.path)}, outside the workspace` };
        // Not there: a program may make it (`gh release download -O ~/.bash_profile`, `aws s3 cp s3://b/x ~/.bashrc`).
        if (check.status === "outside" && check.protected && mayMake)
          return {
            guard: "protected",
            label: `${name} ${gives} ${shortPath(check.path)}, a protected path outside the workspace, which it may make`,
          };
      }
    }
    return undefined;
  }

  /**
   * The guards that read a program's verbs and options: a force push, a subcommand computed at run time, git's setup
   * written, a credential printed, the user's setup changed, the clipboard or screen read, what is beyond the
   * workspace changed, work git throws away. Each reads the words every way the program may take them (an option's
   * next word as its value or not), a computed word as any verb or option unless fixed text begins it.
   */
  private verbGuard(
    name: string,
    argv: (string | null)[],
    command: SimpleCommand,
    start: number,
    cwd: string | undefined,
    line: number,
  ): Held | undefined {
    // Computed words that begin with fixed text are operands, never an option (`"feat/$(date +%s)"`).
    const notOptions = new Set((command.computedOperands ?? []).map((at) => at - start));
    const pushed = name === "git" ? forcePush(argv, notOptions) : undefined;
    if (pushed)
      return {
        guard: "force-push",
        label:
          pushed === "deletes"
            ? "git push deletes what the remote holds (a branch or a tag)"
            : "git push --force rewrites the remote's history",
      };
    if (name === "git" && gitRepositoryComputed(argv))
      return {
        guard: "incomplete",
        label: "git reaches a repository computed at run time, which may be on this machine",
      };
    // A long option given a computed value (`--target=$DIR`) is still that option, not any word.
    const optionsKnown = argv.map(
      (word, i) =>
        word ??
        command.computedOptions?.find((o) => o.at === i + start && /^--[^=]+=/.test(o.prefix))?.prefix ??
        null,
    );
    // An option may take the next word as its value or not: the verbs are read each way (`gh -R o/r release
    // delete`, `aws --debug configure get`).
    const readings = optionValueReadings(name, argv);
    if (readings === undefined)
      return {
        guard: "incomplete",
        label: `${name} is given too many options whose value may be the next word to tell which words are its verbs`,
      };
    // Each reading's words, once: all of them as they are where there is one reading (most commands).
    const views =
      readings === "as written"
        ? [{ words: argv, known: optionsKnown, operands: notOptions }]
        : readings.map((kept) => ({
            words: kept.map((i) => argv[i] ?? null),
            known: kept.map((i) => optionsKnown[i] ?? null),
            operands: new Set(kept.flatMap((i, at) => (notOptions.has(i) ? [at] : []))),
          }));
    const eachReading = (
      guard: (
        words: (string | null)[],
        known: (string | null)[],
        operands: ReadonlySet<number>,
      ) => string | undefined,
    ) => {
      for (const { words, known, operands } of views) {
        const found = guard(words, known, operands);
        if (found) return found;
      }
      return undefined;
    };
    if (eachReading((words) => (subcommandComputed(name, words) ? name : undefined)))
      return {
        guard: "incomplete",
        label: `${name}'s subcommand is computed at run time: it may read a credential, or change or delete what is beyond the workspace`,
      };
    const setup = writesGitSetup(name, argv);
    if (setup) return { guard: "protected", label: `${setup.program} changes ${setup.what} (protected)` };
    const forge = forgeWritesUnread(name, argv);
    if (forge) return { guard: "incomplete", label: forge };
    const pathspecs = name === "git" ? gitPathspecsUnread(argv) : undefined;
    if (pathspecs) return { guard: "incomplete", label: pathspecs };
    const credential = eachReading((words) => readsCredential(name, words));
    if (credential)
      return { guard: "protected", label: `${name} prints ${credential}, kept outside the workspace` };
    const setting = eachReading((_, known, operands) => changesUserSetting(name, known, operands));
    if (setting) return { guard: "outside", label: `${name} changes ${setting}, outside the workspace` };
    const personal = eachReading((words) => readsPersonal(name, words));
    if (personal) return { guard: "outside", label: `${name} ${personal}, outside the workspace` };
    const beyond =
      eachReading((words) => actsBeyond(name, words)) ?? this.endsEditor(name, argv, command, line);
    if (beyond) return { guard: "outside", label: `${name} ${beyond}, outside the workspace` };
    const discarded =
      name === "git" ? discardsWork(argv, (word) => this.isThere(word, cwd), notOptions) : undefined;
    return discarded === undefined ? undefined : { guard: "discard-changes", label: discarded };
  }

  /**
   * Whether a command picks one of the editor's own processes to signal (`killall node` in a browser's VS Code, whose
   * extension host is `node`; `pkill -f code`; `kill $(pgrep node)`; `kill 4242` with the host's pid;
   * `lsof -ti:8080 | xargs kill` where it serves): pgrep, pidof and lsof only list, but what a `kill` of their line
   * ends.
   */
  private endsEditor(
    name: string,
    argv: readonly (string | null)[],
    command: SimpleCommand,
    line: number,
  ): string | undefined {
    const editor = this.context.editorProcesses ?? [];
    if (name === "kill") {
      // Signal 0 only asks whether a process is there (`kill -0 $PID 2>/dev/null && echo running`), unless a later
      // -s or -n gives another (`kill -0 -s 9 $PPID`, in bash and procps alike), or a word computed unquoted may
      // split into them (`kill -0 $P`).
      const zero = argv[1] === "-0" ? 2 : argv[1] === "-s" && argv[2] === "0" ? 3 : undefined;
      if (
        zero !== undefined &&
        argv
          .slice(zero)
          .every((word, i, words) => (word === null ? i === words.length - 1 : !/^-[sn]/.test(word))) &&
        !/[$`]/.test(command.text.replace(/\$[!$]|\$PPID\b|"\$\w+"|"\$\{\w+\}"/g, ""))
      )
        return undefined;
      const targets = killTargets(argv);
      const hit = editor.find(({ pid, group }) =>
        targets.some(
          (t) => (pid !== undefined && t === String(pid)) || (group !== undefined && t === `-${group}`),
        ),
      );
      if (hit) return `signals the editor's own processes (${hit.name}, ${hit.pid})`;
      const computed = targets.includes(null) || withoutWrappers(command.argv).fromInput === true;
      return computed && editor[0] !== undefined && !this.pidsKnown(command, line)
        ? `may signal the editor's own processes (${editor[0].name}): which processes is computed at run time`
        : undefined;
    }
    const lineKills = () =>
      this.simple.some(
        (other) =>
          other.line === line && basename(withoutWrappers(other.command.argv).argv[0] ?? "") === "kill",
      );
    // By a TCP port it listens on (`lsof -ti:8080 | xargs kill`, `fuser -k 8080/tcp`).
    const byPort = portsPicked(name, argv);
    if (byPort !== undefined) {
      if (!byPort.signals && !lineKills()) return undefined;
      // Any port, or a file's users (`fuser -km /home`): the editor's processes may be among them.
      if (byPort.ports.includes(null) && editor[0] !== undefined)
        return `may pick the editor's own processes (${editor[0].name}) to signal`;
      for (const process of editor)
        for (const port of process.ports ?? [])
          if (byPort.ports.some((p) => p === null || p === port))
            return `picks the editor's own processes (${process.name}, listening on port ${port}) to signal`;
      return undefined;
    }
    const patterns = processesPicked(name, argv);
    if (patterns === undefined || patterns.length === 0) return undefined;
    const signals = !["pgrep", "pidof"].includes(name) || lineKills();
    const hit = signals
      ? editor.find((process) => patterns.some((p) => picksProcess(p, process)))
      : undefined;
    return hit && `picks the editor's own processes (${hit.name}) to signal`;
  }

  /**
   * Whether the processes a kill is given at run time are known not to be the editor's: the shell's own (`$!`, `$$`),
   * or what the line's pickers list (pgrep, pidof, lsof, fuser, jobs; `endsEditor` checks what they pick) through
   * filters. Any other variable (`kill $PPID`: the editor, where it runs the shell) or source (`kill $(cat dev.pid)`,
   * `ps aux | grep node | awk '{print $2}' | xargs kill`) may name any process.
   */
  private pidsKnown(kill: SimpleCommand, line: number): boolean {
    // What is computed is marked, for a pid it makes with other text (`kill 4$(true)242`, `kill 4$!`).
    const beyondOwn = kill.text.replace(/\$[!$]/g, "\0");
    const joined = (text: string) => /[^\s"]\0|\0[^\s"]/.test(text);
    if (!/[$`]/.test(beyondOwn) && !joined(beyondOwn) && withoutWrappers(kill.argv).fromInput !== true)
      return true;
    let rest = beyondOwn.replace(/`[^`]*`/g, "\0");
    for (let was = ""; was !== rest;) [was, rest] = [rest, rest.replace(/\$\([^()]*\)/g, "\0")];
    if (/[$`]/.test(rest) || joined(rest)) return false;
    return this.simple.every(({ command, line: other }) => {
      if (other !== line || command === kill) return true;
      const [program, ...words] = withoutWrappers(command.argv).argv;
      const name = basename(program ?? "");
      // A filter keeps what a picker printed, not a file's lines (`kill $(head -1 dev.pid)`, `sort -n 4242`): a
      // number only as an option's value.
      const values = PID_FILTERS.get(name);
      if (values !== undefined)
        return (
          command.stdinFromPipe === true &&
          words.every(
            (w, i) => w !== null && (/^-/.test(w) || (/^\d+$/.test(w) && values.test(words[i - 1] ?? ""))),
          )
        );
      // jobs and lsof print pids only with -p and -t; otherwise a job's command line, a process's files.
      if (name === "jobs")
        return (
          words.every((w) => w !== null && /^-[prs]+$|^%/.test(w)) && words.some((w) => /^-\w*p/.test(w!))
        );
      if (name === "lsof")
        return (
          words.some((w) => w !== null && /^-[nPlw]*t/.test(w)) &&
          words.every(
            (w, i) => w !== null && (/^-[tnPlw]*(?:[is]\S*)?$/.test(w) || /^-[is]$/.test(words[i - 1] ?? "")),
          )
        );
      return PID_SOURCES.has(name);
    });
  }

  /** Whether a command's operand names a file or folder that is there, from the folder the command runs in. */
  private isThere(word: string, cwd: string | undefined): boolean {
    const path = absolute(word, cwd, this.context.home);
    const check = path === undefined ? undefined : this.context.paths.check(path);
    return check !== undefined && check.status !== "unresolved" && check.exists;
  }

  /**
   * Whether every other command of a line prints only names of files inside the workspace (`namesListedFrom`): a
   * lister's folders are inside, not protected and known, or it only filters lines. Each entry a lister may print
   * (`listingWalk`) is one the command is given: `{ protected }` names one that is protected (for a command that only
   * reads, one that holds credentials: `ls -a | xargs cat` prints `.env`). Where the command given the names follows
   * links and a lister may print one, no link below its folders may lead away: `{ link }` names one. `{ tooLarge }`: a
   * folder too large to walk. `{ splits }` names an entry xargs would give as other words (`src/x ..` as `src/x` and
   * `..`), where it splits names (`splitsAt`). Names are found from the folder they are listed in: a lister running
   * elsewhere than the command given them lists names from here only by chance (`find src | (cd other && xargs …)`).
   */
  private listsNamesFromHere(
    line: number,
    self: SimpleCommand,
    selfCwd: string | undefined,
    consumer: string,
    consumerArgv: readonly (string | null)[],
    splitsAt: RegExp | undefined,
    /** The loop that gives the names, else xargs. */
    loop?: LoopListing,
  ): boolean | ListingProblem {
    let link: string | undefined;
    let splits: string | undefined;
    let withheld: { protected: string; credentials?: true } | undefined;
    let tooLarge: string | undefined;
    let outside: string | undefined;
    const lineCommands = this.footprint.commands[line]!.commands;
    // A listing with no command of its own reads a file (`$(< list.txt)`), whose lines may name anything.
    if (loop !== undefined && !(0 <= loop.from && loop.from < loop.to && loop.to <= loop.end)) return false;
    // A name that begins with `-` is an option to the command given it (`--output=../.bashrc` to sort), however the
    // names are split.
    const namesAt = splitsAt ? new RegExp(`^-|${splitsAt.source}`, splitsAt.flags) : /^-/;
    // A file the line's redirections make is listed too (`: > 'src/x ..'; find src | xargs …`), an option as well
    // (`rg x $(ls) | cat > --pre=sh` runs sh on each file).
    const made = this.footprint.paths.find(
      (p) =>
        p.from === "redirection" &&
        p.access === "write" &&
        namesAt.test(posixOrWin32(p.path).basename(p.path)),
    );
    if (made !== undefined) return { splits: made.path };
    const selfAt = lineCommands.indexOf(self);
    const callsLater = /\(\s*\)\s*\{|\bfunction\s|\btrap\b/.test(this.footprint.commands[line]!.line);
    for (const { command, cwd, line: other } of this.simple) {
      if (other !== line || command === self) continue;
      const at = lineCommands.indexOf(command);
      // A later command that reads a pipe and writes nothing (`… | xargs cat | wc -l`) makes no name a listing prints
      // and gives none to the command given them, unless a function or a trap may run it before.
      if (
        at > selfAt &&
        !callsLater &&
        command.stdinFromPipe === true &&
        readsEveryFile(basename(withoutWrappers(command.argv).argv[0] ?? ""))
      )
        continue;
      if (loop !== undefined) {
        // A `for`'s body runs once its listing has been read. A `while`'s runs as the lines come, and one in another
        // loop before its listing is read again: only its `read`, what only prints or reads and writes nothing (its
        // redirections are checked above: `wc -l < "$f"`) and what it gives the names (which may make only names
        // below them) are the loop's own then; anything else may make a name the listing prints.
        const own = at >= loop.to && at < loop.end;
        const given = command.namesFromLoop;
        const program = withoutWrappers(command.argv).argv[0] ?? "";
        if (
          own &&
          (!loop.madeNamesListed ||
            (loop.readsLines && at === loop.to) ||
            PRINTS_ONLY.has(program) ||
            readsEveryFile(basename(program)) ||
            (given?.from === loop.from && given.to === loop.to && given.end === loop.end))
        )
          continue;
      }
      // The script's other commands print to xargs's output (`xargs -I{} sh -c 'echo {}; wc -l {}'`); one that makes
      // files must list names as any other (the listing may still be printing), unless it only prints or makes them
      // of the names it is given (`cp {} {}.bak`: names below those).
      if (
        self.namesInScript !== undefined &&
        command.namesInScript === self.namesInScript &&
        ((own) => PRINTS_ONLY.has(own[0] ?? "") || own.some((word) => word?.includes("{}")))(
          withoutWrappers(command.argv).argv,
        )
      )
        continue;
      const argv = withoutWrappers(command.argv).argv;
      const listed = namesListedFrom(argv);
      if (listed === undefined) return false;
      // Its errors print what it was given (`find src -newer 'a ~/.bashrc b' 2>&1`), not names it found.
      if (command.errorsAsOutput) return false;
      // A filter given a file or a text (`sort < list.txt`, `sort <<< ~/.bashrc`) prints any names.
      if (filtersInput(argv) && command.stdinFromPipe !== true) return false;
      // `.` and `..` among ls's names are found from where the command runs: `..` may be the workspace's parent.
      if (listsDotEntries(argv)) {
        const parent = absolute("..", selfCwd, this.context.home);
        if (parent === undefined) return false;
        const check = this.context.paths.check(parent);
        if (check.status !== "inside") outside ??= check.status === "unresolved" ? parent : check.path;
      }
      // git prints names from its index, commits or trees as well as the working tree: each read where it is.
      const sources = gitListingSources(argv);
      // What a filter or a `cd` prints does not depend on where it runs.
      if ((listed.length > 0 || sources !== undefined) && (cwd === undefined || cwd !== selfCwd))
        return false;
      const targets = { targets: listed.map((text) => ({ text })), recursive: false as const };
      const globs = globsOf(command.text);
      if (this.fileReach("", targets, cwd, globs) !== undefined) return false;
      // Its glob operands (`ls src/*.ts`, `grep -l x src/*.ts`) list from each of their matches, which it prints as
      // the glob spells them: relative to where it runs, or from the root.
      const matches = !listed.includes(null)
        ? []
        : typeof globs === "object"
          ? this.globMatches(globs.globs, cwd)
          : "computed";
      if (typeof matches === "string") return false;
      const here = `${cwd?.replace(/[\\/]+$/, "")}/`;
      const operands = [
        ...listed.filter((operand) => operand !== null),
        ...matches.map(({ text, matchOf }) => (matchOf.startsWith("/") ? text : text.slice(here.length))),
      ];
      // ls prints a folder's name and a colon above its entries (`src/a:`, `.:`), a name given on as any other.
      const headers =
        basename(argv[0] ?? "") === "ls" ? operands.map((operand) => ({ text: `${operand}:` })) : [];
      if (headers.length > 0 && this.fileReach("", { targets: headers, recursive: false }, cwd, undefined))
        return false;
      // A listed link is followed by what it is given (`… | xargs chmod 777`), unless that acts on the link itself.
      // Text after xargs's name (`{}.bak`) makes a name beside a listed one: any entry there, a link too.
      const beside = consumerArgv.some((word) => word !== null && word !== "{}" && word.includes("{}"));
      if (beside && sources !== undefined) return false;
      const links = !ACTS_ON_LINKS.has(consumer) && (beside || listsLinks(argv));
      const listedWalk = listingWalk(argv);
      const walk =
        beside && listedWalk !== undefined ? { ...listedWalk, hidden: true, takes: () => true } : listedWalk;
      const readsOnly = onlyReads(consumer, consumerArgv);
      if (sources?.history && splitsAt) return { history: true };
      const listing = sources?.index || sources?.fromTop ? this.indexListing(cwd) : undefined;
      // Names git prints from the top are found from here only at the top (`cd src && git diff --name-only`).
      if (sources?.fromTop && listing?.below !== "") return false;
      const indexed = sources?.index && !sources.history ? listing?.entries : undefined;
      if (sources?.index && !sources.history && indexed === undefined && splitsAt) return false;
      // Each is found where it is now: a tracked file may since have become a link, or its folder one.
      const away = (path: string, check = this.context.paths.check(path)) =>
        check.status !== "inside" || (check.path !== path && check.protected);
      const folders = new Map<string, boolean>();
      let checked = 0;
      for (const entry of indexed ?? []) {
        if (walk !== undefined && !walk.takes(entry.relative)) continue;
        // `git diff --name-only`, `git ls-files -m`: a file whose stat git finds the same is not printed. (Every
        // other command of the line lists names: none changes tracked files first.)
        if (
          sources?.changedOnly &&
          !mayBeChanged(entry.stat, this.context.paths.statData?.(entry.path), listing?.indexStat)
        )
          continue;
        if (namesAt.test(entry.relative)) splits ??= entry.path;
        if (++checked > MAX_NAMES_READ) {
          tooLarge ??= cwd;
          break;
        }
        const folder = posixOrWin32(entry.path).dirname(entry.path);
        if (!folders.has(folder)) folders.set(folder, away(folder));
        if (folders.get(folder) === true) {
          link ??= entry.path;
          continue;
        }
        if (!links && readsOnly) continue;
        const check = this.context.paths.check(entry.path);
        if (links && away(entry.path, check)) link ??= entry.path;
        // What git tracks it prints anyway: a command that only reads learns no more from it.
        else if (!readsOnly && check.status !== "unresolved" && check.protected)
          withheld ??= { protected: entry.path };
      }
      if (indexed !== undefined && !sources!.worktree) continue;
      // Where names are checked in the working tree for what xargs splits.
      const splitsHere = indexed !== undefined ? undefined : namesAt;
      if (!links && walk === undefined) continue;
      // ls prints bare names, which the command given them finds in the folder it runs in.
      const walked =
        listed.length === 0 ? ["."] : basename(argv[0] ?? "") === "ls" ? [...operands, "."] : operands;
      for (const folder of walked) {
        // The folder as the line names it is printed before each name below it.
        if (folder !== null && namesAt.test(folder)) splits ??= folder;
        const path = folder === null ? undefined : absolute(folder, cwd, this.context.home);
        const check = path === undefined ? undefined : this.context.paths.check(path);
        if (check?.status !== "inside") return false;
        // What git tracks it prints anyway, but not under a name xargs splits into another file's (`x .env`).
        const tracked = readsOnly && walk?.tracked === true;
        const given =
          walk && (!tracked || splitsHere !== undefined)
            ? {
                walk,
                readsOnly,
                links,
                ...(splitsHere ? { splitsAt: splitsHere } : {}),
                ...(tracked ? { onlySplits: true } : {}),
              }
            : undefined;
        if (given === undefined && !links) continue;
        const found = this.firstWithheld(check.path, false, given);
        if (found === "too many") tooLarge ??= check.path;
        else if (found !== undefined && "link" in found) link ??= found.link;
        else if (found !== undefined && "splits" in found) splits ??= found.splits;
        else withheld ??= found;
      }
    }
    if (splits !== undefined) return { splits };
    if (link !== undefined) return { link };
    if (withheld !== undefined) return withheld;
    if (outside !== undefined) return { parent: outside };
    return tooLarge === undefined || { tooLarge };
  }

  /**
   * The paths of the repository's index git lists from `cwd` (those below it): each as git prints it from there
   * (`relative`) and where it is (`path`). Empty outside a repository or before anything is added; undefined when the
   * index cannot be read whole (or `cwd` is not known or not inside).
   */
  private indexListing(cwd: string | undefined): IndexListing | undefined {
    // Read once per request: each command xargs gives the listing checks it.
    if (cwd !== undefined && this.indexes.has(cwd)) return this.indexes.get(cwd);
    const listing = this.readIndexListing(cwd);
    if (cwd !== undefined) this.indexes.set(cwd, listing);
    return listing;
  }

  private readIndexListing(cwd: string | undefined): IndexListing | undefined {
    const paths = this.context.paths;
    if (cwd === undefined || paths.readBytes === undefined || paths.check(cwd).status !== "inside")
      return undefined;
    const path = posixOrWin32(cwd);
    // The repository git finds from where it runs: the nearest folder holding `.git` (a folder, or a file naming
    // the git folder of a worktree or submodule: `gitdir: …`).
    for (let root = cwd; ; root = path.dirname(root)) {
      const dotGit = path.join(root, ".git");
      const kind = paths.kind(dotGit);
      let gitDir: string | undefined;
      if (kind === "folder") gitDir = dotGit;
      else if (kind === "link") return undefined;
      else if (kind === "other") {
        const pointer = /^gitdir: (.+?)\r?\n?$/.exec(new TextDecoder().decode(paths.readBytes(dotGit, 4096)));
        if (pointer === null) return undefined;
        gitDir = path.resolve(root, pointer[1]!);
      }
      if (gitDir !== undefined) {
        if (!this.worktreeIsRoot(gitDir)) return undefined;
        // A repository with nothing added yet lists nothing.
        const index = path.join(gitDir, "index");
        const below = path.relative(root, cwd).split(path.sep).filter(Boolean).join("/");
        if (paths.kind(index) === undefined) return { below, entries: [] };
        // Its stat before its bytes: an index written in between makes the entries look older, never newer.
        const indexStat = paths.statData?.(index);
        const bytes = paths.readBytes(index, MAX_INDEX_BYTES);
        const entries = bytes === undefined ? undefined : gitIndexEntries(bytes);
        if (entries === undefined) return undefined;
        return {
          below,
          ...(indexStat ? { indexStat } : {}),
          entries: entries.flatMap((entry) =>
            below === "" || entry.path.startsWith(`${below}/`)
              ? [
                  {
                    relative: below === "" ? entry.path : entry.path.slice(below.length + 1),
                    path: path.join(root, entry.path),
                    stat: entry.stat,
                  },
                ]
              : [],
          ),
        };
      }
      // Outside a repository git lists nothing.
      if (path.dirname(root) === root) return { below: "", entries: [] };
    }
  }

  /**
   * Whether git's work tree is the folder holding `.git`, as `readIndexListing` reads the index: a repository's
   * configuration may put it elsewhere (`core.worktree` in its `config` or a worktree's `config.worktree`; git reads
   * it from no included file), and git then prints each name from there (with `core.worktree = ../..` its entry
   * `ws/lnk` is `lnk` in `ws`). A repository shipped with its `.git` folder sets what it likes: any mention asks.
   */
  private worktreeIsRoot(gitDir: string): boolean {
    const paths = this.context.paths;
    const path = posixOrWin32(gitDir);
    const files = [path.join(gitDir, "config"), path.join(gitDir, "config.worktree")];
    // A linked worktree's git folder names the repository's own, which holds the configuration.
    const commonDir = path.join(gitDir, "commondir");
    if (paths.kind(commonDir) !== undefined) {
      const named = new TextDecoder().decode(paths.readBytes?.(commonDir, 4096)).trim();
      if (named === "") return false;
      files.push(path.join(path.resolve(gitDir, named), "config"));
    }
    return files.every((file) => {
      if (paths.kind(file) === undefined) return true;
      const bytes = paths.readBytes?.(file, MAX_CONFIG_BYTES);
      return bytes !== undefined && !/worktree/i.test(new TextDecoder().decode(bytes));
    });
  }

  /**
   * The guard the files a command names meet, as a path the request names would: outside, protected, or not known.
   * A recursive delete (`rm -r`, `find … -delete`) of anything not strictly inside a workspace folder, or not known,
   * meets the recursive-delete guard. Names computed at run time are known only as `computed` says: words xargs
   * passes from a listing of this folder, or globs that cannot leave the folder the line runs in nor match a hidden
   * name (`rm *.log`, `rm -rf dist/*`, `chmod +x scripts/*.sh`; `globsStayHere`), each of whose matches is then
   * checked where it really is (one may be a link to `~/.ssh/id_rsa`); a glob's matches are not known after the line
   * changes folder.
   * Where the name is a copy's destination, or given by a variable (`rm $HOME/.bashrc`), a `~` or a glob that could
   * reach further (`cat .en*`, `chmod +x .git/hooks/*`), it is not known.
   */
  private fileReach(
    name: string,
    { targets, recursive, followsLinks, removes }: FileTargets,
    cwd: string | undefined,
    computed: ComputedNames,
    /** A command of the line that may create links (`linkMaker`), other than this one. */
    afterLinks?: string,
    /** It only reads its files: one protected for what it runs, not what it holds, may be read (`check.readable`). */
    readsOnly = false,
  ): Held | undefined {
    const farReaching = {
      guard: "recursive-delete" as const,
      label: "A recursive delete reaches outside the workspace folders",
    };
    // `… | xargs rm -rf`: the targets come from elsewhere.
    if (targets.length === 0) return recursive ? farReaching : undefined;
    const named: { text: string; matchOf?: string }[] = [];
    let globbed = false;
    for (const target of targets) {
      if (target.text !== null) {
        named.push({ text: target.text });
        continue;
      }
      // A glob's matches are each checked as a named folder is (`rm -rf dist/*`); find's walk below them is not
      // (`findDeleteReach`), and names from a listing or a variable are not known.
      if (recursive && (recursive.rootKept || typeof computed !== "object")) return farReaching;
      if (target.unknownAsks)
        return { guard: "incomplete", label: `Where ${name} writes is computed at run time` };
      if (computed === undefined)
        return {
          guard: "incomplete",
          label: `${name} names a file by a variable, a ~ or a pattern that may reach past this folder or a hidden file`,
        };
      if (computed === "listed here" || globbed) continue;
      globbed = true;
      if (afterLinks)
        return {
          guard: "incomplete",
          label: `${name} names files by a pattern, and ${afterLinks} in this line may add links it matches`,
        };
      const matches = this.globMatches(computed.globs, cwd);
      if (typeof matches === "string") return { guard: "incomplete", label: `${name} ${matches}` };
      named.push(...matches);
    }
    // `mkdir -p`, `install -D`, `curl --create-dirs` and `git clone` make the folders a name passes on its way.
    if (!recursive)
      named.push(...foldersBeforeParent(named.map(({ text }) => text)).map((text) => ({ text })));
    const placed: { path: string; absolute: string; check: PathCheck }[] = [];
    for (const { text, matchOf } of named) {
      const path = absolute(text, cwd, this.context.home);
      if (path === undefined) {
        if (recursive) return farReaching;
        return {
          guard: "incomplete",
          label:
            cwd === undefined && !text.startsWith("~")
              ? `${name} names ${shortPath(text)}, and the line changes folder (cd), which Symposium does not follow`
              : `${name} names ${shortPath(text)}, which cannot be placed`,
        };
      }
      const check = this.context.paths.check(path);
      if (check.status === "unresolved" && !recursive)
        return {
          guard: "incomplete",
          label: `The path ${shortPath(path)} cannot be resolved: ${check.reason}`,
        };
      const shown =
        matchOf === undefined ? shortPath(path) : `${shortPath(path)} (matched by ${shortPath(matchOf)})`;
      if (check.status !== "inside" || (recursive && relativesOf(check).includes("") && !recursive.rootKept))
        return recursive
          ? farReaching
          : {
              guard: "outside",
              // A link in the workspace, or `..`: say where it really is.
              label:
                check.status === "outside" && check.path !== path
                  ? `${name} reaches ${shown}, which leads to ${shortPath(check.path)}, outside the workspace`
                  : `${name} reaches ${shown}, outside the workspace`,
            };
      placed.push({ path: shown, absolute: path, check });
    }
    for (const { path, check } of placed)
      if (
        check.status === "inside" &&
        check.protected &&
        !(readsOnly && check.readable) &&
        // A name beginning with `-` matters where it is made, not where it is removed (`rm -f src/*`).
        !(check.optionLike && (removes || REMOVES.has(name)))
      )
        return {
          guard: "protected",
          label: `${name} reaches ${path}, ${protectedWhy(check, "a protected path")}`,
        };
    for (const { path, absolute, check } of afterLinks ? placed : [])
      // What find finds (`start/{}`) is for `foundLinkAway`. A name there now proves nothing: a checkout may
      // replace a folder on its path with a link. rm acts on a link itself, so a name in the folder it runs in
      // stays there.
      if (
        check.status === "inside" &&
        !check.path.endsWith("/{}") &&
        !(ACTS_ON_LINKS.has(name) && inFolder(absolute, cwd))
      )
        return {
          guard: "incomplete",
          label: `${name} names ${path}, ${mayBeLink(afterLinks!, check.exists)}`,
        };
    if (followsLinks)
      for (const { check } of placed) {
        const below =
          check.status === "inside" &&
          this.linksBelow(`${name} follows links below`, check.path, true, afterLinks);
        if (below) return below;
      }
    return undefined;
  }

  /**
   * For a command find runs on what it finds (`find . -exec chmod 777 {} +`: `findCommands` names each `start/{}`),
   * what find may give it below the starting point: a link that leads away (find may find it, or with `-L` follow
   * it), or a protected entry its name tests match (`find . -name config -exec sed -i … {} +` changes `.git/config`;
   * to a command that only reads, one that holds credentials).
   */
  private foundReach(
    { name, argv, command, cwd }: CommandInLine,
    { targets }: FileTargets,
    afterLinks: string | undefined,
  ): Held | undefined {
    const links = !ACTS_ON_LINKS.has(name);
    const finder = this.finderOf(command);
    for (const { text } of targets) {
      if (text === null || !text.endsWith("/{}")) continue;
      const path = absolute(text.slice(0, -3), cwd, this.context.home);
      const check = path === undefined ? undefined : this.context.paths.check(path);
      if (check?.status !== "inside") continue; // the path's own check asks
      const where = `what find finds in ${shortPath(check.path)}`;
      if (afterLinks && links)
        return {
          guard: "incomplete",
          label: `${name} is given ${where}, where ${afterLinks} in this line may add links`,
        };
      const walk = findWalk(finder ?? ["find"]);
      // Not following links (`{}` is below the start only then), find gives a link only where its tests take it:
      // never with `-type f`, and by its `-name` tests.
      const found = this.firstWithheld(check.path, walk.follows, {
        walk,
        readsOnly: onlyReads(name, argv),
        links: links && listsLinks(finder ?? ["find"]),
      });
      const held = this.withheldHeld(found, `${name} is given ${where}`);
      if (held) return held;
    }
    return undefined;
  }

  /**
   * For `find … -delete`, a protected entry among what it finds (`find . -delete` takes `.git` with it); `-exec rm`
   * is `foundReach`'s.
   */
  private findDeleteReach({ name, argv, cwd }: CommandInLine): Held | undefined {
    if (name !== "find" || !argv.includes("-delete")) return undefined;
    const walk = findWalk(argv);
    // A starting point outside meets the recursive-delete guard.
    return this.walkedReach(
      walk.folders,
      cwd,
      false,
      { walk, readsOnly: false, links: false },
      (folder) => `find deletes what it finds in ${folder}`,
    );
  }

  /**
   * For a search that reads every file below its folders (`searchWalk`: `grep -r`, `rg --hidden`), a file there that
   * holds credentials: `grep -rn KEY .` prints `.env`'s lines as `cat .env` would. Every such file is hidden, so a
   * search that skips hidden files is not walked.
   */
  private searchReach(inLine: CommandInLine): Held | undefined {
    if (inLine.name !== "rg") return this.searchReachWith(inLine, undefined);
    for (const config of this.ripgrepConfigs()) {
      const held = this.searchReachWith(inLine, config);
      if (held) return held;
    }
    return undefined;
  }

  /** `searchReach` with rg's configuration file `config` (undefined: none). */
  private searchReachWith(
    { name, argv, command, cwd }: CommandInLine,
    config: string | undefined,
  ): Held | undefined {
    const words = name === "rg" ? this.ripgrepWords(argv, cwd, config).words : argv;
    const configured = words === argv ? "" : ` (with its configuration, ${config})`;
    const searched = searchWalk(name, words, command.stdinFromPipe === true || command.stdin !== undefined);
    const packed = searched ? undefined : packsWalk(name, argv);
    const walk = searched ?? packed ?? servesWalk(name, argv);
    // `rg --files` alone only names a hidden file an ignore file takes back (`--hidden` asks); given to another
    // command (`rg --files | xargs cat`), that command may read it.
    const alone = this.simple.length === 1 && name === "rg" && rgPrintsNames(words);
    const unhidden = alone ? undefined : walk?.unhidden;
    if (walk === undefined || (!walk.hidden && unhidden === undefined)) return undefined;
    const how = searched ? "reads" : packed ? "packs" : "serves";
    const unhides = unhidden && this.unhidesFor({ ...walk, unhidden }, cwd);
    return this.walkedReach(
      walk.folders,
      cwd,
      walk.follows,
      { walk, readsOnly: true, links: false, ...(unhides ? { unhides } : {}) },
      (folder) =>
        walk.hidden
          ? `${name}${configured} ${how} every file below ${folder}`
          : `${name}${configured} ${how} the files below ${folder}`,
    );
  }

  /**
   * The agent's own search or read tool of a folder, read as `rg --hidden` given its globs (Claude Code's Grep runs
   * that, leaving out only version control folders, with its `glob`; Gemini CLI's tools read what git does not
   * ignore, by `include`): a file that holds credentials below its folders (`.env`) that their ignore files do not
   * surely leave out asks, as `rg --hidden KEY` does. A tool told not to heed them (`respect_git_ignore: false`)
   * heeds none.
   */
  private agentSearchGuard(): Held | undefined {
    const kind = this.footprint.kind;
    if ((kind !== "search" && kind !== "read") || this.footprint.commands.length > 0) return undefined;
    const globs = this.footprint.searchGlobs ?? [];
    const more = globs.length > 1 ? ` and ${globs.length - 1} more` : "";
    const who =
      globs.length === 0
        ? `the agent's ${kind}`
        : `the agent's ${kind} by the glob ${JSON.stringify(globs[0]!.slice(0, 80))}${more}`;
    const folders = this.toolFolders;
    const paths = folders.flatMap((folder) =>
      folder === undefined || folder.status === "unresolved" ? [] : [folder.path],
    );
    // An unresolved one the path guards hold first.
    if (paths.length < folders.length)
      return { guard: "incomplete", label: `${who} reads files below a folder that is not known` };
    const argv = ["rg", "--hidden", ...globs.map((glob) => `--glob=${glob}`), "--regexp=x", "--", ...paths];
    // The globs that take files, each as rg matches it (no `/`: a name at any depth); one not read here takes any.
    const globbed = globs
      .filter((glob) => !glob.startsWith("!"))
      .map((glob) =>
        globTooCostly(glob) || readOtherwise(glob) || glob.includes("[")
          ? () => true
          : globMatcher(glob.replace(/^\//, ""), {
              dot: true,
              nonegate: true,
              basename: !glob.includes("/"),
            }),
      );
    for (const config of this.ripgrepConfigs()) {
      const words = this.ripgrepWords(argv, undefined, config).words;
      const walk = searchWalk("rg", words);
      if (walk === undefined) continue;
      const configured = words === argv ? "" : ` (with rg's configuration, ${config})`;
      const heeds =
        this.footprint.searchHeedsNoIgnoreFiles !== true &&
        !words.some((word) => word === null || /^--no-ignore(?:-vcs|-dot|-parent)?$|^-[a-zA-Z]*u/.test(word));
      for (const folder of paths) {
        const at = (relative: string) => posixOrWin32(folder).join(folder, relative);
        // What a glob takes, rg takes whatever the ignore files say (`glob: "*"` reads an ignored `.env`).
        const ignored = (relative: string, file: boolean) =>
          heeds &&
          !globbed.some((matches) => matches(relative)) &&
          (file ? this.rgFiles().leavesOutFile(at(relative)) : this.rgFiles().leavesOut(at(relative)));
        const own: EntryWalk = {
          ...walk,
          folders: [folder],
          enters: (relative) =>
            walk.enters(relative) &&
            !VCS_FOLDERS.has(relative.slice(relative.lastIndexOf("/") + 1)) &&
            !ignored(relative, false),
          takes: (relative) => walk.takes(relative) && !ignored(relative, true),
        };
        const held = this.walkedReach(
          [folder],
          undefined,
          walk.follows,
          { walk: own, readsOnly: true, links: false, credentialsOnly: true },
          (f) => `${who}${configured} reads every file below ${f}`,
        );
        if (held) return held;
      }
    }
    return undefined;
  }

  /**
   * The folders the agent's own tool call changes whole, by its kind or its diff (`{"kind": "delete", "locations":
   * [{"path": "/ws"}]}`, a diff change deleting a folder): those it names to change, not where a move puts them nor
   * where it runs, that are folders now.
   */
  private get changedToolFolders(): PathCheck[] {
    if (this.footprint.subject !== "tool_call" || this.footprint.commands.length > 0) return [];
    return (this.changedFolders ??= this.checks
      .filter(
        (c, i) =>
          c.access === "write" &&
          !placeOfTool(this.footprint.paths[i]?.from ?? "") &&
          c.check.status !== "unresolved" &&
          this.context.paths.kind(c.check.path) === "folder",
      )
      .map((c) => c.check));
  }

  /**
   * A tool call that changes a folder whole (deletes or moves it): a protected entry below it, or one outside, as
   * `rm -rf` of it asks; moved, a protected place its entries land in (`ci` moved to `.github` puts
   * `.github/workflows/release.yml`), as `mv` of it asks.
   */
  private changedFolderGuard(): Held | undefined {
    const what = `the agent's ${this.footprint.kind ?? "tool call"}`;
    const folders = this.changedToolFolders;
    for (const folder of folders) {
      if (folder.status === "unresolved") continue;
      if (folder.status === "inside" && folder.path === folder.root)
        return {
          guard: "recursive-delete",
          label: `${what} takes the workspace folder ${shortPath(folder.path)} whole`,
        };
      const walk = {
        folders: [folder.path],
        follows: false,
        hidden: true,
        enters: () => true,
        takes: () => true,
      };
      const held = this.walkedReach(
        [folder.path],
        undefined,
        false,
        { walk, readsOnly: false, links: false },
        (f) => `${what} takes every file below ${f}`,
      );
      if (held) return held;
    }
    // Where what it moves lands: below a destination, as itself or by its own name in it; a diff's move or copy of a
    // folder, below the path it becomes.
    const moves: { folder: string; verb: string; landings: (path: string) => string[] }[] = [];
    const destinations = this.checks.filter(
      (c, i) => c.access === "write" && MOVE_DESTINATION.test(this.footprint.paths[i]?.from ?? ""),
    );
    for (const folder of folders)
      for (const { check: into } of destinations) {
        if (folder.status === "unresolved" || into.status === "unresolved") continue;
        const p = posixOrWin32(folder.path);
        moves.push({
          folder: folder.path,
          verb: "moves",
          landings: (path) => {
            const relative = path.slice(folder.path.length);
            return [into.path + relative, p.join(into.path, p.basename(folder.path)) + relative];
          },
        });
      }
    for (const { source, destination, operation } of this.footprint.diffMoves ?? []) {
      const folder = this.context.paths.check(source);
      const into = this.context.paths.check(destination);
      if (folder.status === "unresolved" || into.status === "unresolved") continue;
      if (this.context.paths.kind(folder.path) !== "folder") continue;
      moves.push({
        folder: folder.path,
        verb: operation === "move" ? "moves" : "copies",
        landings: (path) => [into.path + path.slice(folder.path.length)],
      });
    }
    for (const { folder, verb, landings } of moves) {
      let landed: string | undefined;
      const found = firstBelow(
        folder,
        false,
        this.context.paths,
        (path) => {
          landed = landings(path).find((landing) => {
            const check = this.context.paths.check(landing);
            return check.status !== "inside" || check.protected;
          });
          return landed !== undefined;
        },
        this.budget,
      );
      if (found === "too many")
        return {
          guard: "incomplete",
          label: `${what} ${verb} ${shortPath(folder)}, which holds too many files to check where they land`,
        };
      if (found !== undefined)
        return {
          guard: "protected",
          label: `${what} ${verb} ${shortPath(found.path)} to ${shortPath(landed!)}, a protected path or one outside the workspace`,
        };
    }
    return undefined;
  }

  /**
   * The folders the agent's own search or read tool (Claude Code's Grep, Gemini's read_many_files) reads below: those
   * it names, or where it runs when it names none (undefined: not known).
   */
  private get toolFolders(): (PathCheck | undefined)[] {
    if (this.searchedFolders !== undefined) return this.searchedFolders;
    const named = this.checks.filter((c) => c.access === "read");
    const cwd = this.context.sessionCwd;
    return (this.searchedFolders =
      named.length > 0
        ? named
            .filter(
              (c) => c.check.status === "unresolved" || this.context.paths.kind(c.check.path) !== "other",
            )
            .map((c) => c.check)
        : [cwd === undefined ? undefined : this.context.paths.check(cwd)]);
  }

  /**
   * rg skips hidden files, but a `!` line of an ignore file may take one back: walked only where one may, and not
   * into the folders its ignore files leave out (`node_modules`), as rg does not. Undefined for a search that does
   * not skip them.
   */
  private unhidesFor(walk: EntryWalk, cwd: string | undefined): Unhides | undefined {
    const unhidden = walk.unhidden;
    if (unhidden === undefined) return undefined;
    const given = unhidden.ignoreFiles.map((file) =>
      file === null ? null : (absolute(file, cwd, this.context.home) ?? null),
    );
    return {
      takesBack: (path, relative, folder) =>
        unhidden.skips(relative, folder)
          ? this.rgFiles().takingBack(path, given, unhidden.readsOwnIgnoreFiles, cwd)
          : undefined,
      leaves: (path, relative) => unhidden.prunes(relative) && this.rgFiles().leavesOut(path),
      listed: (folder, entries) => this.rgFiles().listed(folder, entries),
    };
  }

  /**
   * The configuration files agents' rg may read first (`RIPGREP_CONFIG_PATH`; undefined: none): the host's
   * environment's, where `terminal/create` runs commands, and the one the agent's settings' `env` sets, where its own
   * tools run them.
   */
  private ripgrepConfigs(): (string | undefined)[] {
    const host = process.env.RIPGREP_CONFIG_PATH || undefined;
    const set = this.context.agentEnv?.RIPGREP_CONFIG_PATH;
    const agent = set === undefined ? host : set || undefined;
    return agent === host ? [host] : [host, agent];
  }

  /**
   * rg's words with those of its configuration file `config` (one word a line): `--hidden` there makes `rg KEY` read
   * `.env`. One that cannot be read (not `known`) counts as `--hidden`.
   */
  private ripgrepWords(
    argv: readonly (string | null)[],
    cwd: string | undefined,
    config: string | undefined,
  ): { words: readonly (string | null)[]; known: boolean } {
    const unknown = { words: [argv[0]!, "--hidden", ...argv.slice(1)], known: false };
    if (!config || argv.includes("--no-config")) return { words: argv, known: true };
    const path = absolute(config, cwd, this.context.home);
    if (path === undefined) return unknown;
    // One in the workspace that another command of the line may write first (`echo --hidden > .rgrc; rg KEY`) is
    // not known as rg will read it.
    if (this.simple.length > 1 && this.context.paths.check(path).status === "inside") return unknown;
    if (this.context.paths.kind(path) === undefined) return { words: argv, known: true };
    const lines = this.rgFiles().lines(path);
    if (lines === undefined) return unknown;
    const words = lines.map((line) => line.trim()).filter((line) => line !== "" && !line.startsWith("#"));
    return { words: [argv[0]!, ...words, ...argv.slice(1)], known: true };
  }

  private rgFiles(): RgFiles {
    return (this.rg ??= new RgFiles(this.context.paths, this.context.home));
  }

  /** For a command that changes every entry below its folders (`changesWalk`: `chmod -R`, `gzip -r`), a protected one. */
  private changesReach({ name, argv, cwd }: CommandInLine): Held | undefined {
    const walk = changesWalk(name, argv);
    if (!walk) return undefined;
    return this.walkedReach(
      walk.folders,
      cwd,
      walk.follows,
      { walk, readsOnly: false, links: false },
      (folder) => `${name} changes every file below ${folder}`,
    );
  }

  /**
   * For `git stash -u` and `-a` (`gitStashTakesUntracked`), a protected entry among the untracked ones it takes out of
   * the working tree wherever it runs (`.env`, `.vscode/settings.json`), as `rm` of it asks: what the index tracks
   * (a submodule too) stays, and without `-a` what the top `.gitignore` surely leaves out.
   */
  private stashReach({ name, argv, command, cwd }: CommandInLine): Held | undefined {
    const stashed = name === "git" ? gitStashTakesUntracked(argv) : undefined;
    const top = stashed && cwd !== undefined ? this.repositoryTop(cwd) : undefined;
    if (stashed === undefined || top === undefined) return undefined;
    const what = (folder: string) =>
      `git stash takes the untracked files below ${folder} out of the working tree`;
    const index = this.untrackedTest(top, stashed.ignored, { command } as TreeReach);
    if (index === "not known")
      return { guard: "incomplete", label: `${what(shortPath(top))}, and which git tracks is not known` };
    const stays = (relative: string, path = `${top}/${relative}`) =>
      relative === ".git" || index.tracks(path) || index.ignores(path);
    const walk: EntryWalk = {
      folders: [top],
      follows: false,
      hidden: true,
      enters: (relative) => !stays(relative),
      takes: (relative) => !stays(relative) && !index.holdsTracked(`${top}/${relative}`),
    };
    return this.walkedReach([top], cwd, false, { walk, readsOnly: false, links: false }, what);
  }

  /**
   * `firstWithheld`'s guard for each folder of a walk that is inside the workspace (`what` says how the command meets
   * it, from the folder's name); a folder outside or not known meets its own path's guard.
   */
  private walkedReach(
    folders: readonly (string | null)[],
    cwd: string | undefined,
    follow: boolean,
    given: {
      walk: EntryWalk;
      readsOnly: boolean;
      links: boolean;
      unhides?: Unhides;
      credentialsOnly?: boolean;
    },
    what: (folder: string) => string,
  ): Held | undefined {
    for (const folder of folders) {
      const path = folder === null ? undefined : absolute(folder, cwd, this.context.home);
      const check = path === undefined ? undefined : this.context.paths.check(path);
      // A folder that is no file operand of the command (`python3 -m http.server -d ..`) meets no other guard; one
      // computed at run time (a glob) is its operands' (`fileReach`).
      if (check === undefined) continue;
      if (check.status === "unresolved")
        return {
          guard: "incomplete",
          label: `${what(shortPath(path!))}, which cannot be resolved: ${check.reason}`,
        };
      if (check.status !== "inside")
        return { guard: "outside", label: `${what(shortPath(check.path))}, outside the workspace` };
      const held = this.withheldHeld(
        this.firstWithheld(check.path, follow, given),
        what(shortPath(check.path)),
      );
      if (held) return held;
    }
    return undefined;
  }

  /** The guard for what `firstWithheld` found, `what` saying how the command meets it ("grep reads every file below ws"). */
  private withheldHeld(found: ReturnType<FootprintView["firstWithheld"]>, what: string): Held | undefined {
    if (found === undefined) return undefined;
    if (found === "too many")
      return {
        guard: "incomplete",
        label: `${what}, which holds too many files to check for links and protected files`,
      };
    if ("link" in found)
      return {
        guard: "outside",
        label: `${what}, where ${shortPath(found.link)} leads outside the workspace or to a protected file`,
      };
    if ("splits" in found)
      return {
        guard: "incomplete",
        label: `${what}, where ${shortPath(found.splits)} has a name split into others`,
      };
    if ("takenBackBy" in found)
      return {
        guard: "protected",
        label: `${what}, and ${shortPath(found.takenBackBy!)} lists files to read though hidden, which may include ${shortPath(found.protected)}, ${protectedKind(found)}`,
      };
    return {
      guard: "protected",
      label: `${what}, which includes ${shortPath(found.protected)}, ${protectedKind(found)}`,
    };
  }

  /** The find of a line whose `-exec` runs `command` (`findCommands` gives that command find's own text). */
  private finderOf(command: SimpleCommand): readonly (string | null)[] | undefined {
    // The request's finds by text, gathered once: a search of every command for each made a line of cats quadratic.
    if (this.finders === undefined) {
      this.finders = new Map();
      for (const { command: s } of this.simple)
        if (basename(s.argv[0] ?? "") === "find" && !this.finders.has(s.text))
          this.finders.set(s.text, s.argv);
    }
    return this.finders.get(command.text);
  }

  /**
   * Where what a folder copy (`copiesFolders`) holds lands, for each source inside the workspace: its start, whether
   * the copy follows links there, and the names below the destination an entry may land at (`tails`). A copy lands in
   * the destination or in a folder of the source's name there (as the destination is there or not): both count, as a
   * folder may be made by the time the copy runs. What find finds (`find vendor -exec cp -r {} . \;`: `findCommands`
   * names it `start/{}`) may be any entry below its start, landing under its own name. Undefined when the destination
   * is not inside the workspace, or the command copies no folder; a source computed at run time and not a glob's
   * match is left to `fileReach`'s guard.
   */
  private copyLandings({ name, argv, command, cwd, computed }: CommandInLine):
    | {
        into: Extract<PathCheck, { status: "inside" }>;
        sources: { start: string; follows: boolean; tails: (path: string) => string[][] }[];
      }
    | undefined {
    const copy = copiesFolders(name, argv);
    const destination =
      copy?.destination == null ? undefined : absolute(copy.destination, cwd, this.context.home);
    const into = destination === undefined ? undefined : this.context.paths.check(destination);
    if (copy === undefined || into?.status !== "inside") return undefined;
    // What find finds matches its `-name` tests, when they say so (`findNamePatterns`): no other entry is copied.
    const finder = this.finderOf(command);
    const patterns = finder === undefined ? undefined : findNamePatterns(finder);
    const findable = findNameMatcher(patterns ?? []);
    const sources = (this.knownNames(copy.sources, cwd, computed) ?? []).flatMap((source) => {
      const found = /(?:^|[\\/])\{\}$/.test(source);
      const from = absolute(found ? source.slice(0, -2) || "." : source, cwd, this.context.home);
      const check = from === undefined ? undefined : this.context.paths.check(from);
      if (from === undefined || check?.status !== "inside") return [];
      const start = from.replace(/(?:[\\/]+\.?)+$/, "");
      const asNamed = basename(check.path);
      // Into a folder that is there, a copy lands in a folder of its own name, unless it copies what the folder holds
      // (cp's `src/.`, rsync's `src/`).
      const holdings = /[\\/]\.[\\/]*$/.test(source) || (name === "rsync" && /[\\/]$/.test(source));
      const places = into.exists && !holdings ? [[asNamed], []] : [[], [asNamed]];
      const tails = (path: string) => {
        const held = path.slice(start.length + 1).split(/[\\/]/);
        return found
          ? held.map((_, i) => held.slice(i)).filter((tail) => findable(tail[0] ?? ""))
          : places.map((named) => [...named, ...held]);
      };
      return [{ start, follows: copy.follows, tails }];
    });
    return { into, sources };
  }

  /**
   * For a command that copies or moves folders with all they hold (`copiesFolders`), a protected path where something
   * they hold lands (`copyLandings`): `cp -r vendor/x/. .` writes `vendor/x/.vscode/tasks.json` as
   * `.vscode/tasks.json`, and `cp -r ci/workflows .github/` writes `.github/workflows/…`, though the command names
   * neither. A source or destination outside, protected or not known meets its own path's guard (`fileReach`).
   */
  private protectedLanding(inLine: CommandInLine): Held | undefined {
    if (gitMvAsMv(inLine.name, inLine.argv) === null)
      return {
        guard: "incomplete",
        label:
          "git mv reads its paths from a folder known only when it runs (--work-tree, --git-dir, a computed -C)",
      };
    const landings = this.copyLandings(inLine);
    if (landings === undefined) return undefined;
    const { into, sources } = landings;
    const { name } = inLine;
    const intoNames = outermostRelative(into).split(/[\\/]/);
    for (const { start, follows, tails } of sources) {
      // A name beginning with `-` lands as made there (`PathCheck.optionLike`): a later `cp *` there reads it.
      const landsProtected = (path: string): string | undefined => {
        const landing = tails(path).find(
          (tail) =>
            isProtectedName([...intoNames, ...tail]) || tail.some((n) => n.startsWith("-") && n !== "-"),
        );
        return landing && [into.path, ...landing].join("/");
      };
      const held = firstBelow(
        start,
        follows,
        this.context.paths,
        (path) => path !== start && landsProtected(path) !== undefined,
        this.budget,
      );
      if (held === "too many")
        return {
          guard: "incomplete",
          label: `${name} copies ${shortPath(start)}, which holds too many files to check for protected ones`,
        };
      if (held !== undefined) {
        const landed = landsProtected(held.path)!;
        const why = /\/-[^/]/.test(landed.slice(into.path.length)) ? { optionLike: true as const } : {};
        return {
          guard: "protected",
          label: `${name} writes ${shortPath(landed)} (from ${shortPath(held.path)}), ${protectedWhy(why, "a protected path")}`,
        };
      }
    }
    return undefined;
  }

  /**
   * For a command that applies a patch (`appliesPatch`), the guard the files its headers name meet, as if the command
   * named them: a patch may change `.vscode/tasks.json` or `../../.bashrc` though the line names neither. The patch is
   * read from the file named or the input given (`contentsOf`); one not known asks. Each name is checked as
   * written and without its first folder (git's `a/` and `b/`), from where the command runs and any folder it is told
   * to apply in.
   */
  private patchReach(inLine: CommandInLine): Held | undefined {
    const written = this.patchWrites(inLine);
    if (written === undefined || "guard" in written) return written;
    return this.writtenReach(
      `${inLine.name} applies a patch that changes`,
      written.names,
      written.folders,
      inLine.cwd,
      written.unknown,
    );
  }

  /**
   * The names a patch a command applies (`appliesPatch`) changes, each as written and without its first folder, and
   * the folders they are read from; a guard when they are not known; undefined for a command that applies none.
   */
  private patchWrites({
    name,
    argv,
    command,
    cwd,
    computed,
  }: CommandInLine): WrittenNames | Held | undefined {
    const applies = appliesPatch(name, argv);
    if (applies === undefined) return undefined;
    const unknown = (why: string) => ({
      guard: "incomplete" as const,
      label: `${name} applies a patch ${why}, so the files it changes are not known`,
    });
    const contents = this.contentsOf(applies.files, applies.stdin, command, cwd, computed);
    if (typeof contents === "string") return unknown(contents);
    const texts = contents.map((content) =>
      typeof content === "string" ? content : new TextDecoder().decode(content),
    );
    const names = texts.flatMap(patchedNames);
    if (names.length > MAX_WRITTEN_NAMES) return unknown(`naming more than ${MAX_WRITTEN_NAMES} files`);
    // git's `a/` and `b/` first, so that the card names the file as the workspace knows it; then the name with as
    // many folders dropped as the command drops (every count where that is not known).
    const candidates = names.flatMap((written) => {
      const parts = written.split(/[\\/]+/);
      const dropped = (strip: number) => parts.slice(Math.min(strip, parts.length - 1)).join("/");
      return [
        ...new Set([
          ...(/^[ab][\\/]/.test(written)
            ? [written.slice(2), written]
            : [written, written.replace(/^[^\\/]*[\\/]/, "")]),
          ...(applies.strip === undefined ? parts.map((_, i) => dropped(i)) : [dropped(applies.strip)]),
        ]),
      ];
    });
    return { names: candidates, links: [], folders: applies.folders, unknown };
  }

  /**
   * A command of the request that writes the working tree from what a remote sends: `git pull` from another
   * repository, or a switch, merge or rebase in a request that fetches (`git fetch && git merge origin/main`). Read
   * once, when a deny or ask path rule first asks.
   */
  private get writesFetched(): { what: string; cwd: string | undefined } | undefined {
    if (this.fetched === undefined) this.fetched = { found: this.findWritesFetched() };
    return this.fetched.found;
  }

  private findWritesFetched(): { what: string; cwd: string | undefined } | undefined {
    const git = this.simple.map(({ command, cwd }) => ({
      argv: withoutWrappers(command.argv).argv,
      cwd,
      command,
    }));
    const named = git.filter(({ argv }) => argv[0] != null && basename(argv[0]) === "git");
    const pull = named.find(({ argv }) => {
      const written = revisionsWritten(argv);
      return written !== undefined && "remote" in written;
    });
    if (pull) return { what: "git pull", cwd: pull.cwd };
    if (!named.some(({ argv }) => fetchesFromRemote(argv))) return undefined;
    const writes = named.find(({ argv }) => {
      const written = revisionsWritten(argv);
      return written !== undefined && "writes" in written;
    });
    return (
      writes && {
        what: `git ${writes.argv[gitSubcommandAt(writes.argv) ?? 0]} after git fetch`,
        cwd: writes.cwd,
      }
    );
  }

  /**
   * For a git command that takes files from a revision the repository has (`revisionsWritten`: `git checkout
   * feature`, `git merge feature`, `git stash pop`), the guard the files git says it changes meet, as if the command
   * named them: a branch a repository ships may add `.vscode/tasks.json`.
   */
  private revisionReach(inLine: CommandInLine): Held | undefined {
    const written = this.revisionWrites(inLine);
    if (written === undefined || "guard" in written) return written;
    const subcommand = inLine.argv[gitSubcommandAt(inLine.argv) ?? 0] ?? "";
    return this.writtenReach(
      `git ${subcommand} writes`,
      written.names,
      written.folders,
      inLine.cwd,
      written.unknown,
    );
  }

  /**
   * The files a git command takes from revisions the repository has (`revisionsWritten`), as git lists them
   * (`PathChecker.revisionChanges`), from the repository's top; a guard when they are not known (git elsewhere or in
   * another repository, a revision another command of the request may move first); undefined for a command that
   * takes none, and for a pull from another repository, whose content is the person's remote's.
   */
  private revisionWrites({ name, argv, command, cwd }: CommandInLine): WrittenNames | Held | undefined {
    if (name !== "git") return undefined;
    const known =
      this.revisions.get(command) ?? new Map<string | undefined, WrittenNames | Held | undefined>();
    this.revisions.set(command, known);
    if (known.has(cwd)) return known.get(cwd);
    const taken = revisionsWritten(argv);
    const at = gitSubcommandAt(argv) ?? 0;
    const what = `git ${argv[at] ?? ""}`;
    const unknown = (why: string): Held => ({
      guard: "incomplete",
      label: `${what} writes files from a revision ${why}, so the files it writes are not known`,
    });
    const read = (): WrittenNames | Held | undefined => {
      if (taken === undefined || !("writes" in taken || "unknown" in taken)) return undefined;
      if ("unknown" in taken)
        return { guard: "incomplete", label: `${taken.unknown}, so the files it writes are not known` };
      // Where git runs and which repository it reads are its own options' and the environment's.
      const runsIn = gitFolder(argv.slice(1, at), cwd);
      if (runsIn === null) return unknown("with options of git's own (-c, --git-dir, --work-tree)");
      // Not those that only say who commits or whether git prompts or opens an editor for a merge's message.
      const places = (name: string) =>
        !/^GIT_(?:TERMINAL_PROMPT|MERGE_AUTOEDIT|(?:AUTHOR|COMMITTER)_(?:NAME|EMAIL|DATE))$/.test(name);
      if (
        [...command.text.matchAll(/\bGIT_\w*(?==)/g)].some(([name]) => places(name)) ||
        Object.keys(this.context.agentEnv ?? {}).some((k) => k.startsWith("GIT_") && places(k)) ||
        // The agent inherits the editor's (`GIT_DIR` where a git hook started it), which `readGit` drops.
        GIT_PLACES.some((name) => process.env[name] !== undefined)
      )
        return unknown("in an environment that names git's folders");
      // A pull from one of the repository's remotes reads nothing of this one's: only that the name is a remote's.
      if (taken.writes.every((write) => write.against === "remote")) {
        const changes =
          runsIn === undefined
            ? "in a folder Symposium does not know"
            : (this.context.paths.revisionChanges?.(runsIn, taken.writes, MAX_WRITTEN_NAMES, this.gitReads) ??
              "that Symposium does not read here");
        return typeof changes === "string" ? unknown(changes) : undefined;
      }
      // A stash pushed first moves no branch, and `stash@{0}` only to what the agent's own changes are: the stash
      // there now is read, and none there is none to pop unless the push makes it (`git stash && git pull && git
      // stash pop`). One named otherwise (`stash@{1}`) may be another after the push.
      // What runs only after this ended (`git checkout main && git merge feature`, for the checkout) moves nothing it
      // reads.
      const mine = this.simple.find((entry) => entry.command === command);
      const others = this.simple.filter(
        (other) =>
          other.command !== command && !(mine && this.runsOnlyAfter(other.command, other.line, mine)),
      );
      const pushes = others.filter((other) => pushesStash(withoutWrappers(other.command.argv).argv));
      const ownStash = taken.writes.every(
        (write) => write.against === "stash" && write.revision === "stash@{0}",
      );
      // A switch to a branch there moves HEAD alone (`git checkout main && git merge feature`): what this writes is
      // read from each HEAD it may start from. Not what names HEAD itself or its history (`HEAD~1`, `@{-1}`).
      const switches = others.flatMap((other) => {
        const to = switchesTo(withoutWrappers(other.command.argv).argv);
        return to === undefined ? [] : [{ other, to }];
      });
      // A pull's `@{upstream}` is read from each HEAD (`upstream`). A push moves `refs/stash` alone: it moves what
      // no stash is named in (`git stash && git checkout main && git stash pop`, for the checkout).
      const headNamed = taken.writes.some(
        (write) => !write.upstream && write.against !== "stash" && /HEAD|@/.test(write.revision),
      );
      const stashNamed = taken.writes.some(
        (write) => write.against === "stash" || /stash/.test(write.revision),
      );
      const moved = others.find(
        (other) =>
          movesRefs(withoutWrappers(other.command.argv).argv) &&
          !((ownStash || !stashNamed) && pushes.includes(other)) &&
          !(!headNamed && switches.some((s) => s.other === other)),
      );
      if (moved !== undefined)
        return unknown(`another command of the request may move first (${moved.command.text})`);
      if (runsIn === undefined) return unknown("in a folder Symposium does not know");
      const heads = switches.map((s) => s.to);
      const writes = taken.writes.map((write) => ({
        ...write,
        ...(ownStash && pushes.length > 0 ? { optional: true as const } : {}),
        ...(heads.length > 0 ? { heads } : {}),
      }));
      const changes =
        this.context.paths.revisionChanges?.(runsIn, writes, MAX_WRITTEN_NAMES, this.gitReads) ??
        "that Symposium does not read here";
      if (typeof changes === "string") return unknown(changes);
      // checkout-index without -f leaves a file that is there as it is (reached through no link on the way).
      const there = (name: string) => {
        const path = absolute(name, changes.top, this.context.home);
        const check = path === undefined ? undefined : this.context.paths.check(path);
        return (
          check?.status === "inside" && check.path === path && this.context.paths.kind(path) !== undefined
        );
      };
      // A stash push also puts back each working file whose stat is not the index's: gone (a file committed from
      // the index alone, `git update-index --cacheinfo`) or changed. One changed unseen within the second git wrote
      // the index (racily clean) is not counted: the person's edit, as the agent cannot make one there unasked.
      const pushed = taken.writes[0]?.against === "changed" && !changes.unborn;
      const listing = pushed ? this.indexListing(changes.top) : undefined;
      if (pushed && listing?.below !== "")
        return unknown("in a repository whose index Symposium does not read");
      const changed = (listing?.entries ?? []).filter(({ path, stat }) => {
        const now = this.context.paths.statData?.(path);
        return (
          now === undefined || (Object.keys(stat) as (keyof StatData)[]).some((key) => stat[key] !== now[key])
        );
      });
      const names = taken.writes.every((write) => write.against === "index")
        ? changes.names.filter((name) => !there(name))
        : [...changes.names, ...changed.map((entry) => entry.relative)];
      // `--prefix` is from where git runs.
      const into =
        taken.into === undefined ? changes.top : (absolute(taken.into, runsIn, this.context.home) ?? null);
      return { names, links: [], folders: [into], unknown };
    };
    const written = read();
    known.set(cwd, written);
    return written;
  }

  /**
   * For a command that extracts an archive (`extractsArchive`), the guard what it holds meets where it lands, as if
   * the command named each member: an archive may hold `.git/hooks/pre-commit` or `../../.bashrc`, or a link that
   * leads out. The archive is read from the file named or its input (`contentsOf`: not a pipe, not one
   * made in the same line) and its members listed (`archiveMembers`: tar, gzip and zip); any other asks.
   */
  private archiveReach(inLine: CommandInLine): Held | undefined {
    const written = this.archiveWrites(inLine);
    if (written === undefined || "guard" in written) return written;
    const { name, cwd } = inLine;
    const { folders, unknown } = written;
    const wrote = this.writtenReach(
      `${name} extracts an archive that writes`,
      written.names,
      folders,
      cwd,
      unknown,
    );
    if (wrote) return wrote;
    // A link member leads where its target is from its own folder: later commands may read or write through it.
    for (const member of written.links) {
      const away = this.writtenReach(
        `${name} extracts an archive holding a link, ${shortPath(member.name)}, to`,
        [member.target],
        folders,
        cwd,
        unknown,
      );
      if (away) return away;
    }
    return undefined;
  }

  /**
   * The members an archive a command extracts (`extractsArchive`) writes, its links' targets read from their own
   * folders, and the folders they land in; a guard when they are not known; undefined for a command that extracts
   * none.
   */
  private archiveWrites({
    name,
    argv,
    command,
    cwd,
    computed,
  }: CommandInLine): WrittenNames | Held | undefined {
    const extraction = extractsArchive(name, argv);
    if (extraction === undefined) return undefined;
    const unknown = (why: string) => ({
      guard: "incomplete" as const,
      label: `${name} extracts an archive ${why}, so the files it writes are not known`,
    });
    if (extraction.unread !== undefined)
      return { guard: "incomplete", label: `${extraction.unread}, so the files it writes are not known` };
    // unzip finds `x.zip` by the name `x`.
    const contents = this.contentsOf(extraction.archives, extraction.stdin, command, cwd, computed, (file) =>
      name === "unzip" ? `${file}.zip` : undefined,
    );
    if (typeof contents === "string") return unknown(contents);
    const members: ArchiveMember[] = [];
    for (const content of contents) {
      const read = typeof content === "string" ? undefined : this.membersOf(content);
      if (read === undefined) return unknown("in a format Symposium does not read (only tar, gzip and zip)");
      members.push(...read);
    }
    if (members.length > MAX_WRITTEN_NAMES) return unknown(`holding more than ${MAX_WRITTEN_NAMES} files`);
    const strip = (path: string) =>
      path
        .split(/[\\/]+/)
        .slice(extraction.flat ? -1 : extraction.strip)
        .join("/");
    const written = members
      .filter((m) => !(extraction.flat && m.folder))
      .map((member) => ({ ...member, name: strip(member.name) }))
      .filter((m) => m.name !== "");
    // unzip writes a link member as a link, which the listing does not tell apart from a file: a member written
    // below another that is not a folder may be written through a link.
    const files = new Set(written.filter((m) => !m.folder).map((m) => m.name));
    const through = written.find((m) => {
      const parts = m.name.split("/");
      return parts.some((_, i) => i > 0 && files.has(parts.slice(0, i).join("/")));
    });
    if (through !== undefined)
      return unknown(`that writes ${shortPath(through.name)} below a member that may be a link`);
    return {
      names: written.map((m) => m.name),
      links: written.flatMap((member) =>
        member.link === undefined
          ? []
          : [
              {
                name: member.name,
                target: member.link.startsWith("/")
                  ? member.link
                  : [...member.name.split("/").slice(0, -1), member.link].join("/"),
              },
            ],
      ),
      folders: extraction.folders,
      unknown,
    };
  }

  /**
   * The guard names a patch or archive writes meet (`what` says how: "tar extracts an archive that writes"), each
   * placed in every folder the command may write them in: outside the workspace (an absolute name, `..`, a link on
   * the way), a protected name, or not placeable.
   */
  private writtenReach(
    what: string,
    names: readonly string[],
    folders: readonly (string | null)[],
    cwd: string | undefined,
    unknown: (why: string) => Held,
  ): Held | undefined {
    const places =
      folders.length === 0
        ? [cwd]
        : folders.map((f) => (f === null ? undefined : absolute(f, cwd, this.context.home)));
    for (const folder of places) {
      if (folder === undefined) return unknown("in a folder Symposium does not know");
      for (const name of new Set(names)) {
        const path = absolute(name, folder, this.context.home);
        const check = path === undefined ? undefined : this.context.paths.check(path);
        if (check === undefined || check.status === "unresolved")
          return unknown(`that names ${shortPath(name)}, which cannot be placed`);
        if (check.status === "outside")
          return { guard: "outside", label: `${what} ${shortPath(name)}, outside the workspace` };
        if (check.protected || isProtectedName(name.split(/[\\/]/)))
          return {
            guard: "protected",
            label: `${what} ${shortPath(name)}, ${protectedWhy(check, "a protected path")}`,
          };
      }
    }
    return undefined;
  }

  /**
   * A file a command reads a patch or an archive from: its bytes when it is inside the workspace, not protected, and
   * within what the request may still read (`MAX_CONTENT_BYTES` for all its files together), else undefined.
   */
  private contentOf(file: string, cwd: string | undefined): Uint8Array | undefined {
    const path = absolute(file, cwd, this.context.home);
    const check = path === undefined ? undefined : this.context.paths.check(path);
    if (check?.status !== "inside" || check.protected) return undefined;
    // Read once per request: the link-maker check and the guard both read an archive.
    if (this.contents.has(check.path)) return this.contents.get(check.path);
    const bytes = this.context.paths.readBytes?.(check.path, this.unreadBytes);
    this.unreadBytes -= bytes?.length ?? 0;
    this.contents.set(check.path, bytes);
    return bytes;
  }

  /** An archive's members (`archiveMembers`), listed once per request: the link-maker check and the guard both ask. */
  private membersOf(content: Uint8Array): ArchiveMember[] | undefined {
    if (!this.members.has(content)) this.members.set(content, archiveMembers(content));
    return this.members.get(content);
  }

  /**
   * What a command reads its patches or archives from: the files named (computed ones as a glob's matches; `or` gives
   * another name to try, as unzip tries `x.zip` for `x`) and, with `stdin`, its input where the line gives it (a
   * here-document's text, a file). Each one's content (`contentOf`), or why one cannot be known.
   */
  private contentsOf(
    files: readonly (string | null)[],
    stdin: boolean,
    command: SimpleCommand,
    cwd: string | undefined,
    computed: ComputedNames,
    or: (file: string) => string | undefined = () => undefined,
  ): (string | Uint8Array)[] | string {
    const named = this.knownNames(files, cwd, computed);
    if (named === undefined) return "from a file named at run time";
    const contents: (string | Uint8Array)[] = [];
    for (const file of named) {
      const other = or(file);
      const bytes =
        this.contentOf(file, cwd) ?? (other === undefined ? undefined : this.contentOf(other, cwd));
      if (bytes === undefined) return `from ${shortPath(file)}, which Symposium cannot read`;
      contents.push(bytes);
    }
    if (stdin) {
      const input = command.stdin;
      const content =
        input === undefined
          ? undefined
          : "text" in input
            ? (input.text ?? undefined)
            : input.file === null
              ? undefined
              : this.contentOf(input.file, cwd);
      if (content === undefined) return "from its input, which Symposium cannot read";
      contents.push(content);
    }
    return contents;
  }

  /**
   * A command's file words with those computed at run time replaced by the glob matches they are (`cp -r v* dest`,
   * `git am 0001-*.patch`); undefined when one is computed and not a glob's match (`$PATCH`, `$(ls)`).
   */
  private knownNames(
    words: readonly (string | null)[],
    cwd: string | undefined,
    computed: ComputedNames,
  ): string[] | undefined {
    const named = words.filter((word): word is string => word !== null);
    if (named.length === words.length) return named;
    const matches = typeof computed === "object" ? this.globMatches(computed.globs, cwd) : undefined;
    return matches === undefined || typeof matches === "string"
      ? undefined
      : [...named, ...matches.map((match) => match.text)];
  }

  /**
   * The guard for reaching below `folder` (`what` says how: "grep follows links below"), where a link may lead
   * outside the workspace or to a protected file: one does (`linkLeadingAway`), the folder is too large to walk, or
   * a command earlier in the line may add links there.
   */
  private linksBelow(
    what: string,
    folder: string,
    follow: boolean,
    afterLinks: string | undefined,
  ): Held | undefined {
    const where = `${what} ${shortPath(folder)}`;
    if (afterLinks)
      return { guard: "incomplete", label: `${where}, where ${afterLinks} in this line may add links` };
    const away = this.linkAwayBelow(folder, follow);
    if (away === "too many")
      return { guard: "incomplete", label: `${where}, which holds too many files to check for links` };
    if (away !== undefined)
      return {
        guard: "outside",
        label: `${where}, where ${shortPath(away.link)} leads outside the workspace or to a protected file`,
      };
    return undefined;
  }

  /** A link at or below `folder` whose target is outside the workspace or protected (`linkLeadingAway`). */
  private linkAwayBelow(folder: string, follow: boolean): { link: string } | "too many" | undefined {
    const found = this.firstWithheld(folder, follow, undefined);
    return found === undefined || found === "too many" || "link" in found ? found : undefined;
  }

  /**
   * The first entry at or below `folder` that a command recursing there must not meet unasked: a link whose target is
   * outside the workspace or protected (`linkLeadingAway`; of a walk `given`, one it takes or follows), or, where
   * `given` says which entries the command is given (`EntryWalk`), a protected one among them; to a command that only
   * reads, one that holds credentials (`holdsCredentials`: `grep -r` reading `.git/config` is what it is for, printing
   * `.env` is not). The walk is the command's own (`enters`) on the request's budget; `"too many"` past it.
   */
  private firstWithheld(
    folder: string,
    follow: boolean,
    given:
      | {
          walk: EntryWalk;
          readsOnly: boolean;
          links: boolean;
          splitsAt?: RegExp;
          onlySplits?: boolean;
          unhides?: Unhides;
          /** It looks only for hidden files that hold credentials, and folders (`picks`). */
          credentialsOnly?: boolean;
        }
      | undefined,
  ):
    | { link: string }
    | { protected: string; credentials?: true; takenBackBy?: string }
    | { splits: string }
    | "too many"
    | undefined {
    const paths = this.context.paths;
    const start = folder.replace(/[\\/]+$/, "");
    const from = paths.check(start);
    const outermost = from.status === "inside" ? outermostRelative(from) : "";
    const above = outermost !== "" ? outermost.split("/") : [];
    const below = (path: string) => path.slice(start.length + 1).replace(/\\/g, "/");
    let link: string | undefined;
    let splits: string | undefined;
    let takenBackBy: string | undefined;
    const unhides = given?.unhides;
    const found = firstBelow(
      start,
      follow,
      paths,
      (path, kind) => {
        // A walk that does not follow links meets only the links it takes (find's `-name`, ls's hidden names).
        const meets =
          given === undefined || (given.links && (given.walk.follows || given.walk.takes(below(path))));
        if (kind === "link" && meets) {
          const check = paths.check(path);
          if (check.status !== "inside" || check.protected) {
            link = path;
            return true;
          }
        }
        if (given === undefined || path === start) return false;
        const relative = below(path);
        // A walk that takes no folder (`find -type f`) acts on the files below one only, by their own paths.
        if (kind === "folder" && given.walk.filesOnly === true) return false;
        if (!given.walk.takes(relative)) {
          // A hidden file rg skips, unless an ignore file takes it back.
          if (given.unhides === undefined || !holdsCredentials(relative.slice(relative.lastIndexOf("/") + 1)))
            return false;
          takenBackBy = given.unhides.takesBack(path, relative, false);
          return takenBackBy !== undefined;
        }
        // On POSIX a backslash is part of a name, which xargs and `read` unescape (`src/.\./x` as `src/../x`).
        const named = posixOrWin32(start).sep === "/" ? path.slice(start.length + 1) : relative;
        if (given.splitsAt?.test(named) === true) {
          splits = path;
          return true;
        }
        if (given.onlySplits === true) return false;
        return given.readsOnly
          ? holdsCredentials(relative.slice(relative.lastIndexOf("/") + 1))
          : isProtectedName([...above, ...relative.split("/")]);
      },
      this.budget,
      (path) => {
        if (given === undefined) return true;
        const relative = below(path);
        if (given.walk.enters(relative)) return given.unhides?.leaves(path, relative) !== true;
        return given.unhides?.takesBack(path, relative, true) !== undefined;
      },
      // rg's walk for hidden files its ignore files take back, checking no link, picks only files that hold
      // credentials, each hidden: it looks at no other name but its folders' and its ignore files'.
      (unhides !== undefined || given?.credentialsOnly === true) &&
        given?.readsOnly === true &&
        !given.links &&
        given.splitsAt === undefined
        ? {
            picks: (name) => name.startsWith(".") && holdsCredentials(name),
            listed: (folder, entries) => (unhides ?? this.rgFiles()).listed(folder, entries),
          }
        : undefined,
    );
    if (found === undefined || found === "too many") return found;
    if (link === found.path) return { link: found.path };
    if (splits === found.path) return { splits: found.path };
    if (takenBackBy !== undefined) return { protected: found.path, credentials: true, takenBackBy };
    return given?.readsOnly ? { protected: found.path, credentials: true } : { protected: found.path };
  }

  /** Where the files named by `glob` from `cwd` lead, each a file `git format-patch` may write through. */
  private patchFilesReach(glob: string, cwd: string | undefined): Held | undefined {
    const matches = this.globMatches(glob, cwd);
    if (typeof matches === "string") return { guard: "incomplete", label: `git format-patch ${matches}` };
    const targets = matches.map(({ text }) => ({ text }));
    return this.fileReach("git format-patch", { targets, recursive: false }, cwd, undefined);
  }

  /** Every file the glob words of `text` name from `cwd` (`folderNames.ts`), or why they are not known. */
  private globMatches(text: string, cwd: string | undefined): { text: string; matchOf: string }[] | string {
    if (cwd === undefined)
      return "names files by a pattern in a folder Symposium does not know (the line changes folder)";
    const matches: { text: string; matchOf: string }[] = [];
    for (const word of text.split(/\s+/).filter(isGlobWord)) {
      const paths = expandGlob(word, cwd, this.context.paths, this.budget);
      if (paths === undefined)
        return `names files by a pattern (${shortPath(word)}) that matches more than Symposium checks, or in a folder it cannot read`;
      // A match bash passes beginning with `-` is read as options (`rm -f *` beside a file named `-r` removes every
      // folder there whole), which the command's words as written do not show.
      const here = `${cwd.replace(/[\\/]+$/, "")}/`;
      const option = /^[-/]|^\.\//.test(word)
        ? undefined
        : paths.find((path) => path.startsWith(here) && path.startsWith("-", here.length));
      if (option !== undefined)
        return `names files by a pattern (${shortPath(word)}) that matches ${shortPath(option)}, a name it would read as an option`;
      matches.push(...paths.map((path) => ({ text: path, matchOf: word })));
    }
    return matches.length > 0 ? matches : "names a file computed at run time";
  }
}

/** What one request's patches and archives are read up to, all together (what they hold asks beyond). */
const MAX_CONTENT_BYTES = 8 * 1024 * 1024;
/** Past this many paths named by a request's commands, a deny or ask path rule holds it back unread. */
const MAX_NAMED_PATHS = 2_000;
/** AppleScript (`tell application "Terminal"`, `tell app …`) or JavaScript for Automation (`Application("…")`). */
const CONTROLS_APPLICATIONS = /\btell\s+app(?:lication)?\b|\bApplication\s*\(/i;
/** The largest git index read for the names it lists (a repository of some 300,000 files). */
const MAX_INDEX_BYTES = 32 * 1024 * 1024;
/** A repository's configuration read for where its work tree is (`worktreeIsRoot`); a larger one asks. */
const MAX_CONFIG_BYTES = 1024 * 1024;
/** The most names one patch or archive's files may have checked; one naming more asks. */
const MAX_WRITTEN_NAMES = 2_000;

/**
 * For a search that skips hidden entries (rg), the ignore file that may take one back (`path`, at `relative` below the
 * folder walked) though hidden; undefined when the search skips it.
 */
interface Unhides {
  takesBack(path: string, relative: string, folder: boolean): string | undefined;
  /** It does not enter the folder at `path` (`relative`), which its ignore files leave out. */
  leaves(path: string, relative: string): boolean;
  /** Told each folder's entries as the walk reads them (which ignore files are there). */
  listed(folder: string, entries: readonly { name: string; kind: EntryKind }[]): void;
}

/** git subcommands that move no branch or tag a later revision of the request may name (`git add`, `git log`). */
const KEEPS_REFS = new Set(
  (
    "add blame cat-file commit describe diff diff-files diff-index diff-tree for-each-ref grep log ls-files ls-tree " +
    "merge-base name-rev rev-list rev-parse shortlog show show-ref status"
  ).split(" "),
);

/**
 * Whether a command may move the branches and tags git resolves revisions from: git but for `KEEPS_REFS` and a fetch
 * from a remote (which moves its remote-tracking branches only: what they then hold is the remote's, as a pull's is).
 */
function movesRefs(argv: readonly (string | null)[]): boolean {
  if (argv[0] == null || basename(argv[0]) !== "git") return false;
  const at = gitSubcommandAt(argv);
  return at !== undefined && !KEEPS_REFS.has(argv[at] ?? "") && !fetchesFromRemote(argv);
}

/**
 * The revision a `git checkout` or `git switch` moves HEAD to without making or moving a branch (`git checkout
 * main`), named without HEAD or the reflog (whose meaning the switch changes); undefined for any other command.
 */
function switchesTo(argv: readonly (string | null)[]): string | undefined {
  const at = gitSubcommandAt(argv);
  if (at === undefined || (argv[at] !== "checkout" && argv[at] !== "switch")) return undefined;
  if (argv.slice(at + 1).some((word) => word === null || /^-[a-zA-Z]*[bBcC]|^--orphan/.test(word)))
    return undefined;
  const written = revisionsWritten(argv);
  const write = written !== undefined && "writes" in written ? written.writes : undefined;
  return write?.length === 1 && write[0]!.against === "head" && !/HEAD|@/.test(write[0]!.revision)
    ? write[0]!.revision
    : undefined;
}

/** `git stash` that saves the working changes (`git stash`, `push`, `save`, with options), which moves `stash@{0}` only. */
function pushesStash(argv: readonly (string | null)[]): boolean {
  const at = gitSubcommandAt(argv);
  if (argv[0] == null || basename(argv[0]) !== "git" || at === undefined || argv[at] !== "stash")
    return false;
  const verb = argv[at + 1];
  return verb === undefined || verb === "push" || verb === "save" || (verb !== null && verb.startsWith("-"));
}

/** A guard that holds a request back, and the sentence the card shows for it. */
type Held = { guard: GuardId; label: string };

/** A simple command as the guards judge it: its program's name, its words behind wrappers, where it runs. */
/** The names a patch or an archive writes (`patchWrites`, `archiveWrites`), placed in each of `folders` (none: where
 * the command runs). */
interface WrittenNames {
  names: string[];
  /** Link members and where each leads, from its own folder. */
  links: { name: string; target: string }[];
  folders: readonly (string | null)[];
  unknown: (why: string) => Held;
}

/** The folders Claude Code's Grep leaves out: version control's. */
const VCS_FOLDERS = new Set([".git", ".svn", ".hg", ".bzr", ".jj", ".sl"]);

/** The tool kinds that write the files they name: a rule of one names writing them. */
const WRITING_KINDS = new Set(["edit", "delete", "move"]);

/** Where a tool call puts what it moves (`rawInput.destination`). */
const MOVE_DESTINATION = /^rawInput\.(?:destination|new_path)$/;
/** A tool call's fields that name where it puts what it moves, or where it runs: no folder there is changed whole. */
const placeOfTool = (from: string) =>
  MOVE_DESTINATION.test(from) || CWD_FIELDS.some((field) => from === `rawInput.${field}`);

interface CommandInLine {
  name: string;
  argv: readonly (string | null)[];
  command: SimpleCommand;
  cwd: string | undefined;
  computed: ComputedNames;
}

/** A command of the request that may create a link: what it is, and its place among the simple commands. */
interface LinkMaker {
  name: string;
  /** Its place in `Decider.simple`. */
  at: number;
  /** Its command line (`Footprint.commands`) and its place among that line's commands. */
  line: number;
  command: number;
}

/**
 * What a command's names computed at run time are known to be: the words xargs passes on from a listing of this
 * folder, or the glob words of the command's text; undefined when not known.
 */
type ComputedNames = "listed here" | { globs: string } | undefined;

/**
 * Entries read as they are on disk: those a search's own walk takes (with where it runs), or the names a listing
 * gives a command (`given`), which opens each: a link where it leads, a folder whole.
 */
interface DiskSource {
  disk: true;
  search?: { walk: EntryWalk; cwd: string | undefined };
  given?: Given;
  /**
   * Only the files the index of the repository at `top` does not track (`git stash -u`), and without `ignored`
   * (`-a`) none its top `.gitignore` surely leaves out.
   */
  untracked?: { top: string; ignored: boolean };
}

/** What a listing gives a command below a folder: the entries its walk takes (any without), links among them or not. */
interface Given {
  walk?: EntryWalk;
  links: boolean;
}

/** A folder a command reads whole (`FootprintView.treeReaches`): where it is (undefined: not known), and how. */
interface TreeReach {
  folder: PathCheck | undefined;
  follows: boolean;
  /** What the command does there, said from the folder's path (`rg reads every file below /ws`). */
  what: (folder: string) => string;
  /** It reads only the files whose own name ends with one of these (`searchNameEndings`), in lower case. */
  endings?: string[];
  /** The links below it, once read (`linksIn`). */
  links?: { path: string; check: PathCheck }[] | "too many";
  /**
   * What it reads there is known from what is there now (`entriesRead`): the entries below it (`disk`; a search's
   * own walk with where it runs), or those git's index tracks (`index`, in the repository at `top`); a command that
   * shows history (`git log -p`, `git diff HEAD`) has none.
   */
  source?: DiskSource | { index: true; top: string };
  /** The command that reads it: the request's other commands must write no file first (`writesNoFiles`). */
  command?: SimpleCommand;
  /** What it reads there, once read (`entriesRead`); undefined when not known. */
  entries?: EntryRead[] | "too many" | "not known";
}

/**
 * An entry a command reads below a folder, each way a rule may see it (where it is, and for git also the name it
 * tracks); `holds`: a submodule, whose files git may show too; `any`: a name a rule cannot be matched on surely.
 */
interface EntryRead {
  path: string;
  checks: PathCheck[];
  holds?: true;
  any?: true;
}

/**
 * The paths of a repository's index below a folder (`entries`: each as git prints it from there, and where it is), and
 * where that folder is below the repository's top (`below`: "" at the top).
 */
interface IndexListing {
  below: string;
  entries: { relative: string; path: string; stat: StatData }[];
  /** The index file's own stat data: an entry changed in the second it was written may look unchanged. */
  indexStat?: StatData;
}

/** What holds back a listing's names (`listsNamesFromHere`). */
type ListingProblem =
  | { parent: string }
  | { link: string }
  | { protected: string; credentials?: true }
  | { tooLarge: string }
  | { splits: string }
  | { history: true };

/**
 * The guard a command meets for the names a listing gives it (`listsNamesFromHere`), through xargs (which splits
 * them, or a shell's script which reads them: `SimpleCommand.namesInScript`), through a loop or a substitution.
 */
function listingHeld(
  name: string,
  listed: ListingProblem,
  through: SimpleCommand | "loop" | "substitution",
): Held {
  const via = through === "loop" ? "a loop" : through === "substitution" ? "$(…)" : "xargs";
  const shell = typeof through === "string" || through.namesInScript !== undefined;
  if ("history" in listed)
    return {
      guard: "incomplete",
      label: shell
        ? `${name} is given files by ${via} from git's names in commits or trees, which a shell may split into other files' names`
        : `${name} is given files by xargs from git's names in commits or trees, which xargs may split into other files' names (give git -z and xargs -0)`,
    };
  if ("splits" in listed)
    return {
      guard: "incomplete",
      label: shell
        ? `${name} is given files by ${via === "xargs" ? "xargs through a shell's script" : via}, from a listing where ${shortPath(listed.splits)} has a name a shell would read as more than a name (a blank, a quote or a sign such as ; $ | *), or one read as an option (a leading -)`
        : `${name} is given files by xargs from a listing where ${shortPath(listed.splits)} has a name xargs splits or unquotes (a blank, a quote or a backslash), or one read as an option (a leading -)`,
    };
  if ("parent" in listed)
    return {
      guard: "outside",
      label: `${name} is given files by ${via} from a listing that includes .., ${shortPath(listed.parent)}, outside the workspace`,
    };
  if ("link" in listed)
    return {
      guard: "outside",
      label: `${name} is given files by ${via} from a listing where ${shortPath(listed.link)} leads outside the workspace or to a protected file`,
    };
  if ("protected" in listed)
    return {
      guard: "protected",
      label: `${name} is given files by ${via} from a listing that includes ${shortPath(listed.protected)}, ${protectedKind(listed)}`,
    };
  return {
    guard: "incomplete",
    label: `${name} is given files by ${via} from a listing of ${shortPath(listed.tooLarge)}, which holds too many files to check for links and protected files`,
  };
}

/**
 * A line that sets PATH (`export PATH=bin:$PATH`, `PATH=./bin tool`; by `declare`, `read` or `printf -v` too): a bare
 * name after it may be a file the line wrote (`hash -p` asks on its own).
 */
const LINE_SETS_PATH =
  /(?<![\w$])PATH(?:\[[^\]]*\])?\+?=|\b(?:read|mapfile|readarray|printf|declare|typeset|local|export|readonly)\b[^;&|\n]*\bPATH\b/;

/** Programs that run a project's files: its scripts, build files, tests and configuration. */
const PROJECT_RUNNERS = new Set([
  ...["npm", "pnpm", "yarn", "bun", "npx", "pnpx", "bunx", "deno", "make", "gmake", "cmake", "ninja"],
  ...["cargo", "go", "mvn", "gradle", "pytest", "tox", "nox", "pip", "pip3", "poetry", "uv", "rake"],
  ...["bundle", "composer", "dotnet", "mix", "jest", "vitest"],
]);

/** What may print the process ids a kill is given: pickers (whose picks are checked) and what prints nothing. */
const PID_SOURCES = new Set(["pgrep", "pidof", "lsof", "fuser", "jobs", "true", ":", "sleep", "wait"]);
/** Filters of a picker's pids, each with its options that take a number. */
const PID_FILTERS = new Map([
  ["head", /^-[nc]$/],
  ["tail", /^-[nc]$/],
  ["sort", /^-[kt]$/],
  ["uniq", /^-[fsw]$/],
]);

/** Builtins that only print their words. */
const PRINTS_ONLY = new Set(["echo", "printf"]);

/**
 * Whether a command that reads folders whole and writes (a copy, an archive, new modes) runs no other program that
 * may write while it reads: tar's and zip's options that run one (`-I`, `--checkpoint-action`, `-TT`) are refused.
 */
/**
 * The folders `mkdir` makes, as written: its options only `-p`, `-v`, `-m MODE` (GNU's long forms too); undefined for
 * any other option (`-Z`, `--context`) or a word computed at run time.
 */
function mkdirOperands(argv: readonly (string | null)[]): string[] | undefined {
  const operands: string[] = [];
  let options = true;
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i];
    if (word === null || word === undefined) return undefined;
    if (!options || word === "-" || !word.startsWith("-")) {
      operands.push(word);
      continue;
    }
    if (word === "--") options = false;
    else if (/^--(?:parents|verbose|mode=.*)$/.test(word)) continue;
    else if (word === "--mode") i++;
    else if (/^-[pv]*m$/.test(word)) i++;
    else if (!/^-[pv]*(?:m.+)?$/.test(word)) return undefined;
  }
  return operands.length > 0 ? operands : undefined;
}

function readerRunsNothing(name: string, argv: readonly string[]): boolean {
  if (["cp", "mv", "rm", "rsync", "chmod", "chown", "chgrp"].includes(name)) return true;
  // git rm, git mv and git stash run only the repository's own hooks (`post-index-change`, and for stash
  // `reference-transaction`: git 2.39), from a folder no approved command writes.
  if (name === "git")
    return gitRemovesOrMoves(argv) !== undefined || gitStashTakesUntracked(argv) !== undefined;
  const words = argv.slice(1);
  if (name === "zip") return !words.some((word) => /^-(?:TT|-unzip-command)/.test(word));
  if (name !== "tar") return false;
  // Options in a first word without a dash are letters too (`tar czIf`).
  return !words.some(
    (word, i) =>
      /^-[^-]*[IF]|^--(?:use-compress|checkpoint-action|rsh|info-script|new-volume|to-command)/.test(word) ||
      (i === 0 && !word.startsWith("-") && /[IF]/.test(word)),
  );
}

/** git commands that print what the repository holds and write no file (`writesNoFiles`), but with `--output`. */
const GIT_SHOWS_ONLY = new Set(["diff", "grep", "log", "show", "status", "ls-files", "rev-parse", "blame"]);
/** A `~` bash expands to HOME: a word's first character, or after an assignment's `=` or `:` (not `HEAD~1`, `'~'`). */
const HOME_TILDE = /(?:^|[\s;&|(<>=:`{,])~(?=$|[/\s;&|)<>:`},])/;
/** What points git at another repository, work tree or index than the one it finds from where it runs. */
const GIT_PLACES = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_COMMON_DIR",
  "GIT_CEILING_DIRECTORIES",
];

/** A character a shell reads as more than part of a name: blanks, quotes, `$`, `;`, `|`, glob and brace signs, `~`. */
const READ_AS_MORE_THAN_A_NAME = /[^\p{L}\p{N}_./@+,:%=-]/u;

/**
 * A command's glob words, when they cannot leave the folder the line runs in (`globsStayHere`). A whole word in
 * quotes the shell does not expand in (`'s/a/b/'`, `"TODO"`, `--include="*.ts"`) is no glob and names what it says,
 * which the guards read as any literal word: `sed -i 's/a/b/' src/*.ts` is known as `sed -i x src/*.ts` is.
 */
function globsOf(text: string): ComputedNames {
  const globs = arithmeticAsNumbers(text).replace(QUOTED_WORD, "$1").trim();
  return globsStayHere(globs) ? { globs } : undefined;
}

/**
 * `$((…))` (up to two levels of parentheses inside; deeper ones stay text, read as before) and `$[…]`, without a
 * quote or escape inside, which numbers-only arithmetic has none of: `'$((' * '))'` is a glob between two strings.
 */
const ARITHMETIC =
  /(?<!\\)(?:\$\(\((?:[^()'"`\\]|\((?:[^()'"`\\]|\([^()'"`\\]*\))*\))*\)\)|\$\[[^[\]'"`\\]*\])/g;
/** A word of a command's text, an arithmetic expansion in it whole (its own blanks included). */
const WORD_WITH_ARITHMETIC = new RegExp(`(?:${ARITHMETIC.source}|\\S)+`, "g");

/**
 * `text` for the glob words read from it, its arithmetic expansions put as the numbers they give: `$((3 * 4))`'s
 * `*` is a product, not a pattern (arithmetic reading a variable asks, `shellCommands.ts`). In a word that is a glob
 * anyway the number is matched as any number would be (`[-0-9]*`), unless the word has a bracket expression of its
 * own, which is then read as written.
 */
function arithmeticAsNumbers(text: string): string {
  if (!text.includes("$")) return text;
  return text.replace(WORD_WITH_ARITHMETIC, (word) => {
    const numbered = word.replace(ARITHMETIC, "0");
    if (numbered === word || !isGlobWord(numbered)) return numbered;
    return numbered.includes("[") ? word : word.replace(ARITHMETIC, "[-0-9]*");
  });
}

/**
 * A word that is only a quoted literal (an option's value too), with the space before it; not `"$x"` or `"a"*`. An
 * escape in double quotes is text (`"\bfoo\("`, `"\$HOME"`); a `$` after an escaped backslash is not (`"\\$HOME"`).
 */
const QUOTED_WORD = /(^|\s)(?:-[\w-]+=)?(?:'[^']*'|"(?:[^"$`\\!]|\\.)*")(?=\s|$)/g;

/** Whether `path` (as `absolute` makes it) is one name in the folder `cwd` itself: no folder on its way to follow. */
function inFolder(path: string, cwd: string | undefined): boolean {
  const folder = cwd?.replace(/[\\/]+$/, "");
  if (folder === undefined || !path.startsWith(`${folder}/`)) return false;
  const name = path.slice(folder.length + 1);
  return name !== "" && name !== "." && name !== ".." && !/[\\/]/.test(name);
}

/**
 * `python3 -m json.tool` with options only: it formats the JSON it reads and runs none of it (`curl -s
 * localhost:3000/api | python3 -m json.tool`). With file operands it may write one.
 */
function prettyPrintsJson(name: string, argv: readonly (string | null)[]): boolean {
  if (!/^python(?:\d+(?:\.\d+)?)?$/.test(name) || argv[1] !== "-m" || argv[2] !== "json.tool") return false;
  const options = argv.slice(3);
  return options.every(
    (word, i) =>
      word !== null &&
      (/^--(?:sort-keys|compact|no-ensure-ascii|json-lines|tab|no-indent|indent=\d+)$/.test(word) ||
        (/^\d+$/.test(word) && options[i - 1] === "--indent") ||
        (word === "--indent" && /^\d+$/.test(options[i + 1] ?? ""))),
  );
}

/** Commands that only print what they read from a pipe (a download piped into them goes to no file). */
const FILTERS_ONLY = new Set([
  "jq",
  "head",
  "tail",
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "wc",
  "cut",
  "tr",
  "less",
  "more",
  "cat",
  "column",
  "nl",
  "fold",
]);

/**
 * Whether curl's options put what it downloads, or what the server sends, into a file: `-o FILE` (not `/dev/null`
 * or `-`, which print or drop it), `-O`, `-J`, `--remote-name`, `--output-dir`, and the headers, cookies, traces and
 * the like it saves (`-D`, `-c`, `--trace`, `-w %output{…}`); a word computed at run time.
 */
function curlWritesFile(words: readonly (string | null)[]): boolean {
  const names = (target: string | null | undefined) => target !== "/dev/null" && target !== "-";
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? null;
    if (word === null || /%output\{/.test(word)) return true;
    if (word === "--output") {
      if (names(words[++i])) return true;
    } else if (word.startsWith("--output=")) {
      if (names(word.slice("--output=".length))) return true;
    } else if (word.startsWith("--")) {
      // curl takes any start of a long option that is one option's only (`--etag-s`, `--dump`).
      const name = word.split("=", 1)[0]!;
      if (name.length >= 3 && CURL_FILE_OPTIONS.some((option) => option.startsWith(name))) return true;
    } else if (/^-[^-]/.test(word)) {
      // A cluster of letters; one that takes a value takes the rest of the word, or the next word
      // (`-XPOST` is a method, `-so out` writes `out`).
      for (let at = 1; at < word.length; at++) {
        const letter = word[at]!;
        if (letter === "O" || letter === "J") return true;
        if (!CURL_VALUE_LETTERS.includes(letter)) continue;
        const value = word.slice(at + 1) || words[++i];
        if (letter === "D" || letter === "c" || (letter === "o" && names(value))) return true;
        if (letter === "w" && (value === null || /%output\{/.test(value ?? ""))) return true;
        break;
      }
    }
  }
  return false;
}

/** curl's long options that write what it downloads, or what the server sends, into a file. */
const CURL_FILE_OPTIONS = [
  ...[
    "--output",
    "--output-dir",
    "--remote-name",
    "--remote-name-all",
    "--remote-header-name",
    "--create-dirs",
  ],
  ...["--dump-header", "--cookie-jar", "--trace", "--trace-ascii", "--stderr", "--libcurl", "--etag-save"],
  ...["--hsts", "--alt-svc"],
];

/** curl's short options that take a value. */
const CURL_VALUE_LETTERS = "AbcCdDeEFHKmoPQrtTuUwxXyYz";

/** Whether wget prints what it downloads: its last `-O` (`--output-document`) says `-`. */
function wgetPrints(words: readonly (string | null)[]): boolean {
  let target: string | null | undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? null;
    if (word === null) return false;
    if (word === "--output-document" || /^-[a-zA-Z]*O$/.test(word)) target = words[++i];
    else if (word.startsWith("--output-document=")) target = word.slice("--output-document=".length);
    else if (/^-[a-zA-Z]*O./.test(word)) target = word.slice(word.indexOf("O") + 1);
  }
  return target === "-";
}

/** The end of a label for a name, there or not yet, in a line with a command that may create links. */
function mayBeLink(maker: string, exists: boolean): string {
  return exists
    ? `and ${maker} in this line may replace it, or a folder on its way, with a link that leads anywhere`
    : `which is not there yet: ${maker} in this line may create it as a link that leads anywhere`;
}

/** Commands that act on a link itself, not on where it leads. */
const ACTS_ON_LINKS = new Set(["rm", "unlink", "rmdir"]);

/**
 * Commands that print the names they are given or what a folder holds, not what a file holds: `ls -la
 * .github/workflows` or `echo .env` hands them nothing to read or write.
 */
const NAMES_ONLY = new Set([
  ...["ls", "tree", "du", "exa", "eza", "lsd", "dirname", "basename", "realpath", "readlink"],
  ...["echo", "printf", "test", "[", "[[", "which", "type", "command", "cd", "pushd", "set"],
]);

/**
 * What a listing (or what find runs) is given below a folder by name (`DiskSource.given`): the entries its walk takes
 * (find's `-name`, ls's hidden names), or any when find may print the folder itself, whose name its patterns are
 * matched on too (`find notes -name 'no*'`; picomatch does not match `.` on `*`, find does); links unless it keeps
 * only files or folders (`listsLinks`).
 */
function givenBy(argv: readonly (string | null)[], folder?: string | null): Given {
  const find = basename(argv[0] ?? "") === "find";
  const walk = find ? findWalk(argv) : listingWalk(argv);
  const links = listsLinks(argv);
  if (walk === undefined) return { links };
  if (!find) return { walk, links };
  const starts = folder === undefined ? walk.folders : [folder];
  const patterns = findNamePatterns(argv) ?? [];
  // A starting point is 0 deep: `-mindepth 1` leaves it out.
  const matches = findNameMatcher(patterns);
  const printed = starts.some((start) => {
    const name = start?.replace(/\/+$/, "").split("/").pop();
    if (name === undefined || name === "") return true;
    // With `-type f` a folder is not printed; a file start is a path the line names.
    if (findDepths(argv).min > 0 || walk.filesOnly === true) return false;
    if (name === "." || name === "..")
      return patterns.every(
        ({ pattern, negated }) => negated || pattern.replace(/\[[^\]]*\]|[*?.\\]/g, "") === "",
      );
    return matches(name);
  });
  return printed ? { links } : { walk, links };
}

/** Whether a listing gives an entry (`relative` to its folder): its walk takes it or a folder above it, given whole. */
function givenBelow(given: Given, relative: string): boolean {
  const walk = given.walk;
  if (walk === undefined || walk.takes(relative)) return true;
  // The folders above an entry are not given whole by a walk that takes no folder.
  if (walk.filesOnly === true) return false;
  for (let at = relative.lastIndexOf("/"); at > 0; at = relative.lastIndexOf("/", at - 1))
    if (walk.takes(relative.slice(0, at))) return true;
  return false;
}

/** Whether `path` is `folder` or below it (either separator). */
function isBelow(path: string, folder: string): boolean {
  const base = folder.replace(/[\\/]+$/, "");
  return path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}\\`);
}

/** Commands that only remove the files they name. */
const REMOVES = new Set(["rm", "rmdir", "unlink", "shred"]);
/** Why a protected path is, as a card says it, for a name made beginning with `-` (`PathCheck.optionLike`). */
function protectedWhy(check: { optionLike?: true }, otherwise: string): string {
  return check.optionLike
    ? "a name beginning with -, which a glob (cp *) would pass as an option"
    : otherwise;
}

/** What a protected entry a command is given is, as a card says it. */
function protectedKind(found: { credentials?: true }): string {
  return found.credentials ? "a protected file that holds credentials" : "a protected path";
}

/** Builtins that set variables from their words. */
const DECLARATIONS = new Set(["export", "declare", "typeset", "local", "readonly"]);

/**
 * Whether the words of `text` a shell could expand are only globs inside the folder the line runs in, or absolute
 * ones whose matches are each checked where they are (`wc -l /ws/src/*.ts`, as agents write them): no variable,
 * substitution, `~` or brace, no relative word that starts at `.` (past `./`), none that climbs with `..` or has a
 * hidden segment (`src/.env*`, `/home/u/.ssh/*`) but an absolute word that is no glob, which names what it says.
 */
function globsStayHere(text: string): boolean {
  return text.split(/\s+/).every((word) => {
    if (!/^[\w.,:+=@%/*?[\]^!-]*$/.test(word)) return false;
    const path = word.replace(/^-+/, "").replace(/^(?:\.\/)+/, "");
    // A drive (`C:/Users/u/*`) is another root on Windows, not a folder named `C:` here.
    if (/^[a-zA-Z]:/.test(path)) return false;
    if (path.startsWith("/") && !isGlobWord(path)) return true;
    return !/^\.|\.\.|\/\./.test(path);
  });
}

/**
 * `command` with npm's command word as npm reads it (`npm exe -c …` is `npm exec -c …`, `npm pub` is `npm publish`:
 * `npmCommand`), behind wrappers too: the guards and rules know npm's commands by their names only.
 */
function npmNamed(command: SimpleCommand): SimpleCommand {
  const argv = npmArgv(command.argv);
  return argv === command.argv ? command : { ...command, argv: [...argv] };
}

function npmArgv<T extends string | null>(argv: readonly T[]): readonly T[] {
  let named = argv;
  // `npm exe -- npm pub`: the outer command named, the inner one is read behind it as a wrapped command.
  for (let round = 0; round < 4; round++) {
    const { start } = withoutWrappers(named);
    if (basename(named[start] ?? "") !== "npm") return named;
    const at = named.findIndex((word, i) => i > start && (word === null || !word.startsWith("-")));
    // After an option written apart from its value the word may be that value (`npm --prefix c install`: `c` is a
    // folder, not `config`): left as written.
    if (named.slice(start + 1, at).some((option) => option !== null && !option.includes("="))) return named;
    const word = named[at];
    const command = word == null ? undefined : npmCommand(word);
    if (command === undefined || command === word) return named;
    named = named.map((each, i) => (i === at ? (command as T) : each));
  }
  return named;
}

/** `hub …` as the git command it runs, when its verb is not one of hub's own (`alias git=hub`). */
function hubAsGit(argv: readonly (string | null)[]): readonly (string | null)[] {
  if (argv[0] == null || basename(argv[0]) !== "hub") return argv;
  const verb = argv.slice(1).find((word) => word === null || !word.startsWith("-"));
  return verb === null || HUB_COMMANDS.has(verb ?? "") ? argv : ["git", ...argv.slice(1)];
}

/** git's other pushes as `git push` (`git send-pack origin main`, `git subtree -P x push origin main`), for deny rules. */
function pushAsGitPush(argv: readonly (string | null)[]): readonly (string | null)[] {
  if (basename(argv[0] ?? "") !== "git") return argv;
  if (argv[1] === "send-pack" || argv[1] === "http-push") return ["git", "push", ...argv.slice(2)];
  if (argv[1] === "svn" && argv[2] === "dcommit") return ["git", "push", ...argv.slice(3)];
  // subtree's verb is its first word that is no option nor the value of one (`-P x`, `-m msg`).
  const at = argv.findIndex(
    (word, i) => i > 1 && !word?.startsWith("-") && !/^(?:-P|--prefix|-m|--message)$/.test(argv[i - 1] ?? ""),
  );
  return argv[1] === "subtree" && argv[at] === "push"
    ? ["git", "push", ...argv.slice(2, at), ...argv.slice(at + 1)]
    : argv;
}

function prefixMatches(written: readonly string[], command: SimpleCommand, loose: boolean): boolean {
  // A rule's npm command is named as npm reads it, as the command's is (`npm i` is `npm install`).
  const prefix = npmArgv(written);
  // An allow rule never covers `PATH=./evil npm test`; a deny rule still sees `npm`.
  if (!loose && command.assignments.length > 0) return false;
  // A deny rule "git push" also sees `git -C . push` and `hub push` (hub hands git each command not its own); an
  // allow rule "git status" never covers `git -C /x status`.
  const argv = loose ? withoutGitOptions(hubAsGit(withoutWrappers(command.argv).argv)) : command.argv;
  if (argv.length < prefix.length) return false;
  // An allow rule "npm test" never covers another folder's scripts (`npm test --prefix src/x`), which Bypass places.
  if (
    !loose &&
    ["npm", "pnpm", "yarn"].includes(basename(argv[0] ?? "")) &&
    argv.some((word) => word !== null && /^(?:--(?:prefix|dir|cwd)(?:=|$)|-C)/.test(word))
  )
    return false;
  const matches = (words: readonly (string | null)[]) =>
    words.length >= prefix.length &&
    prefix.every((word, i) => {
      const actual = words[i];
      if (actual == null) return false;
      return i === 0 && loose ? basename(actual) === word || actual === word : actual === word;
    });
  if (matches(argv)) return true;
  const pushing = loose ? pushAsGitPush(argv) : argv;
  return pushing !== argv && matches(pushing);
}

/**
 * The check of `name` (one name or a `/`-separated path) in the folder `parent` checks, below which nothing is a
 * link: what `PolicyBoundary.check` would say of its path and relative path, the rest as its folder's.
 */
function childCheck(parent: PathCheck, name: string): PathCheck {
  if (parent.status === "unresolved") return parent;
  const path = `${parent.path.replace(/[\\/]+$/, "")}/${name}`;
  if (parent.status === "outside") return { ...parent, path };
  const child = (relative: string) => (relative === "" ? name : `${relative}/${name}`);
  const inside = { ...parent };
  delete inside.holdsRoot; // What a name below holds, its own check says.
  return {
    ...inside,
    path,
    relative: child(parent.relative),
    ...(parent.alsoRelative ? { alsoRelative: parent.alsoRelative.map(child) } : {}),
  };
}

/** A path's relative paths in every workspace folder that holds it (nested folders hold it twice). */
function relativesOf(check: Extract<PathCheck, { status: "inside" }>): string[] {
  return check.alsoRelative ? [check.relative, ...check.alsoRelative] : [check.relative];
}

/** Its relative path in the outermost workspace folder holding it: the most names a protected name may be among. */
function outermostRelative(check: Extract<PathCheck, { status: "inside" }>): string {
  return relativesOf(check).reduce((longest, relative) =>
    relative.length > longest.length ? relative : longest,
  );
}

function globMatches(
  glob: string,
  check: PathCheck,
  home: string,
  loose: boolean,
  paths?: Pick<PathChecker, "check">,
): boolean {
  if (check.status === "unresolved") return false; // the incomplete guard asks
  const compiled = compiledGlob(glob, home, loose);
  // Not matched (it could hold the extension host for hours): a deny or ask rule holds, an allow rule does not.
  if (compiled === undefined) return loose;
  if (compiled.absolute) {
    const path = check.path.replace(/\\/g, "/");
    if (compiled.matches(path)) return true;
    // Paths are checked where they lead (`/home` a link to `/data/home`): so is the glob's folder, which `~/` or the
    // person wrote as they know it.
    const real = compiled.folder !== undefined ? paths?.check(compiled.folder) : undefined;
    if (real === undefined || real.status === "unresolved") return false;
    // The path below where the folder leads, matched as below the folder (the real path is no glob: `(x86)`).
    const folder = real.path.replace(/\\/g, "/");
    const below =
      path === folder ? "" : path.startsWith(`${folder}/`) ? path.slice(folder.length) : undefined;
    return folder !== compiled.folder && below !== undefined && compiled.matches(compiled.folder + below);
  }
  if (check.status !== "inside") return false;
  // A deny or ask rule holds a path in a nested workspace folder whichever folder it is read from; an allow rule
  // reads it from the first folder holding it, as its proposal was made.
  return loose ? relativesOf(check).some(compiled.matches) : compiled.matches(check.relative);
}

/** `globMatches`'s globs compiled once: a folder read whole has thousands of entries matched against a few rules. */
const compiledGlobs = new Map<string, CompiledGlob | undefined>();

/**
 * Room for every glob the settings may hold, twice (an allow rule's is matched with case, a deny or ask rule's
 * without): the person's three lists and the workspace's sources together, with as many again for grants. Fewer, and
 * each path of each request compiled every glob anew.
 */
export const MAX_COMPILED_GLOBS = Math.max(
  8_192,
  2 * 2 * (RULE_ACTIONS.length * MAX_RULES_PER_SOURCE + MAX_WORKSPACE_RULES),
);

let lastGlob: { glob: string; home: string; nocase: boolean; compiled: CompiledGlob | undefined } | undefined;

/** A rule's glob, ready to match: an absolute one against a path, another against its workspace-relative path. */
interface CompiledGlob {
  absolute: boolean;
  matches: (path: string) => boolean;
  /** An absolute glob's: itself, `~/` expanded, and its folders before the first word of wildcards. */
  pattern: string;
  folder?: string;
}

function compiledGlob(glob: string, home: string, nocase: boolean): CompiledGlob | undefined {
  // The same glob, one entry after another, is looked up without building its key.
  if (lastGlob?.glob === glob && lastGlob.home === home && lastGlob.nocase === nocase)
    return lastGlob.compiled;
  const key = `${nocase ? "i" : "s"}${home}\0${glob}`;
  if (compiledGlobs.has(key)) {
    const compiled = compiledGlobs.get(key);
    lastGlob = { glob, home, nocase, compiled };
    return compiled;
  }
  // Room for every rule's glob (`MAX_RULES_PER_SOURCE` a list): emptied whole at 256, a settings file of more globs
  // compiled each of them again for every path of every request. The oldest goes first.
  if (compiledGlobs.size >= MAX_COMPILED_GLOBS) compiledGlobs.delete(compiledGlobs.keys().next().value!);
  const absolute = glob.startsWith("/") || glob.startsWith("~/") || /^[a-zA-Z]:[\\/]/.test(glob);
  const pattern = !absolute
    ? glob
    : glob.startsWith("~/")
      ? `${home.replace(/\\/g, "/")}${glob.slice(1)}`
      : glob.replace(/\\/g, "/");
  const wild = /[*?[\]{}()!+@]/;
  const words = pattern.split("/");
  const literal = words.findIndex((word) => wild.test(word));
  const folder = !absolute
    ? undefined
    : literal < 0
      ? pattern
      : words.slice(0, literal).join("/") || undefined;
  let compiled: CompiledGlob | undefined;
  try {
    compiled = globTooCostly(glob)
      ? undefined
      : {
          absolute,
          matches: nocase ? caselessMatcher(pattern) : globMatcher(pattern, { dot: true }),
          pattern,
          ...(folder !== undefined ? { folder } : {}),
        };
  } catch {
    // One picomatch cannot compile (over its 65,536 characters): not matched, as a costly one. Thrown, it made every
    // request end unread, with no card, whatever the rule was.
    compiled = undefined;
  }
  compiledGlobs.set(key, compiled);
  lastGlob = { glob, home, nocase, compiled };
  return compiled;
}

const NOT_ASCII = /[^\0-\x7f]/;

/**
 * A deny or ask rule's matcher, which ignores case as a case-insensitive file system does. A regex's `i` (picomatch's
 * `nocase`) leaves `ſ` apart from `s` and the Kelvin sign apart from `k`, which APFS, NTFS and ext4's casefold folders
 * open as the same name (`ſecrets/key` is `secrets/key`): a name with a character past ASCII is matched folded too.
 */
function caselessMatcher(pattern: string): (path: string) => boolean {
  const plain = globMatcher(pattern, { dot: true, nocase: true });
  const foldedPattern = foldAll(pattern);
  const folded = foldedPattern === pattern ? plain : globMatcher(foldedPattern, { dot: true, nocase: true });
  const patternFolds = NOT_ASCII.test(pattern);
  return (path) => plain(path) || ((patternFolds || NOT_ASCII.test(path)) && folded(foldAll(path)));
}

/**
 * One name against one segment of a deny or ask rule's glob, as `caselessMatcher` matches them; a segment picomatch
 * cannot compile (over its 65,536 characters) may match, as such a rule's glob holds every path (`compiledGlob`).
 */
function caselessNameMatch(name: string, segment: string): boolean {
  try {
    return (
      matchesGlob(name, segment, { dot: true, nocase: true }) ||
      ((NOT_ASCII.test(name) || NOT_ASCII.test(segment)) &&
        matchesGlob(foldAll(name), foldAll(segment), { dot: true, nocase: true }))
    );
  } catch {
    return true;
  }
}

/**
 * Whether `glob` (a deny or ask rule's path) may match an entry below the folder `check`, read a segment at a time
 * against the folder's path: `secrets/**` may below `.` and `secrets/x`, not below `src`; a pattern that starts with
 * `**` below any folder; `.env` only below the top. Hidden entries count though rg and ag skip them by default: an
 * ignore file lets one through (`!.env` in `.ignore`). Braces are expanded first; a negated or extended glob may
 * match anywhere. Case is ignored, as deny and ask rules ignore it.
 */
function globReachesBelow(
  glob: string,
  check: PathCheck,
  home: string,
  endings?: readonly string[],
): boolean {
  if (check.status === "unresolved") return true;
  const absoluteGlob = glob.startsWith("/") || glob.startsWith("~/") || /^[a-zA-Z]:[\\/]/.test(glob);
  let pattern = glob.replace(/\\/g, "/");
  let folders: string[];
  if (absoluteGlob) {
    if (glob.startsWith("~/")) pattern = `${home.replace(/\\/g, "/")}${glob.slice(1)}`;
    folders = [check.path.replace(/\\/g, "/").replace(/\/+$/, "")];
  } else {
    if (check.status !== "inside") return false;
    // Below a nested workspace folder, paths are read from there too, with any name on the way.
    if (check.holdsRoot) return true;
    folders = relativesOf(check);
  }
  if (/^!|[!@+*?]\(/.test(pattern)) return true;
  const patterns = expandBraces(pattern);
  if (patterns === undefined) return true;
  return folders.some((folder) => patternsReachBelow(patterns, folder, endings));
}

/** `globReachesBelow` for one relative folder and the rule's glob with its braces expanded. */
function patternsReachBelow(
  patterns: readonly string[],
  folder: string,
  endings?: readonly string[],
): boolean {
  const names = folder === "" ? [] : folder.split("/");
  return patterns.some((expanded) => {
    const segments = expanded.split("/").filter((segment, i) => segment !== "" || i === 0);
    const last = segments.at(-1)!;
    if (endings !== undefined && !last.includes("**") && !nameMayEndWith(last, endings)) return false;
    for (let i = 0; i < names.length; i++) {
      const segment = segments[i];
      if (segment === undefined) return false;
      if (segment.includes("**")) return true;
      if (segment !== names[i] && !caselessNameMatch(names[i]!, segment)) return false;
    }
    return segments.length > names.length;
  });
}

/**
 * Whether a name `segment` (a rule's last, in picomatch's syntax, matched ignoring case) matches may end with one of
 * `endings` (lower case): its plain text at the end, or the whole of it when it is all plain text, must end with an
 * ending or be the end of one (`*.pem` and `.ts` cannot meet; `*` and `.ts`, `*key` and `.key` may).
 */
function nameMayEndWith(segment: string, endings: readonly string[]): boolean {
  const plain = /[A-Za-z0-9._-]*$/.exec(segment)![0].toLowerCase();
  const whole = plain.length === segment.length;
  return endings.some((ending) => plain.endsWith(ending) || (!whole && ending.endsWith(plain)));
}

/** The folder a pattern's matches are below: its words before the first with a glob (`src/*.ts`: src). */
function staticFolder(word: string): string {
  if (!isGlobWord(word)) return word;
  const segments = word.split("/");
  const glob = segments.findIndex((segment) => isGlobWord(segment));
  return segments.slice(0, glob).join("/") || ".";
}

/**
 * The folder git runs in given its own options before its subcommand (`words`): each `-C <folder>` from the last
 * (`git -C sub pull`); those that only page, prompt or lock change nothing; null for any other (`-c`, `--git-dir`,
 * `--work-tree`, a folder computed at run time or from `~`), which may point it at another repository. The folder
 * `-C` names is checked as any folder a command is told to run in.
 */
function gitFolder(words: readonly (string | null)[], cwd: string | undefined): string | undefined | null {
  let folder = cwd;
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === "--no-pager" || word === "-P" || word === "--no-optional-locks") continue;
    const to = words[i + 1];
    if (word !== "-C" || to == null || to.startsWith("~")) return null;
    i++;
    // `-C ""` leaves git where it is; a `~` was refused above.
    if (to !== "") folder = absolute(to, folder, "");
  }
  return folder;
}

function absolute(target: string, cwd: string | undefined, home: string): string | undefined {
  if (target === "~" || target.startsWith("~/")) return `${home}${target.slice(1)}`;
  if (target.startsWith("~")) return undefined;
  if (target.startsWith("/") || /^[a-zA-Z]:[\\/]/.test(target)) return target;
  if (!cwd) return undefined;
  return `${cwd.replace(/[\\/]+$/, "")}/${target}`;
}

/** The folders a name passes before each `..` in it (`a/b/../c`: `a/b`), which `mkdir -p` makes if missing. */
function foldersBeforeParent(words: readonly (string | null)[]): string[] {
  return words.flatMap((word) => {
    const parts = word?.split("/") ?? [];
    return parts.flatMap((part, i) => {
      const last = parts
        .slice(0, i)
        .filter((p) => p !== "" && p !== ".")
        .at(-1);
      return part === ".." && last !== undefined && last !== ".." ? [parts.slice(0, i).join("/")] : [];
    });
  });
}

function shortPath(path: string): string {
  return path.length > 200 ? `${path.slice(0, 100)}…${path.slice(-99)}` : path;
}
