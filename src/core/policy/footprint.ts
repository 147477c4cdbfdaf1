/**
 * One footprint per permission request: everything the request says it will touch, read from the RAW request and the
 * stored tool call it patches, before anything is capped for display. The policy decides on this and nothing else.
 *
 * It is an over-approximation on purpose: paths of the stored tool call and of the patch are both kept, whatever the
 * merge rules, and every command line found is parsed. Whatever was dropped, cut, not understood or unparseable is a
 * reason, and a footprint with a reason is incomplete (never approved without a person).
 */
import { posix, win32 } from "node:path";
import { COMMAND_FIELDS, CWD_FIELDS, PATH_FIELDS, PATH_LIST_FIELDS, statedCommands } from "../toolCommand";
import { folderMovedTo } from "./commandEffects";
import type { GitAliasReader, GitAliases } from "./gitAliases";
import {
  changesDirectory,
  parseBudget,
  shellScript,
  type ParsedCommandLine,
  type ShellParser,
  type SimpleCommand,
} from "./shellCommands";

export type Access = "read" | "write";

export interface FootprintPath {
  /** As the agent named it (absolute unless the agent sent otherwise); resolved later by the boundary. */
  path: string;
  access: Access;
  /** Where in the request it was found, for labels and tests (`locations`, `diff`, `rawInput.file_path`, …). */
  from: string;
  /** A folder a `cd` of a command line moves it to: its guards come after the commands', which say more. */
  movedTo?: true;
  /**
   * A redirection's: the command line (`Footprint.commands`) and the command of it before which the shell opens
   * the file; the command unknown when the parser could not say.
   */
  openedAt?: { line: number; command?: number };
  /**
   * A folder a `cd` goes to that is what git said is the top of the working tree holding `of`
   * (`cd "$(git rev-parse --show-toplevel)"`): `shown`, or "" where git found none (the `cd` then stays in `of`).
   * The policy checks it against the disk as it decides.
   */
  gitTop?: { of: string; shown: string };
}

export interface FootprintCommand {
  /** The command line as the agent sent it (a shell's `-c` script for an argv like Codex's). */
  line: string;
  cwd?: string;
  /** Its simple commands, in order. */
  commands: SimpleCommand[];
  /** The argv exactly as the agent sent it, when it sent one (`["bash", "-lc", "npm test"]`). */
  argv?: string[];
  /** A simple command of the line changes folder (`cd`, `pushd`, …): the commands after it run elsewhere than `cwd`. */
  changesDirectory?: true;
  /**
   * Where each simple command may run, when the line changes folder: the one folder it is in by then where the
   * line's commands run one after another (`cd src && cat a.ts`), else each folder the line may be in by then
   * (`cd src; cat a.ts`: the `cd` may have failed); undefined for a folder that is not known.
   */
  cwds?: (string | undefined)[][];
  /** Where the line leaves its shell, when it changes folder (undefined: not known), for an agent's next line. */
  endsIn?: (string | undefined)[];
  /**
   * Its simple commands run in the order they are written, each at most once and after those before it ended: `&&`
   * chains of plain commands and groups (`curl … > a.tgz && tar xzf a.tgz`), and plain commands joined by `;`, `||`
   * or line breaks (`rm -rf dist; mkdir dist`); not a loop, a pipeline, a function, a trap, a substitution or `&`.
   */
  sequential?: true;
  from: string;
}

export interface Footprint {
  subject: "tool_call" | "command" | "none" | "unknown";
  /** The ACP tool kind, when the agent stated one. */
  kind?: string;
  /** The agent's own tool name (`name` of the tool call), when it states one. */
  toolName?: string;
  paths: FootprintPath[];
  commands: FootprintCommand[];
  complete: boolean;
  /** Why the footprint is incomplete; empty when it is complete. */
  reasons: string[];
  /**
   * The globs a search or read tool picks the files below its folders by (Claude Code's Grep `glob`, Gemini CLI's
   * `include`), as the agent sent them.
   */
  searchGlobs?: string[];
  /** The search or read tool is told not to heed ignore files (Gemini CLI's `respect_git_ignore: false`). */
  searchHeedsNoIgnoreFiles?: true;
  /** A v2 diff's moves and copies, each source with the path it becomes (a folder's entries land below it). */
  diffMoves?: { source: string; destination: string; operation: "move" | "copy" }[];
}

export interface FootprintInput {
  protocolVersion: 1 | 2;
  /** The `session/request_permission` params exactly as received. */
  params: unknown;
  /** The stored tool call the request patches (its raw ACP fields), when there is one. */
  storedToolCall?: unknown;
}

export interface FootprintOptions {
  shell: ShellParser;
  /** For `~` in redirections. */
  home: string;
  /** The session's working directory: where a command without its own cwd runs. */
  sessionCwd?: string;
  /** `CDPATH` of the environment agents start in: where `cd src` looks before the folder it runs in. */
  cdPath?: string;
  /**
   * git's aliases in a folder (`GitAliasCache`): a git command whose subcommand is an alias is read as what the alias
   * runs. Without it git's subcommands are read as written.
   */
  gitAliases?: GitAliasReader;
  /**
   * The folder the agent's shells have as TMPDIR (the window's scratch folder, unless the agent's settings set TMPDIR):
   * a line's `$TMPDIR` names it where the line cannot have set the variable (`keepsTmpdir`). Without it, computed.
   */
  tmpdir?: string;
}

/**
 * Beyond this many paths or command lines a request is not read further (and so is incomplete): each path costs a
 * few lstat calls on the extension host, and no real request names a thousand files.
 */
export const MAX_FOOTPRINT_ITEMS = 1_000;
/**
 * The most folders one request reads git's aliases in: each new one may run two git processes (300 `git -C dN x` in
 * one line ran 600, 16 s), and the cache keeps 64.
 */
export const MAX_ALIAS_FOLDERS = 8;
/** The most folders a line's `cd`s are followed to (each `cd` is placed from each folder reached before it). */
const MAX_FOLDERS_MOVED_TO = 16;

/** Raw-input fields that hold globs a search or read tool picks files by, one or a list. */
const SEARCH_GLOB_FIELDS = ["glob", "include"];
const MAX_SEARCH_GLOBS = 64;
/** Raw-input fields that ask for a wider sandbox (Codex's `permissions`, `additionalPermissions`): only a person grants. */
const WIDER_PERMISSIONS = /permissions$/i;
/** A raw-input field telling a search not to heed ignore files (`respect_git_ignore: false`, `no_ignore: true`). */
const heedsNoIgnoreFiles = (field: string, value: unknown): boolean =>
  (value === false && /^respect\w*ignore\w*$/i.test(field)) ||
  (value === true && /^no[\W_]?ignore\w*$/i.test(field));
/** Raw-input fields read by name: paths, and where a command runs (`CWD_FIELDS`). */
const KNOWN_FIELDS = new Set([...PATH_FIELDS, ...PATH_LIST_FIELDS, ...CWD_FIELDS]);
/**
 * Other raw-input fields, at any depth (`args.path`, `edits[0].file`), whose name says they hold a path, and values
 * anywhere that are one whole (absolute, `~`, a drive's, a `file:` address): a tool this list does not know may name a
 * file so (`target_file`, `relative_path`, `output`, `uri`).
 */
const PATH_WORDS = new Set(
  "path paths file files filename filenames filepath dir dirs dirname directory folder folders target dest dst destination location output out uri src source".split(
    " ",
  ),
);
const fieldWords = (field: string) =>
  field.split(/[_\-.\s]+|(?<=[a-z0-9])(?=[A-Z])/).map((w) => w.toLowerCase());
/** Whether a field's name says it holds a path: one of its words (`target_file`, `outputDir`, `fileName`) is one. */
function pathLikeField(field: string): boolean {
  return fieldWords(field).some((word) => PATH_WORDS.has(word));
}
/**
 * Whether a field's name, or a name it is under, says the tool writes there (`output_file`, `outdir`, `saveTo`,
 * `download_path`, `output.path`), whatever its kind.
 */
const writtenField = (field: string) =>
  fieldWords(field.replace(/\[\d+\]/g, "")).some((word) =>
    /^(?:out(?:put|file|dir|path)?s?|dest(?:ination)?|dst|save(?:to|as|path)?|download(?:s|path|dir)?|export(?:path|dir)?|write(?:to)?)$/.test(
      word,
    ),
  );
/** A value that is a path whole: absolute, `~`, a drive's, a `file:` address, or one going up (`../x`). */
const WHOLE_PATH = /^(?:~[\w.-]*(?:[/\\]|$)|\$\{?HOME\b|[/\\]|[a-zA-Z]:[\\/]|file:|\.\.(?:[/\\]|$))\S*$/i;
/**
 * Whether a value is a path whole (`WHOLE_PATH`), white space and controls around it aside: a URL parser drops them
 * (" file:///etc/passwd" is that file to a fetch tool).
 */
function wholePath(value: string): boolean {
  return WHOLE_PATH.test(value.replace(/^[\s\0-\x1f]+|[\s\0-\x1f]+$/g, ""));
}
/** What a field named as a path's holds when it is one: a name with a folder, a dotfile, or a path whole. */
const PATH_LIKE_VALUE = /[/\\]|^\.[^\s]|^~/;
/** Addresses of other schemes (`https://…`, `postgres://…`) are not paths. */
const ADDRESS = /^(?!file:)[a-z][\w+.-]*:\/\//i;
/**
 * Fields that hold what a tool writes: a file's new text, an edit's strings, as the agents and tools people use name
 * them (`newString`, Anthropic's text editor's `old_str`, `insert_text`).
 */
const WRITTEN_FIELDS = new Set(
  [
    ...["content", "contents", "new_content", "newContent", "file_text", "text", "data", "body", "payload"],
    ...["old_string", "new_string", "oldString", "newString", "old_str", "new_str", "new_text", "newText"],
    ...["insert_text", "replacement", "new_source", "edits", "patch", "diff", "append", "code", "lines"],
  ].map((field) => field.toLowerCase()),
);
/** Whether a raw input hands the tool text to write, at any depth (`[{"file_path": …, "content": …}]`). */
function handedText(raw: unknown, depth = 0): boolean {
  if (depth > MAX_RAW_DEPTH || raw === null || typeof raw !== "object") return false;
  return Object.entries(raw).some(
    ([field, value]) =>
      (WRITTEN_FIELDS.has(field.toLowerCase()) && value !== undefined && value !== null) ||
      handedText(value, depth + 1),
  );
}
/** Fields that hold text, code or prose, whatever they begin with: an edit's strings, a prompt. */
const TEXT_FIELDS = new Set([
  "content",
  "old_string",
  "new_string",
  "new_source",
  "text",
  "prompt",
  "description",
]);
/**
 * Fields that hold a search's pattern: a regular expression (`/api/` is not a path) or a glob, which names the files it
 * lists when it is absolute (`/etc/**`).
 */
const PATTERN_FIELDS = new Set(["pattern", "glob", "regex", "query"]);
/** A glob of named folders from the root or home (`/etc/**`, `~/.ssh/*`), not a regular expression (`/api/v[0-9]+`). */
const ABSOLUTE_GLOB = /^(?:~|\/[\w.-]+)(?:\/[\w.-]+)*\/[^\s\\+()|^$]*[*?[{][^\s\\+()|^$]*$/;
/** A glob that starts with a wildcard below the root or home (`/**` + `/id_rsa`), a brace of other places, or goes up. */
const GLOB_REACHING_OUT = /^(?!.*\s)(?:\/[*?[{]|~[*?[{]|\{(?:[^}]*,)?(?:[/~]|\.\.)|(?:.*\/)?\.\.\/.*[*?[{])/;
/** How deep and how many raw-input values are read; past either, the request is not understood. */
const MAX_RAW_DEPTH = 8;
const MAX_RAW_VALUES = 2_000;
const READ_KINDS = new Set(["read", "search", "fetch", "think"]);
const CHANGE_KINDS = new Set(["edit", "delete", "move"]);

export function buildFootprint(input: FootprintInput, options: FootprintOptions): Footprint {
  return new FootprintBuilder(options).build(input);
}

class FootprintBuilder {
  /** Every path the request's diffs change (moves' and copies' sources too), as often as they name it. */
  private readonly diffChanged: string[] = [];
  private readonly footprint: Footprint = {
    subject: "none",
    paths: [],
    commands: [],
    complete: true,
    reasons: [],
  };
  /** Each command line parsed once: a stored tool call and its patch often carry the same one. */
  private readonly parsedLines = new Map<string, ParsedCommandLine>();
  /** What parsing the request's lines may cost in all: a thousand lines of `rawInput.commands` are each a line. */
  private readonly parseBudget = parseBudget();
  private readonly aliasFolders = new Set<string>();

  constructor(private readonly options: FootprintOptions) {}

  /** git's aliases in a folder, for the first `MAX_ALIAS_FOLDERS` folders of the request; unknown past them. */
  private readonly aliasesOf = (folder: string): GitAliases | undefined => {
    if (!this.aliasFolders.has(folder)) {
      if (this.aliasFolders.size >= MAX_ALIAS_FOLDERS) return undefined;
      this.aliasFolders.add(folder);
    }
    return this.options.gitAliases?.(folder);
  };

  build(input: FootprintInput): Footprint {
    const params = asObject(input.params);
    if (!params) return this.incomplete("the request is not an object").done();
    const stored = asObject(input.storedToolCall);
    if (input.protocolVersion === 1) {
      const patch = asObject(params.toolCall);
      if (!patch) this.incomplete("the request has no tool call");
      else this.toolCall(patch, stored);
      return this.done();
    }
    const subject = params.subject;
    if (subject === undefined || subject === null) {
      this.incomplete("the request does not say what it is about");
      return this.done();
    }
    const s = asObject(subject);
    if (s?.type === "tool_call") {
      const patch = asObject(s.toolCall);
      if (!patch) this.incomplete("the tool call subject has no tool call");
      else this.toolCall(patch, stored);
    } else if (s?.type === "command") {
      this.footprint.subject = "command";
      this.footprint.kind = "execute";
      const cwd = typeof s.cwd === "string" ? s.cwd : undefined;
      if (cwd === undefined) this.incomplete("the command subject has no cwd");
      if (typeof s.command === "string") this.commandLine(s.command, cwd, "subject.command");
      else this.incomplete("the command subject has no command");
      // A command subject may name the tool call it belongs to: what that call says counts too.
      if (stored) this.toolCallFields(stored, stored, "stored tool call");
    } else {
      this.footprint.subject = "unknown";
      this.incomplete(
        `the request is about "${typeof s?.type === "string" ? s.type : "?"}", which Symposium does not read`,
      );
    }
    return this.done();
  }

  private done(): Footprint {
    if (this.footprint.reasons.length === 0) this.movesOfChanged();
    this.footprint.complete = this.footprint.reasons.length === 0;
    return this.footprint;
  }

  /**
   * A diff's move or copy of what the request's diffs also make or change (`ci` -> `tmp`, then `tmp` -> `.github`) is
   * read from the disk as it is, not as the diffs leave it: not understood.
   */
  private movesOfChanged(): void {
    const counts = new Map<string, number>();
    for (const path of this.diffChanged) counts.set(path, (counts.get(path) ?? 0) + 1);
    for (const { source: written } of this.footprint.diffMoves ?? []) {
      const source = written.replace(/(?<=.)[/\\]+$/, "");
      let named = 0;
      for (const [path, count] of counts)
        if (path.startsWith(source) && (path.length === source.length || /[/\\]/.test(path[source.length]!)))
          named += count;
      if (named > 1) this.incomplete(`the diff moves or copies ${written}, which it also changes`);
    }
  }

  private incomplete(reason: string): this {
    if (!this.footprint.reasons.includes(reason)) this.footprint.reasons.push(reason);
    return this;
  }

  private toolCall(patch: Record<string, unknown>, stored: Record<string, unknown> | undefined): void {
    this.footprint.subject = "tool_call";
    const kind = asString(patch.kind) ?? asString(stored?.kind);
    if (kind) this.footprint.kind = kind;
    const name = asString(patch.name) ?? asString(stored?.name);
    if (name) this.footprint.toolName = name;
    if (stored) this.toolCallFields(stored, patch, "stored tool call");
    this.toolCallFields(patch, patch, "tool call");
    const hasCommand = this.footprint.commands.length > 0;
    if (this.footprint.kind === "execute" && !hasCommand)
      this.incomplete("the command to run is not stated in a form Symposium reads");
    // A change of files that names none (codex-acp leaves out a diff it cannot parse) changes who knows what; one whose
    // diff was left out (`content: []`, over 1 MiB) may move a file where its locations do not say.
    if (CHANGE_KINDS.has(this.footprint.kind ?? "") && !hasCommand) {
      const content = patch.content ?? stored?.content;
      const rawInput = patch.rawInput ?? stored?.rawInput;
      if (this.footprint.paths.length === 0)
        this.incomplete(`the ${this.footprint.kind} names no file in a form Symposium reads`);
      else if (
        Array.isArray(content) &&
        content.length === 0 &&
        (rawInput === undefined || rawInput === null)
      )
        this.incomplete(`the ${this.footprint.kind} shows no change of the files it names`);
    }
  }

  /** Paths and commands of one tool call (stored or patch); `current` gives the kind that decides access. */
  private toolCallFields(
    call: Record<string, unknown>,
    current: Record<string, unknown>,
    label: string,
  ): void {
    // A tool that says it reads but is handed what to write (`content`, `new_string`) writes.
    const access: Access =
      READ_KINDS.has(this.footprint.kind ?? asString(current.kind) ?? "") &&
      !handedText(call.rawInput) &&
      !handedText(current.rawInput)
        ? "read"
        : "write";
    if (call.locations !== undefined && call.locations !== null) {
      const locations = Array.isArray(call.locations) ? call.locations : [];
      if (!Array.isArray(call.locations)) this.incomplete(`${label}: locations is not a list`);
      for (const location of locations) {
        const path = asObject(location)?.path;
        if (typeof path === "string") this.path(path, access, "locations");
        else this.incomplete(`${label}: a location has no path`);
      }
    }
    if (call.content !== undefined && call.content !== null) {
      if (!Array.isArray(call.content)) this.incomplete(`${label}: content is not a list`);
      else for (const item of call.content) this.contentItem(item, label);
    }
    if (call.rawInput !== undefined && call.rawInput !== null) this.rawInput(call.rawInput, access, label);
  }

  private contentItem(raw: unknown, label: string): void {
    const item = asObject(raw);
    switch (item?.type) {
      case "content":
      case "terminal":
        return;
      case "diff":
        return this.diff(item, label);
      default:
        this.incomplete(`${label}: content of type "${String(item?.type)}" is not understood`);
    }
  }

  /** A v1 diff has `path`; a v2 diff has `changes` (each with `path`, moves and copies with `oldPath`) and a patch. */
  private diff(diff: Record<string, unknown>, label: string): void {
    const isV2 = "changes" in diff;
    if (!isV2) {
      if (typeof diff.path === "string") this.path(diff.path, "write", "diff");
      else this.incomplete(`${label}: a diff has no path`);
      return;
    }
    if (!Array.isArray(diff.changes)) {
      this.incomplete(`${label}: a diff's changes are not a list`);
      return;
    }
    const changed: string[] = [];
    for (const raw of diff.changes) {
      const change = asObject(raw);
      const operation = asString(change?.operation);
      const path = asString(change?.path);
      if (!change || !path || !["add", "delete", "modify", "move", "copy"].includes(operation ?? "")) {
        this.incomplete(`${label}: a diff change of operation "${String(operation)}" is not understood`);
        continue;
      }
      this.path(path, "write", "diff.changes.path");
      changed.push(path);
      if (operation === "move" || operation === "copy") {
        const oldPath = asString(change.oldPath);
        if (!oldPath) this.incomplete(`${label}: a ${operation} has no oldPath`);
        // A move deletes its source; a copy reads it.
        else {
          this.path(oldPath, operation === "move" ? "write" : "read", "diff.changes.oldPath");
          changed.push(oldPath);
          const moves = (this.footprint.diffMoves ??= []);
          if (moves.length < MAX_FOOTPRINT_ITEMS)
            moves.push({ source: oldPath, destination: path, operation });
        }
      }
    }
    this.diffChanged.push(...changed);
    const patch = asObject(diff.patch);
    if (patch) this.patchAgrees(patch, changed, label);
  }

  /**
   * The files a patch handed as text names (git's headers, apply_patch's `*** Add File:`, `*** Move to:`), written:
   * relative ones from where the tool runs, which must then be known.
   */
  private patchText(text: string, label: string): void {
    const { paths, unreadable } = gitPatchPaths(text);
    for (const match of text.matchAll(
      /^\*\*\* (?:Add|Update|Delete) File: (.+?)\r?$|^\*\*\* Move to: (.+?)\r?$/gm,
    ))
      paths.push((match[1] ?? match[2])!);
    if (unreadable.length > 0)
      this.incomplete(`${label}: a patch in rawInput names files it cannot be sure of`);
    const base = this.options.sessionCwd;
    for (const name of paths) {
      const absolute = posix.isAbsolute(name) || win32.isAbsolute(name);
      if (absolute || base !== undefined)
        this.path(absolute ? name : posixOrWin32(base!).join(base!, name), "write", "rawInput patch");
      else this.incomplete(`${label}: a patch in rawInput names ${name}, relative to a folder not known`);
    }
  }

  /** A patch that touches a file its change list does not name is not understood. */
  private patchAgrees(patch: Record<string, unknown>, changed: readonly string[], label: string): void {
    if (patch.format !== "git_patch" || typeof patch.text !== "string") {
      this.incomplete(`${label}: a patch of format "${String(patch.format)}" is not understood`);
      return;
    }
    const { paths, unreadable } = gitPatchPaths(patch.text);
    for (const line of unreadable)
      this.incomplete(
        `${label}: the patch line ${JSON.stringify(line.slice(0, 200))} names files it cannot be sure of`,
      );
    for (const named of paths) {
      const covered = changed.some(
        (path) =>
          path === named || path.endsWith(`/${named}`) || path.endsWith(`\\${named.replace(/\//g, "\\")}`),
      );
      if (!covered)
        this.incomplete(`${label}: the patch changes ${named}, which its change list does not name`);
    }
  }

  private rawInput(raw: unknown, access: Access, label: string): void {
    const input = asObject(raw);
    // A string or a list: no fields named as a command's (an execute call then has no command), but a path whole in
    // it, or in a field of an object in it, is one (`"rawInput": "/home/u/.ssh/id_rsa"`).
    if (!input) return this.otherFields({ rawInput: raw }, access, label);
    // Codex asks this way to widen its sandbox (network, folders to read or write, globs) for the turn or session,
    // also with a command (`additionalPermissions`); Claude Code's Bash runs outside its sandbox when told to.
    for (const [field, value] of Object.entries(input))
      if (
        (WIDER_PERMISSIONS.test(field) && value !== undefined && value !== null) ||
        (/^dangerously/i.test(field) && value)
      )
        this.incomplete(`${label}: rawInput.${field} asks for wider permissions, which only a person grants`);
    for (const field of PATH_FIELDS) {
      const value = input[field];
      if (typeof value === "string")
        this.path(value, writtenField(field) ? "write" : access, `rawInput.${field}`);
      else if (value !== undefined && value !== null && field !== "source" && field !== "destination")
        this.incomplete(`${label}: rawInput.${field} is not a string`);
    }
    for (const field of PATH_LIST_FIELDS) {
      const value = input[field];
      if (value === undefined || value === null) continue;
      if (!Array.isArray(value)) this.incomplete(`${label}: rawInput.${field} is not a list`);
      else
        for (const path of value) {
          if (typeof path === "string") this.path(path, access, `rawInput.${field}`);
          else this.incomplete(`${label}: rawInput.${field} holds a non-string`);
        }
    }
    for (const field of SEARCH_GLOB_FIELDS) {
      const value = input[field];
      if (value === undefined || value === null) continue;
      // Claude Code's Grep hands rg each word of its glob, and each part between commas of a word without a pair of
      // braces (`"*.ts,.env"` is two globs). Past a tool's few, they are not matched one by one (each may cost a walk).
      const globs = (Array.isArray(value) ? value : [value])
        .filter((glob) => typeof glob === "string")
        .flatMap((glob: string) => glob.split(/\s+/))
        .flatMap((glob) => (glob.includes("{") && glob.includes("}") ? [glob] : glob.split(",")))
        .filter((glob) => glob !== "");
      const taken = (this.footprint.searchGlobs ??= []);
      if (taken.length + globs.length > MAX_SEARCH_GLOBS)
        this.incomplete(`${label}: rawInput.${field} holds more than ${MAX_SEARCH_GLOBS} globs`);
      else taken.push(...globs);
    }
    this.otherFields(input, access, label);
    const cwdField = CWD_FIELDS.find((f) => input[f] !== undefined && input[f] !== null);
    if (new Set(CWD_FIELDS.map((f) => input[f]).filter((v) => v !== undefined && v !== null)).size > 1)
      this.incomplete(`${label}: rawInput names more than one folder to run in`);
    const cwd = cwdField ? input[cwdField] : undefined;
    if (cwdField && typeof cwd !== "string")
      this.incomplete(`${label}: rawInput.${cwdField} is not a string`);
    // The fields the card shows a command from (`statedCommands`), every one of them.
    const stated = statedCommands(input);
    if (stated.length === 0) {
      if (typeof cwd === "string") this.path(cwd, "write", `rawInput.${cwdField}`);
      return;
    }
    const where = typeof cwd === "string" ? cwd : undefined;
    for (const command of stated) {
      // Each line is parsed before it is counted: a list of a million is not parsed to find it too long.
      if (this.footprint.commands.length >= MAX_FOOTPRINT_ITEMS) {
        this.incomplete(`more than ${MAX_FOOTPRINT_ITEMS} command lines`);
        break;
      }
      if ("unreadable" in command) {
        this.incomplete(`${label}: ${command.from} ${command.unreadable}`);
        continue;
      }
      const read = command.argv ? this.argv(command.argv, where, command.from) : undefined;
      // The line the card shows is read too: for an argv it may be a script the shell parser does not unwrap.
      if (read !== command.text) this.commandLine(command.text, where, command.from);
    }
  }

  /**
   * The paths in raw-input fields the lists above do not name, at any depth: a field named as a path's holds one
   * (`relative_path: ".env"`), and so does any value that is one whole (`{"args": {"out": "/home/u/.bashrc"}}`,
   * `uri: "file:///etc/passwd"`). Too deep or too many values: not understood.
   */
  private otherFields(input: Record<string, unknown>, access: Access, label: string): void {
    let values = 0;
    const walk = (value: unknown, field: string, at: string, depth: number): void => {
      if (++values > MAX_RAW_VALUES || depth > MAX_RAW_DEPTH) {
        if (values === MAX_RAW_VALUES + 1 || depth === MAX_RAW_DEPTH + 1)
          this.incomplete(`${label}: rawInput holds more, or deeper, values than Symposium reads`);
        return;
      }
      if (typeof value === "string") {
        if (TEXT_FIELDS.has(field) || value === "" || ADDRESS.test(value)) return;
        // A field named as a path's is one even across lines (`"…/.bashrc\n"`); the boundary refuses such a name.
        const named = PATTERN_FIELDS.has(field)
          ? ABSOLUTE_GLOB.test(value) || GLOB_REACHING_OUT.test(value)
          : pathLikeField(field)
            ? PATH_LIKE_VALUE.test(value)
            : wholePath(value);
        if (named) this.path(value, writtenField(at) ? "write" : access, at);
      } else if (Array.isArray(value))
        value.forEach((item, i) => walk(item, field, `${at}[${i}]`, depth + 1));
      else if (value !== null && typeof value === "object")
        for (const [key, item] of Object.entries(value)) {
          // A key may be a path too (`{"changes": {"/home/u/.bashrc": {…}}}`, as Codex's edits are keyed).
          if (wholePath(key)) this.path(key, access, `${at} key`);
          if (heedsNoIgnoreFiles(key, item)) this.footprint.searchHeedsNoIgnoreFiles = true;
          walk(item, key, `${at}.${key}`, depth + 1);
        }
    };
    // Read by this bounded walk, not by a regular expression over `JSON.stringify(input)`: a raw input nested 100,000
    // deep overflowed the stack there.
    for (const [field, value] of Object.entries(input)) {
      if (wholePath(field)) this.path(field, access, `rawInput key`);
      if (heedsNoIgnoreFiles(field, value)) this.footprint.searchHeedsNoIgnoreFiles = true;
      // `source` and `destination` that are no text (`["~/.bashrc"]`, `{"file": …}`) are walked as other fields are.
      const other =
        !KNOWN_FIELDS.has(field) || (typeof value !== "string" && /^(?:source|destination)$/.test(field));
      if (other && !COMMAND_FIELDS.has(field) && !WIDER_PERMISSIONS.test(field))
        walk(value, field, `rawInput.${field}`, 0);
      // A patch handed as text (`patch`, an apply_patch envelope) writes every file it names; a `diff` beside the file
      // a tool edits only shows the change (Copilot's).
      if (typeof value === "string" && (/^patch$/i.test(field) || /^\*\*\* Begin Patch/m.test(value)))
        this.patchText(value, label);
    }
  }

  /**
   * Codex sends an argv: `["/bin/bash", "-lc", "echo hi > out.txt"]` runs the script; anything else runs as is.
   * Returns the line it read.
   */
  private argv(argv: string[], cwd: string | undefined, from: string): string {
    const script = shellScript(argv);
    if (typeof script === "string") {
      this.commandLine(script, cwd, `${from} (shell script)`, argv);
      return script;
    }
    // Read back as the line it quotes to: a wrapped shell (`env bash -c …`) or find's `-exec` is then read the same.
    const line = argv.map(quoteWord).join(" ");
    this.commandLine(line, cwd, from, argv);
    return line;
  }

  private commandLine(line: string, cwd: string | undefined, from: string, argv?: string[]): void {
    const base = cwd ?? this.options.sessionCwd;
    const read = this.options.gitAliases && this.aliasesOf;
    // git's aliases are those of the folder it runs in: read where the line starts (after git's `-C`).
    const used: { chdirs: readonly string[]; aliases: GitAliases | undefined }[] = [];
    const aliasesIn = read
      ? (chdirs: readonly string[]) => {
          const folder = gitFolder(base, chdirs);
          const aliases = folder === undefined ? undefined : read(folder);
          used.push({ chdirs, aliases });
          return aliases;
        }
      : undefined;
    const key = read ? `${base ?? ""}\0${line}` : line;
    let parsed = this.parsedLines.get(key);
    if (parsed === undefined)
      this.parsedLines.set(
        key,
        (parsed = this.options.shell.parse(line, aliasesIn, this.parseBudget, this.options.tmpdir)),
      );
    for (const problem of parsed.problems) this.incomplete(`${from}: ${problem}`);
    this.addCommand(
      { line, ...(cwd ? { cwd } : {}), commands: parsed.commands, ...(argv ? { argv } : {}), from },
      cwd,
      parsed,
    );
    // A line that changes folder may run git where other aliases hold (`cd ../other && git x`).
    const added = this.footprint.commands.at(-1);
    if (read && used.length > 0 && added?.line === line && added.changesDirectory) {
      const folders = added.cwds?.flat() ?? [undefined];
      const differ = folders.some((folder) =>
        used.some(({ chdirs, aliases }) => {
          const there = gitFolder(folder, chdirs);
          return there === undefined || !sameAliases(read(there), aliases);
        }),
      );
      if (differ) this.incomplete(`${from}: the line changes folder, where git's aliases may differ`);
    }
  }

  private addCommand(command: FootprintCommand, cwd: string | undefined, parsed?: ParsedCommandLine): void {
    if (this.footprint.commands.some((c) => c.line === command.line && c.cwd === command.cwd)) return;
    if (this.footprint.commands.length >= MAX_FOOTPRINT_ITEMS) {
      this.incomplete(`more than ${MAX_FOOTPRINT_ITEMS} command lines`);
      return;
    }
    const base = cwd ?? this.options.sessionCwd;
    const movesFolder = changesDirectory(command.commands);
    const movesAmong = (indexes: readonly number[] = []) =>
      indexes.some((at) => folderMovedTo(command.commands[at]?.argv ?? []) !== undefined);
    // A cd inside a loop or a condition moves some rounds or none: the line's folders are then each one it may reach.
    const inOrder = parsed?.inOrder === true && !movesAmong(parsed.inBlock);
    const moves = movesFolder
      ? this.foldersMovedTo(
          command.line,
          command.commands,
          base,
          inOrder,
          new Set(parsed?.piped),
          new Set(parsed?.repeated),
        )
      : { paths: [], folders: [base] };
    if (typeof moves === "string") this.incomplete(moves);
    // A cd that may run again and again (`for …; do cd ..; done`) may take the line anywhere its folder leads: the
    // folders it reaches are placed once, but where later commands run is not known.
    const repeats = movesAmong(parsed?.repeated);
    // `;` and `||` lines too: a command there starts after those before it ended, though they may have failed.
    const sequential =
      (parsed?.inOrder === true || parsed?.ordered === true) &&
      parsed.piped === undefined &&
      parsed.inBlock === undefined &&
      parsed.repeated === undefined &&
      !/\btrap\b/.test(command.line);
    this.footprint.commands.push({
      ...command,
      ...(movesFolder ? { changesDirectory: true as const } : {}),
      ...(movesFolder && typeof moves === "object" && "cwds" in moves && !repeats
        ? { cwds: moves.cwds, endsIn: moves.endsIn }
        : {}),
      ...(sequential ? { sequential: true as const } : {}),
    });
    if (cwd !== undefined) this.path(cwd, "write", `${command.from} cwd`);
    if (typeof moves === "string") return;
    for (const folder of moves.paths)
      this.path(
        folder,
        "write",
        `${command.from} cd`,
        true,
        undefined,
        "gitTops" in moves ? moves.gitTops.get(folder) : undefined,
      );
    // A redirection is opened by the shell, in its folder as the command starts (`cd src && make > ../build.log`;
    // not where `env -C` runs the command), where that is known; else in any folder the line goes to.
    const shellCwds = movesFolder && !repeats && "shellCwds" in moves ? moves.shellCwds : undefined;
    for (const [targets, openedAt, access] of [
      [parsed?.writes ?? [], parsed?.writesAt, "write"],
      [parsed?.reads ?? [], parsed?.readsAt, "read"],
    ] as const) {
      for (const [i, target] of targets.entries()) {
        const at = openedAt?.[i];
        const folders = (shellCwds && at !== undefined ? shellCwds[at] : undefined) ?? moves.folders;
        for (const folder of folders) {
          const path = this.commandPath(target, folder);
          const openedAt = {
            line: this.footprint.commands.length - 1,
            ...(at !== undefined ? { command: at } : {}),
          };
          if (path) this.path(path, access, "redirection", undefined, openedAt);
          else
            this.incomplete(
              `the redirection target ${target} cannot be placed (the working directory is not known)`,
            );
        }
      }
    }
  }

  /**
   * The folders a line's `cd`s may take it to, each a folder the line writes in as it does in its cwd (`cd ~ && npm
   * init -y` writes `~/package.json`, `cd .. && git clone …` clones beside the workspace); placed both as bash reads
   * `..` (`link/..` is the folder holding the link) and as the file system does (beside the link's target). In a line
   * whose commands run one after another (`cd web && npm i && cd ../api && npm i`), each `cd` moves the ones after
   * it. In any other line a `cd` may have run or not (`(cd src); cd ..`, `cd src || true`), so each is placed from
   * every folder the line may be in by then, and `cd -` and `popd` are not followed; nor are they in a line that may
   * set the variable they go by (`OLDPWD`, `DIRSTACK`).
   */
  private foldersMovedTo(
    line: string,
    commands: readonly SimpleCommand[],
    base: string | undefined,
    inOrder: boolean,
    /** Commands of the line that run in a pipeline's subshell: a `cd` there moves only itself. */
    piped: ReadonlySet<number>,
    /** Commands of the line that may run again and again (in a loop, a function, a trap). */
    repeated: ReadonlySet<number>,
  ):
    | {
        paths: string[];
        folders: (string | undefined)[];
        cwds: (string | undefined)[][];
        /** Where the shell is when the line ends. */
        endsIn: (string | undefined)[];
        /** The shell's own folders as each command starts, where it opens the command's redirections. */
        shellCwds: (string | undefined)[][];
        /** The folders that are what git said is a working tree's top (`FootprintPath.gitTop`). */
        gitTops: ReadonlyMap<string, { of: string; shown: string }>;
      }
    | string {
    let folders = [base];
    let previous: (string | undefined)[] | undefined;
    const pushed: (string | undefined)[][] = [];
    const paths: string[] = [];
    const every = new Set(folders);
    // Where each command may run: the folders the line may be in by then.
    const cwds: (string | undefined)[][] = [];
    const shellCwds: (string | undefined)[][] = [];
    // After `cd -P` or `set -P` the shell's folder is where links lead, which the footprint does not resolve: the
    // folders a later `cd` goes to are still placed (the policy resolves them), but where commands run is not known.
    let physical = false;
    const gitTops = new Map<string, { of: string; shown: string }>();
    for (const [at, command] of commands.entries()) {
      const here = physical ? [undefined] : folders;
      cwds.push(here);
      shellCwds.push(here);
      if (command.argv[0] === "set" && command.argv.some((w) => w === null || /^-[^-]*P|^physical$/.test(w)))
        physical = true;
      const moved = folderMovedTo(command.argv);
      if (moved === undefined) continue;
      const mover = command.argv[0] ?? "cd";
      // `cd - | …` goes back in its own subshell only.
      if (inOrder && piped.has(at) && "back" in moved) {
        cwds[at] = [undefined];
        continue;
      }
      if ("back" in moved) {
        // `cd -` goes to $OLDPWD and `popd` to the folder $DIRSTACK holds, and the line may set either itself
        // (`OLDPWD=~ cd -`, `export OLDPWD=…`, `DIRSTACK[1]=~`): where it goes is then not known.
        const kept = moved.back === "previous" ? "OLDPWD" : "DIRSTACK";
        if (maySetVariable(line, commands, kept))
          return `${mover} returns to the folder ${kept} names, which the line may set`;
        const back = inOrder ? (moved.back === "previous" ? previous : pushed.pop()) : undefined;
        // Where the line's last command goes back to matters not, unless it runs again (`cd app && pytest; cd -`).
        if (back === undefined && at === commands.length - 1 && !repeated.has(at)) continue;
        if (back === undefined) return `${mover} returns to a folder the shell kept from before the line`;
        [previous, folders] = [folders, back];
        continue;
      }
      const top = moved.to === null ? this.repositoryTopFor(command, at, folders) : undefined;
      if (typeof top === "object") {
        moved.to = top.to;
        gitTops.set(top.to, top.gitTop);
      } else if (moved.to === null) return `${mover} changes to a folder computed at run time`;
      if (folders.length > MAX_FOLDERS_MOVED_TO)
        return `the line changes folder in more than ${MAX_FOLDERS_MOVED_TO} ways`;
      const reached: string[] = [];
      // A name cd may find below a folder of CDPATH first (not `./x`, `../x`, `/x` or `~/x`).
      const searched = /^(?:\.{1,2}(?:\/|$)|\/|~)/.test(moved.to) ? [] : this.cdPathFolders();
      const from = folders.flatMap((folder) => [
        folder,
        ...searched.map((entry) =>
          posixOrWin32(entry).isAbsolute(entry) || folder === undefined
            ? entry
            : posixOrWin32(folder).join(folder, entry),
        ),
      ]);
      for (const folder of from) {
        const path = this.commandPath(moved.to, folder);
        if (path === undefined) return `${mover} changes to ${moved.to}, which cannot be placed`;
        const logical = posixOrWin32(path).normalize(path);
        paths.push(path, logical);
        reached.push(logical);
        every.add(logical);
      }
      // `env -C dir cmd` moves its own command only; so does a `cd` in a pipeline's subshell.
      if (moved.commandOnly || (piped.has(at) && inOrder)) {
        cwds[at] = physical || moved.physical ? [undefined] : reached;
        continue;
      }
      if (moved.physical) physical = true;
      if (moved.pushes) pushed.push(folders);
      previous = folders;
      folders = inOrder ? reached : [...new Set([...folders, ...reached])];
    }
    return { paths, folders: [...every], cwds, endsIn: physical ? [undefined] : folders, shellCwds, gitTops };
  }

  /**
   * Where a line's first command, `cd "$(git rev-parse --show-toplevel)"`, goes from the one folder the line starts
   * in: the top git shows there (the folder itself where git finds no working tree, as `cd ""` stays), as read
   * through git's aliases' reader; undefined where that is not known.
   */
  private repositoryTopFor(
    command: SimpleCommand,
    at: number,
    folders: readonly (string | undefined)[],
  ): { to: string; gitTop: { of: string; shown: string } } | undefined {
    const [folder, ...others] = folders;
    if (command.toRepositoryTop !== true || at !== 1 || folder === undefined || others.length > 0)
      return undefined;
    const shown = this.aliasesOf(folder)?.shownTop;
    // Unquoted, the top is split at blanks and expanded as a glob: only a plain one is read so.
    if (shown === undefined || !/^[\w./@+:=-]*$/.test(shown)) return undefined;
    return { to: shown === "" ? folder : shown, gitTop: { of: folder, shown } };
  }

  /** The folders of `CDPATH` (an empty entry or `.` is the folder the line is in, already counted). */
  private cdPathFolders(): string[] {
    const cdPath = this.options.cdPath;
    if (!cdPath) return [];
    const separator = posixOrWin32(this.options.home) === win32 ? ";" : ":";
    return cdPath.split(separator).filter((folder) => folder !== "" && folder !== ".");
  }

  /** A redirection target as an absolute path: `~` is the home folder, relative is against the cwd. */
  private commandPath(target: string, base: string | undefined): string | undefined {
    const home = this.options.home;
    // `..` is left to the resolver, which applies it where links lead, as the OS does (`< link/../x` opens beside the
    // link's target); Windows applies it to the text.
    const under = (folder: string, name: string) => {
      const p = posixOrWin32(folder);
      return p === win32 ? p.join(folder, name) : `${folder.replace(/\/+$/, "")}/${name}`;
    };
    if (target === "~") return home;
    if (target.startsWith("~/")) return under(home, target.slice(2));
    if (target.startsWith("~")) return undefined; // another user's home
    const p = posixOrWin32(base ?? target);
    if (p.isAbsolute(target)) return target;
    return base && p.isAbsolute(base) ? under(base, target) : undefined;
  }

  private path(
    path: string,
    access: Access,
    from: string,
    movedTo?: true,
    openedAt?: FootprintPath["openedAt"],
    gitTop?: FootprintPath["gitTop"],
  ): void {
    if (this.footprint.paths.length >= MAX_FOOTPRINT_ITEMS) {
      this.incomplete(`more than ${MAX_FOOTPRINT_ITEMS} paths`);
      return;
    }
    const same = (p: FootprintPath) =>
      p.path === path &&
      p.access === access &&
      p.movedTo === movedTo &&
      p.openedAt?.line === openedAt?.line &&
      p.openedAt?.command === openedAt?.command &&
      p.gitTop?.of === gitTop?.of &&
      p.gitTop?.shown === gitTop?.shown;
    if (!this.footprint.paths.some(same))
      this.footprint.paths.push({
        path,
        access,
        from,
        ...(movedTo ? { movedTo } : {}),
        ...(openedAt ? { openedAt } : {}),
        ...(gitTop ? { gitTop } : {}),
      });
  }
}

/** The folder git runs in after its `-C` options, from `base`; undefined when not known. */
function gitFolder(base: string | undefined, chdirs: readonly string[]): string | undefined {
  let folder = base;
  for (const dir of chdirs) {
    if (folder === undefined) return undefined;
    const p = posixOrWin32(folder);
    folder = p.isAbsolute(dir) ? dir : p.join(folder, dir);
  }
  return folder !== undefined && posixOrWin32(folder).isAbsolute(folder) ? folder : undefined;
}

/** The same aliases (where a `!` alias runs follows the line's own `cd`s). */
function sameAliases(a: GitAliases | undefined, b: GitAliases | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (
    a.aliases.size === b.aliases.size &&
    [...a.aliases].every(([name, value]) => b.aliases.get(name) === value)
  );
}

/** Builtins that assign the variables they are given (`read OLDPWD`, `printf -v OLDPWD …`, `export OLDPWD=…`). */
const ASSIGNING_BUILTINS = new Set([
  "export",
  "declare",
  "typeset",
  "readonly",
  "local",
  "read",
  "printf",
  "mapfile",
  "readarray",
  "getopts",
  "let",
]);
/** Builtins that run code the line does not show: a file's, or text made at run time. */
const RUNS_UNSHOWN_CODE = new Set(["source", ".", "eval"]);

/**
 * Whether a line may set the shell variable `name` itself: it names it anywhere (an assignment, on a command or
 * alone, `export`, `read`, a `for` loop's variable; quoted apart or not), a builtin that assigns is given a name made
 * at run time (`declare "$v"`), a command's name is made at run time, or it runs code it does not show.
 */
function maySetVariable(line: string, commands: readonly SimpleCommand[], name: string): boolean {
  if (line.replace(/["'\\]/g, "").includes(name)) return true;
  return commands.some((command) => {
    const words =
      command.argv[0] === "builtin" || command.argv[0] === "command" ? command.argv.slice(1) : command.argv;
    if (command.assignments.some((a) => a.includes(name)) || words.some((w) => w?.includes(name)))
      return true;
    const program = words[0];
    if (program === undefined) return false;
    if (program === null || RUNS_UNSHOWN_CODE.has(program)) return true;
    // The arguments of `declare`, `export`, … are not among its words: a `$` or a backquote may make the name.
    return ASSIGNING_BUILTINS.has(program) && (words.includes(null) || /[$`]/.test(command.text));
  });
}

/**
 * The files a git patch names: its `diff --git` headers (all a binary or mode-only change has), `---`/`+++` lines,
 * renames and copies; without `a/`, `b/`, names git quoted (`"a/caf\303\251"`) unquoted. A name that cannot be read
 * for sure (a quote that does not parse, a header whose two names cannot be told apart) goes to `unreadable`.
 */
export function gitPatchPaths(text: string): { paths: string[]; unreadable: string[] } {
  const paths = new Set<string>();
  const unreadable: string[] = [];
  const add = (name: string | undefined, raw: string) => {
    if (name === undefined) unreadable.push(raw);
    else if (name !== "/dev/null") paths.add(name.replace(/^[ab]\//, ""));
  };
  for (const line of text.split("\n")) {
    let match = /^diff --git (.+?)\r?$/.exec(line);
    if (match) {
      const names = headerNames(match[1]!);
      if (names) for (const name of names) add(name, line);
      else unreadable.push(line);
      continue;
    }
    match = /^(?:---|\+\+\+) (.+?)\t?\r?$/.exec(line);
    if (match) {
      add(patchName(match[1]!.trim()), line);
      continue;
    }
    match = /^(?:rename|copy) (?:from|to) (.+?)\r?$/.exec(line);
    if (match) add(patchName(match[1]!.trim()), line);
  }
  return { paths: [...paths], unreadable };
}

/**
 * The two names of `diff --git <a> <b>`. Unquoted names may hold spaces, so the line is read only where they can be
 * told apart: the same name twice (no rename), one " b/" between them, or a quoted name on either side.
 */
function headerNames(rest: string): [string, string] | undefined {
  if (rest.startsWith('"')) {
    const end = quotedEnd(rest);
    if (end === undefined || rest[end] !== " ") return undefined;
    const a = patchName(rest.slice(0, end));
    const b = patchName(rest.slice(end + 1));
    return a !== undefined && b !== undefined ? [a, b] : undefined;
  }
  if (rest.endsWith('"')) {
    const start = rest.lastIndexOf(' "');
    if (start < 0) return undefined;
    const b = patchName(rest.slice(start + 1));
    return b !== undefined ? [rest.slice(0, start), b] : undefined;
  }
  const half = (rest.length - 1) / 2;
  if (
    rest[half] === " " &&
    rest.slice(0, half).replace(/^a\//, "") === rest.slice(half + 1).replace(/^b\//, "")
  )
    return [rest.slice(0, half), rest.slice(half + 1)];
  // A rename or copy: two names, told apart by the one " b/" between them.
  const split = rest.indexOf(" b/");
  if (!rest.startsWith("a/") || split < 0 || rest.indexOf(" b/", split + 1) >= 0) return undefined;
  return [rest.slice(0, split), rest.slice(split + 1)];
}

/** A name as a patch line holds it: as it is, or unquoted when git quoted it (C escapes, octal bytes of UTF-8). */
function patchName(name: string): string | undefined {
  if (!name.startsWith('"')) return name;
  if (quotedEnd(name) !== name.length) return undefined;
  const bytes: number[] = [];
  const escapes: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, "\\": 92 };
  for (let i = 1; i < name.length - 1; i++) {
    const c = name[i]!;
    if (c !== "\\") {
      bytes.push(...Buffer.from(c, "utf8"));
      continue;
    }
    const next = name[++i]!;
    const octal = /^[0-3][0-7]{2}/.exec(name.slice(i, i + 3));
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8));
      i += 2;
    } else if (escapes[next] !== undefined) bytes.push(escapes[next]);
    else return undefined;
  }
  const decoded = Buffer.from(bytes).toString("utf8");
  return decoded.includes("\uFFFD") ? undefined : decoded;
}

/** Where a C-quoted name that starts `text` ends (after its closing quote), if it is closed. */
function quotedEnd(text: string): number | undefined {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i + 1;
  }
  return undefined;
}

/** Node's path functions for the platform a path is written in (`C:\x` and `\\host\share` are Windows'). */
export function posixOrWin32(sample: string): typeof posix {
  return /^[a-zA-Z]:[\\/]|^\\\\/.test(sample) ? win32 : posix;
}

/** A word as a shell would read it back, for the line shown for an argv. */
function quoteWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function asString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
