/**
 * Command lines parsed, not pattern-matched: tree-sitter's bash grammar (the parser VS Code's terminal auto-approval
 * uses) splits a line into its simple commands through `&&`, `||`, `;`, pipes, subshells, `$(…)`, backticks, process
 * substitution and redirections, and names the files its redirections write or read.
 *
 * Whatever the parser or this walker does not understand (syntax errors, `eval`, a command name computed at run time,
 * a redirection target computed at run time, syntax this walker does not know) or may read otherwise than bash (a
 * partly quoted here-document delimiter, a substitution left as text, arithmetic on a variable) is reported as a
 * problem, and the caller's footprint is then incomplete.
 *
 * Loading is asynchronous (the wasm runtime and grammar are compiled once, about 30 ms); parsing is synchronous.
 */
import type { Node, Parser } from "web-tree-sitter";
import {
  changesFolder,
  findCommands,
  inlineCode,
  readsProgramFromStdin,
  awkAssignedValues,
  codeHandsShell,
  shellLinesInCode,
  withoutWrappers,
} from "./commandEffects";
import { expandBraces } from "./braceExpansion";
import { expandGitAlias, mayBeGitAlias, shellQuote, type GitAliases } from "./gitAliases";
import { basename, SHELLS } from "./programs";

export interface SimpleCommand {
  /** The words as the shell would pass them; `null` for a word whose value is only known at run time. */
  argv: (string | null)[];
  /** `NAME=value` assignments in front of the command (they change how it runs, e.g. `PATH=./evil npm test`). */
  assignments: string[];
  /** The command's source text, for labels. */
  text: string;
  /** A shell that runs what another command of the line writes to it (`echo … | sh`): its commands are not known. */
  programFromPipe?: true;
  /** Its standard input is what another command of the line writes (`find . | xargs rm`), not a file or text. */
  stdinFromPipe?: true;
  /**
   * Its standard input where the line gives it: a here-document's or here-string's text, or a file (`< fix.patch`);
   * `null` for one computed at run time.
   */
  stdin?: { text: string | null } | { file: string | null };
  /**
   * Indexes of `argv` words that are a process substitution read as a file (`diff <(sort a) <(sort b)`): a pipe
   * (`/dev/fd/63`) whose commands are the line's own, not a file computed at run time.
   */
  pipes?: number[];
  /**
   * A command of a shell's script into which xargs puts the names it reads (`xargs -I{} sh -c 'wc -l {}'`): the shell
   * reads each name as words and syntax, not as one name. The commands of one such script share the number (the
   * index of its first command); what they print goes to xargs's output, not to its input.
   */
  namesInScript?: number;
  /** What it writes to its errors goes into a pipe or substitution with its output (`find src |& …`, `2>&1`). */
  errorsAsOutput?: true;
  /** Its words known only at run time are the names a listing prints, given one by one by a loop. */
  namesFromLoop?: LoopListing;
  /**
   * Words computed at run time that begin with an option as written (`-o$HOME/.bashrc`, `--target="$DIR"`): the
   * index of each in `argv` (where it is `null`) and the option's text before the computed part.
   */
  computedOptions?: { at: number; prefix: string }[];
  /**
   * Indexes of `argv` words computed at run time whose every word begins with fixed text other than `-`, no unquoted
   * expansion splitting them (`"feat/$(date +%s)"`): operands, never an option, whatever they compute.
   */
  computedOperands?: number[];
  /**
   * A `cd` to the top of the git working tree it runs in, as the line's first command (`cd "$(git rev-parse
   * --show-toplevel)" && npm test`): its folder word is what that git prints, read where the line starts.
   */
  toRepositoryTop?: true;
}

/**
 * A loop over the names a listing prints (`for f in $(find src -name '*.ts'); do wc -l "$f"; done`, `find src |
 * while read -r f; do …`): the listing is the line's commands `from` to `to` (exclusive), the loop's own `to` to
 * `end`: a `for`'s body, which runs once the listing has been read, or the `read` taking its lines (`readsLines`)
 * and a body that runs while the listing is still being printed.
 */
export interface LoopListing {
  from: number;
  to: number;
  end: number;
  readsLines?: true;
  /** The body may run before the listing is read (again): a `while read`'s, or one inside another loop. */
  madeNamesListed?: true;
  /** The names are the command's own words, from a substitution among them (`wc -l $(git ls-files)`), not a loop's. */
  inWords?: true;
}

export interface ParsedCommandLine {
  commands: SimpleCommand[];
  /** Files the line's redirections write (`>`, `>>`, `>|`, `&>`, `&>>`, `>&`, `<>`), as written (relative, `~`). */
  writes: string[];
  /** Files the line's redirections read (`<`). */
  reads: string[];
  /**
   * For each of `writes` and `reads`, the command before which its redirection is opened, in the folder that command
   * starts in (`cd src && make > ../x.log`: make's; `{ cd src; make; } > x.log`: the group's first); undefined when
   * one is not known.
   */
  writesAt?: number[];
  readsAt?: number[];
  /** Why the line is not fully understood; empty when it is. */
  problems: string[];
  /**
   * Its commands run one after another, each only if the one before succeeded, with nothing around or inside them
   * (`cd web && npm i && cd ../api`): a `cd` moves every command after it.
   */
  inOrder?: true;
  /**
   * Its commands run one at a time in the order written, each started after those before it ended, whether they
   * succeeded or not (`rm -rf dist; mkdir dist`, `a || b`, lines): plain commands only, none in the background but
   * the last (`a; b &`), a pipeline, a block or a subshell. What a command reads as it runs cannot be changed by one
   * written after it. Not `inOrder`: after `cd x;` a line may still be where it was.
   */
  ordered?: true;
  /** Of such a line, the commands that run in a pipeline's own subshell: a `cd` there moves nothing after it. */
  piped?: number[];
  /**
   * Of such a line, the commands inside a loop, a condition or a group (`for …; do …; done`, `if`, `{ …; }`), which
   * run in the folder the line is in when it starts, unless a `cd` among them moves some of them.
   */
  inBlock?: number[];
  /** The commands that may run more than once (in a loop or a function): a `cd` among them moves the line anywhere. */
  repeated?: number[];
  /** A command of the line runs in the background (`a &`): the shell goes on before it is done. */
  background?: true;
}

export interface ShellParser {
  /**
   * `gitAliases`: git's aliases where the line runs, for git commands whose subcommand is one (`GitAliasesIn`);
   * `budget`: what the line may still cost, shared by the lines of one request (a line's own by default).
   */
  parse(line: string, gitAliases?: GitAliasesIn, budget?: ParseBudget, tmpdir?: string): ParsedCommandLine;
}

/**
 * What the shell parser may still spend on a request's lines: the characters tree-sitter reads (its bash scanner reads
 * an unquoted here-document's line again for each expansion on it: 40,000 `$HOME`s on one line, three minutes here)
 * and the nodes of the trees it builds, each read by the walker (some 50 µs a node here: 250,000 in a line of `ls;
 * ls; …` took 6 s). 10,000 nodes are some 2,500 simple commands; the characters, four of the longest lines.
 */
export interface ParseBudget {
  chars: number;
  nodes: number;
}
export const MAX_PARSED_CHARS = 4 * 256 * 1024;
export const MAX_PARSED_NODES = 10_000;
export const parseBudget = (): ParseBudget => ({ chars: MAX_PARSED_CHARS, nodes: MAX_PARSED_NODES });
const PAST_PARSE_BUDGET = "the command lines are larger than Symposium reads for one request";

/** The aliases of git's configuration where a line's git runs, after its `-C` options; undefined when not known. */
export type GitAliasesIn = (chdirs: readonly string[]) => GitAliases | undefined;

/**
 * A command's standard input where a shell reading its program there cares: text (a here-document or here-string;
 * `null` when it is computed at run time), a file, or what another command writes to a pipe.
 */
type StandardInput = { text: string | null } | { file: string | null } | "pipe";
const INPUT_REDIRECTS = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect"]);

/** Longer lines are not parsed at all (a problem, not a truncation). */
export const MAX_COMMAND_LINE_CHARS = 256 * 1024;
/** Deeper nesting (`$($($(…)))`, `bash -c 'bash -c …'`) is a problem, not a stack overflow. */
const MAX_DEPTH = 100;
const MAX_NESTED_SHELLS = 4;
/** A `for` loop with more values (or commands with more combinations of them) leaves its variable unread. */
const MAX_LOOP_VALUES = 50;
/** More shell lines in one program's code are a problem, not that many more parses. */
const MAX_CODE_LINES = 100;
/** A line's assignments read as a variable's one value (`OUT=dist; rm -rf "$OUT"`) at most. */
const MAX_CONSTANTS = 32;

/** Files a redirection may write without touching anything. */
const HARMLESS_TARGETS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"]);
/** Files a redirection may read without reading a file (`npm test < /dev/null` keeps a prompt from waiting). */
const HARMLESS_SOURCES = new Set([
  "/dev/null",
  "/dev/zero",
  "/dev/random",
  "/dev/urandom",
  "/dev/tty",
  "/dev/stdin",
]);
const WRITE_OPERATORS = new Set([">", ">>", ">|", "&>", "&>>", ">&", "<>", "&>|"]);
const READ_OPERATORS = new Set(["<", "<&"]);

/** Syntax that only groups or carries other syntax: walked for the commands inside. */
const CONTAINERS = new Set([
  "program",
  "list",
  "pipeline",
  "redirected_statement",
  "subshell",
  "compound_statement",
  "command_substitution",
  "process_substitution",
  "if_statement",
  "elif_clause",
  "else_clause",
  "while_statement",
  "for_statement",
  "c_style_for_statement",
  "do_group",
  "case_statement",
  "case_item",
  "negated_command",
  "function_definition",
  "string",
  "concatenation",
  "expansion",
  "simple_expansion",
  "arithmetic_expansion",
  "binary_expression",
  "unary_expression",
  "ternary_expression",
  "parenthesized_expression",
  "postfix_expression",
  "subscript",
  "array",
  "brace_expression",
  "translated_string",
  "herestring_redirect",
  "heredoc_body",
]);
/** Operators of `${…}` that only read a variable. */
const READING_OPERATORS = new Set([
  ...["-", ":-", "+", ":+", "?", ":?"],
  ...["#", "##", "%", "%%", "/", "//", "/#", "/%"],
  ...["^", "^^", ",", ",,"],
]);
/** Syntax that holds no command. */
const LEAVES = new Set([
  "word",
  "number",
  "raw_string",
  "string_content",
  "ansi_c_string",
  "comment",
  "variable_name",
  "special_variable_name",
  "file_descriptor",
  "test_operator",
  "heredoc_start",
  "heredoc_end",
  "heredoc_content",
  "regex",
  "extglob_pattern",
]);

/**
 * Parses one line with a loaded parser (`shellParser.ts` loads it). A line of plain words only (`npm test --
 * --watch=false`) is split at its spaces without the grammar: it reads the same either way, and the grammar costs
 * tens of microseconds a line on every request.
 */
export function parseLine(
  parser: Parser,
  line: string,
  nesting: number,
  stdin?: StandardInput,
  args?: readonly (string | null)[],
  braces = true,
  gitAliases?: GitAliasesIn,
  budget = parseBudget(),
  tmpdir?: string,
): ParsedCommandLine {
  const refused = (problem: string) => ({ commands: [], writes: [], reads: [], problems: [problem] });
  if (line.length > MAX_COMMAND_LINE_CHARS)
    return refused(`the command line is longer than ${MAX_COMMAND_LINE_CHARS} characters`);
  // A nested shell's script given its input (`echo … | bash -c python3`) goes to the walker, which reads where its
  // commands' programs come from.
  const plain = stdin === undefined ? plainWordsLine(line) : undefined;
  // A git alias is expanded by the walker (`git status` stays on the quick way).
  if (plain && !(gitAliases && mayBeGitAlias(withoutWrappers(plain.commands[0]!.argv).argv))) {
    budget.chars -= line.length;
    return budget.chars < 0 ? refused(PAST_PARSE_BUDGET) : plain;
  }
  return parseWithGrammar(parser, line, nesting, stdin, args, braces, gitAliases, budget, tmpdir);
}

/**
 * Characters a shell takes literally wherever they are in a word: no quote, escape, expansion, substitution, glob,
 * brace, tilde, comment, history, operator, redirection or line break. `=` is literal after the first word only (in
 * front it makes an assignment).
 */
const PLAIN_LINE = /^ *[\w./:,+@-]+(?: +[\w./:,+@=-]+)* *$/;
/**
 * Builtins that keep a command line to run later (`trap 'cmd' EXIT`, `alias x='cmd'`, `mapfile -C cmd`, `compgen
 * -C cmd`), or make a name run another program or library (`hash -p /bin/rm ls`, `enable -f x.so`), run lines of
 * the history again (`fc -s`), or that the grammar does not read (`coproc`): the walker reads the kept lines as scripts the line runs, the others as problems.
 */
const KEEPS_COMMANDS = [
  "trap",
  "alias",
  "mapfile",
  "readarray",
  "compgen",
  "complete",
  "hash",
  "enable",
  "coproc",
  "fc",
];

/**
 * First words the grammar reads as more than a command name: reserved words, builtins it reads as declarations,
 * `eval` (a problem), and shells (their `-c` script is parsed in their place). Such lines go to the grammar.
 */
const GRAMMAR_WORDS = new Set([
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "case",
  "esac",
  "for",
  "select",
  "while",
  "until",
  "do",
  "done",
  "in",
  "function",
  "time",
  "coproc",
  "export",
  "declare",
  "local",
  "readonly",
  "typeset",
  "unset",
  "unsetenv",
  "eval",
  ...KEEPS_COMMANDS,
]);

/** A line of plain words as the grammar would read it: one simple command, every word known; else undefined. */
export function plainWordsLine(line: string): ParsedCommandLine | undefined {
  if (!PLAIN_LINE.test(line)) return undefined;
  const text = line.trim();
  const argv = text.split(/ +/);
  // A shell's `-c` script and find's `-exec` are read as the commands they run, and `let` (also behind `builtin`)
  // evaluates its words, by the walker.
  if (
    GRAMMAR_WORDS.has(argv[0]!) ||
    // Behind a wrapper too (`command eval x`, `time eval x`, `builtin enable -f x.so x`).
    GRAMMAR_WORDS.has(withoutWrappers(argv).argv[0] ?? "") ||
    argv.some((word) => SHELLS.has(basename(word)) || basename(word) === "find" || word === "let")
  )
    return undefined;
  return {
    commands: [{ argv, assignments: [], text }],
    writes: [],
    reads: [],
    problems: [],
    inOrder: true,
    ordered: true,
  };
}

/** `parseLine` through the bash grammar alone. */
export function parseWithGrammar(
  parser: Parser,
  line: string,
  nesting: number,
  stdin?: StandardInput,
  args?: readonly (string | null)[],
  braces = true,
  gitAliases?: GitAliasesIn,
  budget = parseBudget(),
  /** The folder `$TMPDIR` names where the line starts (the window's scratch folder); not known if absent. */
  tmpdir?: string,
): ParsedCommandLine {
  const result: ParsedCommandLine = { commands: [], writes: [], reads: [], problems: [] };
  if (line.length > MAX_COMMAND_LINE_CHARS) {
    result.problems.push(`the command line is longer than ${MAX_COMMAND_LINE_CHARS} characters`);
    return result;
  }
  // Read in chunks, each counted; past the budget tree-sitter is told to stop. The tree reads its nodes' text through
  // the same function once parsed: that is the line's, uncounted.
  let parsed = false;
  let checks = 0;
  const tree = parser.parse(
    (index) => {
      if (parsed) return line.slice(index);
      const chunk = budget.chars < 0 ? "" : line.slice(index, index + 4_096);
      budget.chars -= chunk.length;
      return chunk;
    },
    null,
    // Called about every hundred steps of the parser, some forty nodes of a list of commands.
    { progressCallback: () => budget.chars < 0 || (checks += 32) > budget.nodes },
  );
  parsed = true;
  // A parse cut off is resumed by the next one unless the parser is reset: the next line would get this one's tree.
  if (!tree) parser.reset();
  budget.nodes -= tree ? tree.rootNode.descendantCount : checks;
  if (budget.chars < 0 || budget.nodes < 0) {
    tree?.delete();
    result.problems.push(PAST_PARSE_BUDGET);
    return result;
  }
  if (!tree) {
    result.problems.push("the shell parser gave no result");
    return result;
  }
  try {
    if (tree.rootNode.hasError) result.problems.push("the command line has a syntax error");
    const unlike = readsUnlikeBash(line, tree.rootNode);
    if (unlike) result.problems.push(unlike);
    // `~` and a bare `cd` go where HOME says when they run: the line may have set it (`HOME=/x; cat ~/ws/a.ts`).
    // Written in parts too (`read H''OME`, `read {HO,}ME`).
    if (
      (/HOME|\{/.test(line.replace(/["'\\]/g, "")) || ASSIGNS_COMPUTED.test(line)) &&
      mayAssign(tree.rootNode, "HOME", false)
    )
      result.problems.push(
        "the line may set HOME, which ~ and cd follow where the policy places the home folder",
      );
    const readAtRunTime = valueReadAtRunTime(tree.rootNode, line);
    if (readAtRunTime) result.problems.push(readAtRunTime);
    // Written in parts too (`declare I''FS=…`, `declare {I,}FS=…`, `read $name`).
    const setsIfs = /IFS/.test(line.replace(/["'\\]/g, "")) || mayAssign(tree.rootNode, "IFS", false);
    // A script that may move or set its arguments, or whose functions read their own, keeps `$1`… unknown.
    const walker = new Walker(
      parser,
      budget,
      result,
      nesting,
      line,
      stdin,
      args && !maySetArguments(tree.rootNode) ? args : undefined,
      braces,
      setsIfs,
      gitAliases,
    );
    if (tmpdir !== undefined && nesting === 0 && !setsIfs && keepsTmpdir(line, tree.rootNode))
      walker.knowTmpdir(tmpdir);
    walker.walk(tree.rootNode, 0);
    // `! { …; }`, `time if …`, `time ! …`: the grammar reads `!` (which it takes as a negation only before a simple
    // command) and what follows `time` (which it has no keyword for) as commands' names.
    if (
      result.commands.some(({ argv }) => {
        if (argv[0] !== "time") return argv[0] != null && RESERVED_WORDS.has(argv[0]);
        const next = argv.slice(1).find((w) => w !== "-p" && w !== "--");
        return next !== undefined && next !== null && RESERVED_WORDS.has(next);
      })
    )
      result.problems.push(
        "a reserved word follows ! or time, which the shell parser reads as a command's name",
      );
    // A name the line makes an alias runs what the alias says, with the words after it (`alias e='bash -c'` then
    // `e 'rm -rf ~'` on a later line), where the shell expands aliases (sh and zsh always; bash when told to).
    const aliases = new Set(
      result.commands.flatMap(({ argv }) =>
        argv[0] === "alias"
          ? argv.slice(1).flatMap((w) => (w?.includes("=") ? [w.slice(0, w.indexOf("="))] : []))
          : [],
      ),
    );
    if (
      result.commands.some(
        ({ argv }) => argv[0] !== "alias" && argv.some((w) => w !== null && aliases.has(w)),
      )
    )
      result.problems.push("the line runs a name it makes an alias, which runs what the alias says");
    // A block's commands as many as the walker found in it (a loop's once per value, substitutions' too).
    const chain = (result.problems.length === 0 ? chainedCommands(tree.rootNode) : undefined)?.flatMap(
      (link) =>
        link.block === undefined
          ? [link]
          : Array.from({ length: walker.blocks.get(link.block) ?? 0 }, () => link),
    );
    if (hasBackground(tree.rootNode)) result.background = true;
    if (chain?.length === result.commands.length && !walker.unorderedShell) {
      result.inOrder = true;
      const at = (test: (link: ChainLink) => boolean) => chain.flatMap((link, i) => (test(link) ? [i] : []));
      const piped = at((link) => link.piped);
      const inBlock = at((link) => link.block !== undefined);
      if (piped.length > 0) result.piped = piped;
      if (inBlock.length > 0) result.inBlock = inBlock;
    }
    // `a; b &`: what the line's last `&` sends to the background starts after the rest ended.
    const last = tree.rootNode.children.filter((child) => child !== null && child.type !== "comment").at(-1);
    const lastAmpersand = last?.type === "&" ? last.id : undefined;
    if (
      result.problems.length === 0 &&
      !hasBackground(tree.rootNode, lastAmpersand) &&
      !walker.unorderedShell &&
      plainCommandsInOrder(tree.rootNode, lastAmpersand) === result.commands.length
    )
      result.ordered = true;
    if (walker.repeated.size > 0) result.repeated = [...walker.repeated];
    const known = (at: (number | undefined)[]): at is number[] => at.every((i) => i !== undefined);
    if (result.writes.length > 0 && known(walker.writesAt)) result.writesAt = walker.writesAt;
    if (result.reads.length > 0 && known(walker.readsAt)) result.readsAt = walker.readsAt;
  } finally {
    tree.delete();
  }
  return result;
}

/** Whether a command under `node` is sent to the background (`a & b`, `{ a & }`), but by the `&` of id `except`. */
function hasBackground(node: Node, except?: number): boolean {
  return node.children.some(
    (child) => child !== null && child.id !== except && (child.type === "&" || hasBackground(child, except)),
  );
}

/**
 * How many plain commands a line of them joined by `;`, `&&`, `||` or line breaks holds (`ParsedCommandLine.ordered`);
 * undefined for anything else there (a pipeline, a block, a subshell, a function, `&` but the last). The walker finds
 * more commands where one holds others (`$(…)`, `<(…)`), so the two agree only for such a line.
 */
function plainCommandsInOrder(node: Node, lastAmpersand?: number): number | undefined {
  switch (node.type) {
    case "program":
    case "list": {
      let count = 0;
      for (const child of node.children) {
        if (child === null || child.type === "comment") continue;
        if (!child.isNamed) {
          if (![";", "&&", "||", "\n"].includes(child.type) && child.id !== lastAmpersand) return undefined;
          continue;
        }
        const inner = plainCommandsInOrder(child);
        if (inner === undefined) return undefined;
        count += inner;
      }
      return count;
    }
    case "redirected_statement":
      // A here-document's body is no command; a redirection hung on a whole chain opens before its first command.
      return node.firstNamedChild?.type === "command" ? 1 : undefined;
    case "command":
    case "variable_assignment":
    case "variable_assignments":
      return 1;
    default:
      return undefined;
  }
}

/** A command of a chain, or a block of them (a loop, a condition, a group: the walker's node id). */
interface ChainLink {
  /** It runs in a pipeline's own subshell. */
  piped: boolean;
  block?: number;
}

/** Blocks whose commands run in the folder the line is in when the block starts, unless one of them moves it. */
const BLOCKS = new Set(["for_statement", "while_statement", "if_statement", "compound_statement"]);
/** What may run its commands more than once: loops (`until` too) and functions. */
const REPEATS = new Set(["for_statement", "c_style_for_statement", "while_statement", "function_definition"]);

/**
 * The commands of a line of commands, pipelines and blocks joined by `&&` (`cd web && npm i`, `cd src && grep -rn x .
 * | head`, `cd src && for f in *.ts; do …; done`); undefined for any other line (`;`, `||`, a subshell). The walker
 * finds more commands where one holds others (`$(cd src)`), so the two agree only for a plain chain.
 */
function chainedCommands(node: Node): ChainLink[] | undefined {
  // A list's commands as they are; a pipeline's, each a plain command or a block, as run in its subshell.
  const all = (nodes: readonly (Node | null)[], piped: boolean) => {
    const parts = nodes.map((child) => (child === null ? undefined : chainedCommands(child)));
    if (parts.some((part) => part === undefined || (piped && (part.length !== 1 || part[0]!.piped))))
      return undefined;
    return parts.flatMap((part) => (piped ? [{ ...part![0]!, piped: true }] : part!));
  };
  if (BLOCKS.has(node.type)) return [{ piped: false, block: node.id }];
  switch (node.type) {
    case "program": {
      const statements = node.namedChildren.filter((child) => child !== null && child.type !== "comment");
      return statements.length === 1 ? chainedCommands(statements[0]!) : undefined;
    }
    case "list":
      return node.children.some((child) => child !== null && !child.isNamed && child.type !== "&&")
        ? undefined
        : all(node.namedChildren, false);
    case "pipeline":
      return all(node.namedChildren, true);
    case "redirected_statement":
      // The grammar hangs a last command's redirection on the whole chain (`cd a && make > log`).
      return node.firstNamedChild ? chainedCommands(node.firstNamedChild) : undefined;
    case "command":
      return [{ piped: false }];
    default:
      return undefined;
  }
}

/**
 * A value a loop's variable takes: a word as it is, a glob whose matches it takes one by one, or each name the
 * commands of a listing print (those of the line found from the first node's first command to the second's).
 */
type LoopValue =
  { word: string } | { glob: string } | { listing: LoopListing; between: readonly [Node, Node] };

class Walker {
  /** The values of the `for` loops' variables around the commands being read (`bindLoop`). */
  private readonly loops = new Map<string, readonly LoopValue[]>();
  /** The variables the line sets once to a plain word, from there on (`bindConstant`). */
  private readonly constants = new Map<string, string>();
  private constantsTried = 0;
  /** How many commands each block (`BLOCKS`, by node id) holds. */
  readonly blocks = new Map<number, number>();
  /** The commands found in a loop or a function (`REPEATS`). */
  readonly repeated = new Set<number>();
  /**
   * A shell's script this line runs is not one command run to its end (`bash -c 'rm -r a &' && b`, `bash -c '' &&
   * bash -c 'a | b'`): the line's commands, counted against its chain, do not say what runs after what.
   */
  unorderedShell = false;
  /** Where each of the line's redirections is opened (`ParsedCommandLine.writesAt`, `readsAt`). */
  readonly writesAt: (number | undefined)[] = [];
  readonly readsAt: (number | undefined)[] = [];
  /** How many loops or functions hold what is being read. */
  private repeating = 0;
  /** The index of the first command found in each node walked. */
  private readonly firstCommand = new Map<number, number>();
  /** The shell whose script is being unwrapped writes its errors with its output (`errorsAsOutput`). */
  private errorsOfShell = false;
  /** Redirections' sources read from a loop's variable, whose values `loopInputs` read (by node id). */
  private readonly loopInput = new Set<number>();

  constructor(
    private readonly parser: Parser,
    /** What parsing may still spend, the scripts of shells the line runs included. */
    private readonly budget: ParseBudget,
    private readonly out: ParsedCommandLine,
    private readonly nesting: number,
    private readonly line: string,
    /** The input of the shell whose script this is, which its commands read unless redirected. */
    private readonly stdin: StandardInput | undefined,
    /** The words after a shell's `-c` script: `$0`, `$1`, … */
    args: readonly (string | null)[] | undefined,
    /** The shell expands braces: bash, zsh and ksh do; sh (dash) and what programs run through it do not. */
    private readonly braces: boolean,
    /** The line may set where the shell splits words (`IFS=/`): unquoted values split anywhere. */
    private readonly setsIfs: boolean,
    /** git's aliases where the line runs: a git command whose subcommand is one stands for what it runs. */
    private readonly gitAliases: GitAliasesIn | undefined,
  ) {
    // `sh -c 'wc -l "$1"' _ src/a.ts` (find's `-exec … _ {}`, xargs's `-I{} … _ {}`): each `$1` to `$9` read whole
    // is its word, as a loop's variable is, unless the script may move or set them again (a sourced file or a trap
    // may), or a function reads its own.
    if (
      args !== undefined &&
      !/\b(?:shift|set|getopts|source|eval|trap)\b|(?:^|[\s;&|(])\.\s|\(\s*\)\s*\{|\bfunction\s/.test(line)
    )
      for (const [at, word] of args.slice(1, 10).entries())
        if (word !== null) this.loops.set(String(at + 1), [{ word }]);
  }

  private definedFunctions: ReadonlySet<string> | undefined;

  /** The names of the functions the line defines. */
  private functionNames(node: Node): ReadonlySet<string> {
    this.definedFunctions ??= new Set(
      node.tree.rootNode
        .descendantsOfType("function_definition")
        .flatMap((definition) => definition?.childForFieldName("name")?.text ?? []),
    );
    return this.definedFunctions;
  }

  /** An argument's words: its brace expansion's, where the shell running the line expands braces. */
  private wordsOf(node: Node): (string | null)[] {
    return this.braces ? staticWords(node, this.constants) : [staticWord(node, this.constants)];
  }

  /**
   * Binds a variable the line sets once to a plain word (`OUT=dist; rm -rf "$OUT"`) or quoted fixed text
   * (`URL="http://localhost:3000/a?b=1"`): what reads it later is that text. Only where the assignment always runs,
   * in this shell (a statement of the line, or the first of its chain, not in the background), and nothing else in
   * the line may set the variable or run before it (a function, a trap, a sourced or evaluated text), nor split words
   * elsewhere than at blanks.
   */
  private bindConstant(node: Node, statement = node): void {
    if (node.type !== "variable_assignment") return;
    const name = node.childForFieldName("name")?.text;
    const value = node.childForFieldName("value");
    // Quoted text as bash assigns it, without the characters double quotes read ($, backtick, \, "): a read in
    // quotes puts it in place as written.
    const text =
      value?.type === "word"
        ? value.text
        : value?.type === "string" || value?.type === "raw_string"
          ? staticWord(value, this.constants)
          : null;
    let top = statement;
    while (top.parent?.type === "list" && top.parent.firstNamedChild?.id === top.id) top = top.parent;
    let root = node;
    while (root.parent) root = root.parent;
    if (
      name === undefined ||
      !/^[A-Za-z_]\w*$/.test(name) ||
      SHELL_VARIABLES.test(name) ||
      text == null ||
      (value!.type === "word" ? !ONE_PLAIN_WORD.test(text) : /[$`\\"]/.test(text)) ||
      top.parent?.type !== "program" ||
      top.nextSibling?.type === "&" ||
      this.setsIfs
    )
      return;
    // Each costs a search of the whole line: a line of 4,000 assignments took 26 s. Past these, a variable's value is
    // not known, as a variable set at run time is not.
    if (this.constantsTried++ >= MAX_CONSTANTS) return;
    // Any other mention but a plain read may set it: `read -aX`, `{X}>f`, `declare -n r="X"`, `test -v 'a[X=1]'`.
    const rest = (
      this.line.slice(0, node.startIndex) +
      " ".repeat(node.text.length) +
      this.line.slice(node.endIndex)
    ).replace(new RegExp(String.raw`\$(?:${name}(?!\w)|\{${name}\})`, "g"), "");
    if (
      rest.includes(name) ||
      mayAssign(root, name, true, node) ||
      /\b(?:source|eval|exec)\b|(?:^|[\s;&|(])\.\s|\(\(|\(\s*\)\s*\{|\bfunction\s|\btrap\b/.test(this.line)
    )
      return;
    this.constants.set(name, text);
  }

  /**
   * `$TMPDIR` is `folder` (the scratch folder the line's shell was given), put in place as a constant's value is:
   * `keepsTmpdir` says the line cannot set it first.
   */
  knowTmpdir(folder: string): void {
    if (ONE_PLAIN_WORD.test(folder)) this.constants.set("TMPDIR", folder);
  }

  private problem(text: string): void {
    if (!this.out.problems.includes(text)) this.out.problems.push(text);
  }

  walk(node: Node, depth: number): void {
    if (!this.firstCommand.has(node.id)) this.firstCommand.set(node.id, this.out.commands.length);
    if (!BLOCKS.has(node.type) && !REPEATS.has(node.type)) return this.walkNode(node, depth);
    const before = this.out.commands.length;
    if (REPEATS.has(node.type)) this.repeating++;
    try {
      this.walkNode(node, depth);
    } finally {
      if (REPEATS.has(node.type)) this.repeating--;
    }
    const after = this.out.commands.length;
    if (BLOCKS.has(node.type)) this.blocks.set(node.id, after - before);
    if (REPEATS.has(node.type)) for (let at = before; at < after; at++) this.repeated.add(at);
  }

  private walkNode(node: Node, depth: number): void {
    if (depth > MAX_DEPTH) return this.problem("the command line is nested too deeply");
    if (node.isMissing || node.type === "ERROR") return this.problem("the command line has a syntax error");
    if (!node.isNamed) return;
    this.unread(node);
    if (!evaluatesOnlyNumbers(node, this.line))
      this.problem("arithmetic evaluates what a variable holds ($((x)), ((…)), a[i], [[ x -eq … ]])");
    switch (node.type) {
      case "command":
        return this.command(node, depth);
      case "declaration_command":
      case "unset_command":
      case "test_command":
        // `declare -i x=…` evaluates the value as arithmetic, `declare -n r=…` the name it refers to; the option read
        // as bash reads it (`declare -"n"`), and a declaration's computed word may be either.
        if (node.children.some((c) => evaluatingOption(c, node.type === "declaration_command")))
          this.problem("a declaration evaluates its values (declare -i, declare -n)");
        if (SUBSCRIPT_RUNS.test(node.text)) this.problem(SUBSCRIPT_PROBLEM);
        // The grammar reads `[ a > b ]` as a comparison; bash opens b for writing and runs `[ a ]` (`[ a > ~/.bashrc ]`
        // emptied it, and `2>>` appended `[`'s complaint, which may hold a line of shell).
        if (node.type === "test_command" && node.firstChild?.type === "[" && holdsRedirection(node))
          this.problem("a < or > between [ and ] is a redirection for bash, not a comparison");
        if (node.type === "declaration_command" && node.children.some(quotedArrayExpands))
          this.problem(
            "a declaration reads an array assignment in quotes as bash again (declare -a 'x=($(…))')",
          );
        if (node.type === "declaration_command" && /\bPOSIXLY_CORRECT\b/.test(node.text))
          this.problem(POSIX_PROBLEM);
        // `export URL=…` binds as `URL=…` does, when it names nothing else.
        if (node.firstChild?.text === "export" && node.namedChildren.length === 1)
          this.bindConstant(node.firstNamedChild!, node);
        // `export PATH=./evil:$PATH` changes what later commands run: it is a command of its own, matched by rules.
        this.out.commands.push({
          argv: [node.firstChild?.text ?? node.type],
          assignments: [],
          text: node.text,
        });
        return this.assignmentsAndChildren(node, depth);
      case "variable_assignment":
      case "variable_assignments":
        if (node.type === "variable_assignment") this.bindConstant(node);
        this.out.commands.push({ argv: [], assignments: [node.text], text: node.text });
        return this.children(node, depth);
      case "file_redirect":
        return this.redirect(node, depth);
      case "heredoc_redirect":
        return this.heredoc(node, depth);
      case "expansion":
        this.expansion(node);
        return this.children(node, depth);
      case "for_statement":
      case "while_statement": {
        const bound = node.type === "for_statement" ? this.bindLoop(node) : this.bindRead(node);
        this.children(node, depth);
        if (bound === undefined) return;
        // Where the listing and the loop's commands are, now that they have been read (-1: not found).
        for (const value of this.loops.get(bound)!)
          if ("listing" in value) {
            const [from, to] = value.between.map((at) => this.firstCommand.get(at.id) ?? -1);
            Object.assign(value.listing, { from, to, end: this.out.commands.length });
          }
        this.loops.delete(bound);
        return;
      }
      default:
        if (LEAVES.has(node.type)) return;
        if (!CONTAINERS.has(node.type))
          this.problem(`the command line uses syntax Symposium does not read (${node.type})`);
        return this.children(node, depth);
    }
  }

  /** The children, an assignment's value walked for substitutions without counting it as a command of its own. */
  private assignmentsAndChildren(node: Node, depth: number): void {
    for (const child of node.children) {
      if (child?.type === "variable_assignment") {
        this.unread(child);
        this.children(child, depth + 1);
      } else if (child) this.walk(child, depth + 1);
    }
  }

  /**
   * Substitutions bash runs that the grammar left as text: a backtick, `$(`, `${` or `$[` in a word, a pattern or a
   * here-document body (`<<-EOF` with an indented `$(…)`), single quotes bash does not read as quotes (inside a
   * double-quoted `${x:-'…'}`), and backticks holding a backslash or a backtick (bash unescapes their contents and
   * reads them again; the grammar reads them once).
   */
  private unread(node: Node): void {
    switch (node.type) {
      case "comment":
      case "heredoc_start":
      case "heredoc_end":
        return;
      case "raw_string":
      case "ansi_c_string":
        if (insideDoubleQuotes(node))
          this.problem(
            "a quoted string inside a double-quoted expansion, which bash does not read as quoted",
          );
        return;
      case "command_substitution":
        if (node.firstChild?.type === "`" && /[\\`]/.test(node.text.slice(1, -1)))
          this.problem("backticks hold a backslash or a backtick, and bash reads their contents twice");
        break;
    }
    // The text between the children: what the grammar read as plain text.
    let from = node.startIndex;
    let found = false;
    for (const child of node.children) {
      if (!child) continue;
      found ||= substitutionIn(this.line, from, child.startIndex);
      // A `$` the grammar kept as a token of its own: bash expands what follows it (`-T''$HOME/x`).
      found ||=
        !child.isNamed && child.type === "$" && node.type !== "simple_expansion" && node.type !== "expansion";
      from = child.endIndex;
    }
    if (found || substitutionIn(this.line, from, node.endIndex))
      this.problem("the command line has a substitution the shell parser read as text");
  }

  private children(node: Node, depth: number): void {
    for (const child of node.children) if (child) this.walk(child, depth + 1);
  }

  private command(node: Node, depth: number): void {
    const argv: (string | null)[] = [];
    const assignments: string[] = [];
    const pipes: number[] = [];
    // Words that are a `for` loop's variable, read whole (`"$f"`): the command runs once for each of its values.
    const references: { at: number; loop: string; node: Node }[] = [];
    const computedOptions: { at: number; prefix: string }[] = [];
    const computedOperands: number[] = [];
    // Its only argument is what `git rev-parse --show-toplevel` prints (`SimpleCommand.toRepositoryTop`).
    let toTop = false;
    // Words that are a substitution's output, unquoted and whole (`wc -l $(git ls-files)`): split into names as a
    // `for` loop's listing is, and given to the command all at once.
    const listings: { at: number; from: number; to: number }[] = [];
    // The grammar reads `sh 0<<<x` as the word `0` and a here-string, `sort 0<&3` as the word `0` and a redirection
    // of the statement: the number is the redirection's descriptor.
    const descriptors = new Map<number, string>();
    for (const child of node.children) {
      if (!child) continue;
      const next = child.nextSibling ?? (child.id === node.lastChild?.id ? node.nextSibling : null);
      if (
        child.type === "number" &&
        (next?.type === "herestring_redirect" || next?.type === "file_redirect") &&
        !next.children.some((c) => c?.type === "file_descriptor") &&
        next.startIndex === child.endIndex
      ) {
        descriptors.set(next.id, child.text);
        continue;
      }
      if (child.type === "variable_assignment") {
        assignments.push(child.text);
        this.unread(child);
        this.children(child, depth + 1);
      } else if (child.type === "file_redirect" || child.type === "herestring_redirect") {
        this.walk(child, depth + 1);
      } else if (child.type === "command_name") {
        this.unread(child);
        const word = child.firstNamedChild;
        argv.push(word ? staticWord(word) : null);
        if (word) this.walk(word, depth + 1);
      } else if (child.isNamed) {
        if (child.type === "process_substitution" && child.text.startsWith("<(")) pipes.push(argv.length);
        const loop = this.loopVariable(child);
        if (loop !== undefined) references.push({ at: argv.length, loop, node: child });
        const words = commitIdWords(child) ?? this.wordsOf(child);
        const prefix = words[0] === null && loop === undefined ? staticPrefix(child) : "";
        if (prefix.startsWith("-")) computedOptions.push({ at: argv.length, prefix });
        // Not `+` or `:` either: a refspec's force or deletion (`git push origin "+$(echo main)"`). A loop's variable
        // over globs fixed text begins is one too (`for f in src/*.ts`).
        else if (
          words.length === 1 &&
          words[0] === null &&
          (/^[^-+:]/.test(fixedStart(child)) || (loop !== undefined && this.globsWithFixedStart(loop)))
        )
          computedOperands.push(argv.length);
        const from = this.out.commands.length;
        if (argv.length === 1 && showsTopLevel(child)) toTop = true;
        else if (child.type === "command_substitution" && argv.length > 0 && words[0] === null)
          listings.push({ at: argv.length, from, to: -1 });
        argv.push(...words);
        this.walk(child, depth + 1);
        if (listings.at(-1)?.from === from) listings.at(-1)!.to = this.out.commands.length;
      } else if (child.isMissing) {
        this.problem("the command line has a syntax error");
      }
    }
    const name = argv[0];
    if (argv.length > 0 && name == null) this.problem("a command name is computed at run time");
    // Nothing of the line runs before git reads where the repository is: only the substitution's own git.
    if (
      toTop &&
      argv.length === 2 &&
      (name === "cd" || name === "pushd") &&
      assignments.length === 0 &&
      this.nesting === 0 &&
      this.out.commands.length === 1 &&
      this.repeating === 0
    ) {
      this.simple(argv, assignments, node.text, depth, this.stdinOf(node, descriptors));
      const cd = this.out.commands[1];
      if (cd?.argv[0] === name) cd.toRepositoryTop = true;
      return;
    }
    this.loopInputs(node, depth);
    const stdin = this.stdinOf(node, descriptors);
    // `exec` with no command moves the shell's own input for every command after it (`exec <<< 'rm -rf ~'; sh`).
    if (
      argv.length === 1 &&
      name === "exec" &&
      this.inputOf(this.redirectionsOf(node, node), descriptors) !== undefined
    )
      this.problem("exec gives the shell's input to the commands after it, which Symposium does not follow");
    // A function's commands read its caller's input (`f(){ sh; }; f <<< 'rm -rf ~'`), where they were read without.
    if (name != null && stdin !== undefined && stdin !== this.stdin && this.functionNames(node).has(name))
      this.problem("a function of the line is given input, which its commands may run as a program");
    const errors = this.errorsAsOutput(node, descriptors);
    const given = this.listingGiven(argv, references, listings);
    if (given !== undefined) {
      this.simple(
        argv,
        assignments,
        node.text,
        depth,
        stdin,
        pipes,
        given,
        computedOptions,
        errors,
        computedOperands,
      );
      given.end = this.out.commands.length;
      return;
    }
    for (const { argv: each, text, listing } of this.loopRuns(node, argv, references))
      this.simple(
        each,
        assignments,
        text,
        depth,
        stdin,
        pipes,
        listing,
        computedOptions,
        errors,
        computedOperands,
      );
  }

  /**
   * A command's input read from a `for` loop's variable (`for f in src/*.ts; do wc -l < "$f"; done`):
   * the shell opens each value for reading as the command starts, where it starts, as `cat` opens a file it is given.
   * A value's word is read as a path, a glob's matches and a listing's names as those of a `cat` of them before the
   * command (no word of it known, so no terminal is granted for it). Only a `<` of the command's own (not one of a
   * group or a loop, `{ cd x; a; } < "$f"`, opened before its first command), not a script's `$1`
   * (`find … -exec sh -c 'wc -l < "$1"' _ {} \;` opens what find found), and never one that writes (`>`, `<>`).
   * A `while read`'s names too (`find src | while read -r f; do wc -l < "$f"; done`): its body runs while the listing
   * prints, so the command is the loop's own only where it writes nothing (`listsNamesFromHere`).
   */
  private loopInputs(node: Node, depth: number): void {
    for (const redirect of this.redirectionsOf(node, node)) {
      const destinations = redirect.childrenForFieldName("destination");
      const operator = redirect.children.find((c) => c !== null && !c.isNamed)?.type;
      const loop = destinations.length === 1 ? this.loopVariable(destinations[0]!) : undefined;
      if (
        redirect.type !== "file_redirect" ||
        operator !== "<" ||
        loop === undefined ||
        !/^[A-Za-z_]/.test(loop)
      )
        continue;
      this.loopInput.add(destinations[0]!.id);
      for (const value of this.loops.get(loop)!) {
        if ("word" in value) {
          this.out.reads.push(value.word);
          this.readsAt.push(this.out.commands.length);
        } else if ("glob" in value)
          this.simple(["cat", "--", null], [], `cat -- ${value.glob}`, depth, undefined);
        else this.simple(["cat", "--", null], [], `cat -- "$${loop}"`, depth, undefined, [], value.listing);
      }
    }
  }

  /**
   * The listing a command's one computed word gives it (`wc -l $(git ls-files)`), as a `for` loop's gives its body:
   * its commands are the listing's, the command and what it runs its own (`end`, set once they are read).
   */
  private listingGiven(
    argv: readonly (string | null)[],
    references: readonly unknown[],
    listings: readonly { at: number; from: number; to: number }[],
  ): LoopListing | undefined {
    const [only] = listings;
    if (
      only === undefined ||
      listings.length > 1 ||
      references.length > 0 ||
      this.setsIfs ||
      argv.some((word, at) => word === null && at !== only.at)
    )
      return undefined;
    return {
      from: only.from,
      to: only.to,
      end: -1,
      inWords: true,
      // In a loop the listing is read again after the command ran, which may have made names it prints.
      ...(this.repeating > 0 ? { madeNamesListed: true as const } : {}),
    };
  }

  /**
   * Binds a `for` loop's variable to its values while its body is read (`for f in src/*.ts; do wc -l "$f"; done`
   * runs `wc -l` on each match), when the values are words or globs as written and nothing in the line could give
   * the variable another value: the body never names it but to read it (`$f`, `${f}`: no `f=`, `read f`, `local f`),
   * sources or evaluates nothing, and the line defines no function or trap (which could set it). Returns the variable
   * bound.
   */
  private bindLoop(node: Node): string | undefined {
    const variable = node.childForFieldName("variable")?.text;
    const body = node.childForFieldName("body");
    const values = node.childrenForFieldName("value");
    if (variable === undefined || body === null || values.length === 0 || this.loops.has(variable))
      return undefined;
    const bound: LoopValue[] = [];
    // An unquoted substitution's output, split at blanks and expanded as globs (`$(find src -name '*.ts')`), unless
    // the line sets where the shell splits.
    const listing = values.length === 1 && values[0]!.type === "command_substitution";
    if (listing && !this.setsIfs)
      bound.push({
        listing: {
          from: -1,
          to: -1,
          end: -1,
          ...(this.repeating > 1 ? { madeNamesListed: true as const } : {}),
        },
        between: [values[0]!, body],
      });
    for (const value of listing ? [] : values) {
      const words = this.wordsOf(value);
      if (!words.includes(null)) bound.push(...words.map((word) => ({ word: word! })));
      else if (value.type === "word" && /^[\w./*?@+,:-]+$/.test(value.text) && /[*?]/.test(value.text))
        bound.push({ glob: value.text });
      else return undefined;
    }
    return this.bindIfUnset(variable, bound, body);
  }

  /**
   * Binds a `while read` loop's variable to the names the earlier commands of its pipeline print (`find src -name
   * '*.ts' | while IFS= read -r f; do wc -l "$f"; done`), when it reads one line into one variable as `bindLoop`
   * binds.
   */
  private bindRead(node: Node): string | undefined {
    const condition = node.childForFieldName("condition");
    const body = node.childForFieldName("body");
    const pipeline = node.parent;
    const read = /^(?:IFS=\s+)?read\s+(?:-r\s+)?(\w+)$/.exec(condition?.text ?? "");
    if (
      read === null ||
      body === null ||
      pipeline?.type !== "pipeline" ||
      pipeline.firstNamedChild?.id === node.id ||
      // A redirection the grammar hangs on the pipeline is the last stage's: `read` reads it, not the pipe.
      pipeline.parent?.type === "redirected_statement" ||
      this.loops.has(read[1]!)
    )
      return undefined;
    return this.bindIfUnset(
      read[1]!,
      [
        {
          listing: { from: -1, to: -1, end: -1, readsLines: true, madeNamesListed: true },
          between: [pipeline, node],
        },
      ],
      body,
    );
  }

  /** Binds the variable to its values while `body` is read, when nothing in the line could give it others. */
  private bindIfUnset(variable: string, bound: LoopValue[], body: Node): string | undefined {
    // Named but to be read (`read f`, `f=…`, `local f`), or read through an expansion that may set it (`${f:=…}`).
    const named = new RegExp(String.raw`(?:^|[\s;&|(])${variable}(?=$|[\s;&|)=+[])|\$\{${variable}[^}]`);
    if (
      bound.length === 0 ||
      bound.length > MAX_LOOP_VALUES ||
      named.test(body.text) ||
      mayAssign(body, variable) ||
      /\b(?:source|eval|exec)\b|(?:^|[\s;&|(])\.\s|\(\(/.test(body.text) ||
      // A function or a trap (`trap 'f=…' DEBUG` runs before every command) could set it anywhere in the line.
      /\(\s*\)\s*\{|\bfunction\s|\btrap\b/.test(this.line)
    )
      return undefined;
    this.loops.set(variable, bound);
    return variable;
  }

  /**
   * Whether each value of a loop's variable is a word or glob that fixed text other than `-`, `+` or `:` begins: every
   * match begins with it too, whatever names the folder holds when the loop starts.
   */
  private globsWithFixedStart(variable: string): boolean {
    return this.loops
      .get(variable)!
      .every((value) => !("listing" in value) && /^[^-+:*?]/.test("word" in value ? value.word : value.glob));
  }

  /** The loop variable a word reads whole (`$f`, `"$f"`, `${f}`), when it is bound. */
  private loopVariable(node: Node): string | undefined {
    const quoted = node.type === "string";
    const inner = quoted && node.namedChildren.length === 1 ? node.firstNamedChild : node;
    if (
      inner === null ||
      !/^(?:\$\w+|\$\{\w+\})$/.test(inner.text) ||
      node.text.length !== inner.text.length + (quoted ? 2 : 0)
    )
      return undefined;
    const variable = inner.text.replace(/^\$\{?|\}$/g, "");
    const values = this.loops.get(variable);
    // Unquoted, a value is split at spaces and expanded as a glob again (a file named `.*` matches `.env`): only a
    // plain word is read so.
    if (
      values === undefined ||
      (!quoted &&
        (this.setsIfs ||
          // A listing's names are split and expanded once already; the guards hold a name either would change.
          !values.every((v) => "listing" in v || ("word" in v && /^[\w./@+,:=-]+$/.test(v.word)))))
    )
      return undefined;
    return variable;
  }

  /**
   * A command once for each value of the loop variables its words read whole: a word's value as it is, or a glob's
   * matches (its word computed, the glob written in the command's text, where the guards expand it), or a listing's
   * names (its words computed, and the listing's commands named: `SimpleCommand.namesFromLoop`).
   */
  private loopRuns(
    node: Node,
    argv: (string | null)[],
    references: readonly { at: number; loop: string; node: Node }[],
  ): { argv: (string | null)[]; text: string; listing?: LoopListing }[] {
    let runs = [{ argv, text: node.text, values: new Map<string, LoopValue>() }];
    for (const loop of new Set(references.map((r) => r.loop))) {
      runs = runs.flatMap((run) =>
        (this.loops.get(loop) ?? []).map((value) => ({
          ...run,
          values: new Map(run.values).set(loop, value),
        })),
      );
      if (runs.length > MAX_LOOP_VALUES) return [{ argv, text: node.text }];
    }
    return runs.map(({ values }) => {
      const each = [...argv];
      let text = node.text;
      // From the last word back, so that the earlier words' places in the text stay right.
      for (const { at, loop, node: word } of [...references].reverse()) {
        const value = values.get(loop)!;
        each[at] = "word" in value ? value.word : null;
        if ("listing" in value) continue;
        const written = "word" in value ? `'${value.word.replaceAll("'", `'\\''`)}'` : value.glob;
        const start = word.startIndex - node.startIndex;
        text = text.slice(0, start) + written + text.slice(start + word.text.length);
      }
      // Names of one listing, in the words that read them only.
      const listings = [...values.values()].flatMap((value) => ("listing" in value ? [value.listing] : []));
      const computedElsewhere = argv.some((w, i) => w === null && !references.some((r) => r.at === i));
      return listings.length === 1 && !computedElsewhere
        ? { argv: each, text, listing: listings[0]! }
        : { argv: each, text };
    });
  }

  /**
   * Where a command's standard input comes from, as far as a shell reading its program there cares: the last input
   * redirection of the nearest of it, a group, loop or subshell holding it, that has one (a here-document or
   * here-string is text, a `<` is a file, a descriptor copied (`<&3`) a file not known), else a pipe when it or a
   * group holding it is a later stage of a pipeline (`x | sh`, `x | (cd a && sh)`) or in an output process
   * substitution (`x > >(sh)`), else the session's.
   */
  private stdinOf(node: Node, descriptors: Map<number, string>): StandardInput | undefined {
    for (let at: Node | null = node; at && at.type !== "program"; at = at.parent) {
      const input = this.inputOf(this.redirectionsOf(at, node), descriptors);
      if (input !== undefined) return input;
      const parent: Node | null = at.parent;
      // An output process substitution's commands read what is written to it (`echo … > >(sh)`, `tee >(sh)`).
      if (parent?.type === "process_substitution" && parent.firstChild?.type === ">(") return "pipe";
      // A pipeline the grammar nests in a here-document's redirection starts with its `|` (`cat <<EOF | sh`): its
      // first stage reads the pipe too.
      if (
        parent?.type === "pipeline" &&
        (parent.firstNamedChild?.id !== at.id ||
          parent.firstChild?.type === "|" ||
          parent.firstChild?.type === "|&")
      )
        return "pipe";
    }
    return this.stdin;
  }

  /**
   * Whether what a command writes to its errors goes where its output does, into a pipe or a substitution (`find src
   * |& …`, `2>&1`, `2>/dev/stdout`): text the command was given (`find: 'a ~/.bashrc b': No such file`), not names.
   */
  private errorsAsOutput(node: Node, descriptors: Map<number, string>): boolean {
    const toOutput = (word: Node | null) => {
      const target = word ? staticWord(word) : null;
      return target === null || /^\/(?:dev\/(?:stdout|fd\/\d+)|proc\/self\/fd\/\d+)$/.test(target);
    };
    for (let at: Node | null = node; at && at.type !== "program"; at = at.parent) {
      for (const redirect of this.redirectionsOf(at, node)) {
        if (redirect.type !== "file_redirect") continue;
        const descriptor =
          redirect.children.find((c) => c?.type === "file_descriptor")?.text ?? descriptors.get(redirect.id);
        const operator = redirect.children.find((c) => c !== null && !c.isNamed)?.type;
        const word = redirect.lastNamedChild;
        if (descriptor === "2" && (operator === ">&" || operator === "<&")) return true;
        if (descriptor === "2" && /^>[>|]?$/.test(operator ?? "") && toOutput(word)) return true;
        // `&>` and `>&file` send both.
        if (descriptor === undefined && (operator === "&>" || operator === "&>>") && toOutput(word))
          return true;
        if (descriptor === undefined && operator === ">&" && word?.type !== "number" && toOutput(word))
          return true;
      }
      if (at.parent?.type === "pipeline" && at.nextSibling?.type === "|&") return true;
    }
    return false;
  }

  /**
   * The redirections that apply to `unit` itself (`command`'s own among them): those the grammar hangs on the
   * statement holding it, or holding a pipeline or `&&` chain it ends (`a | b < x`, `a && b < x`: b's). None for a
   * pipeline or chain, whose hung redirections are its last command's.
   */
  private redirectionsOf(unit: Node, command: Node): Node[] {
    if (unit.type === "pipeline" || unit.type === "list") return [];
    const found =
      unit.id === command.id
        ? unit.children.filter((c): c is Node => c !== null && INPUT_REDIRECTS.has(c.type))
        : [];
    for (let at: Node = unit, parent = at.parent; parent !== null; at = parent, parent = at.parent) {
      // Its redirections by type: the grammar leaves a here-string out of the `redirect` field (`if …; fi <<< x`).
      if (parent.type === "redirected_statement" && parent.childForFieldName("body")?.id === at.id)
        found.push(
          ...parent.namedChildren.filter((c): c is Node => c !== null && INPUT_REDIRECTS.has(c.type)),
        );
      else if (!(
        (parent.type === "pipeline" || parent.type === "list") &&
        parent.lastNamedChild?.id === at.id
      ))
        break;
    }
    return found.sort((a, b) => a.startIndex - b.startIndex);
  }

  /** The input the last of `redirects` that gives standard input gives, if one does. */
  private inputOf(redirects: readonly Node[], descriptors: Map<number, string>): StandardInput | undefined {
    let input: StandardInput | undefined;
    for (const redirect of redirects) {
      if (!INPUT_REDIRECTS.has(redirect.type)) continue;
      const descriptor =
        redirect.children.find((c) => c?.type === "file_descriptor")?.text ?? descriptors.get(redirect.id);
      if (descriptor !== undefined && descriptor !== "0") continue;
      const operator = redirect.children.find((c) => c !== null && !c.isNamed)?.type;
      if (redirect.type === "heredoc_redirect") input = { text: hereDocumentText(redirect) };
      else if (redirect.type === "herestring_redirect") {
        const word = redirect.lastNamedChild;
        input = { text: word ? staticWord(word) : null };
      } else if (operator === "<") {
        // `sh < <(…)` reads what a command writes, as `… | sh` does.
        const word = redirect.lastNamedChild;
        const file = word ? staticWord(word) : null;
        // `… | bash < /dev/stdin` reads what it read before: the pipe.
        if (file !== null && STDIN_FILES.has(file)) continue;
        input = redirect.namedChildren.some((c) => c?.type === "process_substitution") ? "pipe" : { file };
      } else if (operator === "<&" || operator === "<&-" || descriptor === "0") {
        // A copied descriptor (`<&3` after `3< list.txt`, `0>&3`) reads what it was opened on; `<&0` is the same.
        const word = redirect.lastNamedChild;
        if (operator === "<&" && word !== null && staticWord(word) === "0") continue;
        input = { file: null };
      }
    }
    return input;
  }

  /**
   * A simple command and the commands it runs: a shell's `-c` script stands for it, behind wrappers and assignments
   * too (`env X=1 timeout 5 bash -c …`), and what find's `-exec` runs comes after it.
   */
  private simple(
    argv: (string | null)[],
    assignments: string[],
    text: string,
    depth: number,
    stdin: StandardInput | undefined,
    pipes: number[] = [],
    namesFromLoop?: LoopListing,
    computedOptions: { at: number; prefix: string }[] = [],
    errorsAsOutput = false,
    computedOperands: number[] = [],
  ): void {
    if (depth > MAX_DEPTH) return this.problem("the command line is nested too deeply");
    // A wrapper whose words are not read leaves the command unknown: the guards ask (`rules.ts`).
    const wrapped = withoutWrappers(argv);
    // Builtins that evaluate text as code, behind `builtin`, `command` or `time` too (`command eval '…'`).
    const inner = wrapped.argv;
    // `git pf` with `pf = push --force` is `git push --force`; a `!` alias is the shell line it runs (`sh -c`).
    if (wrapped.problem === undefined && this.gitAliases && mayBeGitAlias(inner)) {
      const expansion = expandGitAlias(inner, this.gitAliases);
      if (expansion && "problem" in expansion) this.problem(expansion.problem);
      else if (expansion && "argv" in expansion)
        return this.simple(
          [...(wrapped.wrappers ?? argv.slice(0, wrapped.start)), ...expansion.argv],
          assignments,
          text,
          depth + 1,
          stdin,
          pipes,
          namesFromLoop,
          [],
          errorsAsOutput,
        );
      else if (expansion) {
        // `sh -c '<alias> "$@"' '<alias>' <words>`: the words are known, so they are written in.
        const script = [expansion.script, ...expansion.args.map(shellQuote)].join(" ");
        this.errorsOfShell = errorsAsOutput;
        const prefix = wrapped.wrappers ?? argv.slice(0, wrapped.start);
        const unwrapped = this.unwrapShell(prefix, prefix.length, script, assignments, stdin, false, false, [
          expansion.script,
          ...expansion.args,
        ]);
        this.errorsOfShell = false;
        if (unwrapped) return;
      }
    }
    if (inner[0] === "eval") this.problem("the command line uses eval");
    if (inner[0] === "let" && !inner.slice(1).every((w) => w !== null && NUMBERS_ONLY.test(w)))
      this.problem("let evaluates what a variable holds");
    if (NAMES_VARIABLES.has(inner[0] ?? "") && inner.some((w) => w !== null && SUBSCRIPT_RUNS.test(w)))
      this.problem(SUBSCRIPT_PROBLEM);
    // cdable_vars makes `cd HOME` go where the variable HOME says when no such folder is here.
    if (
      (inner[0] === "shopt" || SHELLS.has(basename(inner[0] ?? ""))) &&
      inner.some((w, i) => i > 0 && (w === null || w === "cdable_vars"))
    )
      this.problem("the line lets cd go where a variable says (cdable_vars)");
    // bash's posix mode sets POSIXLY_CORRECT, which `set -a` or `export` hands to GNU getopt (`commandVariable`).
    if (
      (POSIX_SETTERS.has(inner[0] ?? "") || SHELLS.has(basename(inner[0] ?? ""))) &&
      inner.some((w, i) => i > 0 && (w === null || /^(?:--)?posix$|POSIXLY_CORRECT/.test(w)))
    )
      this.problem(POSIX_PROBLEM);
    if (wrapped.problem === undefined) {
      const program = shellProgram(wrapped.argv) ?? sourcedProgram(wrapped.argv);
      const fromStdin = program === "stdin" ? stdin : undefined;
      const script =
        typeof program === "object"
          ? program.script
          : typeof fromStdin === "object" && "text" in fromStdin
            ? fromStdin.text
            : undefined;
      // sh and dash have no `$'…'`: they read `$` and a quoted string, which may end elsewhere (`$'\\'`).
      if (
        typeof script === "string" &&
        /^(?:sh|dash|ash)$/.test(basename(wrapped.argv[0] ?? "")) &&
        script.includes("$'")
      )
        this.problem("a POSIX shell reads $'…' otherwise than bash, whose grammar reads its script");
      const namesInScript = wrapped.replaces === true && script?.includes("{}") === true;
      const args = typeof program === "object" && "args" in program ? program.args : undefined;
      // A shell's script has braces expanded as that shell does; what `source` reads, as this one does.
      const shell = basename(wrapped.argv[0] ?? "");
      const braces = SHELLS.has(shell) ? BRACE_SHELLS.has(shell) : this.braces;
      // A script's commands write their errors where the shell does (`bash -c 'find src' 2>&1 | …`).
      this.errorsOfShell = errorsAsOutput;
      // The script's commands read the shell's input, unless the script was read from it (it is used up).
      const unwrapped =
        script !== undefined &&
        this.unwrapShell(
          wrapped.wrappers ?? argv,
          wrapped.wrappers?.length ?? wrapped.start,
          script,
          assignments,
          program === "stdin" ? undefined : stdin,
          braces,
          namesInScript,
          args,
        );
      this.errorsOfShell = false;
      if (unwrapped) return;
      if (fromStdin === "pipe") {
        this.out.commands.push({ argv, assignments, text, programFromPipe: true });
        return;
      }
    }
    this.out.commands.push({
      argv,
      assignments,
      text,
      ...(stdin === "pipe" ? { stdinFromPipe: true as const } : stdin ? { stdin } : {}),
      ...(pipes.length > 0 ? { pipes } : {}),
      ...(namesFromLoop ? { namesFromLoop } : {}),
      ...(computedOptions.length > 0 ? { computedOptions } : {}),
      ...(errorsAsOutput ? { errorsAsOutput: true as const } : {}),
      ...(computedOperands.length > 0 ? { computedOperands } : {}),
    });
    if (wrapped.problem !== undefined) return;
    for (const nested of findCommands(wrapped.argv)) this.simple(nested, assignments, text, depth + 1, stdin);
    const kept = keptCommandLines(wrapped.argv);
    if (typeof kept === "string") this.problem(kept);
    else {
      // A kept line runs when the shell says (`trap '…' DEBUG`: before every command), perhaps many times.
      const before = this.out.commands.length;
      for (const line of kept ?? []) this.unwrapShell([], 0, line, assignments, undefined, this.braces);
      for (let at = before; at < this.out.commands.length; at++) this.repeated.add(at);
    }
    // The command lines an interpreter's program hands to a shell (`python3 -c "os.system('…')"`).
    const codeLines = codeCommandLines(wrapped.argv, stdin);
    if (codeLines.length > MAX_CODE_LINES)
      this.problem(`a program hands more than ${MAX_CODE_LINES} command lines to a shell`);
    // They run in sh, which expands no braces (`os.system`, backticks, `execSync`); the program may write to their
    // input (`os.popen('sh', 'w')`, awk's `print … | "sh"`, `execSync('sh', {input})`), as a pipe does.
    else for (const line of codeLines) this.unwrapShell([], 0, line, assignments, "pipe", false);
  }

  /**
   * `bash -c 'script'`, `bash <<'EOF'`: the script's commands stand for the shell, each behind the shell's wrappers
   * and assignments (`timeout 5 bash -c 'a; b'` is `timeout 5 a` and `timeout 5 b`). True when it was unwrapped.
   */
  private unwrapShell(
    argv: (string | null)[],
    start: number,
    script: string | null,
    assignments: string[],
    stdin: StandardInput | undefined,
    braces: boolean,
    namesInScript = false,
    args?: readonly (string | null)[],
  ): boolean {
    if (script === null) {
      this.problem("a shell runs a script computed at run time");
      return false;
    }
    if (this.nesting >= MAX_NESTED_SHELLS) {
      this.problem("shells are nested too deeply");
      return false;
    }
    // The script's commands read the shell's input (`echo x | bash -c 'sh'`, `bash -c sh <<< 'rm -rf ~'`).
    const inner = parseLine(
      this.parser,
      script,
      this.nesting + 1,
      stdin,
      args,
      braces,
      this.gitAliases,
      this.budget,
    );
    if (
      inner.commands.length !== 1 ||
      inner.inOrder !== true ||
      inner.background ||
      inner.piped ||
      inner.inBlock ||
      inner.repeated
    )
      this.unorderedShell = true;
    const wrappers = argv.slice(0, start);
    const offset = this.out.commands.length;
    const errorsAsOutput = this.errorsOfShell;
    // xargs's names are followed where a command of the script is given them as words (behind the same xargs, the
    // guards check each listed name), not where the script opens them or reads them as syntax (`{}` alone).
    if (namesInScript) {
      const named = (word: string | null) => word?.includes("{}") === true;
      if ([...inner.writes, ...inner.reads].some(named))
        this.problem("a shell's script opens the names xargs puts in it (a redirection)");
      else if (!inner.commands.some((c) => c.argv.some(named) || c.assignments.some(named)))
        this.problem("a shell reads the names xargs puts in its script as syntax");
      if (inner.commands.some((c) => c.namesInScript !== undefined))
        this.problem("xargs puts names in a shell's script inside another such script");
    }
    for (const command of inner.commands)
      this.out.commands.push({
        ...command,
        argv: command.argv.length > 0 ? [...wrappers, ...command.argv] : [],
        assignments: [...assignments, ...command.assignments],
        ...(errorsAsOutput ? { errorsAsOutput: true as const } : {}),
        ...(namesInScript
          ? { namesInScript: offset }
          : command.namesInScript !== undefined
            ? { namesInScript: command.namesInScript + offset }
            : {}),
        ...(command.namesFromLoop
          ? { namesFromLoop: listingAfter(command.namesFromLoop, offset, this.repeating > 0) }
          : {}),
        ...(command.computedOptions && command.argv.length > 0
          ? {
              computedOptions: command.computedOptions.map(({ at, prefix }) => ({
                at: at + wrappers.length,
                prefix,
              })),
            }
          : {}),
        ...(command.computedOperands && command.argv.length > 0
          ? { computedOperands: command.computedOperands.map((at) => at + wrappers.length) }
          : {}),
      });
    this.out.writes.push(...inner.writes);
    this.out.reads.push(...inner.reads);
    this.writesAt.push(...inner.writes.map((_, i) => offsetBy(inner.writesAt?.[i], offset)));
    this.readsAt.push(...inner.reads.map((_, i) => offsetBy(inner.readsAt?.[i], offset)));
    for (const p of inner.problems) this.problem(p);
    return true;
  }

  /**
   * The command before which a redirection is opened: the first of what it applies to. The grammar hangs a last
   * command's redirection on its whole list (`cd src && make > log` is make's in bash), so a list gives its last part.
   */
  private openedAt(redirect: Node): number | undefined {
    const parent = redirect.parent;
    let unit = parent?.type === "redirected_statement" ? parent.childForFieldName("body") : parent;
    while (unit?.type === "list") unit = unit.lastNamedChild;
    return unit ? this.firstCommand.get(unit.id) : undefined;
  }

  private redirect(node: Node, depth: number): void {
    const operator = node.children.find((c) => c && !c.isNamed)?.type ?? "";
    const destinations = node.childrenForFieldName("destination").filter((c): c is Node => c !== null);
    for (const destination of destinations) {
      if (destination.type === "process_substitution") {
        this.walk(destination, depth + 1);
        continue;
      }
      this.walk(destination, depth + 1);
      if (operator === ">&-" || operator === "<&-") continue;
      // `2>&1`, `>&2`, `<&3`: a file descriptor, not a file.
      if ((operator === ">&" || operator === "<&") && /^(\d+|-)$/.test(destination.text)) continue;
      const target = staticWord(destination, this.constants);
      if (target === null) {
        if (!this.loopInput.has(destination.id)) this.problem("a redirection target is computed at run time");
        continue;
      }
      if (WRITE_OPERATORS.has(operator)) {
        if (!HARMLESS_TARGETS.has(target)) {
          this.out.writes.push(target);
          this.writesAt.push(this.openedAt(node));
        }
      } else if (READ_OPERATORS.has(operator)) {
        if (!HARMLESS_SOURCES.has(target)) {
          this.out.reads.push(target);
          this.readsAt.push(this.openedAt(node));
        }
      } else {
        this.problem(`the command line uses a redirection Symposium does not read (${operator})`);
      }
    }
    for (const child of node.namedChildren) {
      if (child && child.type !== "file_descriptor" && !destinations.some((d) => d.id === child.id))
        this.walk(child, depth + 1);
    }
  }

  /**
   * `${…}`: reading a variable (a default, a length, a pattern removed or replaced, a case change) is understood.
   * Assigning it (`${x=…}`) sets up a later evaluation, and a transformation (`${x@P}`), indirection (`${!x}`) or
   * substring offset (`${x:i}`) evaluates what a variable holds: `a[$(…)]` or `$(…)` run there. A substitution
   * inside is not read either: bash's quoting rules in `${…}` differ from the grammar's.
   */
  private expansion(node: Node): void {
    if (node.childrenForFieldName("operator").some((o) => !READING_OPERATORS.has(o.type)))
      this.problem(
        "an expansion assigns, transforms or evaluates a variable (${x=…}, ${x@P}, ${!x}, ${x:i})",
      );
    if (node.descendantsOfType(["command_substitution", "process_substitution"]).length > 0)
      this.problem("an expansion holds a substitution (${x:-$(…)})");
  }

  /** A here-document: a quoted delimiter keeps the body literal; otherwise its substitutions run. */
  /**
   * Why bash would end a here-document elsewhere than the grammar does, if it would: bash ends it at the first later
   * line that is the delimiter exactly (tabs before it removed for `<<-`, nothing else), and in an unquoted body a
   * backslash-newline joins lines first; the grammar's scanner also takes a line that only starts with the delimiter,
   * or blanks before it, and may parse a substitution past it.
   */
  private bashEndsHereDocument(node: Node, delimiter: string, literal: boolean): string | undefined {
    const end = node.children.find((c) => c?.type === "heredoc_end");
    const stripsTabs = node.children.some((c) => c?.type === "<<-");
    const bodyFrom = this.line.indexOf("\n", node.startIndex);
    if (end === undefined || end === null || bodyFrom < 0) return undefined;
    let at = bodyFrom + 1;
    while (at <= this.line.length) {
      const next = this.line.indexOf("\n", at);
      const text = this.line.slice(at, next < 0 ? this.line.length : next);
      if (!literal && /(?:^|[^\\])(?:\\\\)*\\$/.test(text))
        return "a here-document's body continues a line with a backslash, which bash joins before it looks for the end";
      const lead = stripsTabs ? /^\t*/.exec(text)![0].length : 0;
      if (text.slice(lead) === delimiter)
        return end.startIndex === at + lead && end.text === delimiter
          ? undefined
          : "a here-document ends at another line for bash than for the shell parser";
      if (next < 0) break;
      at = next + 1;
    }
    return "a here-document ends at another line for bash than for the shell parser";
  }

  private heredoc(node: Node, depth: number): void {
    const start = node.children.find((c) => c?.type === "heredoc_start")?.text ?? "";
    // Bash ends the body at the delimiter with its quotes removed (`E'OF'` ends at `EOF`); the grammar ends it at the
    // delimiter as written. They agree only on a plain word or one wholly quoted.
    if (!/^(?:[\w.-]+|'[\w.-]+'|"[\w.-]+")$/.test(start))
      this.problem(
        "a here-document's delimiter is not a plain or wholly quoted word: bash may end it elsewhere",
      );
    const literal = /['"\\]/.test(start);
    const ends = this.bashEndsHereDocument(node, start.replace(/['"]/g, ""), literal);
    if (ends !== undefined) this.problem(ends);
    for (const child of node.children) {
      if (!child || !child.isNamed) continue;
      if (child.type === "heredoc_body" && literal) continue;
      this.walk(child, depth + 1);
    }
  }
}

/** Builtins that may turn on bash's posix mode or export what it sets (`set -o posix`, `export POSIXLY_CORRECT`). */
const POSIX_SETTERS = new Set(["set", "shopt", "export", "declare", "typeset", "readonly", "local"]);
/** Whether a redirection's operator is among `node`'s tokens (`[ a > b ]`'s, which the grammar calls a comparison). */
function holdsRedirection(node: Node): boolean {
  return node.children.some(
    (child) => (!child.isNamed && REDIRECTION_TOKENS.has(child.type)) || holdsRedirection(child),
  );
}
const REDIRECTION_TOKENS = new Set([">", ">>", "<", "<<", "<<<", ">&", "<&", "&>", "&>>", ">|", "<>"]);

const POSIX_PROBLEM = "the line makes programs read a word after their files as a file (POSIXLY_CORRECT)";
/**
 * Builtins given a variable's name (`read NAME`, `printf -v NAME`, `test -v NAME`, …): a quoted name with a subscript
 * (`'a[$(…)]'`) is text to the parser, and bash evaluates the subscript, running what it holds.
 */
const NAMES_VARIABLES = new Set([
  // The grammar reads these as declarations, but not behind `builtin` or `command`.
  "declare",
  "typeset",
  "local",
  "export",
  "readonly",
  "test",
  "[",
  "read",
  "printf",
  "unset",
  "getopts",
  "mapfile",
  "readarray",
  "wait",
]);
/** A name in a subscript is evaluated too, and what it holds may be a subscript running a command (`b[$(…)]`). */
const SUBSCRIPT_RUNS = /\w\[[^\]]*[$`A-Za-z_]/;
const SUBSCRIPT_PROBLEM = "a variable's name holds a subscript that bash evaluates (read 'a[$(…)]')";

/** Whether a declaration's word is an option that evaluates its values (`-i`, `-n`), or may be (`computedMay`). */
function evaluatingOption(child: Node | null, computedMay: boolean): boolean {
  if (
    child === null ||
    !child.isNamed ||
    child.type === "variable_name" ||
    child.type === "variable_assignment"
  )
    return false;
  if (child.type !== "word" && !computedMay) return false;
  const words = staticWords(child);
  return words.includes(null) ? computedMay : words.some((word) => /^-\w*[in]/.test(word!));
}

/**
 * A declaration's word that is an array assignment in quotes holding an expansion: bash reads it again as it would
 * the assignment unquoted, so `declare -a 'x=($(…))'` and `declare -a x='($(…))'` run what is in them.
 */
function quotedArrayExpands(child: Node | null): boolean {
  if (child === null || !child.isNamed || child.type === "variable_name") return false;
  const expands = (word: string | null, array: RegExp) =>
    word !== null && array.test(word) && /[$`]|[<>]\(/.test(word);
  if (child.type === "variable_assignment") {
    const value = child.childForFieldName("value");
    return (
      value !== null && value.type !== "array" && staticWords(value).some((word) => expands(word, /^\(/))
    );
  }
  return staticWords(child).some((word) => expands(word, /^[^=]*=\(/));
}

/** Arithmetic of numbers alone: no name, no quote, no expansion but `$#` and `$?`. */
const NUMBERS_ONLY = /^(?:[\s\d+\-*/%<>=!&|^~?:,();]|\$[#?])*$/;
const ARITHMETIC_OPEN = new Set(["$((", "$[", "(("]);
const ARITHMETIC_CLOSE = new Set(["))", "]"]);
const ARITHMETIC_TESTS = new Set(["-eq", "-ne", "-lt", "-le", "-gt", "-ge"]);

/**
 * False when bash evaluates part of `node` as arithmetic and that part names a variable: arithmetic reads a
 * variable's value as an expression in turn, and an array subscript in it (`x='a[$(…)]'`) runs its substitution.
 */
function evaluatesOnlyNumbers(node: Node, line: string): boolean {
  switch (node.type) {
    case "arithmetic_expansion":
    case "compound_statement":
    case "c_style_for_statement": {
      const open = node.children.find((c) => c !== null && ARITHMETIC_OPEN.has(c.type));
      if (!open) return true; // `{ …; }`
      const close = [...node.children].reverse().find((c) => c !== null && ARITHMETIC_CLOSE.has(c.type));
      return NUMBERS_ONLY.test(line.slice(open.endIndex, close?.startIndex ?? node.endIndex));
    }
    case "subscript": {
      const index = node.childForFieldName("index")?.text ?? "";
      return /^[@*]$/.test(index) || NUMBERS_ONLY.test(index);
    }
    case "binary_expression": {
      const operator = node.children.find((c) => c?.type === "test_operator");
      if (!operator || !ARITHMETIC_TESTS.has(operator.text)) return true;
      return node.namedChildren.every((c) => c === null || c.id === operator.id || NUMBERS_ONLY.test(c.text));
    }
    case "unary_expression": {
      // `[[ -v a[i] ]]` evaluates the subscript.
      const operator = node.children.find((c) => c?.type === "test_operator");
      if (operator?.text !== "-v" && operator?.text !== "-R") return true;
      return node.namedChildren.every((c) => c === null || c.id === operator.id || /^\w+$/.test(c.text));
    }
    default:
      return true;
  }
}

/** Where single quotes are not quotes: in double quotes or an unquoted here-document, up to a substitution's own. */
function insideDoubleQuotes(node: Node): boolean {
  for (let up = node.parent; up; up = up.parent) {
    if (up.type === "string" || up.type === "translated_string" || up.type === "heredoc_body") return true;
    if (up.type === "command_substitution" || up.type === "process_substitution") return false;
  }
  return false;
}

/** Whether `line` holds an unescaped backtick, `$(`, `${` or `$[` from `from` to `to`. */
function substitutionIn(line: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = line[i];
    // `$(`, `${`, `$[`, and a `$` before a name or a quote the grammar left out of any node (`-T''$HOME/x` is read
    // as `-T''` and `HOME/x`, one word to bash).
    if (c !== "`" && !(c === "$" && /^[({[\w@*#?$!'"-]/.test(line[i + 1] ?? " "))) continue;
    let backslashes = 0;
    while (line[i - backslashes - 1] === "\\") backslashes++;
    if (backslashes % 2 === 0) return true;
  }
  return false;
}

/** Syntax a word known without running anything is made of (a string only of text). */
/** Variables bash sets or reads itself (`mapfile` fills MAPFILE), or that change what a line does: never constants. */
const SHELL_VARIABLES =
  /^(?:BASH\w*|IFS|PATH|HOME|CDPATH|PWD|OLDPWD|ENV|SHELLOPTS|GLOBIGNORE|RANDOM|SRANDOM|SECONDS|LINENO|UID|EUID|PPID|GROUPS|FUNCNAME|HISTCMD|EPOCH\w*|PIPESTATUS|DIRSTACK|OPTIND|OPTARG|REPLY|MAPFILE|COPROC\w*|COLUMNS|LINES|COMP\w*|READLINE\w*|PS[0-4]|_)$/;

/**
 * Builtins and words after which the shell's own TMPDIR may not be what it started with: they assign a variable they
 * are told of (`wait -p`, `let`, namerefs), run text the line does not show (`eval`, `source`, an alias, a function,
 * a trap), or evaluate arithmetic, which assigns (`(( TMPDIR = 1 ))`, `[[ 1 -eq $n ]]` where n holds `TMPDIR=1`,
 * `a[n]=1`).
 */
const MAY_SET_ANY = new RegExp(
  [
    String.raw`\b(?:eval|source|exec|trap|wait|enable|coproc|let|alias|declare|typeset|local|readonly|function)\b`,
    String.raw`\b(?:builtin|command)\b|(?:^|[\s;&|(])\.\s|\(\s*\)`,
    String.raw`\(\(|\$\[|\[\[|-(?:eq|ne|lt|le|gt|ge)\b|\w\[`,
  ].join("|"),
);

/**
 * Whether the line's shell keeps the TMPDIR it started with wherever the line reads it: nothing in the line names the
 * variable but plain reads (`$TMPDIR`, `${TMPDIR}`), written in parts neither (`export TMP''DIR=~`, `read {TMP,}DIR`:
 * quotes and escapes removed, no brace left), and no builtin may assign a name computed at run time (`read "$v"`,
 * `export "$v"=~`) or run a command whose name is (`$cmd`). A shell the line runs (`bash -c`) is not read so: a
 * wrapper may give it another TMPDIR (`env "$v"=~ bash -c …`).
 */
function keepsTmpdir(line: string, root: Node): boolean {
  const rest = line.replace(/["'\\]/g, "").replace(/\$(?:TMPDIR(?!\w)|\{TMPDIR\})/g, "");
  return (
    !/TMPDIR|\{/.test(rest) &&
    !MAY_SET_ANY.test(rest) &&
    !ASSIGNS_COMPUTED.test(line) &&
    !mayAssign(root, "TMPDIR", true)
  );
}

/** A value bash reads unquoted as the one word it is (no blank, glob, quote, `~` or expansion). */
const ONE_PLAIN_WORD = /^[\w./@+:=-]+$/;

const STATIC_PARTS = new Set(["word", "number", "raw_string", "string", "concatenation", "brace_expression"]);

/**
 * The word as written when nothing in it is computed at run time (no expansion, substitution or `$'…'`), or only
 * reads of `constants` (`$OUT`, `"${OUT}/x"`: their values put in place). Brace expansion runs before a variable is
 * read (`$X{a,b}` reads `Xa` and `Xb`): a word with both is not known.
 */
function staticText(node: Node, constants?: ReadonlyMap<string, string>): string | undefined {
  const read: { node: Node; value: string }[] = [];
  // Unquoted, a value is split and globbed: only one plain word is read so.
  const constant = (n: Node, quoted: boolean): boolean => {
    const name = /^\$(?:(\w+)|\{(\w+)\})$/.exec(n.text);
    const value = name ? constants?.get(name[1] ?? name[2]!) : undefined;
    if ((n.type !== "simple_expansion" && n.type !== "expansion") || value === undefined) return false;
    if (!quoted && !ONE_PLAIN_WORD.test(value)) return false;
    read.push({ node: n, value });
    return true;
  };
  const known = (n: Node): boolean =>
    constant(n, false) ||
    (STATIC_PARTS.has(n.type) &&
      n.namedChildren.every(
        (c) =>
          c !== null && (n.type === "string" ? c.type === "string_content" || constant(c, true) : known(c)),
      ));
  if (!known(node)) return undefined;
  let text = node.text;
  for (const { node: at, value } of read.reverse())
    text = text.slice(0, at.startIndex - node.startIndex) + value + text.slice(at.endIndex - node.startIndex);
  return read.length > 0 && text.includes("{") ? undefined : text;
}

/**
 * The value of a word when it is known without running anything: quotes removed, escapes applied. `null` when it
 * depends on the environment: expansions, substitutions, globs, and brace expansion (`rm -rf {~,x}` removes `~`),
 * which makes it several words (`staticWords`).
 */
export function staticWord(node: Node, constants?: ReadonlyMap<string, string>): string | null {
  const text = staticText(node, constants);
  if (text === undefined) return null;
  if (text.includes("{")) {
    const words = expandBraces(text);
    if (words?.length !== 1 || words[0] !== text) return null;
  }
  return unquoted(text);
}

/**
 * The words bash makes of an argument when they are known without running anything: its brace expansion
 * (`src/{a,b}.ts` is `src/a.ts src/b.ts`), each as `staticWord` reads it; `[null]` when any is computed at run time
 * or a pattern, or they are too many.
 */
export function staticWords(node: Node, constants?: ReadonlyMap<string, string>): (string | null)[] {
  const text = staticText(node, constants);
  if (text === undefined) return [null];
  const expanded = text.includes("{") ? expandBraces(text) : [text];
  if (expanded === undefined) return [null];
  // An empty unquoted word is dropped (`x{a,}` is `xa x`; `{a,}` is `a`).
  const words = expanded.flatMap((word) => (word === "" ? [] : [unquoted(word)]));
  return words.includes(null) ? [null] : words;
}

/**
 * A word's value with its quotes removed and escapes applied, from its text; `null` when an unquoted `*`, `?` or
 * `[…]` makes it a pattern, or it holds an expansion (`$`, a backtick) outside single quotes.
 */
function unquoted(text: string): string | null {
  // A tilde that expands to a variable's value: `~+` is $PWD, `~-` $OLDPWD, `~1` a folder pushd kept (`~-` is `--hard`
  // after `OLDPWD=--hard`). `~` and `~user` are home folders.
  if (/^~[+-]?\d*(?:\/|$)/.test(text) && text !== "~" && !text.startsWith("~/")) return null;
  let value = "";
  let bracket = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\") {
      if (text[i + 1] !== "\n") value += text[i + 1] ?? "";
      i++;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return null;
      value += text.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === "$" || text[i] === "`") return null;
        if (text[i] !== "\\" || !/[$`"\\\n]/.test(text[i + 1] ?? "")) value += text[i];
        else if (text[++i] !== "\n") value += text[i];
      }
      if (i >= text.length) return null;
    } else if (c === "$" || c === "`" || c === "*" || c === "?") {
      return null;
    } else {
      if (c === "[" && bracket < 0) bracket = i;
      value += c;
    }
  }
  return bracket >= 0 && text.includes("]", bracket) ? null : value;
}

/**
 * Where tree-sitter's grammar reads a line otherwise than bash (it skips these as blanks between words): a carriage
 * return, form feed or vertical tab (bash's word characters: `echo x\r#; rm -rf ~` runs rm), a `#` that starts a
 * comment for the grammar but is inside a word for bash (after an escaped blank: `echo \ #; rm …`), and a
 * backslash-newline between two parts of one word (`r\⏎m -rf ~` is `rm -rf ~`; bash removes it before splitting).
 */
function readsUnlikeBash(line: string, root: Node): string | undefined {
  if (/[\r\f\v\0]/.test(line))
    return "the command line holds a carriage return, form feed, vertical tab or NUL";
  // Each walk of the tree only where its syntax is in the line: most lines hold none of it.
  const nodes = (type: string, written: string) =>
    line.includes(written) ? root.descendantsOfType([type]) : [];
  // `$'\\'` is one backslash to bash, then the string ends; the grammar's pattern runs on to a later quote.
  for (const string of nodes("ansi_c_string", "$'")) {
    if (string === null) continue;
    let at = 2;
    while (at < string.text.length && string.text[at] !== "'") at += string.text[at] === "\\" ? 2 : 1;
    if (at !== string.text.length - 1)
      return "a $'…' string ends elsewhere for bash than for the shell parser";
  }
  // `=~`'s pattern: the grammar reads on through `;` and blanks to the `]]` (dash runs what follows `;`).
  for (const regex of nodes("regex", "=~")) {
    if (regex !== null && (/[;&<>\n]/.test(regex.text) || /\|/.test(regex.text.replace(/\([^()]*\)/g, ""))))
      return "a [[ … =~ … ]] pattern holds a command separator";
  }
  for (const comment of nodes("comment", "#")) {
    if (comment === null) continue;
    const at = comment.startIndex;
    const before = line[at - 1];
    let backslashes = 0;
    while (line[at - 2 - backslashes] === "\\") backslashes++;
    const starts =
      before === undefined || /[;&|()<>]/.test(before) || (/[ \t\n]/.test(before) && backslashes % 2 === 0);
    // The `)` of an array assignment does not end bash's word (`a=(x)#; rm …` assigns the text `(x)#`).
    const closes = before === ")" ? root.descendantForIndex(at - 1, at) : null;
    if (!starts || closes?.parent?.type === "array")
      return "a # the shell parser reads as a comment is part of a word";
  }
  // An escape right after a quote or an expansion (`"."\./x` is `../x`): one word to bash, two to the grammar.
  if (line.includes("\\"))
    for (const node of root.descendantsOfType(SEPARATE_WORDS)) {
      const words = node?.namedChildren.filter((c) => c !== null && !c.type.endsWith("_redirect")) ?? [];
      if (words.some((word, i) => i > 0 && words[i - 1]!.endIndex === word.startIndex))
        return "the shell parser reads one word as two";
    }
  // An escaped blank between two parts of a word (`'rm'\ '-rf ~'`): one word to bash, two to the grammar.
  for (let at = line.search(/\\[ \t]/); at >= 0;) {
    let backslashes = 0;
    while (line[at - 1 - backslashes] === "\\") backslashes++;
    const node = root.descendantForIndex(at, at + 2);
    const inOne = node !== null && node.childCount === 0 && node.startIndex <= at && node.endIndex >= at + 2;
    if (backslashes % 2 === 0 && !inOne)
      return "an escaped blank joins two parts of a word the shell parser reads apart";
    const next = line.slice(at + 2).search(/\\[ \t]/);
    at = next < 0 ? -1 : at + 2 + next;
  }
  for (let at = line.indexOf("\\\n"); at >= 0; at = line.indexOf("\\\n", at + 2)) {
    let backslashes = 0;
    while (line[at - 1 - backslashes] === "\\") backslashes++;
    if (backslashes % 2 === 1) continue; // an escaped backslash, then a newline
    // Kept inside one node (a string, a word, a here-document), the parser read it as bash does.
    const node = root.descendantForIndex(at, at + 2);
    if (node !== null && node.startIndex <= at && node.endIndex >= at + 2 && node.childCount === 0) continue;
    if (node !== null && ["raw_string", "heredoc_body", "string", "ansi_c_string"].includes(node.type))
      continue;
    const joined = /\S/.test(line[at - 1] ?? " ") && /\S/.test(line[at + 2] ?? " ");
    if (joined) return "a backslash-newline joins two parts of a word the shell parser reads apart";
  }
  return undefined;
}

/** Syntax whose parts are separate words, with blanks between them. */
const SEPARATE_WORDS = [
  ...["command", "file_redirect", "herestring_redirect", "for_statement"],
  ...["declaration_command", "unset_command", "array"],
];

/** Words bash reads as syntax where a command's name would be. */
const RESERVED_WORDS = new Set(
  "! { } if then elif else fi for select while until do done case esac function coproc time".split(" "),
);

/** Builtins that move or set a shell's arguments, or run code that may (`set --`, `shift`, a sourced file). */
const SETS_ARGUMENTS = new Set(["set", "shift", "getopts", "source", ".", "eval", "trap"]);

/**
 * Whether a script may change its arguments, read by the commands bash runs (`s"e"t --` is `set --`): a builtin of
 * `SETS_ARGUMENTS` (behind `builtin` or `command` too), a command whose name is computed, or a function of its own
 * (whose `$1` is its caller's word).
 */
function maySetArguments(root: Node): boolean {
  if (root.descendantsOfType(["function_definition"]).some((n) => n !== null)) return true;
  return root.descendantsOfType(["command"]).some((command) => {
    if (command === null) return false;
    const words = command.namedChildren
      .filter((child): child is Node => child !== null && child.type !== "variable_assignment")
      .map((child) => staticWord(child.type === "command_name" ? (child.firstNamedChild ?? child) : child));
    const name = words[0] === "builtin" || words[0] === "command" ? words[1] : words[0];
    return name === null || (name !== undefined && SETS_ARGUMENTS.has(name));
  });
}

/** A builtin of `ASSIGNS` given a word computed at run time, which may name any variable (`read $X`). */
const ASSIGNS_COMPUTED =
  /\b(?:read|printf|mapfile|readarray|getopts|declare|typeset|local|export|readonly|let)\b[^;&|\n]*[$`]/;

/** Builtins that assign the variables their words name (`read f`, `printf -v f`, `declare -n r=f`). */
const ASSIGNS = new Set([
  ...[
    "read",
    "printf",
    "mapfile",
    "readarray",
    "getopts",
    "declare",
    "typeset",
    "local",
    "export",
    "readonly",
  ],
  ...["let", "unset", "wait"],
]);

/** Builtins that assign a variable a value they read or make at run time (`read X`, `printf -v X`, `wait -p X`). */
const READS_INTO = new Set(["read", "printf", "wait", "getopts"]);

/**
 * Variables the shell itself reads, unexported: a prompt bash expands (`PS4` with `set -x`), the file `history -w`
 * writes, the folders `cd` looks in first, what an interactive bash runs before each prompt.
 */
const SHELL_READS = ["PS0", "PS1", "PS2", "PS3", "PS4", "HISTFILE", "CDPATH", "PROMPT_COMMAND"];

/**
 * Why a line's variables may hold what the policy does not read, if they may: one given a value read or made at run
 * time (`read`, `printf -v`, `wait -p`, `getopts`, a `for` or `select` loop) that the line exports (`export X`,
 * `declare -x X`, or `set -a` before), which programs then take from their environment (`read GIT_DIR <<< ../x;
 * export GIT_DIR; git init` made a repository outside, `read GIT_EDITOR …` ran a command); or one of those the shell
 * reads itself (`read CDPATH <<< ~; cd .ssh`, `printf -v HISTFILE %s ~/.profile; history -w`).
 */
function valueReadAtRunTime(root: Node, line: string): string | undefined {
  const exportsAll = /\bset\s+(?:-[A-Za-z]*a\b|-o\s+allexport\b)/.test(line);
  const exported = new Set<string>();
  for (const declaration of root.descendantsOfType("declaration_command")) {
    const keyword = declaration?.firstChild?.text;
    if (declaration === null || keyword === undefined) continue;
    const words = declaration.namedChildren.flatMap((child) => (child === null ? [] : [child.text]));
    if (keyword !== "export" && !words.some((word) => /^-[A-Za-z]*x/.test(word))) continue;
    for (const word of words) if (/^[A-Za-z_]\w*$/.test(word)) exported.add(word);
  }
  const candidates = new Set([...exported, ...SHELL_READS]);
  // Written in parts too (`read HIST''FILE`, `read {HIST,}FILE`).
  const plain = line.replace(/["'\\]/g, "");
  for (const name of candidates)
    if (
      (plain.includes(name) || plain.includes("{") || ASSIGNS_COMPUTED.test(line)) &&
      mayAssign(root, name, false, undefined, READS_INTO)
    )
      return `the line gives ${name} a value read at run time${SHELL_READS.includes(name) ? "" : " and exports it"}, which Symposium does not follow`;
  if (
    exportsAll &&
    root.descendantsOfType(["command", "for_statement"]).some((found) => {
      if (found === null) return false;
      if (found.type === "for_statement") return true;
      const first = found.childForFieldName("name")?.firstNamedChild;
      const name = first ? staticWord(first) : null;
      return name !== null && READS_INTO.has(name);
    })
  )
    return "the line exports every variable it sets (set -a) and gives some a value read at run time";
  return undefined;
}

/**
 * Whether the commands below `node` may assign `variable`, read as bash reads their words (quotes and escapes gone:
 * `read "f"`, `read \f`; an option's value attached: `printf -vf`; a name a reference points to: `declare -n r=f`),
 * or (unless `computedMay` is false) assign a name computed at run time, or run a command whose name is computed;
 * `except` is an assignment not counted.
 */
function mayAssign(
  node: Node,
  variable: string,
  computedMay = true,
  except?: Node,
  /** Only these builtins (and loops) count: not a plain `X=…` or a declaration's. */
  only?: ReadonlySet<string>,
): boolean {
  const names = (word: string) =>
    word === variable ||
    word.startsWith(`${variable}=`) ||
    word.startsWith(`${variable}[`) ||
    word.startsWith(`${variable}+=`) ||
    word.endsWith(`=${variable}`) ||
    (word.endsWith(variable) && /^-[A-Za-z]+$/.test(word.slice(0, -variable.length)));
  for (const found of node.descendantsOfType([
    "command",
    "declaration_command",
    "unset_command",
    "variable_assignment",
    "for_statement",
  ])) {
    if (found === null) continue;
    // A `for` or `select` loop's variable (`for HOME in /etc; do …`).
    if (found.type === "for_statement") {
      // Its name is a plain identifier, never computed.
      if (found.childForFieldName("variable")?.text === variable) return true;
      continue;
    }
    if (only !== undefined && (found.type === "declaration_command" || found.type === "unset_command"))
      continue;
    if (found.type === "variable_assignment") {
      if (only !== undefined || found.id === except?.id) continue;
      if (found.childForFieldName("name")?.text.replace(/\[.*$/, "") === variable) return true;
      continue;
    }
    // A declaration's keyword (`export`, `declare`) is a token of its own, not a word.
    const first = found.type === "command" ? found.childForFieldName("name")?.firstNamedChild : undefined;
    const name =
      found.type === "command" ? (first ? staticWord(first) : null) : (found.firstChild?.text ?? null);
    if (name === null) {
      if (computedMay) return true;
      continue;
    }
    if (only !== undefined && !only.has(name)) continue;
    const assigning = ASSIGNS.has(name) || found.type !== "command";
    if (!assigning && name !== "builtin" && name !== "command") continue;
    let previous: string | null = null;
    for (const child of found.namedChildren) {
      if (
        child === null ||
        child.id === except?.id ||
        child.type === "command_name" ||
        child.type.endsWith("redirect")
      )
        continue;
      // Each word of a brace expansion (`read {HO,}ME` reads into HOME).
      const words = child.type === "variable_assignment" ? [child.text] : staticWords(child);
      // What read's options take (`read -rp "$1" answer`: a prompt) names no variable: one word bash neither splits
      // nor makes several of (`"$@"`, `"${a[@]}"`), after an option whose first letter taking a value is its last
      // (`-pt "$1"` is a prompt `t` and a name).
      if (
        name === "read" &&
        previous !== null &&
        /^-[ers]*[dinNptu]$/.test(previous) &&
        words.length === 1 &&
        (words[0] !== null || (child.type === "string" && !child.text.includes("@")))
      ) {
        previous = null;
        continue;
      }
      if (words.some((word) => (word === null && computedMay) || (word !== null && names(word)))) return true;
      // A name computed at run time may be this one (`read HOME$X`, `X=HOME; read $X`): printf names one after -v.
      if (
        words.includes(null) &&
        (name !== "printf" || previous === "-v" || /^-v./.test(staticPrefix(child)))
      ) {
        const prefix = staticPrefix(child).replace(/^-v/, "");
        if (variable.startsWith(prefix) || prefix.startsWith(variable)) return true;
      }
      previous = words.length === 1 ? words[0]! : null;
    }
  }
  return false;
}

/**
 * The text every word an argument becomes begins with, where no unquoted expansion may split it into more words
 * (`"feat/$(date)"`, `src/"$f"`, a glob's `src/*.c`); "" otherwise.
 */
function fixedStart(node: Node): string {
  const quotedOnly =
    node.type === "string" ||
    node.type === "word" ||
    (node.type === "concatenation" &&
      node.namedChildren.every(
        (part) => part !== null && ["word", "string", "raw_string", "ansi_c_string"].includes(part.type),
      ));
  return quotedOnly ? staticPrefix(node) : "";
}

/**
 * Whether an argument is only what `git rev-parse --show-toplevel` prints, quoted (`"$(git rev-parse
 * --show-toplevel)"`) or not: the top of the working tree it runs in, or nothing (outside one; its error goes to the
 * line's standard error).
 */
function showsTopLevel(node: Node): boolean {
  const substitution =
    node.type === "string" && node.namedChildren.length === 1 ? node.firstNamedChild : node;
  return (
    substitution?.type === "command_substitution" &&
    (node.type === "string" ? node.text.length === substitution.text.length + 2 : true) &&
    /^\$\(\s*git rev-parse --show-toplevel\s*\)$/.test(substitution.text)
  );
}

/**
 * The word an argument that is only what `git merge-base` prints stands for, maybe with a range's `..` after it
 * (`git diff $(git merge-base HEAD main)`, `"$(git merge-base main HEAD)..HEAD"`): a commit id, read as one git does
 * not have (so a checkout of it asks). It prints commit ids or nothing, never an option; its errors, which name the
 * revisions, go to the line's standard error, so not with a redirection in it (`2>&1`) nor an option.
 */
function commitIdWords(node: Node): string[] | undefined {
  const [first, ...rest] = node.type === "concatenation" ? node.namedChildren : [node];
  // `"$(…)..HEAD"` holds the substitution and the text after it.
  const [substitution, ...inQuotes] = first?.type === "string" ? first.namedChildren : [first];
  if (substitution?.type !== "command_substitution" || !node.text.replace(/^"/, "").startsWith("$("))
    return undefined;
  const tail = [
    ...inQuotes.map((part) => (part?.type === "string_content" ? part.text : null)),
    ...rest.map((part) => part && staticWord(part)),
  ];
  if (tail.includes(null) || !/^(?:\.\.\.?[\w./~^@{}:]*)?$/.test(tail.join(""))) return undefined;
  const [inner, ...more] = substitution.namedChildren;
  if (inner?.type !== "command" || more.length > 0) return undefined;
  const [program, subcommand, ...revisions] = inner.namedChildren.map((child) =>
    child?.type === "command_name" ? child.text : child && staticWord(child),
  );
  return program === "git" &&
    subcommand === "merge-base" &&
    revisions.every(
      (revision) => revision != null && /^[\w./~^@{}:]+$/.test(revision) && !revision.startsWith("-"),
    )
    ? ["0".repeat(40) + tail.join("")]
    : undefined;
}

/**
 * The text a word the shell computes or expands begins with, as written: up to its first expansion, quote, escape,
 * pattern or brace (`-o` of `-o$HOME/x`, `--out=` of `"--out=$D"`, `-T` of `-T{a,b}`).
 */
function staticPrefix(node: Node): string {
  switch (node.type) {
    case "word":
      // Up to a pattern or brace the shell expands (`-T{a,b}`), escapes applied; none before a tilde it expands
      // (`~-/` is $OLDPWD's value).
      if (/^~[+-]?\d*(?:\/|$)/.test(node.text)) return "";
      return /^(?:[^\\*?[{]|\\.)*/.exec(node.text)![0].replace(/\\(.)/g, "$1");
    case "string":
    case "ansi_c_string": {
      // Up to the first expansion or escape: `"-o$D"` is `-o`, `$'-o'` is `-o`.
      const inner = node.type === "string" ? node.text.slice(1) : node.text.slice(2);
      return /^[^$`"'\\]*/.exec(inner)![0];
    }
    case "concatenation": {
      // The parts' values up to the first computed one, and what that one begins with (`"-o"$D`, `--o'ut'=$D`).
      let prefix = "";
      for (const child of node.namedChildren) {
        if (child === null) break;
        const part = staticWord(child);
        // A brace or bracket spread over parts (`-T{a,b}`) is expanded as the word's own parts are not.
        if (part === null || (child.type === "word" && /[{}[\]*?]/.test(child.text)))
          return prefix + staticPrefix(child);
        prefix += part;
      }
      return prefix;
    }
    default:
      return "";
  }
}

/**
 * What a shell argv runs: the script of `sh -c script`, `bash -lc script`, `bash +e -o posix -c -- script` (with
 * `-c` among its options, its first operand; `null` when computed at run time); "stdin" when it reads its commands
 * there (`bash`, `sh -x`, `bash -`, `bash -s -- a b`); "file" for a script file (`bash build.sh`); `undefined` when
 * the argv is not a shell's.
 */
export function shellProgram(
  argv: readonly (string | null)[],
): { script: string | null; args?: readonly (string | null)[] } | "stdin" | "file" | undefined {
  const name = argv[0];
  if (name == null || !SHELLS.has(basename(name))) return undefined;
  let command = false;
  let fromStdin = false;
  let i = 1;
  for (; i < argv.length; i++) {
    const arg = argv[i];
    if (arg == null) return { script: null };
    if (arg === "--" || arg === "-") {
      i++;
      break;
    }
    if (!/^[-+]./.test(arg)) break;
    if (arg.startsWith("--")) {
      if (arg === "--rcfile" || arg === "--init-file") i++;
      continue;
    }
    if (arg.startsWith("-") && arg.includes("c")) command = true;
    if (arg.startsWith("-") && arg.includes("s")) fromStdin = true;
    // `-o posix`, `+O extglob`: each o or O takes the next word.
    i += arg.slice(1).replace(/[^oO]/g, "").length;
  }
  if (command) return i < argv.length ? { script: argv[i] ?? null, args: argv.slice(i + 1) } : "file";
  return fromStdin || i >= argv.length || STDIN_FILES.has(argv[i] ?? "") ? "stdin" : "file";
}

/**
 * A loop's listing among commands placed `offset` later in a line (one not found stays so: -1), by a shell that may
 * run again (`repeated`: in a loop of the line around it).
 */
function listingAfter(listing: LoopListing, offset: number, repeated: boolean): LoopListing {
  const at = (i: number) => (i < 0 ? -1 : i + offset);
  return {
    ...listing,
    from: at(listing.from),
    to: at(listing.to),
    end: at(listing.end),
    ...(repeated ? { madeNamesListed: true as const } : {}),
  };
}

/** Shells that expand braces (`{a,b}`, `{1..3}`); sh, dash and ash take them as text. */
const BRACE_SHELLS = new Set(["bash", "zsh", "ksh", "mksh"]);

/** Files that are the reading process's standard input (`echo … | bash /dev/stdin`). */
const STDIN_FILES = new Set(["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"]);

/**
 * `source FILE`, `. FILE`: the shell runs the file's commands, which are not read, as a script file's are not; a file
 * computed at run time (`source <(curl …)`) or standard input (`… | source /dev/stdin`) is a script not known.
 */
function sourcedProgram(argv: readonly (string | null)[]): { script: null } | "stdin" | undefined {
  if (argv[0] !== "source" && argv[0] !== ".") return undefined;
  const file = argv[1];
  if (file === null) return { script: null };
  return file !== undefined && STDIN_FILES.has(file) ? "stdin" : undefined;
}

/** The script of a shell's `-c` (`shellProgram`); `undefined` when the argv is not a shell running one. */
export function shellScript(argv: readonly (string | null)[]): string | null | undefined {
  const program = shellProgram(argv);
  return typeof program === "object" ? program.script : undefined;
}

/**
 * The command lines a builtin keeps (`KEEPS_COMMANDS`; `null` for one computed at run time), or why a name it binds
 * cannot be followed; undefined for any other command.
 */
/**
 * The shell lines in an interpreter's program, given inline or as its here-document (`shellLinesInCode`), and the
 * words of the line the program may hand a shell (`codeHandsShell`): `null` for one computed at run time.
 */
function codeCommandLines(
  argv: readonly (string | null)[],
  stdin: StandardInput | undefined,
): (string | null)[] {
  const name = argv[0] == null ? undefined : basename(argv[0]);
  if (name === undefined) return [];
  const fromStdin =
    typeof stdin === "object" && "text" in stdin && stdin.text !== null && readsProgramFromStdin(name, argv)
      ? [stdin.text]
      : [];
  const inline = inlineCode(name, argv);
  const programs = [...inline, ...fromStdin].filter((code) => code !== null);
  const hands = programs.map((code) => codeHandsShell(name, code));
  // Its arguments after the code (or after `-`, the program read from the input), where the code hands what it reads
  // of them to a shell, each alone and all joined (`os.system(" ".join(sys.argv[1:]))`).
  const lastCode =
    fromStdin.length > 0
      ? argv.findIndex((word, i) => i > 0 && (word === "-" || STDIN_FILES.has(word ?? "")))
      : Math.max(...inline.map((code) => argv.lastIndexOf(code)));
  const given = hands.some((h) => h.arguments) && lastCode >= 0 ? argv.slice(lastCode + 1) : [];
  const argumentLines = given.length > 1 && !given.includes(null) ? [...given, given.join(" ")] : given;
  const variableLines = hands.some((h) => h.variables) ? awkAssignedValues(name, argv) : [];
  // A command built from what the program reads at run time: its input given on the line (`awk '{system($0)}' <<<
  // …`, `os.system(input())`) or its environment, which the line or one before it may set (`export C=…`).
  const unread =
    hands.some((h) => h.environment) || (hands.some((h) => h.computed) && stdin !== undefined) ? [null] : [];
  return [
    ...programs.flatMap((code) => shellLinesInCode(name, code)),
    ...argumentLines,
    ...variableLines,
    ...unread,
  ];
}

function keptCommandLines(argv: readonly (string | null)[]): (string | null)[] | string | undefined {
  const words = argv.slice(1);
  switch (argv[0]) {
    case "trap": {
      if (words[0] === "-l" || words[0] === "-p" || words[0] === "-P") return [];
      const action = words[0] === "--" ? words[1] : words[0];
      return action === undefined || action === "-" || action === "" ? [] : [action];
    }
    case "alias":
      return words.flatMap((word) =>
        word === null ? [null] : word.includes("=") ? [word.slice(word.indexOf("=") + 1)] : [],
      );
    case "mapfile":
    case "readarray":
    case "compgen":
    case "complete": {
      const callback = words.findIndex((word) => word === null || /^-\w*C/.test(word));
      if (callback < 0) return [];
      // bash runs mapfile's callback with each line it reads, compgen's with the words given (`compgen -C rm ~/x`
      // runs `rm compgen ~/x`): words the callback's line does not hold.
      if (argv[0] !== "complete")
        return `${argv[0]} -C runs a command with words it reads or is given, which Symposium does not place`;
      const word = words[callback];
      const attached = word == null ? null : word.slice(word.indexOf("C") + 1);
      return [attached === "" ? (words[callback + 1] ?? null) : attached];
    }
    case "hash":
      return words.some((word) => word === null || /^-\w*p/.test(word))
        ? "hash -p makes a command name run another program"
        : [];
    case "coproc":
      // The grammar reads `coproc NAME { …; }` as words and a stray `}`.
      return "coproc runs a command the shell parser does not read";
    case "enable":
      return words.some((word) => word === null || /^-\w*f/.test(word))
        ? "enable -f loads a builtin from a file"
        : [];
    case "fc":
      // `history -s "rm -rf ~"` on one line, `fc -s rm` on the next: fc runs what the history holds (`fc -l` lists).
      return words.length > 0 && words.every((word) => word !== null && /^-[lnr]+$/.test(word))
        ? []
        : "fc runs commands again from the shell's history, which Symposium does not read";
    default:
      return undefined;
  }
}

/**
 * A here-document's text as the shell reading it gets it: the body of a quoted delimiter as written; of a plain one
 * as written when it expands nothing, else `null` (`$X` could hold `; rm -rf ~`).
 */
function hereDocumentText(redirect: Node): string | null {
  const start = redirect.children.find((c) => c?.type === "heredoc_start")?.text ?? "";
  const body = redirect.children.find((c) => c?.type === "heredoc_body")?.text ?? "";
  if (/['"\\]/.test(start) || !/[$`\\]/.test(body)) return body;
  return null;
}

/**
 * Whether a line moves to another folder (`cd /etc && echo x > hosts`, `builtin cd ~`, `env -C / …`): its relative
 * paths are then not relative to the cwd the request names.
 */
export function changesDirectory(commands: readonly SimpleCommand[]): boolean {
  return commands.some((c) => changesFolder(c.argv));
}

function offsetBy(at: number | undefined, offset: number): number | undefined {
  return at === undefined ? undefined : at + offset;
}
