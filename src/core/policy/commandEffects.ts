/**
 * What a simple command does that a guard cares about, read from its words: the files it deletes, writes or reads
 * (`rm`, `find … -delete`, `cp`, `tee`, `sed`, `cat`, …), the settings outside the workspace it changes (`git config`,
 * `crontab`, a package manager's `config set`), a force push, and the commands that run another one (`sudo`, `env`,
 * shells and interpreters). Pure: `rules.ts` places the files against the workspace and picks the guard.
 */
import { posix } from "node:path";
import { expandBraces } from "./braceExpansion";
import { globTooCostly } from "./globCost";
import { isGlobWord } from "./folderNames";
import { globMatcher, LINE_BREAK, readOtherwise } from "./globMatch";
import { isProtectedName, shellStartupFiles } from "./resolvePath";
import type { RevisionWrite } from "./gitChanges";
import {
  basename,
  INTERPRETERS,
  npmCommand,
  SHELLS,
  RUNS_COMMANDS_UNREAD,
  DYNAMIC_LOADER,
  SUBCOMMAND_WRAPPERS,
  WRAPPERS,
} from "./programs";

/**
 * The files a command names and what it does with them: whether it goes down into folders (and may name a workspace
 * folder itself), and whether a name computed at run time (a variable, a glob) asks rather than passes.
 */
export interface FileTargets {
  /** Each file's word (null when computed at run time), and whether such a word asks rather than passes. */
  targets: { text: string | null; unknownAsks?: boolean }[];
  recursive: false | { rootKept: boolean };
  /** It reads below its folders following links (`grep -R`, `rg -L`): a link there may lead anywhere. */
  followsLinks?: true;
  /** It only removes the files it names (`git rm`), as `rm` does. */
  removes?: true;
}

/** A command's words split into its options and its operands (every word after `--` is an operand; `-` is one). */
function splitOptions(words: readonly (string | null)[]): { flags: string[]; operands: (string | null)[] } {
  const flags: string[] = [];
  const operands: (string | null)[] = [];
  let options = true;
  for (const word of words) {
    if (options && word === "--") options = false;
    else if (options && word !== null && word.startsWith("-") && word !== "-") flags.push(word);
    else operands.push(word);
  }
  return { flags, operands };
}

/**
 * Tests on a command's options: `short("rR")` for a one-letter option in any cluster (`-rL`), `long("--follow")` for
 * a long one named whole or by any start of it (`--fol`).
 */
function optionTests(words: readonly (string | null)[]): {
  short: (letters: string) => boolean;
  long: (...options: string[]) => boolean;
} {
  const flags = words.filter((word): word is string => word !== null && word.startsWith("-"));
  return {
    short: (letters) => flags.some((f) => new RegExp(`^-[a-zA-Z]*[${letters}]`).test(f)),
    long: (...options) => flags.some((f) => options.some((o) => f === o || longOption(f, o))),
  };
}

/** tar's words with its old style read as options: a first word without a dash is a cluster (`tar xzf a.tgz`). */
function tarWords(words: readonly (string | null)[]): (string | null)[] {
  const first = words[0];
  if (first == null || first.startsWith("-")) return [...words];
  // Each of its letters that takes a value takes the next word after it, in order: `tar cfC out.tar docs` is
  // `-c -f out.tar -C docs`.
  const read: (string | null)[] = [];
  let next = 1;
  for (const letter of first)
    read.push(`-${letter}`, ...(TAR_VALUE_LETTERS.includes(letter) ? [words[next++] ?? null] : []));
  return [...read, ...words.slice(next)];
}
/** tar's one-letter options that take a value. */
const TAR_VALUE_LETTERS = "bCfFgHIKLNTVX";

/** With no file named, rg and a recursive grep search the folder they run in. */
function searchesFolder(name: string, flags: readonly string[]): boolean {
  const { short, long } = optionTests(flags);
  return name === "rg" || short("rR") || long("--recursive", "--dereference-recursive");
}

/** Programs that delete (or move to the trash) what they are given as `rm` does, with `-r`; `DELETES_WHOLE` always. */
const DELETERS = wordSet("rm srm wipe rimraf trash trash-put trash-cli rmtrash del del-cli gtrash");
const DELETES_WHOLE = wordSet("rimraf trash trash-put trash-cli rmtrash del del-cli gio gtrash");

/** Whether a command deletes its operands as `rm` does (`DELETERS`, `gio trash`, `gtrash put`): `rmTargets` reads them. */
export function deletes(name: string, argv: readonly (string | null)[]): boolean {
  return (
    (DELETERS.has(name) && (name !== "gtrash" || argv[1] === "put")) ||
    (name === "gio" && argv[1] === "trash")
  );
}

/** `rm`'s operands; recursive with `-r`, `-R` or `--recursive` (by any start of it). */
export function rmTargets(argv: (string | null)[]): FileTargets {
  const name = basename(argv[0] ?? "");
  const { flags, operands } = splitOptions(argv.slice(name === "gio" || name === "gtrash" ? 2 : 1));
  const recursive =
    DELETES_WHOLE.has(name) ||
    flags.some((flag) => longOption(flag, "--recursive") || /^-[a-zA-Z]*[rR]/.test(flag));
  // `rm -r .` deletes the workspace folder itself.
  return { targets: operands.map((text) => ({ text })), recursive: recursive && { rootKept: false } };
}

/**
 * `find`'s starting points when it deletes what it finds (`-delete`, or `-exec rm` and its kin), else undefined.
 * Its filters decide what goes, so a workspace folder itself may be a starting point (`find . -name '*.pyc' -delete`).
 */
export function findDeletes(argv: (string | null)[]): FileTargets | undefined {
  const rest = argv.slice(1);
  const deletes = rest.some(
    (arg, i) =>
      arg === "-delete" ||
      (FIND_RUNS.has(arg ?? "") && rest[i + 1] != null && basename(rest[i + 1]!) === "rm"),
  );
  if (!deletes) return undefined;
  return { targets: findStartingPoints(rest).map((text) => ({ text })), recursive: { rootKept: true } };
}

/** The files find's `-fprint`, `-fprint0`, `-fprintf` and `-fls` write, or undefined when it writes none. */
export function findWrites(argv: readonly (string | null)[]): FileTargets | undefined {
  const targets: FileTargets["targets"] = [];
  argv.forEach((word, i) => {
    if (word !== null && /^-f(?:print0?|printf|ls)$/.test(word))
      targets.push({ text: argv[i + 1] ?? null, unknownAsks: true });
  });
  return targets.length > 0 ? { targets, recursive: false } : undefined;
}

/** find's actions that run a command, up to `;` or `{} +`. */
const FIND_RUNS = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

/** `find`'s starting points among its words after the name (`.` when it names none). */
export function findStartingPoints(rest: readonly (string | null)[]): (string | null)[] {
  // `-files0-from` reads them from a file (or its input): known only at run time.
  if (rest.includes("-files0-from")) return [null];
  const { from, expression } = findParts(rest);
  const starts = rest.slice(from, expression);
  return starts.length > 0 ? starts : ["."];
}

/** Where find's starting points begin among its words after the name, and where its expression does. */
function findParts(rest: readonly (string | null)[]): { from: number; expression: number } {
  let i = 0;
  // Options before the starting points: -H, -L, -P, -D <debug options>, -O<level>, and `--`, which ends them.
  while (i < rest.length && rest[i] != null && /^-([HLP]|D|O\d*)$/.test(rest[i]!))
    i += rest[i] === "-D" ? 2 : 1;
  if (rest[i] === "--") i++;
  const from = i;
  for (; i < rest.length; i++) {
    const arg = rest[i];
    if (arg != null && (arg.startsWith("-") || arg === "(" || arg === "!" || arg === ",")) break;
  }
  return { from, expression: i };
}

/**
 * The commands `find` runs for what it finds (`-exec`, `-execdir`, `-ok`, `-okdir`), which the guards and rules must
 * cover as if the line ran them. `{}` is a file below its starting point (`find src -exec rm {} +` removes
 * `src/{}`); below several, inside a longer word (a shell script's text), or found following links, it is only known
 * at run time. So is any other word -execdir's command may read as a path: it runs in the folder of what find finds
 * (`find . -name HEAD -execdir sed -i … config \;` changes `.git/config`); an option alone or an absolute path is kept.
 */
export function findCommands(argv: readonly (string | null)[]): (string | null)[][] {
  if (argv[0] == null || basename(argv[0]) !== "find") return [];
  const rest = argv.slice(1);
  const starts = findStartingPoints(rest);
  // Following links, what it finds may be below a link to anywhere: not a name below its starting point.
  const found =
    starts.length === 1 && starts[0] != null && !findFollowsLinks(argv)
      ? `${starts[0].replace(/\/+$/, "")}/{}`
      : null;
  const commands: (string | null)[][] = [];
  for (let i = 0; i < rest.length; i++) {
    if (!FIND_RUNS.has(rest[i] ?? "")) continue;
    const inFound = rest[i]!.endsWith("dir");
    const end = rest.findIndex(
      (word, at) => at > i && (word === ";" || (word === "+" && rest[at - 1] === "{}")),
    );
    const given = rest.slice(i + 1, end < 0 ? rest.length : end);
    const keeps = inFound ? execdirKeeps(given) : () => true;
    const words = given.map((word, at) =>
      word === "{}" ? found : word != null && word.includes("{}") ? null : keeps(at) ? (word ?? null) : null,
    );
    i += given.length + 1;
    if (words.length > 0) commands.push(words);
  }
  return commands;
}

/** Programs whose first word is a subcommand (`npm test`, `git status`), no file. */
const SUBCOMMANDS = wordSet(
  "git npm pnpm yarn bun cargo go make docker pip uv poetry dotnet mvn gradle bundle rake",
);

/**
 * Which words of the command -execdir runs are known where find runs (by their place in `words`): its name found in
 * PATH, an option alone, an absolute path, a subcommand (`git status`), a search's pattern (`grep -l TODO {} +`)
 * when no option gives it instead. Any other may be a path from the folder of what find finds.
 */
function execdirKeeps(words: readonly (string | null)[]): (at: number) => boolean {
  const name = words[0] == null ? "" : words[0];
  const patternGiven = words.some((word) => word != null && /^-[^-]*[ef]|^--(?:regexp|file)/.test(word));
  const pattern =
    Object.hasOwn(PATTERN_FIRST, name) && !patternGiven
      ? words.findIndex((word, at) => at > 0 && word != null && !word.startsWith("-"))
      : -1;
  return (at) => {
    const word = words[at];
    if (word == null) return true;
    if (at === 0) return !word.includes("/");
    return (
      word.startsWith("/") ||
      /^-[\w-]*$/.test(word) ||
      (at === 1 && SUBCOMMANDS.has(name) && /^[\w:-]+$/.test(word)) ||
      at === pattern
    );
  };
}

/** find's actions: an entry is acted on (printed, run, deleted) only where its expression reaches one. */
const FIND_ACTIONS = new Set([
  ...FIND_RUNS,
  "-delete",
  "-print",
  "-print0",
  "-printf",
  "-fprint",
  "-fprint0",
  "-fprintf",
  "-ls",
  "-fls",
]);
/** find's tests that take one word, which a `!` or `-not` before them negates whole. */
export const FIND_ONE_WORD_TESTS = new Set([
  "-name",
  "-iname",
  "-path",
  "-ipath",
  "-wholename",
  "-iwholename",
  "-regex",
  "-iregex",
  "-type",
  "-lname",
  "-ilname",
]);

/**
 * The name patterns every entry `find` acts on matches (`-name`, `-iname` among its tests, all of which must hold),
 * or undefined when its tests do not say that much. With none, any entry. A negated test (`-not -path './.venv/*'`)
 * only leaves entries out, and a negated name test says which (`! -name '*.pem'`); in `… -prune -o <tests> -print` what the side before `-prune` matches is not acted on, so
 * the tests after it say what is (`find . -path ./node_modules -prune -o -name '*.ts' -print`).
 */
export function findNamePatterns(argv: readonly (string | null)[]): FindName[] | undefined {
  const tests = findActingTests(argv);
  return tests && conjunctionPatterns(tests);
}

/**
 * The words of find's expression whose tests say what it acts on: the whole, or in `… -prune -o <tests> <action>`
 * those after `-o`. Undefined when not known.
 */
function findActingTests(argv: readonly (string | null)[]): (string | null)[] | undefined {
  const rest = argv.slice(1);
  const { from, expression } = findParts(rest);
  // A starting point computed at run time may be words of the expression (`find $ARGS`).
  if (rest.slice(from, expression).includes(null)) return undefined;
  const words = rest.slice(expression);
  let depth = 0;
  for (const [i, word] of words.entries()) {
    if (word === null || FIND_ACTIONS.has(word)) break;
    depth += word === "(" ? 1 : word === ")" ? -1 : 0;
    if (depth === 0 && word === "-prune" && ["-o", "-or"].includes(words[i + 1] ?? "")) {
      const printed = words.slice(i + 2);
      // Without an action of its own the whole expression prints, pruned folders included.
      return printed.some((w) => w !== null && FIND_ACTIONS.has(w)) ? printed : undefined;
    }
  }
  return words;
}

/**
 * Whether find acts on files alone, no folder: `-type f` among tests joined by "and" only (`conjunctionPatterns`),
 * not negated. With `-L` a link to a file is one too; a folder never is.
 */
export function findActsOnFilesOnly(argv: readonly (string | null)[]): boolean {
  const tests = findActingTests(argv);
  if (tests === undefined || conjunctionPatterns(tests) === undefined) return false;
  for (let i = 0; i < tests.length; i++) {
    const word = tests[i];
    if (word == null || FIND_ACTIONS.has(word)) return false;
    if (word === "!" || word === "-not") i += 2;
    else if (word === "-type" && tests[i + 1] === "f") return true;
    else if (takesOneWord(word)) i++;
  }
  return false;
}

/**
 * The name patterns of find's tests joined by "and" only, up to its first action, after which no `-o` or `,` may act
 * on what they leave out (`-name '*.ts' -print -o -delete`); undefined for any other. The value of a test is no test
 * (`-path -name -o -print` prints everything), and a test or option not known may take one: undefined.
 */
function conjunctionPatterns(words: readonly (string | null)[]): FindName[] | undefined {
  const patterns: FindName[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word == null) return undefined;
    if (FIND_ACTIONS.has(word)) return actsOnOthers(words.slice(i)) ? undefined : patterns;
    const negated = word === "!" || word === "-not";
    const test = negated ? words[++i] : word;
    if (negated && (!FIND_ONE_WORD_TESTS.has(test ?? "") || words[i + 1] == null)) return undefined;
    if (test === "-name" || test === "-iname") {
      const pattern = words[++i];
      if (pattern == null) return undefined;
      // One too costly to match, or that picomatch reads otherwise than find, is not read: anything may be found
      // (or, negated, left out: it narrows nothing).
      const unread = globTooCostly(pattern) || readOtherwise(pattern) || !readsAsFindDoes(pattern);
      if (unread && !negated) return undefined;
      if (!unread) patterns.push({ pattern, nocase: test === "-iname", ...(negated ? { negated } : {}) });
    } else if (negated) i++;
    else if (takesOneWord(word)) {
      if (words[++i] == null) return undefined;
    } else if (!FIND_NO_WORD.has(word)) return undefined;
  }
  return patterns;
}

/**
 * What find's negated path tests among tests joined by "and" only leave out (`-not -path './.git/*'`, `! -ipath`,
 * `-not -regex '\./\.git/.*'`): `whole` matches a path find does not act on, and `below` (when every path below a
 * folder is left out, a pattern ending in `*`) a prefix of the folder's path and `/`. Only patterns read here as find
 * reads them, never more widely: `*`, `?` and plain characters for a path (`*` takes `/` too, as fnmatch without
 * FNM_PATHNAME does); `.`, `\.`, `*` after either and plain characters for a regular expression, whose `.` takes no
 * newline (GNU find 4.9's default, emacs, takes none); others leave out nothing.
 */
function findPathsLeftOut(argv: readonly (string | null)[]): { whole: RegExp; below?: RegExp }[] {
  const tests = findActingTests(argv);
  if (tests === undefined || conjunctionPatterns(tests) === undefined) return [];
  const found: { whole: RegExp; below?: RegExp }[] = [];
  for (let i = 0; i < tests.length; i++) {
    const word = tests[i];
    if (word == null || FIND_ACTIONS.has(word)) break;
    if (word !== "!" && word !== "-not") {
      if (takesOneWord(word)) i++;
      continue;
    }
    const [test, pattern] = [tests[i + 1] ?? "", tests[i + 2] ?? ""];
    i += 2;
    const flags = /^-i/.test(test) ? "i" : "";
    if (/^-i?(?:path|wholename)$/.test(test) && /^[^[\\]*$/.test(pattern)) {
      const source = pattern
        .replace(/[.+^${}()|/]/g, "\\$&")
        .replace(/\*/g, "[\\s\\S]*")
        .replace(/\?/g, "[\\s\\S]");
      found.push({
        whole: new RegExp(`^${source}$`, flags),
        ...(source.endsWith("[\\s\\S]*") ? { below: new RegExp(`^${source}`, flags) } : {}),
      });
    } else if (/^-i?regex$/.test(test) && /^(?:(?:[\w/,:@=%~-]|\\?\.)\*?)*$/.test(pattern))
      found.push({
        whole: new RegExp(
          `^${pattern.replace(/\\?\./g, (atom) => (atom === "." ? "[^\\n]" : "\\."))}$`,
          flags,
        ),
      });
  }
  return found;
}

/** What joins find's tests: `!`, `-not`, `-o`, `-or`, `,` and parentheses. */
const FIND_JOINS = wordSet("! -not -o -or , ( )");
/** find's tests and options that take no word ("and" among them); `-o`, `,` and parentheses are not. */
const FIND_NO_WORD = wordSet(
  "-a -and -true -false -empty -executable -readable -writable -nouser -nogroup -prune -quit -depth -d -follow",
  "-daystart -mount -xdev -noleaf -warn -nowarn -ignore_readdir_race -noignore_readdir_race",
);
/** find's tests and options that take one word (`-newer FILE`, `-maxdepth N`), the name tests among them. */
const FIND_ONE_WORD = wordSet(
  "-maxdepth -mindepth -regextype -amin -anewer -atime -cmin -cnewer -ctime -mmin -mtime -used -newer -samefile",
  "-fstype -gid -group -uid -user -inum -links -perm -size -xtype -context",
);
const takesOneWord = (word: string) =>
  FIND_ONE_WORD_TESTS.has(word) || FIND_ONE_WORD.has(word) || /^-newer[aBcmt][aBcmt]$/.test(word);

/**
 * Whether what follows find's first action (`actions`) may act on other entries: `-o` or `,` outside the commands
 * it runs, or a word computed at run time.
 */
function actsOnOthers(actions: readonly (string | null)[]): boolean {
  for (let i = 0; i < actions.length; i++) {
    const word = actions[i];
    if (word == null || ["-o", "-or", ","].includes(word)) return true;
    if (FIND_RUNS.has(word))
      while (++i < actions.length && actions[i] !== ";" && !(actions[i] === "+" && actions[i - 1] === "{}"));
  }
  return false;
}

/**
 * Whether picomatch matches a name on `pattern` as find's fnmatch does: not with a backslash (picomatch passes `\s`
 * on to a regular expression), braces, parentheses (extglobs), `**`, a leading `!` (negation), or `[[.a.]]` and
 * `[[=a=]]`, which fnmatch reads as `a`.
 */
function readsAsFindDoes(pattern: string): boolean {
  return !/[\\{}()]|\*\*|^!|\[[.=]/.test(pattern);
}

/**
 * find's `-name` tests (`findNamePatterns`) as one test of an entry's name, each compiled once (a walk matches every
 * entry): braces are text to find. A name with other than ASCII characters is taken where characters are counted
 * (`?`, `[…]`) or case is folded: find counts bytes or characters as its locale says, picomatch UTF-16 units.
 */
export function findNameMatcher(patterns: readonly FindName[]): (name: string) => boolean {
  const tests = patterns.map(({ pattern, nocase, negated }) => ({
    folds: nocase || /[?[]/.test(pattern),
    negated: negated === true,
    matches: globMatcher(pattern, { dot: true, nocase, nobrace: true, posix: true }),
  }));
  return (name) => {
    const other = /[^\x00-\x7f]/.test(name);
    return tests.every(({ folds, negated, matches }) => (other && folds) || matches(name) !== negated);
  };
}

/** A `-name` or `-iname` test of find's, or one negated (`! -name '*.pem'`), which leaves out what it matches. */
export type FindName = { pattern: string; nocase: boolean; negated?: boolean };

/**
 * Commands whose operands are all files they write or change in place, or read (`cat`, `head`: a credential shown),
 * a value of an option in the next word counting as one too (`shuf -o ~/.bashrc`; `sort -T /tmp` asks, rarely).
 */
const IN_PLACE = wordSet(
  "cat head tail less more touch mkdir rmdir chmod chown chgrp truncate shred unlink xxd uniq gzip gunzip bzip2",
  "bunzip2 xz unxz zstd unzstd lzma unlzma zstdmt pzstd lz4 unlz4 pigz unpigz split shuf iconv zip 7z 7za patch",
  "csplit gpg look 7zr 7zz 7zzs mkfifo mknod",
  // coreutils' link makes its second operand, util-linux's fallocate its operand (`link a -- --x` made `--x`).
  "link fallocate",
  // ar writes the archive it is given, with the members it adds.
  "ar",
  // python's modules: json.tool writes its second operand, py_compile and compileall write bytecode beside theirs.
  "json.tool py_compile compileall",
  // Editors read and write what they open, and most run scripts given to them (`ed`, `vim -es`, `emacs --batch`).
  "vi vim nvim view vimdiff ex ed nano pico emacs micro hx kak joe mcedit",
  // Formatters and linters rewrite or print what they are given (`prettier --write`, `eslint --fix`), and write
  // reports and caches where their options say (`eslint -o`, `--cache-location`).
  "prettier eslint black isort ruff biome stylelint rustfmt gofmt clang-format shfmt",
);
/**
 * Commands that only read the files they are given: one outside the workspace asks, as `cat`'s does, and so does one
 * computed at run time (`base64 $HOME/.ssh/id_rsa`); a process substitution is a pipe (`diff <(sort a) <(sort b)`).
 */
const READERS = wordSet(
  "base64 od hexdump strings wc diff cmp nl tac rev cut paste comm join fold fmt pr expand unexpand column sort",
  "md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum sum file stat zcat bzcat xzcat bat batcat",
);

/**
 * The options naming a file a program whose operands are read as files writes, taken whatever the name begins with
 * (`sort -o --x`, `shuf --output=--x`, `patch -r --x` make `--x`), with its one-letter options that take a value so
 * clusters split as it splits them (`sort -uo x`, `sort -t, -k2`, `shuf -n 5 -o x`). eslint's and prettier's long
 * options are read whole, as they read them (`--cache` is no `--cache-location`).
 */
const OUTPUT_FILE_OPTIONS: Readonly<Record<string, OptionFileTable>> = {
  sort: { valueTaking: "kotST", files: { o: "file", "--output": "file" } },
  shuf: { valueTaking: "ino", files: { o: "file", "--output": "file" } },
  iconv: { valueTaking: "fto", files: { o: "file", "--output": "file" } },
  patch: {
    valueTaking: "BdDFgioprVxYz",
    files: { o: "file", r: "file", "--output": "file", "--reject-file": "file" },
  },
  gpg: { valueTaking: "fFNoruRz", files: { o: "file", "--output": "file" } },
  zip: { valueTaking: "bnOPstZ", files: { O: "file", "--output-file": "file" } },
  eslint: {
    valueTaking: "cfo",
    files: { o: "file", "--output-file": "file", "--cache-location": "file", "--cache-file": "file" },
    whole: true,
  },
  prettier: { valueTaking: "", files: { "--cache-location": "file" }, whole: true },
};
/** The files `OUTPUT_FILE_OPTIONS` names among a program's words. */
function outputFiles(name: string, words: (string | null)[]): (string | null)[] {
  return Object.hasOwn(OUTPUT_FILE_OPTIONS, name) ? optionFiles(OUTPUT_FILE_OPTIONS[name]!, words) : [];
}

/** A set of the space-separated words of `lines`. */
export function wordSet(...lines: string[]): ReadonlySet<string> {
  return new Set(lines.flatMap((line) => line.split(" ")));
}
/** The words of lines, in order. */
function wordList(...lines: string[]): readonly string[] {
  return lines.flatMap((line) => line.split(" "));
}
/** Commands that copy, move or link their operands to the last one (or to `-t DIR`). */
const COPIES = new Set(["cp", "mv", "ln", "install", "rsync", "scp"]);
/** The copies' target-directory option; `S` (a backup suffix) also takes a value. */
const TARGET_DIRECTORY: OptionFileTable = {
  valueTaking: "tS",
  files: { t: "file", "--target-directory": "file" },
};
/** Devices a command may read or write without touching a file. */
const DEVICES = new Set([
  "/dev/null",
  "/dev/zero",
  "/dev/random",
  "/dev/urandom",
  "/dev/stdin",
  "/dev/stdout",
  "/dev/stderr",
  "/dev/tty",
]);

/**
 * The files a compressor writes beside those it is given, named after them: `gunzip sub/.git.gz` writes `sub/.git`,
 * `gzip -S t sub/.gi` writes `sub/.git`. Each operand with a compression ending (or its `-S` suffix) taken off, and
 * with the `-S` suffix put on, whichever way it runs; what it does not name that way it does not write.
 */
export function compressedNames(name: string, argv: readonly (string | null)[]): string[] {
  const values = COMPRESSOR_VALUES[name];
  if (values === undefined) return [];
  const { options, operands } = readOptions(argv.slice(1), values, ["--suffix"]);
  const suffixes = values.includes("S")
    ? optionValues(options, "S", "--suffix").filter(
        (value): value is string => value !== null && value !== "",
      )
    : [];
  return operands.flatMap((operand) => {
    if (operand === null || operand === "-") return [];
    const taken = [...COMPRESSION_ENDINGS, ...suffixes.map((suffix) => [suffix, ""] as const)].flatMap(
      ([ending, put]) =>
        operand.length > ending.length && operand.endsWith(ending)
          ? [operand.slice(0, -ending.length) + put]
          : [],
    );
    // bunzip2 names what it cannot strip an ending from `x.out`.
    const out = name === "bunzip2" || name === "bzip2" ? [`${operand}.out`] : [];
    return [...taken, ...out, ...suffixes.map((suffix) => operand + suffix)];
  });
}

/** Compressors that name their output after their input, with their short options that take a value. */
const COMPRESSOR_VALUES: Readonly<Record<string, string>> = {
  gzip: "S",
  gunzip: "S",
  bzip2: "",
  bunzip2: "",
  xz: "SFCTM",
  unxz: "SFCTM",
  zstd: "oDTLMB",
  unzstd: "oDTLMB",
  zstdmt: "oDTLMB",
  pzstd: "op",
  lzma: "SFCTM",
  unlzma: "SFCTM",
  lz4: "",
  unlz4: "",
  pigz: "AbCIJpS",
  unpigz: "AbCIJpS",
};

/** The endings compressors take off what they decompress, and what they put instead (`.tgz` becomes `.tar`). */
const COMPRESSION_ENDINGS: readonly (readonly [string, string])[] = [
  ...[".gz", "-gz", ".z", "-z", "_z", ".Z", ".bz2", ".bz", ".xz", ".lzma", ".lz", ".zst", ".lz4"].map(
    (ending) => [ending, ""] as const,
  ),
  ...[".tgz", ".taz", ".tbz2", ".tbz", ".txz", ".tlz", ".tzst"].map((ending) => [ending, ".tar"] as const),
];

/** chmod's mode, chown's owner and chgrp's group come before the files (unless `--reference` names a file instead). */
function withoutOwnerOrMode(
  name: string,
  flags: readonly string[],
  operands: (string | null)[],
): (string | null)[] {
  if (!["chmod", "chown", "chgrp"].includes(name) || flags.some((f) => longOption(f, "--reference")))
    return operands;
  const first = operands[0];
  // `chmod -x file` reads as an option: its first operand is then a file.
  const mode =
    name !== "chmod" ||
    (first != null && /^(?:[0-7]{1,4}|[ugoa]*[-+=][rwxXstugo]*(?:,[ugoa]*[-+=][rwxXstugo]*)*)$/.test(first));
  return mode ? operands.slice(1) : operands;
}

/** A device rather than a file; `/dev/fd/N` is a pipe (what bash passes for `<(…)`) or a descriptor already open. */
function isDevice(word: string): boolean {
  return DEVICES.has(word) || /^\/dev\/fd\/\d+$/.test(word);
}

/** The files a command's operands name, for commands whose operands are files; undefined for any other command. */
export function fileOperands(name: string, argv: (string | null)[]): FileTargets | undefined {
  const words = argv.slice(1);
  const { flags, operands } = splitOptions(words);
  const files = (list: (string | null)[], unknownAsks = false): FileTargets => ({
    targets: list.filter((word) => word === null || !isDevice(word)).map((text) => ({ text, unknownAsks })),
    recursive: false,
  });
  // zip's words after `-x` or `-i` are patterns of what to leave out or take.
  if (name === "zip")
    return files([...zipWords(words).operands, ...attachedPaths(flags), ...outputFiles(name, words)]);
  // csplit's operands after its file are patterns (`/^export/`, `{*}`); it names its pieces from its prefix.
  if (name === "csplit") {
    const read = readOptions(words, "bfn", ["--suffix-format", "--prefix", "--digits"]);
    return files([...read.operands.slice(0, 1), ...optionValues(read.options, "f", "--prefix")]);
  }
  if (IN_PLACE.has(name))
    return files([
      ...withoutOwnerOrMode(name, flags, operands),
      ...attachedPaths(flags),
      ...compressedNames(name, argv),
      ...outputFiles(name, words),
    ]);
  if (name === "diff") {
    // Its patterns (`-x`) and labels are not files; `-X` names a file of patterns.
    const { options, operands: compared } = readDiff(words);
    // And the file or folder it compares every operand with (`--to-file=~/.ssh/id_rsa` prints it).
    const patternFiles = optionValues(options, "X", "--exclude-from");
    return files([...compared, ...optionValues(options, "--from-file", "--to-file"), ...patternFiles]);
  }
  if (READERS.has(name))
    return files([
      ...operands,
      ...attachedPaths(flags),
      // sort's output, whatever it begins with (`sort -o --target-directory=.. a.txt` makes that name).
      ...outputFiles(name, words),
    ]);
  if (AWKS.has(name)) return files(readAwk(words).files);
  // sqlite3's database (a browser's cookies or history is one) and the file `-init` reads first.
  if (name === "sqlite3" || name === "duckdb") {
    const { init, operands: named } = readSqlite(words);
    return files([...init, ...named.slice(0, 1)]);
  }
  // httpie sends a file named after `@` (`@body.json`, `f@x.txt`, `k=@x`, `k:=@x.json`).
  if (HTTPIE.has(name))
    return files([
      ...operands.flatMap((word) =>
        word === null ? [null] : word.includes("@") ? [word.slice(word.indexOf("@") + 1)] : [],
      ),
      ...optionFiles({ valueTaking: "o", files: { o: "file", "--output": "file" } }, words),
    ]);
  // socat's file addresses (`FILE:.env`, `OPEN:x,creat`): read or written.
  if (name === "socat")
    return files(
      operands.flatMap((word) => {
        const address = word === null ? null : /^(?:file|open|gopen|create|creat|pipe):([^,]+)/i.exec(word);
        return word === null ? [null] : address ? [address[1]!] : [];
      }),
    );
  // openssl's options that name files, given as `-in x`, `--in x` or `-in=x` (`-keyout`, `-writerand`, `-sess_out`,
  // `-keylogfile`, `-CAkey`, `-config`…), a password's `file:`; and the key or certificate storeutl prints.
  if (name === "openssl")
    return files([
      ...words.flatMap((word, i) => {
        const option = word === null ? undefined : /^--?([^=]+)(=?)/.exec(word);
        if (option === undefined || option === null || !OPENSSL_FILE_OPTION.test(option[1]!)) return [];
        // The pattern also takes options with no value (`-noout -text`, `-pubout -out k.pem`): the word after one
        // that is an option's word is the next option, not a file; but an output's (OpenSSL 3 made `-x` of `-out -x`).
        const value = option[2] ? word!.slice(word!.indexOf("=") + 1) : (words[i + 1] ?? null);
        if (!option[2] && value != null && /^-\w+$/.test(value) && !OPENSSL_OUTPUT.test(option[1]!))
          return [];
        return [value?.replace(/^file:/, "") ?? null];
      }),
      ...(words[0] === "storeutl" && words.length > 1 ? [words.at(-1)?.replace(/^file:/, "") ?? null] : []),
    ]);
  const search = PATTERN_FIRST[name];
  if (search) {
    // After `cd`, the folder they search is not known.
    return files(patternFirstFiles(search, words, searchesFolder(name, flags) ? "." : undefined));
  }
  if (name === "git")
    return {
      ...files(gitFiles(argv)),
      ...(gitSubcommand(argv)?.name === "rm" ? { removes: true as const } : {}),
    };
  if (name === "tee") return files(operands, true);
  if (COPIES.has(name)) {
    // The backup suffix cp, mv, ln and install take is no operand (`cp -S '~' -b a.ts docs/`).
    const copied =
      name === "rsync" || name === "scp"
        ? operands
        : readOptions(words, "St", ["--suffix", "--target-directory"]).operands;
    const { sources, destination, folders } = copyOperands(words, copied);
    // A symbolic link's relative target is read from where the link is, not from the folder the command runs in
    // (`ln -s ../.ssh/id_rsa ../../k` run in `src/lib`); `-r` gives it from here.
    const { short, long } = optionTests(flags);
    const symbolic = name === "ln" && (short("s") || long("--symbolic"));
    const read =
      symbolic && !(short("r") || long("--relative"))
        ? sources.flatMap((source) =>
            source === null || source.startsWith("/") || source.startsWith("~")
              ? [source]
              : folders.map((folder) =>
                  folder === null ? null : folder === "" ? source : `${folder}/${source}`,
                ),
          )
        : sources;
    // rsync's options name more files it writes or reads (`--backup-dir`, `--log-file`, `--files-from`).
    const optioned = name === "rsync" ? optionFiles(OPTION_FILES.rsync!, words) : [];
    return {
      targets: [
        ...files(read).targets,
        ...(destination === undefined ? [] : files([destination], true).targets),
        ...files(optioned, true).targets,
      ],
      recursive: false,
    };
  }
  const named = OPTION_FILES[name];
  // An archive's members are files too (`tar czf keys.tgz ~/.ssh`; in tar's old style the first word is options).
  // tree's `--fromfile` prints the lines of its operands as a listing.
  const fromFile = name === "tree" && words.some((word) => /^--from(?:tab)?file/.test(word ?? ""));
  const members = name === "tar" || name === "unzip" || fromFile ? operands : [];
  // curl reads a `file://` address and writes one it uploads to (`curl file:///home/u/.ssh/id_rsa`).
  const addressed = name === "curl" ? fileAddresses(words) : [];
  if (named)
    return files(
      [
        // tar's old style gives the values of its first word's letters after it (`tar cf --x a.txt` writes `--x`).
        ...optionFiles(named, name === "tar" ? tarWords(words) : words),
        ...members,
        ...addressed,
        ...downloadedFiles(name, argv),
      ],
      true,
    );
  // dd names its files as `if=` and `of=`; a word computed at run time may be either.
  if (name === "dd")
    return files(
      words.flatMap((word) =>
        word === null ? [null] : word.startsWith("of=") || word.startsWith("if=") ? [word.slice(3)] : [],
      ),
      true,
    );
  if (name === "sed") {
    // The script is the first operand unless given by -e / -f; the rest are files, edited in place with -i.
    const { scriptFiles, operands: edited } = readSed(words);
    return files([...scriptFiles, ...edited]);
  }
  const outputs = OUTPUT_OPTIONS[name];
  if (isCompiler(name))
    return files(
      [
        ...outputValues(COMPILER_OUTPUTS, words),
        // `-MF../x.d` written onto the option.
        ...words.flatMap((word) => (word === null ? [] : (/^-M[FJ](.+)$/.exec(word)?.slice(1) ?? []))),
        ...linkerOutputs(words),
        // The preprocessor's and assembler's own options (`-Wp,-MD,../x.d`).
        ...words.flatMap((word) =>
          word !== null && /^-W[pa],/.test(word)
            ? outputValues(["-o", "-MD", "-MMD", "-MF"], word.slice(4).split(","))
            : [],
        ),
        // A file or folder an `-f…=` option names where the compiler or the built program writes
        // (`-fprofile-instr-generate=../p`, `-fopt-info-all=../x`, `-fcrash-diagnostics-dir=..`).
        ...words.flatMap((word) =>
          word === null
            ? []
            : (/^-f[\w-]+=(?:[\w-]+:)*(?:file=)?((?:\.{1,2}|~)?\/.*|\.{1,2})$/.exec(word)?.slice(1) ?? []),
        ),
        // Where the built program writes its profiles when run (`-fprofile-generate=../p`), given with `=` only.
        ...words.flatMap((word) =>
          word === null ? [] : (/^-fprofile-(?:generate|dir)=(.*)$/.exec(word)?.slice(1) ?? []),
        ),
      ],
      true,
    );
  // python's bytecode goes below `-X pycache_prefix=` (`python3 -X pycache_prefix=../x a.py`).
  if (/^python[\d.]*$/.test(name)) {
    const prefixes = outputValues(["-X"], words).flatMap((value) =>
      value === null
        ? [null]
        : value.startsWith("pycache_prefix=")
          ? [value.slice("pycache_prefix=".length)]
          : [],
    );
    // `-m zipfile -c out.zip …`, `-m tarfile -c out.tar …`: the archive made.
    const archive =
      words[0] === "-m" && ["zipfile", "tarfile"].includes(words[1] ?? "")
        ? outputValues(["-c", "--create"], words.slice(2))
        : [];
    if (prefixes.length > 0 || archive.length > 0) return files([...prefixes, ...archive], true);
  }
  // A virtual environment's folder, and a new project's (`cargo new ~/x`, `meson setup ~/build`); the file or
  // folder mktemp makes from its template (`mktemp ../x.XXXX`); kubectl cp's side on this machine (the pod's is
  // `pod:path`).
  const created =
    name === "virtualenv" || name === "venv" || name === "mktemp"
      ? operands
      : name === "kubectl" && operands.includes("cp")
        ? operands.slice(operands.indexOf("cp") + 1).filter((word) => word === null || !word.includes(":"))
        : CREATES_FOLDER[name]?.includes(operands[0] ?? "")
          ? operands.slice(1)
          : [];
  // pytest's one-letter options in a cluster, a value-taking one last (`-xc ../x.ini`, `-qxo cache_dir=../c`).
  const options = name === "pytest" ? unclustered(words, "kmrWcpon") : words;
  if (outputs || created.length > 0)
    return files(
      [
        ...outputValues(outputs ?? [], options, OPTPARSE_FLAGS[name]),
        ...keyedOutputs(name, options),
        ...created,
      ],
      true,
    );
  // perl and ruby edit the files after their script in place with -i (`perl -pi -e 's/a/b/' f`), and read them with
  // -n, -p or a script given by -e (`perl -ne print .env`, `perl -e 'print <>' .env`).
  if (["perl", "ruby"].includes(name)) {
    const edited = scriptFiles(words);
    if (edited) return files(edited);
  }
  return undefined;
}

/** openssl's options whose value is a file it reads or writes (or one may be: `-noout` takes none, and asks nothing). */
const OPENSSL_FILE_OPTION =
  /^(?:\w*(?:in|out|file|key|cert|path|dir|rand|config|store|CA|serial|signer|recip|trusted)|pass|sign|verify|prverify|signature|index|oid|CRL)$/i;

/** openssl's options that write the file named by their value, which is the next word whatever it begins with. */
const OPENSSL_OUTPUT = /^(?:\w*(?:key|req|rsp|resp|certs?|chain)out|out|writerand|keylogfile|sess_out)$/;

/** Subcommands whose operands are a folder they create and write in (`uv venv .venv`, `cargo new x`). */
const CREATES_FOLDER: Readonly<Record<string, readonly string[]>> = {
  uv: ["venv", "init"],
  cargo: ["new", "init"],
  hg: ["init", "clone"],
  meson: ["setup"],
  poetry: ["new"],
};

/** awk and its kin: the program (unless `-f` gives it), then files, but `name=value` words, which set variables. */
const AWKS = wordSet("awk gawk mawk nawk busybox-awk");
const HTTPIE = wordSet("http https xh xhs");

/**
 * awk's program text (undefined when `-f` names its file), the files it reads, and the variables the line sets
 * (`-v f=x`, `f=x` among the files), as written.
 */
function readAwk(words: readonly (string | null)[]): {
  program: string | null | undefined;
  files: (string | null)[];
  assignments: (string | null)[];
} {
  const files: (string | null)[] = [];
  const assignments: (string | null)[] = [];
  let program: string | null | undefined;
  let programGiven = false;
  let options = true;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? null;
    if (options && word === "--") options = false;
    else if (options && word !== null && /^--assign(?:=|$)/.test(word))
      assignments.push(word === "--assign" ? (words[++i] ?? null) : word.slice("--assign=".length));
    else if (options && word !== null && /^-[fvF]$/.test(word)) {
      if (word === "-f") {
        programGiven = true;
        files.push(words[i + 1] ?? null);
      }
      if (word === "-v") assignments.push(words[i + 1] ?? null);
      i++;
    } else if (options && word !== null && word.startsWith("-") && word !== "-") {
      if (word.startsWith("-f")) {
        programGiven = true;
        files.push(word.slice(2));
      }
      if (word.startsWith("-v")) assignments.push(word.slice(2));
    } else if (!programGiven) {
      programGiven = true;
      program = word;
    } else if (word === null || !/^[A-Za-z_]\w*=/.test(word)) files.push(word);
    else assignments.push(word);
  }
  return { program, files, assignments };
}

/**
 * The values the line gives awk's variables (`-v f=~/.bashrc`), which its program may write or read as paths
 * (`print > f`), as a program's quoted strings are read: "~" for one computed at run time, which may be the home folder.
 */
export function awkValues(name: string, argv: readonly (string | null)[]): string[] {
  return awkAssignedValues(name, argv).map((value) => value ?? "~");
}

/** The values the line gives awk's variables, as written; `null` for one computed at run time. */
export function awkAssignedValues(name: string, argv: readonly (string | null)[]): (string | null)[] {
  if (!AWKS.has(name)) return [];
  return readAwk(argv.slice(1)).assignments.map((word) =>
    word === null ? null : word.slice(word.indexOf("=") + 1),
  );
}

/**
 * The files `perl -i` or `ruby -i` edits in place, or reads with `-n`, `-p` or `-e`: the words after its script
 * (`-e` and `-E` take the script as their value, in a cluster too: `-pie`, `-pi.bak -e`), or undefined without any.
 * With no `-e`, the first word is the script file, which is read, not edited: it is a file too.
 */
function scriptFiles(words: readonly (string | null)[]): (string | null)[] | undefined {
  let inPlace = false;
  const files: (string | null)[] = [];
  let options = true;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? null;
    if (options && word === "--") options = false;
    else if (!options || word === null || !word.startsWith("-") || word === "-") files.push(word);
    else if (!word.startsWith("--")) {
      // A cluster's letters up to one that takes the rest, or the next word, as its value.
      for (let at = 1; at < word.length; at++) {
        const letter = word[at]!;
        if (letter === "i") {
          inPlace = true;
          break; // the rest is the backup suffix
        }
        if ("npeE".includes(letter)) inPlace = true;
        if ("eElIMmCdDxF0".includes(letter)) {
          if (at === word.length - 1 && "eEIMmx".includes(letter)) i++;
          break;
        }
      }
    }
  }
  return inPlace ? files : undefined;
}

/**
 * A backup suffix of an in-place edit that is a path (`sed -i'../*'`, `--in-place=bak/*`, `perl -i'../*'`): the
 * original goes there (`*` is the file's name), which Symposium does not place.
 */
function backupElsewhere(name: string, words: readonly (string | null)[]): string | undefined {
  for (const suffix of inPlaceSuffixes(name, words))
    if (/[/\\]/.test(suffix))
      return `${name} -i keeps the original at ${suffix}, a path Symposium does not place`;
    // `*` is the file's name (sed's from its folder, perl's as given): where that puts it is not placed here.
    else if (suffix.includes("*"))
      return `${name} -i keeps the original as ${suffix}, a name Symposium does not place`;
  return undefined;
}

/** The backup suffixes of an in-place edit (`sed -i.bak`, `--in-place=.bak`, `perl -pi.bak`); none without one. */
function inPlaceSuffixes(name: string, words: readonly (string | null)[]): string[] {
  const edits =
    name === "sed" || name === "gsed" ? "sed" : name === "perl" || name === "ruby" ? name : undefined;
  if (edits === undefined) return [];
  const suffixes: string[] = [];
  for (const word of words) {
    if (word === "--") break;
    if (word === null || !word.startsWith("-")) continue;
    const suffix =
      edits === "sed" && word.startsWith("--")
        ? longOption(word, "--in-place") && word.includes("=")
          ? word.slice(word.indexOf("=") + 1)
          : undefined
        : word.startsWith("--")
          ? undefined
          : /^-[^i]*i(.*)$/.exec(edits === "sed" ? word.replace(/[ef].*$/, "") : word)?.[1];
    if (suffix !== undefined && suffix !== "") suffixes.push(suffix);
  }
  return suffixes;
}

/**
 * The backups an in-place edit keeps beside each file it may change, named the file and the suffix: GNU sed
 * `sed -it s/a/b/ sub/.gi` kept sub/.gi as `sub/.git`. Every word that is no option counts as a file.
 */
export function inPlaceBackups(name: string, argv: readonly (string | null)[]): string[] {
  const words = argv.slice(1);
  const suffixes = inPlaceSuffixes(name, words);
  if (suffixes.length === 0) return [];
  const files = words.filter((word): word is string => word !== null && !word.startsWith("-"));
  return files.flatMap((file) => suffixes.map((suffix) => file + suffix));
}

/**
 * A backup suffix other than `~` given to cp, mv, ln, install (`-S`, `--suffix`; either makes backups without `-b`) or
 * rsync: each file it replaces is kept under its name with the suffix, which Symposium does not place. GNU mv
 * `-bT -S e newdir .vscod` renamed a folder `.vscod` to `.vscode`, and `cp -S t a sub/.gi` a file `sub/.gi` to
 * `sub/.git`.
 */
function backupSuffix(name: string, words: readonly (string | null)[]): string | undefined {
  const values = BACKUP_MAKERS[name];
  if (values === undefined) return undefined;
  const { options } = readOptions(words, values, ["--suffix", "--target-directory", "--backup-dir"]);
  // rsync reads a relative --backup-dir from its destination (`--backup-dir=keys` into a link `docs/keys`).
  const folder = optionValues(options, "--backup-dir").find((dir) => dir === null || !/^[/~]/.test(dir));
  if (name === "rsync" && folder !== undefined)
    return `rsync keeps what it replaces below its destination, in ${folder ?? "a folder computed at run time"}, which Symposium does not place`;
  const suffix = optionValues(options, "S", "--suffix").find((value) => value !== "~");
  return suffix === undefined
    ? undefined
    : `${name} keeps each file it replaces under its name and the suffix ${suffix ?? "computed at run time"}, which Symposium does not place`;
}

/**
 * gzip's `-N` when it decompresses to files: it writes the name stored in the archive's header, not the one on the
 * line. gzip 1.12 in a scratch folder: `gunzip -Nf notes.gz` overwrote `server.pem`, the name `notes.gz` stored.
 */
function storedName(name: string, words: readonly (string | null)[]): string | undefined {
  if (!["gzip", "gunzip", "pigz", "unpigz"].includes(name)) return undefined;
  const values = name === "pigz" || name === "unpigz" ? "bpSCKI" : "S";
  const { options } = readOptions(words, values, ["--suffix", "--blocksize", "--processes", "--comment"]);
  const has = (...names: string[]) => options.some(([option]) => names.includes(option));
  const restores = options.findLast(([option]) => ["N", "n", "--name", "--no-name"].includes(option));
  const decompresses = name === "gunzip" || name === "unpigz" || has("d", "--decompress", "--uncompress");
  if (!decompresses || has("c", "--stdout", "--to-stdout", "l", "--list", "t", "--test")) return undefined;
  if (restores === undefined || !["N", "--name"].includes(restores[0])) return undefined;
  return `${name} -N writes the file name the archive stores, which Symposium does not read`;
}

/**
 * GNU patch's backup names (`-z`, `-B`, `-Y`): the patched file's name with a suffix or prefix, a backup it may make
 * without `-b` too (when a patch does not apply exactly). GNU patch 2.7 in a scratch folder: `patch -b -z t -p1`
 * of a patch changing `sub5/.gi` kept the original as `sub5/.git`.
 */
function patchBackup(name: string, words: readonly (string | null)[]): string | undefined {
  if (name !== "patch") return undefined;
  const { options } = readOptions(words, "BDdFgiopVrxYz", PATCH_LONG_VALUES);
  const named = options.find(([option]) =>
    ["z", "B", "Y", "--suffix", "--prefix", "--basename-prefix"].includes(option),
  );
  return named === undefined
    ? undefined
    : `patch names the backups it keeps with ${named[1] ?? "a value computed at run time"}, which Symposium does not place`;
}

/** patch's long options that take a value in the next word. */
const PATCH_LONG_VALUES = [
  "--prefix",
  "--basename-prefix",
  "--suffix",
  "--ifdef",
  "--directory",
  "--fuzz",
  "--get",
  "--input",
  "--output",
  "--strip",
  "--version-control",
  "--reject-file",
  "--debug",
  "--quoting-style",
  "--reject-format",
  "--read-only",
];

/** util-linux's rename and Perl's (prename, file-rename), which rename files by an expression. */
const RENAMERS = wordSet("rename rename.ul prename file-rename perl-rename");

/**
 * The files a download names after its address (`curl -O https://x/a/.env` and `wget https://x/a/.env` write `.env`
 * where they run, or in `--output-dir`, `-P`): each address's last part without its query, as written and with its
 * escapes decoded (wget decodes `%65` as `e`). A name the server or a walk gives is no such file (`downloadUnread`).
 */
export function downloadedFiles(name: string, argv: readonly (string | null)[]): (string | null)[] {
  const download = readDownload(name, argv);
  if (download === undefined || !download.remoteNames) return [];
  return download.addresses.flatMap((address) => {
    if (address === null) return [null];
    const file = address.replace(/[?#].*$/s, "").replace(/^[a-z][\w+.-]*:\/\/[^/]*/i, "");
    const last = file.slice(file.lastIndexOf("/") + 1);
    let decoded = last;
    try {
      decoded = decodeURIComponent(last.replace(/%2f/gi, "%252F"));
    } catch {
      // Not an escape: the name as written.
    }
    return [...new Set([last, decoded])]
      .filter((part) => part !== "")
      .map((part) =>
        download.folder === undefined ? part : download.folder === null ? null : `${download.folder}/${part}`,
      );
  });
}

/** Why the files a download writes are not known by its address (a server's name, a walk, a glob), or undefined. */
export function downloadUnread(name: string, argv: readonly (string | null)[]): string | undefined {
  const download = readDownload(name, argv);
  if (download === undefined) return undefined;
  if (download.unread !== undefined)
    return `${name} ${download.unread}, so the files it writes are not known`;
  return undefined;
}

/**
 * A curl or wget line's addresses (its operands; some may be another option's value, which only adds names), whether
 * it names files after them (curl's `-O`, `--remote-name-all`; wget unless `-O`), the folder it writes them in
 * (undefined: where it runs), and what makes the names not known.
 */
function readDownload(
  name: string,
  argv: readonly (string | null)[],
):
  | { addresses: (string | null)[]; remoteNames: boolean; folder?: string | null; unread?: string }
  | undefined {
  if (name !== "curl" && name !== "wget") return undefined;
  const table = OPTION_FILES[name]!;
  const longs = [...Object.keys(table.files).filter((key) => key.startsWith("--")), ...DOWNLOAD_LONG_VALUES];
  const { options, operands } = readOptions(argv.slice(1), table.valueTaking, longs);
  const has = (...names: string[]) => options.some(([option]) => names.includes(option));
  const folder = optionValues(
    options,
    ...(name === "curl" ? ["--output-dir"] : ["P", "--directory-prefix"]),
  ).at(-1);
  const addresses = [...operands, ...optionValues(options, "--url")];
  if (name === "curl") {
    const remoteNames = has("O", "--remote-name", "--remote-name-all");
    const unread =
      remoteNames && has("J", "--remote-header-name")
        ? "-J names what it writes as the server says"
        : remoteNames && !has("g", "--globoff") && addresses.some((a) => a !== null && /[[{]/.test(a))
          ? "-O expands a pattern in its address"
          : undefined;
    return {
      addresses,
      remoteNames,
      ...(folder !== undefined ? { folder } : {}),
      ...(unread ? { unread } : {}),
    };
  }
  const remoteNames = !has("O", "--output-document");
  const walks = options.find(([option]) => WGET_UNREAD.has(option));
  const option = walks === undefined ? undefined : walks[0].startsWith("--") ? walks[0] : `-${walks[0]}`;
  const unread = option === undefined ? undefined : `${option} names what it writes by the server's answers`;
  return {
    addresses,
    remoteNames,
    ...(folder !== undefined ? { folder } : {}),
    ...(unread ? { unread } : {}),
  };
}

/** curl's and wget's long options that take a value in the next word, besides those naming files. */
const DOWNLOAD_LONG_VALUES = [
  "--url",
  "--user",
  "--user-agent",
  "--request",
  "--referer",
  "--max-time",
  "--connect-timeout",
  "--retry",
  "--proxy",
  "--range",
  "--header",
  "--tries",
  "--timeout",
  "--wait",
  "--level",
  "--accept",
  "--reject",
  "--domains",
  "--include-directories",
  "--exclude-directories",
  "--cut-dirs",
  "--post-data",
  "--method",
  "--body-data",
];

/**
 * wget's options that take names from the server or from pages (`-r`, `-m`, `-p`, `--content-disposition`,
 * `--trust-server-names`), from a list (`-i`), or build folders from the address (`-x`, `-nH`, `--cut-dirs`).
 */
const WGET_UNREAD = wordSet(
  "r m p i x --recursive --mirror --page-requisites --input-file --force-directories --content-disposition",
  "--trust-server-names --cut-dirs --no-host-directories --protocol-directories",
);

/**
 * The folders `git clone` may make when the line names none: each operand's last part without `.git` (git's
 * "humanish" name), `.git` added with `--bare`/`--mirror`. git 2.39 cloned `file:///…/.vscode.git` into `.vscode`.
 */
export function cloneDirectories(argv: readonly (string | null)[]): string[] {
  const git = gitSubcommand(argv);
  return git?.name === "clone" ? cloneFolders(git.rest) : [];
}

/** A forge's `repo` command (`gh repo clone u/x vendor/x`): its own words (before `--`), its verb and operands. */
interface ForgeRepoCommand {
  own: readonly (string | null)[];
  verb: string | null | undefined;
  repository: string | null | undefined;
  folder: string | null | undefined;
  /** Where the repository's word is in argv. */
  repositoryAt: number | undefined;
}

function forgeRepoCommand(name: string, argv: readonly (string | null)[]): ForgeRepoCommand | undefined {
  if (name !== "gh" && name !== "glab") return undefined;
  const words = argv.slice(1);
  const end = words.indexOf("--");
  const own = end < 0 ? words : words.slice(0, end);
  const operands: { word: string | null; at: number }[] = [];
  for (let i = 0; i < own.length; i++) {
    const word = own[i] ?? null;
    if (word !== null && word.startsWith("-")) {
      // Options that take the next word (`-u upstream`, `--fork-name x`, `--org o`, `--remote-name r`, `-R o/r`).
      if (/^(?:-[uR]|--(?:upstream-remote-name|fork-name|org|remote-name|repo))$/.test(word)) i++;
    } else operands.push({ word, at: i + 1 });
  }
  if (operands[0]?.word !== "repo") return undefined;
  const [verb, repository, folder] = operands.slice(1);
  return {
    own,
    verb: verb?.word,
    repository: repository?.word,
    folder: folder?.word,
    repositoryAt: repository?.at,
  };
}

/**
 * The folder a forge's clone makes when the line names none, named as git clone names it after the repository
 * (`gh repo clone https://github.com/u/.vscode` clones into `.vscode`): `gh`/`glab repo clone <repo>`, and
 * `gh repo fork <repo> --clone` (the fork's name, `--fork-name`, or the repository's).
 */
export function forgeCloneFolders(name: string, argv: readonly (string | null)[]): string[] {
  const repo = forgeRepoCommand(name, argv);
  if (repo?.repository == null) return [];
  const { own, verb, repository, folder } = repo;
  if (verb === "clone" && folder === undefined) return cloneFolders([repository]);
  if (verb === "fork" && name === "gh" && own.some((word) => word === "--clone" || word === "--clone=true")) {
    const at = own.findIndex((word) => word === "--fork-name" || word?.startsWith("--fork-name="));
    const forkName = at < 0 ? undefined : own[at]!.includes("=") ? own[at]!.split("=")[1] : own[at + 1];
    return forkName === undefined ? cloneFolders([repository]) : forkName === null ? [] : [forkName];
  }
  return [];
}

/**
 * Where in argv a forge's `repo clone`, `fork` or `view` names its repository (`gh repo clone u/.vscode vendor/x`):
 * a repository on the forge (`owner/name`, an address), never a path here. The folder a clone makes is
 * `forgeCloneFolders`'.
 */
export function forgeRepositoryWord(name: string, argv: readonly (string | null)[]): number | undefined {
  const repo = forgeRepoCommand(name, argv);
  return repo !== undefined && ["clone", "fork", "view"].includes(repo.verb ?? "")
    ? repo.repositoryAt
    : undefined;
}

function cloneFolders(rest: readonly (string | null)[]): string[] {
  const bare = rest.some((word) => word === "--bare" || word === "--mirror");
  return splitOptions(rest).operands.flatMap((word) => {
    if (word === null) return [];
    const path = word
      .replace(/[\\/]+$/, "")
      .replace(/[\\/]\.git$/, "")
      .replace(/[\\/]+$/, "");
    const last = path.slice(
      Math.max(path.lastIndexOf("/"), path.lastIndexOf(":"), path.lastIndexOf("\\")) + 1,
    );
    const name = last.replace(/\.(?:git|bundle)$/, "");
    return name === "" ? [] : [bare ? `${name}.git` : name];
  });
}

/**
 * The protected names split and csplit may give their pieces: the prefix and a made suffix (split's letters, digits
 * or hex digits, as many as `-a` says, then `--additional-suffix`; csplit's `-b` format of the piece's number).
 * coreutils 9.1 in a scratch folder: `csplit -f sub7/.gi -b 't%.0d' cs.txt 2` wrote its first piece as sub7/.git,
 * and `split -a1 -l1` with the prefix `.gi` names its twentieth piece `.git`. A null: the names are not known.
 */
export function protectedPieceNames(name: string, argv: readonly (string | null)[]): (string | null)[] {
  const words = argv.slice(1);
  if (name === "split") {
    const { options, operands } = readOptions(words, "abClnt", [
      "--suffix-length",
      "--bytes",
      "--line-bytes",
      "--lines",
      "--number",
      "--separator",
      "--additional-suffix",
      "--filter",
    ]);
    const prefix = operands[1] === undefined ? "x" : operands[1];
    const length = optionValues(options, "a", "--suffix-length").at(-1);
    const extra = optionValues(options, "--additional-suffix").at(-1);
    if (prefix === null || length === null || extra === null) return [null];
    const hex = options.some(([o]) => o === "x" || o.startsWith("--hex-suffixes"));
    const digits = options.some(([o]) => o === "d" || o.startsWith("--numeric-suffixes"));
    const alphabet = hex ? "0123456789abcdef" : digits ? "0123456789" : "abcdefghijklmnopqrstuvwxyz";
    const size = length === undefined ? 2 : Number(length);
    if (!Number.isInteger(size) || size < 1 || alphabet.length ** size > 20_000) return [null];
    let suffixes = [""];
    for (let i = 0; i < size; i++) suffixes = suffixes.flatMap((made) => [...alphabet].map((c) => made + c));
    return protectedOf(suffixes.map((made) => `${prefix}${made}${extra ?? ""}`));
  }
  if (name === "csplit") {
    const { options } = readOptions(words, "bfn", ["--suffix-format", "--prefix", "--digits"]);
    const prefix = optionValues(options, "f", "--prefix").at(-1) ?? "xx";
    const digits = optionValues(options, "n", "--digits").at(-1) ?? "2";
    const format = optionValues(options, "b", "--suffix-format").at(-1) ?? `%0${digits}d`;
    if (prefix === null || format === null) return [null];
    const numbers = Array.from({ length: 1000 }, (_, n) => pieceNumber(format, n));
    if (numbers.includes(undefined)) return [null];
    return protectedOf(numbers.map((made) => `${prefix}${made!}`));
  }
  return [];
}

/** The names of `names` that are protected. */
function protectedOf(names: readonly string[]): string[] {
  return names.filter((candidate) => isProtectedName(candidate.split(/[\\/]/)));
}

/** csplit's format of a piece's number (one `%d`, `%i`, `%u`, `%o`, `%x` or `%X` with its flags), else undefined. */
function pieceNumber(format: string, n: number): string | undefined {
  let conversions = 0;
  const made = format.replace(
    /%([-+ #0']*)(\d*)(?:\.(\d*))?([diouxX%])/g,
    (_, flags: string, width: string, precision: string | undefined, kind: string) => {
      if (kind === "%") return "%";
      conversions++;
      const base = kind === "o" ? 8 : kind === "x" || kind === "X" ? 16 : 10;
      let digits =
        n === 0 && precision !== undefined && Number(precision || "0") === 0 ? "" : n.toString(base);
      if (kind === "X") digits = digits.toUpperCase();
      if (precision !== undefined) digits = digits.padStart(Number(precision || "0"), "0");
      const sign = flags.includes("+") && base === 10 ? "+" : flags.includes(" ") && base === 10 ? " " : "";
      const alternate =
        flags.includes("#") && n !== 0
          ? kind === "o"
            ? "0"
            : kind === "x"
              ? "0x"
              : kind === "X"
                ? "0X"
                : ""
          : "";
      const body = sign + alternate + digits;
      const pad = Number(width || "0");
      return flags.includes("-")
        ? body.padEnd(pad, " ")
        : flags.includes("0") && precision === undefined
          ? sign + alternate + digits.padStart(pad - sign.length - alternate.length, "0")
          : body.padStart(pad, " ");
    },
  );
  return conversions === 1 ? made : undefined;
}

/** GNU commands that make backups, with their short options that take a value. */
const BACKUP_MAKERS: Readonly<Record<string, string>> = {
  cp: "St",
  mv: "St",
  ln: "St",
  install: "gmoSt",
  rsync: "",
};

/**
 * Whether a command reads below the folders it is given following the links it meets there, so that a link in the
 * workspace may take it anywhere: `grep -R`, `rg -L`, `tar -h`, `zip -r` (without `-y`), `rsync -L`, `cp -rL`.
 */
export function followsLinksBelow(name: string, argv: readonly (string | null)[]): boolean {
  const { short, long } = optionTests(splitOptions(argv.slice(1)).flags);
  switch (name) {
    case "grep":
    case "egrep":
    case "fgrep":
      return short("R") || long("--dereference-recursive");
    case "rg":
      return short("L") || long("--follow");
    case "tar": {
      const tar = optionTests(splitOptions(tarWords(argv.slice(1))).flags);
      return tar.short("h") || tar.long("--dereference");
    }
    case "zip":
      return (short("rR") || long("--recurse-paths")) && !short("y") && !long("--symlinks");
    case "rsync":
      return short("L") || long("--copy-links", "--copy-unsafe-links", "--copy-dirlinks") || short("k");
    case "cp":
      return (short("L") || long("--dereference")) && (short("rRa") || long("--recursive", "--archive"));
    case "chmod":
    case "chown":
    case "chgrp":
      return short("R") && short("L");
    case "find":
      return findFollowsLinks(argv);
    default:
      return false;
  }
}

/**
 * The entries a command reads or acts on below the folders it is given though its line names none of them: the files
 * a recursive search reads (`grep -r`), what find finds, what a lister prints for xargs. The policy walks each folder
 * as the command does (`enters`: a folder below, by its path from the folder walked, `/`-joined) and checks each
 * entry it `takes` where it is: `grep -r KEY .` reads `.env`, `find . -name config -exec sed -i … {} +` changes
 * `.git/config`.
 */
export interface EntryWalk {
  /** The folders walked, as written (null when computed at run time). */
  folders: (string | null)[];
  /** It goes on through links to folders (`grep -R`, `find -L`). */
  follows: boolean;
  /** It takes hidden entries (every file that holds credentials in a workspace is hidden: `.env`, `.npmrc`). */
  hidden: boolean;
  /**
   * Only what the repository tracks (`git ls-files`): what git prints anyway (`git show`, `git log -p`), so a command
   * that only reads learns no more from it. The walk takes any entry, tracked or not.
   */
  tracked?: boolean;
  enters(relative: string): boolean;
  takes(relative: string): boolean;
  /** It takes no folder (`find -type f`): a folder's entries are taken one by one, by `takes`. */
  filesOnly?: true;
  /**
   * rg: an entry it skips only for being hidden (`folder` or file), which a `!` line of an ignore file takes back
   * (`!.env` in a repository's `.ignore` makes `rg KEY` print `.env`), those it is given by `--ignore-file` too
   * (only those with `--no-ignore` or `-u`). A folder its ignore files leave out (`node_modules`) it does not enter
   * unless `prunes` says it may be: no glob or `--no-ignore…` option decides for them.
   */
  unhidden?: {
    skips(relative: string, folder: boolean): boolean;
    ignoreFiles: (string | null)[];
    readsOwnIgnoreFiles: boolean;
    prunes(relative: string): boolean;
  };
}

const lastName = (relative: string) => relative.slice(relative.lastIndexOf("/") + 1);
const isHidden = (relative: string) => relative.split("/").some((name) => name.startsWith("."));
const everything = () => true;

/** diff's words: options with their values (`-x` patterns, `-X` files, labels, …) and the files or folders compared. */
function readDiff(words: readonly (string | null)[]) {
  return readOptions(words, "xXSIFL", [
    ...["--exclude", "--exclude-from", "--ignore-matching-lines", "--label", "--starting-file"],
    ...["--from-file", "--to-file"],
  ]);
}

/**
 * What a search reads below the folders it is given: `diff -r` and `git grep --no-index` (or `--untracked`) every
 * file there, `grep -r` every file there (narrowed by `--include`, `--exclude`, `--exclude-dir`), `rg` every file
 * that is not hidden, and hidden ones too with `--hidden`, `-uu`, a `--glob` taking them or a type added (narrowed by
 * its `--glob`s; its ignore files are not read but for a `!` line taking a hidden file back, `unhidden`, so it may read
 * less than this says), `ag`, `ack` and `ugrep` every file there (`OTHER_SEARCHES`). Given
 * no folder, rg and those search where they run, or the input they are given (`input`). Undefined for a grep that
 * does not recurse and any other command.
 */
export function searchWalk(
  name: string,
  argv: readonly (string | null)[],
  /** Its input is a pipe or a file: given no folder, rg, ag, ack and ugrep search that instead. */
  input = false,
): EntryWalk | undefined {
  const words = argv.slice(1);
  const { flags } = splitOptions(words);
  const { short, long } = optionTests(flags);
  // diff -r compares (and prints) every file below its folders, a file only one side has whole with -N, through
  // links unless told not to (`diff -r docs other` reads `docs/keys/key` where `docs/keys` leads).
  if (name === "diff" && (short("r") || long("--recursive"))) {
    const { options, operands } = readDiff(words);
    const skipped = excludes(optionValues(options, "x", "--exclude"), "names");
    return {
      folders: [...operands, ...optionValues(options, "--from-file", "--to-file")],
      follows: !long("--no-dereference"),
      hidden: true,
      enters: (relative) => !skipped(relative),
      takes: (relative) => !skipped(relative),
    };
  }
  // git grep searches what git tracks, and with --untracked or --no-index the other files too (--no-index even those
  // git ignores, `.env` among them).
  if (name === "git") {
    const git = gitSubcommand(argv);
    if (git?.name !== "grep" || !git.rest.some((word) => word === "--no-index" || word === "--untracked"))
      return undefined;
    return {
      folders: ["."],
      follows: false,
      hidden: true,
      enters: (relative) => lastName(relative) !== ".git",
      takes: everything,
    };
  }
  // ag, ack and ugrep read every file below their folders, hidden ones taken: ag's and ugrep's skipping them is not
  // relied on (an ignore file lets one through to rg: `!.env` in `.ignore`), ack does not skip them.
  const other = OTHER_SEARCHES[name];
  if (other) {
    const { options, operands } = readOptions(words, other.values, other.long);
    const given = (names: string[]) => options.some(([option]) => names.includes(option));
    const files = given(other.pattern) ? operands : operands.slice(1);
    if (input && files.length === 0 && !(name.startsWith("ug") && given(["r", "R", "--recursive"])))
      return undefined;
    // A long option not known here, or a word computed at run time, may take the next word as its value, so that the
    // pattern reads as a folder and the folder it runs in is searched (`ag --color-match 31 KEY`): that one too.
    const unsure = words.some(
      (word) =>
        word === null ||
        (/^--[^=]+$/.test(word) &&
          !other.long.some((option) => option.startsWith(word)) &&
          !other.flags.includes(word)),
    );
    return {
      folders: files.length === 0 ? ["."] : unsure ? [...files, "."] : files,
      follows: given(other.follows),
      hidden: true,
      enters: everything,
      takes: everything,
    };
  }
  if (name === "rg") {
    if (input && readPatternFirst(PATTERN_FIRST.rg!, words).files.length === 0) return undefined;
    const { files, values } = readPatternFirst(PATTERN_FIRST.rg!, words, ".");
    const unrestricted =
      flags
        .filter((flag) => !flag.startsWith("--"))
        .reduce((n, flag) => n + (flag.match(/u/g)?.length ?? 0), 0) +
      flags.filter((flag) => longOption(flag, "--unrestricted")).length;
    // A type added (`--type-add 'x:.env' -t x`) takes the files it names, hidden or not.
    const typed = values.some(([option]) => option === "--type-add");
    const hidden = short(".") || long("--hidden") || unrestricted >= 2 || typed;
    // rg matches a glob with a `/` from the folder it runs in, the walk's names from the folder searched.
    // rg takes no abbreviated option (`--glob` is no `--glob-case-insensitive`); the last of the pair decides.
    const caseless =
      flags.findLast((flag) => /^--(?:no-)?glob-case-insensitive$/.test(flag)) === "--glob-case-insensitive";
    const elsewhere = files.some((folder) => folder === null || !/^\.(?:\/+\.?)*\/*$/.test(folder));
    const globs = values
      .filter(([option, value]) => ["g", "--glob", "--iglob"].includes(option) && value != null)
      .map(([option, value]) => {
        const negated = value!.startsWith("!");
        const pattern = negated ? value!.slice(1) : value!;
        // One too costly to match, read otherwise by picomatch or matched from elsewhere is read as matching anything
        // (an exclusion then excludes nothing). rg reads `[!x]` as a class of all but x, which picomatch spells `[^x]`;
        // a second `!` is text (`!!x`).
        // rg's class may match a `/` (`web[!a].npmrc` takes `web/.npmrc`), which picomatch's never does: a glob that
        // takes files with one may take any.
        const matches =
          globTooCostly(pattern) ||
          readOtherwise(pattern) ||
          (elsewhere && /\/./.test(pattern)) ||
          (!negated && pattern.includes("["))
            ? () => !negated
            : // A leading `/` anchors it where rg runs, here the folder searched.
              globMatcher(pattern.replace(/^\//, "").replace(/\[!/g, "[^"), {
                dot: true,
                nonegate: true,
                nocase: option === "--iglob" || caseless,
                basename: !pattern.includes("/"),
              });
        return { negated, matches };
      });
    // A glob with no slash matches a name at any depth. The last glob that matches an entry decides, before hidden
    // names are left (`-g '.env'` and `-g '*'` read `.env`): `!` excludes. A file no glob matches is left when some
    // glob takes files; a folder is not.
    const lastMatch = (relative: string) => globs.findLast(({ matches }) => matches(relative));
    const globbed = (relative: string, folder: boolean) => {
      // rg's `**` matches a line break in some versions, not in others: such a name is read whatever the globs say.
      if (globs.length > 0 && LINE_BREAK.test(relative)) return true;
      const match = lastMatch(relative);
      if (match !== undefined) return !match.negated;
      return folder || !globs.some((glob) => !glob.negated) ? undefined : false;
    };
    const shown = (relative: string) => hidden || !isHidden(relative);
    // `--no-ignore` and `-u` leave the ignore files it finds unread (`--ignore` and the like read them again).
    const ignoring = !long("--no-ignore") && unrestricted === 0;
    const reading = long(
      ...["--ignore", "--ignore-dot", "--ignore-vcs", "--ignore-parent", "--ignore-exclude"],
    );
    const ignoreFiles = optionValues(values, "--ignore-file");
    const prunable =
      ignoring &&
      ignoreFiles.length === 0 &&
      !flags.some((flag) => flag.startsWith("--no-ignore") || flag === "--no-require-git");
    return {
      folders: files,
      follows: short("L") || long("--follow"),
      hidden,
      enters: (relative) => globbed(relative, true) ?? shown(relative),
      takes: (relative) => globbed(relative, false) ?? shown(relative),
      ...(hidden || (!ignoring && !reading && ignoreFiles.length === 0)
        ? {}
        : {
            unhidden: {
              skips: (relative, folder) => globbed(relative, folder) === undefined && !shown(relative),
              ignoreFiles,
              readsOwnIgnoreFiles: ignoring || reading,
              prunes: (relative) => prunable && globbed(relative, true) === undefined,
            },
          }),
    };
  }
  if (!["grep", "egrep", "fgrep"].includes(name)) return undefined;
  const { files, values } = readPatternFirst(GREP, words, ".");
  const given = (...options: string[]) =>
    values.filter(([option]) => options.includes(option)).map(([, value]) => value);
  if (!searchesFolder(name, flags) && !given("d", "--directories").includes("recurse")) return undefined;
  // grep matches these against an entry's own name (BSD grep its path too: an inclusion with a `/` may take any
  // file; GNU grep's exclusion with one, `.env/` or `nm/`, leaves out nothing). An exclusion not known excludes
  // nothing; an inclusion not known includes anything. grep's patterns know no `!` negation: `--exclude='!x'` leaves
  // out a name `!x`, not all the others.
  const matcher = (glob: string | null, include: boolean) =>
    glob === null || globTooCostly(glob) || readOtherwise(glob) || glob.includes("/")
      ? () => include
      : globMatcher(glob, { dot: true, nobrace: !include, nonegate: true, posix: true });
  // `--exclude-from`'s patterns (a file's lines, not read here) are exclusions in the same order.
  const filters = values
    .filter(([option]) => GREP_NAME_FILTERS.includes(option))
    .map(([option, glob]) => ({
      include: option === "--include",
      matches: matcher(option === "--exclude-from" ? null : glob, option === "--include"),
    }));
  // GNU grep drops a folder pattern's trailing `/` (`--exclude-dir=node_modules/`).
  const excludedFolders = given("--exclude-dir").map((glob) =>
    matcher(glob?.replace(/(?<=[^/])\/+$/, "") ?? null, false),
  );
  return {
    folders: files,
    follows: short("R") || long("--dereference-recursive"),
    hidden: true,
    enters: (relative) => !excludedFolders.some((matches) => matches(lastName(relative))),
    // The last `--include` or `--exclude` that matches decides (`--exclude=.env --include=.env` reads `.env`); a file
    // none matches is read unless the first is an `--include`.
    takes: (relative) => {
      const file = lastName(relative);
      const last = filters.findLast(({ matches }) => matches(file));
      return last ? last.include : filters[0]?.include !== true;
    },
  };
}

/**
 * A command's words as getopt reads them, for commands whose options take values: each option with its value (a
 * short one's from the rest of its cluster or the next word, a long one's after `=` or in the next word when it is
 * among `longValues`), and the operands. Options are read up to `--` only.
 */
export function readOptions(
  words: readonly (string | null)[],
  shortValues: string,
  longValues: readonly string[],
): { options: [string, string | null][]; operands: (string | null)[] } {
  const options: [string, string | null][] = [];
  const operands: (string | null)[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? null;
    if (word === "--") {
      operands.push(...words.slice(i + 1));
      break;
    }
    if (word === null || !word.startsWith("-") || word === "-") operands.push(word);
    else if (word.startsWith("--")) {
      const eq = word.indexOf("=");
      const written = eq < 0 ? word : word.slice(0, eq);
      const name = longOptionAmong(written, longValues) ?? written;
      const value = eq >= 0 ? word.slice(eq + 1) : longValues.includes(name) ? (words[++i] ?? null) : null;
      options.push([name, value]);
    } else
      for (let c = 1; c < word.length; c++) {
        const letter = word[c]!;
        if (!shortValues.includes(letter)) {
          options.push([letter, null]);
          continue;
        }
        options.push([letter, c + 1 < word.length ? word.slice(c + 1) : (words[++i] ?? null)]);
        break;
      }
  }
  return { options, operands };
}

/** The values `readOptions` read for any of `names`, in order. */
export function optionValues(
  options: readonly [string, string | null][],
  ...names: string[]
): (string | null)[] {
  return options.flatMap(([option, value]) => (names.includes(option) ? [value] : []));
}

/**
 * An exclusion's patterns, each matching as `against` says: tar's any name along an entry's path or the whole path,
 * its `*` crossing a `/`; rsync's, diff's and 7-Zip's a name along it (diff matches names only, rsync and 7-Zip a
 * pattern with a `/` or `**` from the top, not read here); zip's the whole path as it stores it. One not known
 * (computed, too costly, read otherwise by picomatch, or ending in `/`, which tar and zip match to no file) matches as
 * `unknown` says: nothing for an exclusion, anything for zip's `-i`.
 */
function excludes(
  patterns: readonly (string | null)[],
  against: "names or path" | "names" | "path" = "names or path",
  unknown = false,
): (relative: string) => boolean {
  const matchers = patterns.map((pattern) => {
    const bare = pattern?.replace(/^(?:\.\/)+/, "");
    if (against === "names" && bare != null && /\/|\*\*/.test(bare)) return () => unknown;
    // zip's `?` and classes match a `/` too (`web?.npmrc` takes `web/.npmrc`), which picomatch's never do: `-i` with
    // one may take anything (an exclusion leaving out more than read here is safe).
    if (
      bare == null ||
      globTooCostly(bare) ||
      readOtherwise(bare) ||
      bare.endsWith("/") ||
      (unknown && /[?[]/.test(bare))
    )
      return () => unknown;
    // A leading `!` is text to them, not picomatch's negation (`--exclude='!x'` leaves out only `!x`); `[!x]` is a
    // class of all but x.
    const whole = globMatcher(bare, { dot: true, bash: true, nobrace: true, nonegate: true, posix: true });
    const name = globMatcher(bare, { dot: true, nobrace: true, nonegate: true, posix: true });
    const names = (relative: string) => relative.split("/").some((part) => name(part));
    return against === "path"
      ? whole
      : against === "names"
        ? names
        : (relative: string) => whole(relative) || names(relative);
  });
  return (relative) => matchers.some((matches) => matches(relative));
}

/** Whether an option read by `readOptions` is any of `names` or a start of one, as GNU programs take it. */
function givenAmong(options: readonly [string, string | null][], names: readonly string[]): boolean {
  return options.some(
    ([option]) =>
      option.startsWith("--") && option.length > 2 && names.some((name) => name.startsWith(option)),
  );
}

/** zip's words: its operands (the archive, then the inputs), and the patterns after `-x` and `-i`. */
function zipWords(words: readonly (string | null)[]): {
  operands: (string | null)[];
  excluded: (string | null)[];
  included: (string | null)[];
} {
  const excluded: (string | null)[] = [];
  const included: (string | null)[] = [];
  const operands: (string | null)[] = [];
  // `-x` and `-i` take the words after them, up to the next option.
  let list: (string | null)[] = operands;
  for (const word of words) {
    if (word === "-x" || word === "--exclude") list = excluded;
    else if (word === "-i" || word === "--include") list = included;
    else if (word !== null && word.startsWith("-")) list = operands;
    else list.push(word);
  }
  return { operands, excluded, included };
}

/** node's options whose value is the next word (`--require ./x`, `--import x`), which is no script. */
const NODE_VALUE_OPTIONS = wordList(
  "--require --import --loader --experimental-loader --conditions --input-type --env-file --title --stack-size",
  "--max-old-space-size",
);
const NODE_VALUES = new RegExp(`^(?:${NODE_VALUE_OPTIONS.join("|")})$`);

/**
 * Interpreters' options whose value is the program (`python3 -c …`, `node -e …`, `perl -ne …`, `php -r …`), and their
 * options whose value is the next word (short `values`, `longValues`), which may come first (`node -r ./x -e …`).
 */
const INLINE_CODE: Record<
  string,
  { short: string; long: readonly string[]; values?: string; longValues?: readonly string[] }
> = {
  node: { short: "ep", long: ["--eval", "--print"], values: "rC", longValues: NODE_VALUE_OPTIONS },
  // node's runners of TypeScript, Babel and CoffeeScript, and zx (JavaScript whose $`…` lines run in a shell).
  tsx: {
    short: "ep",
    long: ["--eval", "--print"],
    values: "rC",
    longValues: ["--tsconfig", ...NODE_VALUE_OPTIONS],
  },
  "ts-node": {
    short: "ep",
    long: ["--eval", "--print"],
    values: "rOPCDI",
    longValues: wordList(
      "--require --compilerOptions --compiler-options --project --compiler --ignore-diagnostics --ignore --cwd --dir",
      "--scope-dir --transpiler",
    ),
  },
  "babel-node": {
    short: "ep",
    long: ["--eval", "--print"],
    values: "ioxwbr",
    longValues: wordList(
      "--ignore --only --extensions --plugins --presets --require --config-file --env-name --root-mode",
    ),
  },
  coffee: { short: "e", long: ["--eval"], values: "r", longValues: ["--require"] },
  zx: {
    short: "e",
    long: ["--eval"],
    longValues: wordList("--shell --prefix --postfix --cwd --ext --registry --env"),
  },
  bun: { short: "e", long: ["--eval", "--print"] },
  perl: { short: "eE", long: [] },
  ruby: { short: "e", long: [] },
  php: { short: "rRBE", long: [] },
  lua: { short: "e", long: [] },
  luajit: { short: "e", long: [] },
  Rscript: { short: "e", long: [] },
  julia: { short: "eE", long: ["--eval", "--print"] },
  // `-l JavaScript`, `-s h`: options with a value of their own before the program.
  osascript: { short: "e", long: [], values: "ls" },
  expect: { short: "c", long: [] },
};

/**
 * The programs an interpreter is given on its command line (`python3 -c CODE`, `node -e CODE`, `deno eval CODE`):
 * what its options say up to its script or first operand; null for one computed at run time.
 */
export function inlineCode(name: string, argv: readonly (string | null)[]): (string | null)[] {
  if (name === "deno")
    return argv[1] === "eval"
      ? argv
          .slice(2)
          .filter((w) => w === null || !w.startsWith("-"))
          .slice(0, 1)
      : [];
  // awk's program is its first operand (`awk '{print > ".git/config"}'`).
  if (AWKS.has(name)) {
    const { program } = readAwk(argv.slice(1));
    return program === undefined ? [] : [program];
  }
  const syntax = /^python[\d.]*$/.test(name) ? { short: "c", long: [] } : INLINE_CODE[name];
  if (syntax === undefined) return [];
  const code: (string | null)[] = [];
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i] ?? null;
    if (word === null || word === "--" || !word.startsWith("-") || word === "-") {
      // After an option this does not know, this word may be its value and a later code option the program's
      // (`node --inspect-port 9229 -e …`): read as such, the more code the more is judged.
      const before = argv[i - 1];
      const unknown =
        word !== null &&
        word !== "--" &&
        i > 1 &&
        before != null &&
        /^-[^-]|^--[^=]+$/.test(before) &&
        !(before.startsWith("--") && syntax.long.includes(before));
      if (
        unknown &&
        argv
          .slice(i + 1)
          .some(
            (later) =>
              later === null ||
              syntax.long.some((option) => later === option || later.startsWith(`${option}=`)) ||
              (/^-[^-]/.test(later) && [...later.slice(1)].some((letter) => syntax.short.includes(letter))),
          )
      )
        continue;
      break;
    }
    if (word.startsWith("--")) {
      const eq = word.indexOf("=");
      const option = eq < 0 ? word : word.slice(0, eq);
      if (syntax.long.includes(option)) code.push(eq < 0 ? (argv[++i] ?? null) : word.slice(eq + 1));
      else if (eq < 0 && syntax.longValues?.includes(option) === true) i++;
      continue;
    }
    const at = [...word.slice(1)].findIndex((letter) => syntax.short.includes(letter)) + 1;
    if (at === 0 && word.length === 2 && syntax.values?.includes(word[1]!) === true) i++;
    if (at > 0) code.push(at + 1 < word.length ? word.slice(at + 1) : (argv[++i] ?? null));
    // python's -c ends its options: what follows is the program's own argv.
    if (at > 0 && syntax.short === "c") break;
  }
  return code;
}

/**
 * Interpreters that read their program from standard input when given no script, or `-` (`python3 - <<'EOF'`), and
 * their short options that take the next word as a value.
 */
const STDIN_PROGRAMS: Record<string, string> = {
  python: "WXQ",
  node: "r",
  ruby: "IrCEFKTx",
  perl: "IMmCdDx",
  php: "cdz",
  osascript: "ls",
  lua: "l",
  luajit: "lj",
  julia: "JptC",
  Rscript: "",
  irb: "I",
  expect: "",
  R: "",
};

/**
 * Where an interpreter's program comes from: its standard input (`python3 <<'EOF' … EOF`, `node - < x`, awk's
 * `-f /dev/stdin`, an interactive interpreter after its script or code: `python3 -i -c pass <<< …`, a REPL module:
 * `python3 -m code`), a script or file named on the line, or a word computed at run time in the script's place
 * (`python3 <(curl …)`, `awk -f <(…)`, `deno run <(…)`); undefined for inline code, a module, or a program not
 * listed here.
 */
function programSource(
  name: string,
  argv: readonly (string | null)[],
): "stdin" | "computed" | "file" | undefined {
  const words = argv.slice(1);
  if (AWKS.has(name)) {
    // Every program file: `-f x`, `-fx`, `--file=x`, `--file x`, gawk's `-i`/`--include` of a library.
    const files: (string | null)[] = [];
    for (let i = 0; i < words.length; i++) {
      const word = words[i] ?? null;
      if (word === null || word === "--") break;
      if (/^(?:-f|-i|--file|--include)$/.test(word)) files.push(words[++i] ?? null);
      else if (/^--(?:file|include)=/.test(word)) files.push(word.slice(word.indexOf("=") + 1));
      else if (/^-[fi]./.test(word)) files.push(word.slice(2));
    }
    const sources = files.map((file) => fileSource(file));
    return sources.includes("stdin")
      ? "stdin"
      : sources.includes("computed")
        ? "computed"
        : sources.length > 0
          ? "file"
          : undefined;
  }
  // A runner of a script file (`deno run x.ts`, `bun x.ts`, `tsx x.ts`): its first operand.
  const runner = SCRIPT_RUNNERS[name];
  if (runner !== undefined) {
    const operands = words.filter((word) => word === null || !word.startsWith("-"));
    const script = operands[0] !== undefined && runner.includes(operands[0]!) ? operands[1] : operands[0];
    return script === undefined ? undefined : fileSource(script) === "computed" ? "computed" : "file";
  }
  const family = interpreterFamily(name);
  const values = family === undefined ? undefined : STDIN_PROGRAMS[family];
  if (values === undefined) return undefined;
  // Interactive after its code or script, it reads more program from its input.
  const interactive = (word: string) =>
    family === "python" ? shortOptionGiven(word, "i", "WXQmc") : /^(?:-i|--interactive)$/.test(word);
  if ((family === "python" || family === "node") && words.some((word) => word !== null && interactive(word)))
    return "stdin";
  if (inlineCode(name, argv).length > 0) return undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? null;
    const source = fileSource(word);
    if (source === "computed") return "computed";
    if (word === "-" || word === "--") {
      const next = words[i + 1];
      if (word === "--" && next === null) return "computed";
      return word === "-" || next === undefined || next === "-" || fileSource(next) === "stdin"
        ? "stdin"
        : "file";
    }
    // A script whose name is the standard input's (`python3 /dev/stdin <<< "…"`) is read from it.
    if (source === "stdin") return "stdin";
    if (!word!.startsWith("-")) return "file"; // a script
    if (family === "python" && /^-[A-Za-z]*m/.test(word!)) {
      const attached = word!.slice(word!.indexOf("m") + 1);
      const module = attached === "" ? words[i + 1] : attached;
      return module === null ? "computed" : module === "code" || module === "asyncio" ? "stdin" : undefined;
    }
    if ((word!.length === 2 && values.includes(word![1]!)) || (family === "node" && NODE_VALUES.test(word!)))
      i++;
  }
  return "stdin";
}

/** Where a program file named by `word` is read from: the input, a pipe or a word computed at run time, or a file. */
function fileSource(word: string | null | undefined): "stdin" | "computed" | "file" {
  if (word === null) return "computed";
  if (word === undefined) return "file";
  const normal = posix.normalize(word);
  return PIPE_FILE.test(normal) ? "computed" : word === "-" || STDIN_NAMES.has(normal) ? "stdin" : "file";
}

/** An interpreter's family (`python3.12` is python's, `lua5.4` lua's), as `STDIN_PROGRAMS` lists them. */
function interpreterFamily(name: string): string | undefined {
  if (/^(?:python|pypy)[\d.]*$/.test(name)) return "python";
  const family = name.replace(/^(lua|luajit|ruby|perl|php|julia|node|tclsh|wish)[\d.]*$/, "$1");
  return family in STDIN_PROGRAMS ? family : undefined;
}

/** Programs that run a script file they are given, after a subcommand of theirs (`deno run x.ts`). */
const SCRIPT_RUNNERS: Readonly<Record<string, readonly string[]>> = {
  deno: ["run"],
  bun: ["run"],
  tsx: [],
  "ts-node": [],
};

/**
 * A program that loads or runs code, commands or options its words give in a form Symposium does not read: node's
 * modules given as `data:` or network addresses (`--import 'data:text/javascript,…'`), python's timeit (its words are
 * statements) and pdb (debugger commands), a compiler driver's programs and plugins (`-wrapper sh,-c,…`, `-B dir`,
 * `-specs=`, `-fplugin=`, options from a file `@args`), mercurial's and subversion's configuration and editors on the
 * line (`hg --config hooks.pre-status=…`), yq's files split by an expression or loaded (`-s`, `load("…")`), a mount,
 * rsync's daemon, node's inspector open to the network.
 */
function loadsUnread(name: string, words: readonly (string | null)[]): string | undefined {
  const says = (what: string) => `${name} ${what}, which Symposium does not read`;
  // A word computed at run time that may be one of these options is `computedOptionGuard`'s.
  const known = words.filter((word): word is string => word !== null);
  if (["node", "bun", "deno"].includes(name)) {
    if (
      words.some(
        (word, i) =>
          word !== null &&
          ((NODE_LOADS.test(words[i - 1] ?? "") && /^\s*(?:data|https?):/i.test(word)) ||
            /^--(?:import|require|loader|experimental-loader)=\s*(?:data|https?):/i.test(word)),
      )
    )
      return says("loads a module its options give inline or from the network");
    if (known.some((word) => INSPECT_ELSEWHERE.test(word)))
      return says("opens its inspector (which runs any code sent to it) to the network");
  }
  // The project's environment file, written by a program under its default name (`vercel env pull` writes
  // `.env.local`, `prisma init` `.env`): protected, as `echo … > .env` is.
  const verbs = known.filter((word) => !word.startsWith("-"));
  if (
    (name === "vercel" && verbs[0] === "env" && verbs[1] === "pull") ||
    (name === "prisma" && verbs[0] === "init") ||
    (name === "dotenv-vault" && ["pull", "new", "decrypt"].includes(verbs[0] ?? ""))
  )
    return `${name} writes the project's environment file (.env), a protected file`;
  // cargo-watch runs the cargo commands and shell lines its options give (`-x`, `-s`), as watchexec does.
  if ((name === "cargo" && verbs[0] === "watch") || name === "cargo-watch")
    return says("runs the commands its options give");
  // just runs a command given on its line with the justfile's environment (`just --command 'rm -rf ~'`).
  if (name === "just" && known.some((word) => /^(?:-c|--command)(?:=|$)|^-[a-zA-Z]*c$/.test(word)))
    return says("runs the command its --command option gives");
  if (name === "timeit" || name === "pdb")
    return says("runs Python statements or debugger commands given on its line");
  if (
    isCompiler(name) &&
    known.some(
      (word, i) =>
        COMPILER_RUNS.test(word) ||
        (/^(?:-Xlinker|-Xclang|-Xassembler|-Xpreprocessor)$/.test(known[i - 1] ?? "") &&
          /plugin|^-?load$/.test(word)),
    )
  )
    return says("runs programs, plugins or options its words name (-wrapper, -B, -specs, -fplugin, @file)");
  if (name === "hg" && known.some((word) => /^--(?:con|cw|rep|deb)|^-[a-zA-Z]*R/.test(word)))
    return says("takes configuration or a repository elsewhere on its line (--config hooks run commands)");
  if (
    (name === "svn" || name === "svnadmin") &&
    known.some((word) => /^--(?:config-option|config-dir|editor-cmd|diff-cmd|diff3-cmd)(?:=|$)/.test(word))
  )
    return says("takes configuration or programs on its line");
  if (
    name === "yq" &&
    known.some((word) => /^(?:-s|--split-exp)|^-[a-zA-Z]*s|\bload(?:_\w+)?\s*\(/.test(word))
  )
    return says("writes files its expression names (-s) or loads files (load)");
  if (
    (MOUNTERS.has(name) && known.some((word) => !word.startsWith("-"))) ||
    (name === "rclone" && ["mount", "nfsmount"].includes(verbs[0] ?? "")) ||
    (name === "udisksctl" && ["mount", "loop-setup"].includes(verbs[0] ?? ""))
  )
    return says("changes what the machine's folders hold");
  if (name === "rsync" && known.some((word) => /^--dae/.test(word)))
    return says("serves the folders its configuration names");
  return undefined;
}
/** node's inspector bound to another address than this machine's own (`--inspect=0.0.0.0:9229`). */
const INSPECT_ELSEWHERE =
  /--inspect(?:-brk|-wait|-port)?=(?!(?:127\.0\.0\.1|localhost|\[::1\])?:?\d*(?:\s|$))/;
/** node's options whose value is a module it loads first. */
const NODE_LOADS = /^(?:--import|--require|-r|--loader|--experimental-loader)$/;

/** A pipe read as a file: a process substitution's (`python3 <(curl …)` is `python3 /dev/fd/63`), any other's. */
const PIPE_FILE = /^\/(?:dev|proc\/self)\/fd\/(?:[1-9]|\d\d+)$/;

/** Whether an interpreter reads its program from its standard input (`programSource`). */
export function readsProgramFromStdin(name: string, argv: readonly (string | null)[]): boolean {
  return programSource(name, argv) === "stdin";
}

/**
 * Why an interpreter's program is not known: the word in its script's place is computed at run time
 * (`python3 <(curl …)`, `awk -f <(echo …)`, `python3 -m $(…)`).
 */
export function programComputed(name: string, argv: readonly (string | null)[]): string | undefined {
  return programSource(name, argv) === "computed"
    ? `${name} runs a program whose name or text is computed at run time, which Symposium does not read`
    : undefined;
}

/** The names the standard input goes by, which a program given one as its script reads its code from. */
const STDIN_NAMES: ReadonlySet<string | null> = new Set([
  "/dev/stdin",
  "/dev/fd/0",
  "/proc/self/fd/0",
  "/proc/thread-self/fd/0",
]);

/** Every string a program's text quotes (`open('secrets/key')`), as written between its quotes. */
export function quotedStrings(code: string): string[] {
  return [...code.matchAll(/(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g)].map((match) => match[2]!);
}

/**
 * The quoted strings of a program's text that read as paths: `~/…`, `/x…`, `./…`, `../…`, a dotfile (`.env`,
 * `.git/hooks/x`) or one that goes up (`a/../../x`). Code can reach a file without writing its name, so this catches
 * only what is written plainly: `open('.git/hooks/pre-commit', 'w')`, `readFileSync('/home/u/.ssh/id_rsa')`,
 * `urlopen('file:///home/u/.ssh/id_rsa')`.
 */
export function pathLiterals(code: string): string[] {
  // The home folder computed rather than written (`expanduser('~')`, `os.homedir()`, `Path.home()`).
  const paths: string[] = HOME_IN_CODE.test(code) ? ["~"] : [];
  for (const written of quotedStrings(code)) {
    // A `file://` address names its path (`urlopen('file:///home/u/.ssh/id_rsa')`).
    // Perl's two-argument open writes its mode before the path (`open(F, ">>../x")`).
    const text = written.replace(/^file:\/\/(?:localhost)?(?=\/)/i, "").replace(/^\s*\+?(?:>>|[<>])\s*/, "");
    if (text.length > 4096 || /\s|:\/\/|\$\{/.test(text)) continue;
    if (/^(?:~$|~\/|\/[\w.]|\.{1,2}\/|\.[\w-])|(?:^|\/)\.\.(?:\/|$)/.test(text)) paths.push(text);
  }
  return paths;
}

/**
 * The files a program's text writes by a name written out, whatever the name begins with (pathLiterals takes `--x` for
 * no path): awk's `print > "--x"` and `printf … >> o` with `o` a variable the line sets (`-v o=--x`); the first string
 * of a call that opens or makes a file (`open('--x', 'w')`, `writeFileSync('--x', …)`, `Path('--x')`, `fopen`,
 * `File.write`); Perl's `open(F, ">--x")` and `open(F, ">", "--x")`. Code can build a name as it runs: not read.
 */
export function namesCodeWrites(name: string, argv: readonly (string | null)[], code: string): string[] {
  if (AWKS.has(name)) {
    const set = readAwk(argv.slice(1)).assignments;
    // Strings are skipped whole, so a `>` or `;` in one (`print "a>b;" > "--x"`) is not taken for the redirection.
    return [
      ...code.matchAll(
        /\bprintf?\b(?:"(?:\\.|[^"\\])*"|[^;{}\n"])*?>>?\s*(?:"((?:\\.|[^"\\])*)"|([A-Za-z_]\w*))/g,
      ),
    ].flatMap(([, written, variable]) =>
      written !== undefined
        ? [written]
        : set.flatMap((word) => (word?.startsWith(`${variable}=`) ? [word.slice(variable!.length + 1)] : [])),
    );
  }
  const written = [...code.matchAll(OPENS_FILE)].map((match) => match[2]!);
  // A copy, move or link names what it makes in its second string (`shutil.copy('a', '--x')`), or its only one
  // (`Path('a').rename('--x')`): both are taken.
  for (const match of code.matchAll(COPIES_FILE))
    written.push(match[2]!, ...(match[4] === undefined ? [] : [match[4]]));
  if (name === "perl")
    for (const match of code.matchAll(PERL_OPEN_FOR_WRITING)) written.push(match[2] ?? match[4]!);
  return written;
}
/** A call that opens or makes the file its first string names (`open(`, `fs.mkdirSync(`, `File.write "`). */
const OPENS_FILE =
  /(?:\b(?:open|fopen|Path|mkdir|makedirs|mkfifo|touch|writeFile|appendFile|createWriteStream|file_put_contents)(?:Sync)?|\b(?:File|IO)\.(?:write|new))\s*\(?\s*(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
/**
 * A call that copies, moves or links a file, and its first two strings: Python's `shutil.copy`, `os.rename`,
 * `os.replace`, `Path.rename`, `os.symlink`; Node's `copyFileSync`, `renameSync`, `cpSync`, `linkSync`; Ruby's
 * `File.rename`, `FileUtils.cp`, `FileUtils.mv`; Perl's and PHP's `rename`, `copy`, `move`, `link`, `symlink`.
 */
const COPIES_FILE =
  /(?:\b(?:copy|copy2|copyfile|copytree|copyFile|cp|move|mv|rename|renames|link|symlink|symlink_to|hardlink_to|ln|ln_s|ln_sf)(?:Sync)?|\bos\.replace)\s*\(?\s*(["'`])((?:\\.|(?!\1)[^\\\n])*)\1(?:\s*,\s*(?:\w+\s*=\s*)?(["'`])((?:\\.|(?!\3)[^\\\n])*)\3)?/g;
/** Perl's writing mode and the name after it, in one string (`">--x"`) or the next (`">", "--x"`). */
const PERL_OPEN_FOR_WRITING =
  /(["'])\+?>>?(?:\s*((?:\\.|(?!\1)[^\\\n])+)\1|\1\s*,\s*(["'])((?:\\.|(?!\3)[^\\\n])*)\3)/g;

/** Code that computes the home folder: Python's, Node's, Ruby's, Perl's, PHP's, R's, Lua's and awk's ways, and `$HOME`. */
const HOME_IN_CODE = new RegExp(
  [
    String.raw`\bexpanduser\s*\(`,
    String.raw`\bPath\.home\s*\(`,
    String.raw`\bhomedir\s*\(`,
    String.raw`\bDir\.home\b`,
    String.raw`\bpath\.expand\s*\(`,
    String.raw`\$HOME\b`,
    String.raw`\benv\.HOME\b`,
    String.raw`(?:\b(?:ENV|ENVIRON|environ|getenv|Sys\.getenv)|\$(?:ENV|_SERVER|_ENV))\s*[[({]\s*["']?(?:HOME|USERPROFILE)\b`,
  ].join("|"),
);

/**
 * The shell command lines an interpreter's program hands to a shell as a string written out
 * (`os.system('rm -rf ~')`, `execSync('curl … | sh')`, `system("…")`, `` `…` ``, `do shell script "…"`), which the
 * line runs as surely as `bash -c '…'`. A line the program builds at run time is not seen, as any other code is not.
 */
export function shellLinesInCode(name: string, code: string): string[] {
  const family = codeFamily(name);
  const calls = SHELL_CALLS[family];
  const lines: string[] = [];
  // A string literal after `prefix`, unescaped: its text is the shell line.
  const after = (prefix: string) =>
    [
      ...code.matchAll(
        new RegExp(String.raw`(?:${prefix})(?<q>["'\x60])(?<text>(?:\\.|(?!\k<q>)[^\\])*)\k<q>`, "g"),
      ),
    ].map((match) => match.groups!.text!.replace(/\\(["'\x60\\])/g, "$1"));
  if (calls !== undefined)
    lines.push(
      ...after(calls),
      // A shell's `-c` in a program's argv (`subprocess.run(['bash', '-c', '…'])`, `spawnSync('sh', ['-c', '…'])`).
      ...after(String.raw`["']-l?c["']\s*,\s*`),
    );
  // A program and its arguments written out as a list (`subprocess.run(['sh'], input=…)`, `spawnSync('sh', […])`,
  // `Popen(['rm', '-rf', x])`): its words, quoted; a word not written out stands as one computed at run time.
  const argvCall = ARGV_CALLS[family];
  if (argvCall !== undefined) {
    for (const match of code.matchAll(new RegExp(argvCall, "g")))
      lines.push(literalArgv(code, match.index + match[0].length));
    // Given to a shell whole (`subprocess.run(["touch x"], shell=True)`, `spawnSync("touch x", {shell: true})`).
    if (SHELL_OPTION.test(code)) lines.push(...after(String.raw`${argvCall}[[(]?\s*`));
  }
  // Perl's open of a pipe runs its command in a shell (`open(F, "| sh")`, `open(F, "cmd |")`), or its words
  // (`open(F, "|-", "touch", "x")`).
  if (family === "perl") {
    for (const match of code.matchAll(PERL_PIPE_OPEN)) lines.push(match[2]!.replace(/^\s*\||\|\s*$/g, ""));
    for (const match of code.matchAll(PERL_PIPE_WORDS))
      lines.push(literalArgv(code, match.index + match[0].length));
  }
  // Ruby's `%x{…}` and Perl's `qx{…}` with any delimiter run their text in a shell.
  if (family === "ruby" || family === "perl")
    for (const match of code.matchAll(family === "ruby" ? RUBY_PERCENT_X : PERL_QX))
      lines.push(match.slice(1).filter((part, i) => i % 2 === 1 && part !== undefined)[0] ?? "$(:)");
  // Ruby's, Perl's and PHP's backticks run their text in a shell.
  if (["ruby", "perl", "php"].includes(family))
    for (const match of code.matchAll(/\x60((?:\\.|[^\\\x60])*)\x60/g)) lines.push(match[1]!);
  // awk reads a command's output (`"date" | getline d`).
  if (family === "awk")
    for (const match of code.matchAll(/"((?:\\.|[^"\\])*)"\s*\|&?\s*getline/g)) lines.push(match[1]!);
  // expect's `spawn` and `exec` run the rest of their command.
  if (family === "expect")
    for (const match of code.matchAll(/(?:^|[\n;[])\s*(?:spawn|exec)\s+([^\n;\]]+)/g)) lines.push(match[1]!);
  // Run in another folder (`cwd="/tmp"`, `os.chdir`): the lines' relative names are not placed; one computed line asks.
  if (lines.length > 0 && CHANGES_FOLDER_IN_CODE.test(code)) lines.push("$(:)");
  return lines;
}

/**
 * The words of a line an interpreter's program may hand a shell: where it hands one something other than a string
 * written out, its own arguments when it reads them (`python3 -c 'os.system(sys.argv[1])' 'rm -rf ~'`,
 * `awk 'BEGIN{system(ARGV[1])}' '…'`), awk's variables the line sets (`awk -v c='…' 'BEGIN{system(c)}'`), and the
 * variables the command is given when it reads its environment (`X='…' python3 -c 'os.system(os.environ["X"])'`).
 */
export function codeHandsShell(
  name: string,
  code: string,
): { computed: boolean; arguments: boolean; variables: boolean; environment: boolean } {
  const family = codeFamily(name);
  const calls = SHELL_CALLS[family];
  // A string written out whole is read (`shellLinesInCode`); anything else, a string joined to more among them
  // (`os.system(" ".join(sys.argv[1:]))`), is built at run time.
  const computed =
    calls !== undefined &&
    new RegExp(
      String.raw`(?:${calls})(?![\s(]|[rbuRBU]{1,2}["'\x60]|(["'\x60])(?:\\.|(?!\1)[^\\])*\1\s*[),;\n])`,
    ).test(code);
  return {
    computed,
    arguments: computed && ARGV_IN_CODE.test(code),
    variables: computed && family === "awk",
    environment: computed && ENV_IN_CODE.test(code),
  };
}
/** A program reading its environment: Python's `environ`/`getenv`, Node's `process.env`, awk's `ENVIRON`, Ruby's `ENV`. */
const ENV_IN_CODE = /\b(?:environ|getenv|ENVIRON|ENV|env)\b|\$ENV\b|%ENV/;
/** A program reading its arguments: Python's `sys.argv`, Node's `process.argv`, awk's and Ruby's `ARGV`, Perl's. */
const ARGV_IN_CODE = /\bargv\b|\bARGV\b|\$ARGV|@ARGV|\$argv/;

/** What comes before a program's words given as a list (Python's `subprocess`, Node's `spawn` and `execFile`). */
const ARGV_CALLS: Readonly<Record<string, string>> = {
  python: String.raw`\b(?:(?:run|call|check_call|check_output|Popen)\s*\(\s*(?=[[(])|(?:create_subprocess_exec|exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?|pty\.spawn)\s*\(\s*(?:[\w.]+\s*,\s*)?(?=["'[(]))`,
  node: String.raw`\b(?:spawn|spawnSync|execFile|execFileSync)\s*\(\s*(?=["'\x60[])`,
  coffee: String.raw`\b(?:spawn|spawnSync|execFile|execFileSync)\s*\(?\s*(?=["'\x60[])`,
  zx: String.raw`\b(?:spawn|spawnSync|execFile|execFileSync)\s*\(\s*(?=["'\x60[])`,
  ruby: String.raw`\b(?:system|exec|spawn|Process\.spawn|IO\.popen)\s*\(?\s*(?=["'[])`,
  perl: String.raw`\b(?:system|exec)\s*\(?\s*(?=["'])`,
  php: String.raw`\bproc_open\s*\(\s*(?=\[)`,
};
/** An option that hands a program's words to a shell whole (`shell=True`, `{shell: true}`, `shell: "/bin/sh"`). */
const SHELL_OPTION = /\bshell\s*[=:]\s*(?:True|true|1|["'\x60])/;
/** Code that runs its commands in another folder: a `cwd` option or a change of folder. */
const CHANGES_FOLDER_IN_CODE = /\bcwd\s*[=:]|\bchdir\s*\(|\bDir\.chdir\b|\bchdir\b/;
/** Perl's open of a pipe: `"| cmd"` or `"cmd |"` in its second string. */
const PERL_PIPE_OPEN = /\bopen\s*\(?\s*[^,;()"']{1,100},\s*(["'])(\s*\|[^"'|-][^"']*|[^"'|]*[^"'|-]\|\s*)\1/g;
/** Perl's open of a pipe whose command's words follow: `open(F, "|-", "touch", "x")`. */
const PERL_PIPE_WORDS = /\bopen\s*\(?\s*[^,;()"']{1,100},\s*(["'])(?:\|-|-\|)\1\s*,\s*(?=["'[])/g;
/** Ruby's `%x(…)` with any bracket, Perl's `qx` with any delimiter: a shell line. */
const RUBY_PERCENT_X = /%x(?:(\{)([^}]*)\}|(\()([^)]*)\)|(\[)([^\]]*)\]|(<)([^>]*)>)/g;
const PERL_QX = /\bqx\s*(?:(\{)([^}]*)\}|(\()([^)]*)\)|(\[)([^\]]*)\]|(<)([^>]*)>|([/|!#])(.*?)\9)/g;

/**
 * The command line a program's words make when written out from `at`: a list (`['a', 'b']`), or strings and then
 * perhaps a list (`spawn('a', ['b'])`, `system("touch", "x")`): each word quoted for the shell. A word not written out
 * whole (`['rm', path]`, `["s" + "h"]`, an escape such as `\x2f`) is `$(:)`, a word computed at run time, as are the
 * rest.
 */
function literalArgv(code: string, at: number): string {
  const words: string[] = [];
  const literal = /\s*(["'\x60])((?:\\.|(?!\1)[^\\\n])*)\1\s*/y;
  /** Reads one word; false at anything but a whole string literal. */
  const take = (): boolean => {
    literal.lastIndex = at;
    const match = literal.exec(code);
    if (match === null) return false;
    at = literal.lastIndex;
    // Joined to more (`"s" + "h"`, `"a" "b"`, `"x".upper()`), it is not the word written.
    const whole = at >= code.length || /[,;)\]}\s]/.test(code[at]!);
    const text = match[2]!;
    // Escapes other than a quote or a backslash, and a template's `${…}`, make another word than the one written.
    if (!whole || /\\[^"'\x60\\]|\$\{/.test(text)) return false;
    words.push(`'${text.replace(/\\(["'\x60\\])/g, "$1").replace(/'/g, "'\\''")}'`);
    return true;
  };
  const list = (): boolean => {
    const close = code[at] === "[" ? "]" : ")";
    at++;
    for (;;) {
      if (code[at] === close) return true;
      if (!take()) return false;
      if (code[at] === ",") at++;
      else return code[at] === close;
    }
  };
  let complete: boolean;
  if (/[[(]/.test(code[at] ?? "")) complete = list();
  else {
    complete = take();
    // More strings, or a list, after the first (`system("touch", "x")`, `spawn("a", ["b"])`).
    while (complete && code[at] === ",") {
      const next = /\s*/y;
      next.lastIndex = at + 1;
      next.exec(code);
      at = next.lastIndex;
      if (code[at] === "[") {
        complete = list();
        break;
      }
      if (!/["'\x60]/.test(code[at] ?? "")) break; // options (`{stdio: …}`, `shell=True`) come last
      complete = take();
    }
  }
  if (!complete || words.length === 0) words.push("$(:)");
  return words.join(" ");
}

/** C and C++ compiler drivers (`gcc`, `clang`, `cc`); `isCompiler` takes their versions and cross compilers too. */
const C_COMPILERS = wordSet("gcc cc clang g++ clang++ c++ cpp tcc gfortran nvcc emcc icx icc icpx");
/** Whether a program is a compiler driver: `gcc-12`, `clang++-17`, `arm-none-eabi-gcc`, `x86_64-w64-mingw32-g++`. */
function isCompiler(name: string): boolean {
  return C_COMPILERS.has(
    name.replace(/^(?:[\w.]+-)*?(gcc|g\+\+|clang|clang\+\+|cpp|gfortran|cc|c\+\+)(?:-[\d.]+)?$/, "$1"),
  );
}
/** The files a compiler driver writes where its options say (`-o`, dependencies `-MF`, prototypes, dumps). */
const COMPILER_OUTPUTS = ["-o", "--output", "-MF", "-MJ", "-aux-info", "-dumpdir", "-dumpbase"];
/** A compiler driver's options that run a program, plugin or options from a file. */
const COMPILER_RUNS =
  /^(?:--?wrapper|-B|-specs|--specs|-fplugin|-fpass-plugin|--prefix|--ld-path|--for-linker=.*(?:plugin|load)|@)|^-Wl,.*-plugin|^-fuse-ld=.*[/\\]/;
/** Programs that mount a folder elsewhere (a FUSE file system): writes below the mount point land there. */
const MOUNTERS = wordSet("mount umount bindfs sshfs squashfuse fuse-overlayfs mergerfs fuse2fs archivemount");

/**
 * The files a compiler driver's linker writes, given through `-Wl,` or `-Xlinker` (`-Wl,-o,out`, `-Wl,-Map=map`).
 */
function linkerOutputs(words: readonly (string | null)[]): (string | null)[] {
  const linker: (string | null)[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? null;
    if (word?.startsWith("-Wl,") === true) linker.push(...word.slice(4).split(","));
    else if (word === "-Xlinker") linker.push(words[++i] ?? null);
  }
  return outputValues(["-o", "--output", "-Map", "--Map", "--dependency-file", "--out-implib"], linker);
}

/** Whose calls an interpreter's code makes (`python3.12` python's, `lua5.4` lua's, `irb` ruby's, `R` Rscript's). */
function codeFamily(name: string): string {
  if (AWKS.has(name)) return "awk";
  const family = interpreterFamily(name) ?? name;
  return SAME_CALLS[family] ?? family;
}

/** Interpreters that hand strings to a shell as another one does (Bun and Deno run Node's `child_process`). */
const SAME_CALLS: Readonly<Record<string, string>> = {
  bun: "node",
  deno: "node",
  tsx: "node",
  "ts-node": "node",
  "babel-node": "node",
  luajit: "lua",
  irb: "ruby",
  R: "Rscript",
};
/** What comes before the string a language hands to a shell (`os.system(`, `execSync(`, `system `, `%x(`). */
const SHELL_CALLS: Readonly<Record<string, string>> = {
  // Any module's (`__import__('os').system(…)`, `sp.run(…)`), or imported alone (`from os import system`).
  python: String.raw`(?:\.(?:system|popen|run|call|check_call|check_output|Popen|getoutput|getstatusoutput|create_subprocess_shell)|\b(?:system|popen|getoutput|getstatusoutput|check_output|check_call|Popen|create_subprocess_shell))\s*\(\s*[rbuRBU]{0,2}`,
  node: String.raw`(?:\b(?:execSync|exec)\s*\(\s*|\bBun\.\$\s*)`,
  // CoffeeScript calls without parentheses (`execSync "…"`); zx runs its $`…` templates in a shell.
  coffee: String.raw`\b(?:execSync|exec)\s*\(?\s*`,
  zx: String.raw`(?:\b(?:execSync|exec)\s*\(\s*|(?<![\w.])\$(?:\.sync)?\s*)`,
  ruby: String.raw`(?:\b(?:system|exec|spawn|IO\.popen|Open3\.\w+)\s*\(?\s*|%x\(\s*)`,
  perl: String.raw`\b(?:system|exec|qx)\s*\(?\s*`,
  php: String.raw`\b(?:system|exec|shell_exec|passthru|popen|proc_open)\s*\(\s*`,
  lua: String.raw`\b(?:os\.execute|io\.popen)\s*\(?\s*`,
  Rscript: String.raw`\bsystem\s*\(\s*`,
  julia: String.raw`\brun\s*\(\s*`,
  // awk also pipes its output to a command (`print | "sort"`, `|&` for a coprocess).
  awk: String.raw`(?:\bsystem\s*\(\s*|\|&?\s*)`,
  osascript: String.raw`\bdo shell script\s+`,
};

/**
 * The folders a command reads the names among its words from besides the one it runs in: tar's and make's `-C`
 * (`--directory`), git's `-C` before its subcommand, each from the one before (`tar -C docs -cf o.tar keys/key` packs
 * `docs/keys/key`). Undefined for one computed at run time.
 */
export function wordFolders(name: string, argv: readonly (string | null)[]): (string | undefined)[] {
  const words = argv.slice(1);
  const values =
    name === "tar"
      ? optionValues(readTarOptions(words).options, "C", "--directory")
      : name === "make"
        ? optionValues(
            readOptions(words, "CfIjlOoWE", ["--directory", "--file", "--makefile"]).options,
            "C",
            "--directory",
          )
        : name === "git"
          ? words
              .slice(0, (gitSubcommandAt(argv) ?? argv.length) - 1)
              .flatMap((word, i, all) => (word === "-C" ? [all[i + 1] ?? null] : []))
          : [];
  const folders: (string | undefined)[] = [];
  let at = "";
  for (const value of values) {
    if (value === null) {
      folders.push(undefined);
      break;
    }
    at = value.startsWith("/") || value.startsWith("~") || at === "" ? value : `${at}/${value}`;
    folders.push(at);
  }
  return folders;
}

/** tar's words with the values its options take (`-f x.tgz`, `-C dir`, `--exclude=x`, `-T list`). */
function readTarOptions(words: readonly (string | null)[]) {
  const read = readOptions(tarWords(words), TAR_VALUE_LETTERS, [
    ...["--file", "--directory", "--exclude", "--files-from", "--exclude-from", "--transform", "--xform"],
  ]);
  // tar takes any start of a long option (`--cre`, `--der`): those that pack, or follow links, are read so.
  const options = read.options.map(([option, value]): [string, string | null] => [
    (option.startsWith("--") && option.length > 2 && TAR_WIDENING.find((full) => full.startsWith(option))) ||
      option,
    value,
  ]);
  return { options, operands: read.operands };
}
/** tar's long options without a value that make it pack (so that its walk is read) or follow links. */
const TAR_WIDENING = ["--create", "--append", "--update", "--dereference"];
/** rsync's options that take a value. */
const RSYNC_SHORT_VALUES = "eBfT";
const RSYNC_LONG_VALUES = [
  ...["--exclude", "--include", "--filter", "--rsh", "--exclude-from", "--files-from", "--rsync-path"],
];
/** 7-Zip's command-line programs. */
const SEVEN_ZIP = wordSet("7z 7za 7zz 7zzs 7zr");

/**
 * What a command that packs or sends folders reads below them: `tar c` (and `r`, `u`) its operands, `zip -r` the
 * inputs after the archive, `scp -r` its local sources, `rsync -r` its sources when the destination is another
 * machine. The archive or the other machine then holds every file, `.env` included: `tar czf - . | curl -T - …`.
 * Their exclusions (`--exclude`, `--exclude-vcs`, zip's `-x` and `-i`) are read; a list read from a file is not.
 */
export function packsWalk(name: string, argv: readonly (string | null)[]): EntryWalk | undefined {
  const words = argv.slice(1);
  const walk = (folders: (string | null)[], skipped: (relative: string) => boolean, follows: boolean) => ({
    folders,
    follows,
    hidden: true,
    enters: (relative: string) => !skipped(relative),
    takes: (relative: string) => !skipped(relative),
  });
  if (name === "tar") {
    const { options, operands } = readTarOptions(words);
    const has = (...names: string[]) => options.some(([option]) => names.includes(option));
    if (!has("c", "r", "u", "--create", "--append", "--update")) return undefined;
    const values = (...names: string[]) => optionValues(options, ...names);
    // -C changes the folder the names after it are read from (the last one is taken for all: a later -C is rare).
    const folder = values("C", "--directory").at(-1);
    const from = (word: string | null) =>
      word === null || folder === null
        ? null
        : folder === undefined || word.startsWith("/")
          ? word
          : `${folder}/${word}`;
    const vcs = has("--exclude-vcs") ? [".git", ".svn", ".hg", ".bzr", "CVS"] : [];
    // `--no-wildcards` reads the patterns as text, `--anchored` from an entry's start (`.env` leaves `./.env` in): with
    // either, or any start of them (tar takes one), its exclusions are not read.
    const literal = givenAmong(options, ["--no-wildcards", "--anchored"]);
    const excluded = literal ? [] : values("--exclude");
    return walk(operands.map(from), excludes([...excluded, ...vcs]), has("h", "--dereference"));
  }
  // `git stash --all` keeps ignored files too (`.env`) in a commit, where `git stash show -p` prints them.
  if (name === "git") {
    const git = gitSubcommand(argv);
    const verb = git?.rest.find((word) => word === null || !word.startsWith("-"));
    if (
      git?.name === "stash" &&
      (verb === undefined || verb === "push" || verb === "save") &&
      git.rest.some((word) => word === "--all" || (word !== null && /^-[^-]*a/.test(word)))
    )
      return walk(["."], excludes([]), false);
    return undefined;
  }
  if (name === "pax" && optionTests(splitOptions(words).flags).short("w"))
    return walk(readOptions(words, "bfsx", []).operands, excludes([]), optionTests(words).short("L"));
  // 7-Zip adds folders whole (its working folder when given none), leaving out its `-x!`/`-xr!` patterns.
  if (SEVEN_ZIP.has(name) && ["a", "u"].includes(words[0] ?? "")) {
    const { flags, operands } = splitOptions(words.slice(1));
    // `-xr!` leaves a name out at any depth, `-x!` only at the top (not read here, nor after a global `-r`); its `*`
    // and `?` stay in a name, and a `[` is text to it.
    const patterns = flags.flatMap((flag) =>
      flag.startsWith("-xr!") ? [flag.includes("[") ? null : flag.slice(4)] : [],
    );
    const inputs = operands.slice(1);
    return walk(inputs.length > 0 ? inputs : ["."], excludes(patterns, "names"), true);
  }
  // jar c (`jar cf app.jar .`, `jar --create --file app.jar -C build .`): its inputs, each after `-C dir` below dir.
  if (name === "jar" && (/^-?[a-zA-Z]*c/.test(words[0] ?? "") || words.includes("--create"))) {
    // The old form's cluster names the jar, manifest and entry point as its first operands, in its letters' order.
    const cluster = /^-?[a-zA-Z]+$/.test(words[0] ?? "") ? words[0]! : undefined;
    let rest = cluster === undefined ? words : words.slice(1);
    rest = rest.slice([...(cluster ?? "")].filter((letter) => "fme".includes(letter)).length);
    const inputs: (string | null)[] = [];
    for (let i = 0; i < rest.length; i++) {
      const word = rest[i] ?? null;
      if (word === "-C") {
        const folder = rest[i + 1] ?? null;
        const input = rest[i + 2] ?? null;
        inputs.push(folder === null || input === null ? null : `${folder}/${input}`);
        i += 2;
      } else if (word !== null && word.startsWith("-")) {
        if (JAR_VALUES.has(word)) i++;
      } else inputs.push(word);
    }
    return walk(inputs, excludes([]), true);
  }
  if (name === "zip") {
    const { short, long } = optionTests(splitOptions(words).flags);
    if (!short("rR") && !long("--recurse-paths")) return undefined;
    const { operands, excluded, included } = zipWords(words);
    // zip matches its patterns against the path it stores (`web/.npmrc`, not `.npmrc`), read here only for what it
    // packs from where it runs; `-nw` makes them text and `-ws` stops a `*` at a `/`: not read then.
    const read =
      operands.slice(1).every((input) => input !== null && /^\.(?:\/+\.?)*\/*$/.test(input)) &&
      !words.some(
        (word) =>
          word === "-nw" ||
          word === "-ws" ||
          (word !== null &&
            word.length > 2 &&
            ["--no-wild", "--wild-stop-dirs"].some((name) => name.startsWith(word))),
      );
    const skipped = excludes(read ? excluded : [], "path");
    const only = included.length === 0 ? undefined : excludes(read ? included : [null], "path", true);
    return {
      ...walk(operands.slice(1), skipped, !short("y") && !long("--symlinks")),
      takes: (relative: string) => !skipped(relative) && (only === undefined || only(relative)),
    };
  }
  if (name === "scp" || name === "rsync") {
    const { options, operands } = readOptions(
      words,
      name === "scp" ? "cFiJloPSDX" : RSYNC_SHORT_VALUES,
      RSYNC_LONG_VALUES,
    );
    const has = (...names: string[]) => options.some(([option]) => names.includes(option));
    if (!has("r", "a", "--recursive", "--archive")) return undefined;
    const remote = (word: string | null) => word === null || /^[^/]*:/.test(word);
    if (name === "rsync" && !remote(operands.at(-1) ?? null)) return undefined;
    // rsync acts on the first rule that matches: an `--include` or a filter (`-f '+ .env'`, `-F`'s files) may take
    // back in what an exclusion leaves out, so that its exclusions are not read then.
    const including = has("f", "F") || givenAmong(options, ["--include", "--include-from", "--filter"]);
    const skipped = excludes(including ? [] : optionValues(options, "--exclude"), "names");
    const local = operands.slice(0, -1).filter((word) => !remote(word));
    return walk(local, skipped, has("L", "--copy-links"));
  }
  return undefined;
}

/**
 * Whether a `NAME=value` word given to make holds a command line make runs: a program variable (`CC`, `SHELL`, `RM`,
 * …) with more than one word, or any variable with shell syntax (`CFLAGS='-O2; rm -rf ~'`). `CC=clang`,
 * `CFLAGS="-O2 -g"` and `ARGS="--verbose --watch"` do not; a value computed at run time is not known. make reads
 * every operator (`X!=cmd` runs cmd at once, `::=` expands `$(shell …)`), names with dots (`.SHELLFLAGS`: the shell's
 * words before each recipe), makefiles from `MAKEFILES` and options from `MAKEFLAGS` (`--eval=…`), as it reads `-f`
 * and `--eval` (GNU make 4.3 ran each). The name of the variable that does, else undefined.
 */
function makeVariableRuns(word: string): string | undefined {
  const match = /^([^\s:#=+?!-][^\s:#=+?!]*)(:{0,3}=|[+?!]=)([\s\S]*)$/.exec(word);
  if (!match) return undefined;
  const [, name, operator, value] = match;
  const runs =
    operator === "!=" ||
    /[;&|`$()<>\n]/.test(value!) ||
    (MAKE_PROGRAM_VARIABLES.has(name!) && /\s/.test(value!.trim())) ||
    // Each recipe runs in SHELL: only a shell of the system's is read as one.
    (name === "SHELL" && !SHELLS.has(value!.trim().replace(/^(?:\/usr)?\/bin\//, ""))) ||
    name === "MAKEFILES" ||
    name === ".SHELLFLAGS" ||
    ((name === "MAKEFLAGS" || name === "GNUMAKEFLAGS") &&
      !value!
        .trim()
        .split(/\s+/)
        .every((flag) => MAKE_FLAG_READ.test(flag)));
  return runs ? name : undefined;
}

/** A `MAKEFLAGS` word that runs nothing and reads no other makefile (`-j4`, `-k`, `--no-print-directory`). */
const MAKE_FLAG_READ =
  /^(?:-?[BdeijklLnOpqrRsSw\d.]*|--(?:jobs|load-average|output-sync)(?:=[\w.]*)?|--(?:keep-going|silent|quiet|no-print-directory|print-directory|no-builtin-rules|no-builtin-variables|warn-undefined-variables))$/;

/** A go flag that names a program go runs (`-exec`, `-toolexec`, `-vettool`, an `-ldflags` with `-extld`). */
const GO_RUNNING_FLAG = /^--?(?:exec|toolexec|vettool)(?:=|$)|^--?ldflags=.*extld/s;

/** Why make may not be approved for the first of `words` that holds a command line (`makeVariableRuns`). */
export function makeVariableHeld(words: readonly (string | null)[]): string | undefined {
  for (const word of words) {
    const name = word === null ? undefined : makeVariableRuns(word);
    if (name !== undefined)
      return `make's ${name} holds a command line or makefile Symposium does not read, which make runs`;
  }
  return undefined;
}

/** An assignment's source text as the shell sets it (`CC='a b'` is `CC=a b`). */
export function unquotedAssignment(text: string): string {
  const eq = text.indexOf("=");
  return eq < 0 ? text : `${text.slice(0, eq + 1)}${unquoted(text.slice(eq + 1))}`;
}

/** make's conventional variables that name the program a recipe runs (`$(CC) -c x.c`, `$(RM) x`). */
const MAKE_PROGRAM_VARIABLES = wordSet(
  "CC CXX CPP LD AR AS RANLIB STRIP NM OBJCOPY OBJDUMP SHELL MAKE INSTALL LEX YACC FC RM PYTHON PYTHON3 NODE NPM GO",
  "CARGO DOCKER",
);

/**
 * Where an archiver reads the names of what it packs, when not from its words: a list file (`tar -T list.txt`,
 * `7z a x.7z @list.txt`) or its input (`zip -@`, `cpio -o` or `-p`, `pax -w` with no operand). Any file may be named there.
 */
function packsNamesFromList(name: string, words: readonly (string | null)[]): string | undefined {
  if (name === "tar" || name === "bsdtar" || name === "gtar") {
    const { options } = readTarOptions(words);
    const has = (...names: string[]) => options.some(([option]) => names.includes(option));
    const list = options.find(([option]) => option === "T" || option === "--files-from");
    return list && has("c", "r", "u", "--create", "--append", "--update") ? (list[1] ?? "a list") : undefined;
  }
  if (name === "zip" && words.some((word) => word === "-@" || word === "--names-stdin")) return "its input";
  if (SEVEN_ZIP.has(name) && ["a", "u"].includes(words[0] ?? ""))
    return words.find((word) => word === null || word.startsWith("@"))?.slice(1) ?? undefined;
  const { flags, operands } = splitOptions(words);
  const { short, long } = optionTests(flags);
  // `cpio -p` and `pax -rw` copy them into the folder that is their one operand.
  if (
    (name === "cpio" && (short("o") || short("p") || long("--create", "--pass-through"))) ||
    (name === "pax" && short("w") && operands.length <= (short("r") ? 1 : 0))
  )
    return "its input";
  return undefined;
}

/** Shells whose language is not bash's (`SHELLS` are read as bash). */
const FOREIGN_SHELLS = wordSet(
  "fish tcsh csh nu elvish xonsh rc es yash ion osh ysh pwsh pwsh.exe powershell powershell.exe cmd cmd.exe",
  // Tcl's shells and other languages' interpreters whose language the policy does not read and which run commands
  // (`echo 'exec touch ~/x' | tclsh`, `gnuplot -e 'system "…"'`, dc's `!`, m4's `syscmd`).
  "tclsh wish jimsh gnuplot octave guile racket sbcl clisp ecl dc swift m4",
);
const GHOSTSCRIPT = wordSet("gs gsc gswin32c gswin64c ghostscript");
/**
 * Whether a shell of another language reads its commands from its standard input: no command-line option (that is
 * `runsUnread`'s) and no script file among its words (`fish`, `pwsh -NoProfile`, not `fish x.fish`); a database's
 * shell given no statement on its command line, whose input may hold its escapes (`sqlite3 x.db <<< '.shell …'`).
 */
export function foreignShellReadsInput(name: string, argv: readonly (string | null)[]): boolean {
  const words = argv.slice(1);
  if (name === "sqlite3" || name === "duckdb") {
    const { init, operands } = readSqlite(words);
    return operands.length < 2 || init.some((file) => fileSource(file) !== "file");
  }
  // A statement given by an option, in a cluster of short options too, whose letters' values are not options
  // (`psql -hlocalhost` is a host, `-U fred` a user).
  if (["psql", "pgcli", "usql"].includes(name))
    return !words.some(
      (w) => w === null || shortOptionGiven(w, "cf", "dhLopPTUvFR") || /^--(?:command|file|execute)/.test(w),
    );
  if (["mysql", "mariadb", "mycli", "litecli"].includes(name))
    return !words.some((w) => w === null || shortOptionGiven(w, "e", "uphPSDO") || /^--execute/.test(w));
  return (
    FOREIGN_SHELLS.has(name.replace(/^(tclsh|wish)[\d.]+$/, "$1")) &&
    words.every((word) => word !== null && (word === "-" || !/^[^-].*[./\\]/.test(word)))
  );
}

/**
 * Whether a word gives one of `wanted` among its short options, reading a cluster as the program does: a letter of
 * `valued` takes the rest of the word as its value (`-hlocalhost`), so what follows it is no option.
 */
function shortOptionGiven(word: string, wanted: string, valued: string): boolean {
  if (!/^-[^-]/.test(word)) return false;
  for (const letter of word.slice(1)) {
    if (wanted.includes(letter)) return true;
    if (valued.includes(letter)) return false;
  }
  return false;
}

/**
 * What a database's shell that reads its commands from its input does with the text given (a here-document or
 * here-string): why it asks (an escape that runs a command or reaches a file), or undefined when it is plain SQL. Any
 * other shell's language is not read.
 */
export function inputCommandsUnread(name: string, text: string | null): string | undefined {
  const unread = `${name} runs the commands it reads from its input in its own language, which Symposium does not read`;
  if (text === null) return unread;
  if (["sqlite3", "duckdb", "psql", "mysql", "mariadb", "pgcli", "usql", "mycli", "litecli"].includes(name))
    return shellEscape(name, [text]);
  return unread;
}

/**
 * Whether a word is one of their options that take a command line: `-c` (in a cluster too) and `--command(s)`,
 * PowerShell's `-Command` and `-EncodedCommand` by any start (`-c`, `-enc`) or `-ec`, cmd's `/c`, `/k` and `/r`.
 */
function foreignCommandOption(word: string): boolean {
  const lower = word.toLowerCase();
  return (
    /^-[a-z]*c$|^--commands?(?:=|$)|^\/[ckr]$|^-e$|^--eval(?:=|$)|^--(?:load|script)(?:=|$)/.test(lower) ||
    lower === "-ec" ||
    (lower.length >= 2 && ["-command", "-encodedcommand"].some((option) => option.startsWith(lower)))
  );
}

/** jar's options that take the next word. */
const JAR_VALUES = wordSet(
  "-f --file -m --manifest -e --main-class --module-version --release -p --module-path --date --hash-modules",
);

/**
 * What a command changes in place below the folders it is given, every entry there: `chmod -R`, `chown -R`,
 * `chgrp -R`, `setfacl -R`, `gzip -r` (each file replaced by its `.gz`), and what `rsync --delete` removes from its
 * destination folder on this machine. `chmod -R 777 .` reaches `.git/hooks`, `gzip -r .` replaces `.git/config`.
 */
export function changesWalk(name: string, argv: readonly (string | null)[]): EntryWalk | undefined {
  const words = argv.slice(1);
  const { flags, operands } = splitOptions(words);
  const { short, long } = optionTests(flags);
  const walk = (folders: (string | null)[], follows = false): EntryWalk => ({
    folders,
    follows,
    hidden: true,
    enters: everything,
    takes: everything,
  });
  const recursive = short("R") || long("--recursive");
  if (["chmod", "chown", "chgrp"].includes(name) && recursive)
    return walk(withoutOwnerOrMode(name, flags, operands), short("L"));
  if (name === "setfacl" && recursive)
    return walk(
      readOptions(words, "mMxX", [
        "--modify",
        "--modify-file",
        "--remove",
        "--remove-file",
        "--set",
        "--set-file",
      ]).operands,
      short("L"),
    );
  if (["gzip", "gunzip", "zstd", "unzstd"].includes(name) && (short("r") || long("--recursive")))
    return walk(operands);
  // `--del` is rsync's own name for `--delete-during`, `--remove-sent-files` its old one for `--remove-source-files`.
  const deletes = flags.some((flag) => flag === "--del" || flag.startsWith("--delete"));
  const removesSent = flags.some((flag) => ["--remove-source-files", "--remove-sent-files"].includes(flag));
  if (name === "rsync" && (deletes || removesSent)) {
    const { operands: given } = readOptions(words, RSYNC_SHORT_VALUES, RSYNC_LONG_VALUES);
    const destination = given.at(-1) ?? null;
    // `--remove-source-files` removes what it sends; `--delete` what the destination holds and the source does not.
    const removed = [...(removesSent ? given.slice(0, -1) : []), ...(deletes ? [destination] : [])];
    return walk(removed.filter((word) => word === null || !/^[^/]*:/.test(word)));
  }
  return undefined;
}

/**
 * What a static file server serves: every file below its folder, hidden ones too, to whoever reaches its port
 * (`python3 -m http.server` listens on every address, so the network): `python -m http.server [-d dir]`,
 * `php -S addr [-t dir]`, the `serve` and `http-server` packages (`npx serve dist`). A `.env` there is one request
 * away from anyone who can reach it.
 */
export function servesWalk(name: string, argv: readonly (string | null)[]): EntryWalk | undefined {
  const words = argv.slice(1);
  const walk = (folder: string | null) => ({
    folders: [folder],
    follows: true,
    hidden: true,
    enters: everything,
    takes: everything,
  });
  if (/^python[\d.]*$/.test(name) && words[0] === "-m" && words[1] === "http.server") {
    const { options } = readOptions(words.slice(2), "bdp", ["--bind", "--directory", "--protocol"]);
    const folder = options.find(([option]) => option === "d" || option === "--directory");
    return walk(folder ? folder[1] : ".");
  }
  if (name === "php" && words.some((word) => word === null || word.startsWith("-S"))) {
    const { options } = readOptions(words, "Stcdz", []);
    const root = options.find(([option]) => option === "t");
    return walk(root ? root[1] : ".");
  }
  if (name === "serve" || name === "http-server") {
    const { operands } = readOptions(words, name === "serve" ? "lpc" : "pacCSKtUe", [
      ...["--listen", "--port", "--config", "--address", "--cache", "--ssl-cert", "--ssl-key"],
    ]);
    return walk(operands[0] === undefined ? "." : operands[0]);
  }
  return undefined;
}

/**
 * What a command reads or acts on whole below folders it is given, for deny and ask path rules (which otherwise see
 * only the files a line names): a recursive search (`searchWalk`), a copy or move of folders (`copiesFolders`),
 * packing or sending them (`packsWalk`), serving them (`servesWalk`), changing every file there (`changesWalk`), and
 * find running a command on, or deleting, what it finds. git's are `gitShowsContent`'s. Names alone do not count
 * (`ls -R`, `find`, `du`, `tree`, `rg --files`): a rule holds back what a file holds, not that it is there.
 */
export interface TreeRead {
  /** The folders, as written (null when computed at run time). */
  folders: (string | null)[];
  /** What it does with each file there, as the card says it ("reads", "copies"). */
  how: string;
  /** It goes on through links to folders and files (`grep -R`, `zip -r`, `cp -rL`). */
  follows: boolean;
  /** It reads only files whose own name ends with one of these (`searchNameEndings`), in lower case. */
  endings?: string[];
  /** A search's own walk (`searchWalk`): the entries it takes and the folders it enters. Without, every entry. */
  walk?: EntryWalk;
}

/** rg's `--files` and `--type-list` print names, and read no file. */
export function rgPrintsNames(argv: readonly (string | null)[]): boolean {
  return readPatternFirst(PATTERN_FIRST.rg!, argv.slice(1)).values.some(
    ([o]) => o === "--files" || o === "--type-list",
  );
}

export function treeReads(
  name: string,
  argv: readonly (string | null)[],
  input = false,
): TreeRead | undefined {
  const words = argv.slice(1);
  const from = (walk: EntryWalk | undefined, how: string) =>
    walk && { folders: walk.folders, how, follows: walk.follows };
  const namesOnly = name === "rg" && rgPrintsNames(argv);
  const search = namesOnly || name === "git" ? undefined : searchWalk(name, argv, input);
  const endings = search && searchNameEndings(name, argv);
  // Its walk's globs are read as its narrowing options are.
  const walk = narrowingUnsure(name, argv) ? {} : { walk: search };
  if (search) return { ...from(search, "reads")!, ...walk, ...(endings ? { endings } : {}) };
  const copy = copiesFolders(name, argv);
  if (copy)
    return {
      folders: copy.sources,
      how: name === "mv" ? "moves" : "copies",
      follows: copy.follows,
    };
  const packed =
    // What `git stash -a` keeps in a commit is what it takes out of the working tree (`gitStashTakesUntracked`).
    from(name === "git" ? undefined : packsWalk(name, argv), "packs") ??
    from(servesWalk(name, argv), "serves") ??
    from(changesWalk(name, argv), "changes");
  if (packed) return packed;
  // ctags and etags read every file below the folders `-R` gives (where they run, given none), following links
  // unless told not to, and write lines of each into a tags file (`API_KEY = "…"` as a variable's pattern).
  if (TAGGERS.has(name)) {
    const { flags, operands } = splitOptions(words);
    const { short, long } = optionTests(flags);
    if (short("R") || long("--recurse"))
      return {
        folders: operands.length > 0 ? operands : ["."],
        how: "reads",
        follows: !flags.some((flag) => /^--links=no$/.test(flag)),
      };
  }
  // `rm -r` removes every entry below its folders (`rm -rf config` takes `config/secrets/key`), not following links.
  if (name === "rm") {
    const { flags, operands } = splitOptions(words);
    const { short, long } = optionTests(flags);
    if (short("rR") || long("--recursive")) return { folders: operands, how: "deletes", follows: false };
  }
  if (name === "find" && words.some((word) => word === null || FIND_RUNS.has(word) || word === "-delete"))
    return from(findWalk(argv), words.includes("-delete") ? "deletes" : "runs a command on");
  return undefined;
}

/**
 * What `git rm` removes from the working tree (not `--cached`) and `git mv` moves, for path rules: its pathspecs,
 * each a folder and what is below it or a pattern (git's `*` crosses folders: `git rm 'lib/*'` takes
 * `lib/secrets/key`), from the folder `-C` names (`git -C docs rm -r ..`: `docs/..`); null where any file may be named
 * (a magic pathspec, one computed or read from a file, a `-C` computed, another work tree or repository, whose top
 * git reads the paths from when it runs outside it). Undefined for any other command.
 */
export function gitRemovesOrMoves(argv: readonly (string | null)[]): (string | null)[] | undefined {
  const git = gitSubcommand(argv);
  if (git?.name !== "rm" && git?.name !== "mv") return undefined;
  const { flags, operands } = splitOptions(git.rest);
  if (git.name === "rm" && flags.some((flag) => longOption(flag, "--cached"))) return undefined;
  const folders = wordFolders("git", argv);
  const elsewhere =
    argv
      .slice(1, gitSubcommandAt(argv))
      .some((word) => word === null || /^--(?:git-dir|work-tree)/.test(word)) ||
    folders.includes(undefined) ||
    flags.some((flag) => longOption(flag, "--pathspec-from-file"));
  if (elsewhere) return [null];
  const folder = folders.at(-1);
  const named = git.name === "mv" ? operands.slice(0, -1) : operands;
  return named.map((word) =>
    word === null || word.startsWith(":") ? null : folder && !/^[/~]/.test(word) ? `${folder}/${word}` : word,
  );
}

/**
 * Why `git rm` (not `--cached`) or `git add -f` acts on files Symposium does not see named, or undefined: pathspecs
 * git matches itself, a pattern (git's `*` crosses folders) or magic (`:(glob)**`, `:!src`, `:/`), or a list
 * (`--pathspec-from-file`, `-` its input). git 2.39: `git rm -q -- '*.json'` and `git rm --pathspec-from-file=list`
 * removed `.vscode/tasks.json`; `git add -f -- '.en?'` and `--pathspec-from-file` staged an ignored `.env`.
 */
export function gitPathspecsUnread(argv: readonly (string | null)[]): string | undefined {
  const git = gitSubcommand(argv);
  if (git?.name !== "rm" && git?.name !== "add") return undefined;
  const { flags, operands } = splitOptions(git.rest);
  if (git.name === "rm" && flags.some((flag) => longOption(flag, "--cached"))) return undefined;
  if (git.name === "add" && !flags.some((flag) => longOption(flag, "--force") || /^-[a-zA-Z]*f/.test(flag)))
    return undefined;
  const what = `git ${git.name} ${git.name === "rm" ? "removes" : "stages"}`;
  if (flags.some((flag) => longOption(flag, "--pathspec-from-file")))
    return `${what} the files a list names, which Symposium does not read`;
  const pattern = operands.find((word) => word !== null && (word.startsWith(":") || /[*?[]/.test(word)));
  return pattern === undefined
    ? undefined
    : `${what} the files git matches to ${pattern}, which Symposium does not list`;
}

/**
 * What `git stash` (`push`, `save`, or no verb) with `-u` (`--include-untracked`) or `-a` (`--all`) takes out of the
 * working tree besides the changes git tracks: the files git does not track (with `-a`, `ignored`, the ignored ones
 * too), below its pathspecs, each a folder or a pattern (from its folder), or, given none (`[]`), in the whole repository, wherever it
 * runs (git 2.39: `git stash -u` run in `docs` stashed and removed the top's untracked `secrets/`). A pathspec is null
 * where any file may be named: a magic one (`:/`), one computed or read from a file, or git pointed elsewhere by its
 * own options (`-C`, `--git-dir`). Undefined for any other command.
 */
export function gitStashTakesUntracked(
  argv: readonly (string | null)[],
): { pathspecs: (string | null)[]; ignored: boolean } | undefined {
  const git = gitSubcommand(argv);
  if (git?.name !== "stash") return undefined;
  let verb: string | null | undefined;
  let words = git.rest;
  if (words[0] === null || (words[0] !== undefined && !words[0].startsWith("-"))) {
    verb = words[0];
    words = words.slice(1);
  }
  if (verb !== undefined && verb !== "push" && verb !== "save") return undefined;
  const operands: (string | null)[] = [];
  let untracked = false;
  let ignored = false;
  let unknown = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === null) {
      // A computed word may be `-a` as well as a pathspec.
      untracked = ignored = true;
      operands.push(null);
    } else if (word === "--") {
      operands.push(...words.slice(i + 1));
      break;
    } else if (word === "-m" || word === "--message") i++;
    else if (word === "--include-untracked") untracked = true;
    else if (word === "--all") untracked = ignored = true;
    else if (word.startsWith("--pathspec-from-file")) unknown = true;
    else if (/^-[^-]/.test(word)) {
      // Short letters up to `-m`, whose value is the rest of the word (`-kum wip`).
      const letters = word.slice(1).split("m")[0]!;
      if (/[ua]/.test(letters)) untracked = true;
      if (letters.includes("a")) ignored = true;
      if (letters.length === word.length - 2 && word.endsWith("m")) i++;
    } else if (!word.startsWith("-")) operands.push(word);
  }
  if (!untracked) return undefined;
  const elsewhere = argv.slice(1, gitSubcommandAt(argv)).length > 0;
  // `save` takes a message, no pathspecs.
  const pathspecs = verb === "save" ? [] : operands;
  if (elsewhere || unknown) return { pathspecs: [null], ignored };
  return {
    pathspecs: pathspecs.map((word) => (word === null || word.startsWith(":") ? null : word)),
    ignored,
  };
}

/**
 * The endings a search's options surely narrow the names of the files it reads below its folders to, in lower case (a
 * file whose own name ends with none is not read), for deny and ask path rules: rg's `--glob`s that take files (they
 * decide before its types, `-g '*.pem' -t ts` reads `.pem` files; a `!` glob only leaves files out), else its
 * built-in `--type`s (`RG_TYPE_ENDINGS`; none once one is added or cleared); grep's `--include`s when one comes before
 * any `--exclude` (otherwise a file no pattern matches is read; BSD grep matches the whole path too, so only the end
 * of a pattern is read). Undefined when they do not surely narrow: a word computed at run time, a pattern whose end
 * is not plain text (`*.[ch]`, `src/`), an option not known here right before one.
 */
function searchNameEndings(name: string, argv: readonly (string | null)[]): string[] | undefined {
  const words = argv.slice(1);
  const syntax =
    name === "rg" ? PATTERN_FIRST.rg! : ["grep", "egrep", "fgrep"].includes(name) ? GREP : undefined;
  if (syntax === undefined || words.includes(null) || narrowingUnsure(name, argv)) return undefined;
  const { values } = readPatternFirst(syntax, words);
  const endingsOf = (patterns: (string | null)[], braces: boolean) => {
    const endings = patterns.flatMap((pattern) => patternEndings(pattern, braces) ?? [undefined]);
    return endings.length === 0 || endings.includes(undefined) ? undefined : (endings as string[]);
  };
  if (syntax === GREP) {
    const filters = values.filter(([option]) => GREP_NAME_FILTERS.includes(option));
    if (filters[0]?.[0] !== "--include") return undefined;
    return endingsOf(optionValues(filters, "--include"), false);
  }
  const taking = values.filter(
    ([option, value]) => ["g", "--glob", "--iglob"].includes(option) && value?.startsWith("!") !== true,
  );
  if (taking.length > 0) return endingsOf(optionValues(taking, "g", "--glob", "--iglob"), true);
  const types = optionValues(values, "t", "--type");
  const redefined = words.some((word) => /^--type-(?:add|clear)(?:=|$)/.test(word!));
  if (types.length === 0 || redefined) return undefined;
  const endings = types.flatMap((type): (string | undefined)[] =>
    type !== null && Object.hasOwn(RG_TYPE_ENDINGS, type) ? [...RG_TYPE_ENDINGS[type]!] : [undefined],
  );
  return endings.includes(undefined) ? undefined : (endings as string[]);
}

/**
 * Whether a search's options that narrow what it reads (`-g`, `-t`, `--include`) may be read wrong: a word computed
 * at run time, or an option not known here right before one, which may take it as its value
 * (`--hyperlink-format -g '*.ts'`).
 */
export function narrowingUnsure(name: string, argv: readonly (string | null)[]): boolean {
  const words = argv.slice(1);
  const syntax = name === "rg" ? PATTERN_FIRST.rg! : GREP;
  if (words.includes(null)) return true;
  const end = words.indexOf("--");
  return words.some(
    (word, i) =>
      (end < 0 || i < end) &&
      /^--[^=]+$/.test(word!) &&
      longOptionAmong(word!, Object.keys(syntax.long)) === undefined &&
      /^-(?:[^-]*[gt]|-(?:gl|ig|ty|in))/.test(words[i + 1] ?? ""),
  );
}

/**
 * The plain text every name a pattern matches ends with, in lower case, one for each of its braces' alternatives
 * (rg's `*.{ts,tsx}`; grep reads braces as text); undefined when there is none or it cannot be read surely: an
 * escape, a class, a name that ends with a `/` (folders only), text beyond ASCII (whose case folds otherwise).
 */
function patternEndings(pattern: string | null, braces: boolean): string[] | undefined {
  if (pattern === null || /\\|[^\x20-\x7e]/.test(pattern)) return undefined;
  // Alternatives as rg reads them: one level, each with a comma, no sequence (`{1..3}` is text to rg), no class
  // (`[{]` holds a brace, which bash would read as one).
  if (braces && /[{}]/.test(pattern) && !/^[^{}[\]]*(?:\{[^{}[\]]*,[^{}[\]]*\}[^{}[\]]*)+$/.test(pattern))
    return undefined;
  if (braces && pattern.includes("..")) return undefined;
  const alternatives = braces ? expandBraces(pattern.replace(/['"$`~]/g, "?")) : [pattern];
  if (alternatives === undefined) return undefined;
  const endings = alternatives.map((alternative) => {
    const text = alternative.slice(
      Math.max(...["*", "?", "[", "]", "/"].map((c) => alternative.lastIndexOf(c))) + 1,
    );
    return text === "" ? undefined : text.toLowerCase();
  });
  return endings.includes(undefined) ? undefined : (endings as string[]);
}

/**
 * The endings of the files rg's built-in types take (`rg --type-list`), lower case, with those newer versions added
 * (`*.mts` for ts, `*.pyi` for py): a type missing here narrows nothing.
 */
const RG_TYPE_ENDINGS: Readonly<Record<string, readonly string[]>> = {
  ts: [".ts", ".tsx", ".cts", ".mts"],
  js: [".js", ".jsx", ".vue", ".cjs", ".mjs"],
  py: [".py", ".pyi"],
  rust: [".rs"],
  go: [".go"],
  java: [".java", ".jsp", ".jspx", ".properties"],
  md: [".markdown", ".md", ".mdown", ".mdwn", ".mkd", ".mkdn", ".mdx"],
  markdown: [".markdown", ".md", ".mdown", ".mdwn", ".mkd", ".mkdn", ".mdx"],
  css: [".css", ".scss"],
  html: [".ejs", ".htm", ".html"],
  json: [".json", "composer.lock", ".sarif"],
  yaml: [".yaml", ".yml"],
  toml: [".toml", "cargo.lock"],
  txt: [".txt"],
};

/**
 * Searches that, like rg, go down into the folder they run in when given no file (`ag KEY`): their options that take
 * a value (short ones' letters; long ones that may take the next word), those that give the pattern (so that the
 * first operand is a folder), or follow links. ugrep given no file reads its input unless it recurses: taken as
 * recursing, which asks more, not less.
 */
const OTHER_SEARCHES: Readonly<
  Record<string, { values: string; long: string[]; flags: string[]; pattern: string[]; follows: string[] }>
> = (() => {
  const ag = {
    values: "ABCGgmpW",
    long: ["--file-search-regex", "--ignore", "--ignore-dir", "--depth", "--pager"],
    flags: [
      "--",
      "--hidden",
      "--follow",
      "--unrestricted",
      "--ignore-case",
      "--smart-case",
      "--literal",
      "--nocolor",
    ],
    pattern: [],
    follows: ["f", "--follow"],
  };
  const ack = {
    values: "ABCmg",
    long: ["--match", "--ignore-dir", "--type"],
    flags: ["--follow", "--ignore-case", "--smart-case", "--literal", "--nocolor"],
    pattern: ["--match"],
    follows: ["--follow"],
  };
  const ugrep = {
    values: "ABCdDefgmMNOtKJ",
    long: ["--regexp", "--file", "--glob", "--include", "--exclude", "--exclude-dir"],
    flags: [
      "--",
      "--recursive",
      "--hidden",
      "--ignore-case",
      "--smart-case",
      "--fixed-strings",
      "--line-number",
    ],
    pattern: ["e", "f", "--regexp", "--file"],
    follows: ["R", "S", "--dereference-recursive"],
  };
  return { ag, ack, "ack-grep": ack, ugrep, ug: ugrep };
})();

/**
 * Whether a git command prints what its files hold, and from where: `git diff` and `git show` (unless they print only
 * names or counts), `git log -p` (and `-S`/`-G`, which tell what a change holds), `git stash show` (its patch may be
 * on by configuration), `git format-patch`, `archive`, `bundle`, `fast-export`, `cat-file`, `difftool` and
 * `range-diff` over the whole repository (`top`), `git grep` from where it runs. `specs` are the pathspecs after `--`;
 * `maybe` the operands before it, each a revision or a path (git tells them apart by what is there), read only
 * when every option is one that takes no separate word (else a value could pass for a path: `--author src`).
 * `elsewhere`: git's own options may point it at another repository or folder (`-C`, `--git-dir`). `tracked`: it shows
 * only files its index tracks, as the index and the working tree hold them, when `maybe` are all paths (`git diff`
 * without `--cached`, `git grep` without `--untracked` or `--no-index`): no revision's.
 */
export function gitShowsContent(argv: readonly (string | null)[]):
  | {
      top: boolean;
      specs: (string | null)[] | undefined;
      maybe: (string | null)[];
      elsewhere: boolean;
      tracked: boolean;
    }
  | undefined {
  const git = gitSubcommand(argv);
  if (git === undefined) return undefined;
  const elsewhere = argv
    .slice(1, argv.length - git.rest.length - 1)
    .some((word) => word === null || !/^(?:--no-pager|-P|--no-optional-locks|--paginate|-p)$/.test(word));
  const end = git.rest.indexOf("--");
  const before = end < 0 ? git.rest : git.rest.slice(0, end);
  const specs = end < 0 ? undefined : git.rest.slice(end + 1);
  const flags = before.filter(
    (word): word is string => word !== null && word.startsWith("-") && word !== "-",
  );
  const patch = flags.some((flag) => GIT_PATCH.test(flag));
  const noPatch = flags.some((flag) => GIT_NO_PATCH.test(flag));
  const verb = before.find((word) => word === null || !word.startsWith("-"));
  let shows: boolean;
  switch (git.name) {
    case null:
      return { top: true, specs: undefined, maybe: [], elsewhere: true, tracked: false };
    case "diff":
      // `--no-index` compares the files or folders it is given, not the repository's.
      if (flags.includes("--no-index") && (patch || !noPatch))
        return {
          top: false,
          specs: [
            ...before.filter((word) => word === null || !word.startsWith("-") || word === "-"),
            ...(specs ?? []),
          ],
          maybe: [],
          elsewhere: false,
          tracked: false,
        };
      shows = patch || !noPatch;
      break;
    case "show": {
      // `git show HEAD:src/a.ts` (or `:src/a.ts`) shows that file alone, which the line names; `:/fix` is a commit.
      const objects = before.filter((word) => word === null || !word.startsWith("-"));
      const files =
        objects.length > 0 && objects.every((word) => word !== null && /^(?!:\/)[^:]*:./.test(word));
      shows = (patch || !noPatch) && !files;
      break;
    }
    case "log":
    case "whatchanged":
    case "reflog":
    case "diff-tree":
    case "diff-index":
    case "diff-files":
      shows = patch || flags.some((flag) => /^-[SG]/.test(flag) || flag.startsWith("--pickaxe"));
      break;
    case "stash":
      shows = verb === "show" || (verb === "list" && patch);
      break;
    case "grep":
      shows = true;
      break;
    default:
      shows = GIT_CONTENT.has(git.name);
  }
  if (!shows) return undefined;
  // The words that are the values of options before them (`-n 3`, `-S text`), which are no operands.
  const values = new Set<number>();
  for (let i = 0; i < before.length; i++)
    if (REVISION_READERS.has(git.name) && GIT_REVISION_VALUES.has(before[i] ?? "")) values.add(++i);
  let operands = before.filter(
    (word, i) => !values.has(i) && (word === null || !word.startsWith("-") || word === "-"),
  );
  if (git.name === "stash") operands = operands.slice(1);
  const known = before.every(
    (word, i) =>
      word === null ||
      !word.startsWith("-") ||
      word === "-" ||
      GIT_FLAGS.test(word) ||
      values.has(i) ||
      values.has(i + 1) ||
      // grep's letters but those that take a value, and its pattern (`-e x`: the next word is no path).
      (git.name === "grep" &&
        (/^-[^-=efABCmO]+$/.test(word) || (/^-[ef]$/.test(word) && i + 1 < before.length))),
  );
  // grep's pattern comes first, unless `-e` or `-f` give the patterns (each the word after one).
  if (git.name === "grep") {
    const given = (i: number) => i > 0 && /^-[ef]$/.test(before[i - 1] ?? "");
    operands = before.some((_, i) => given(i))
      ? before.filter((word, i) => !given(i) && (word === null || !word.startsWith("-") || word === "-"))
      : operands.slice(1);
  }
  // `--cached` and `--staged` compare with a commit (a file `git rm --cached` took out shows whole); git grep's
  // `--recurse-submodules` reads what no index entry names. git takes a long option shortened (`--cach`).
  const given = (...options: string[]) =>
    flags.some((flag) => {
      const written = flag.split("=")[0]!;
      return written.length > 2 && options.some((option) => option.startsWith(written));
    });
  const tracked =
    known &&
    ((git.name === "diff" && !given("--cached", "--staged", "--no-index", "--merge-base")) ||
      (git.name === "grep" && !given("--untracked", "--no-index", "--recurse-submodules")));
  return { top: git.name !== "grep", specs, maybe: known ? operands : [], elsewhere, tracked };
}

/** Options of git's diff and log that print what changed, not only which files did. */
const GIT_PATCH =
  /^-(?:p|u|U\d*|W|c)$|^--(?:patch|patch-with-\w+|cc|unified|word-diff|function-context|full-diff)\b/;
/** Options of `git diff` and `git show` that print names, counts or nothing instead of the changes. */
const GIT_NO_PATCH =
  /^-(?:s|-no-patch|-stat|-numstat|-shortstat|-dirstat|-summary|-name-only|-name-status|-raw|-quiet)\b/;
/** git commands that print, pack or hand on what the repository's files hold. */
const GIT_CONTENT = wordSet("format-patch archive bundle fast-export cat-file difftool range-diff");
/**
 * Options of git's log, show and diff (`REVISION_READERS`; format-patch's `-n` takes none) whose value is always the
 * next word when written alone (`-n 3`, `--author x`): `--format x` is no such option (its value comes after `=`),
 * so that `x` is a revision or a path.
 */
const REVISION_READERS = wordSet("log whatchanged show diff");
const GIT_REVISION_VALUES = wordSet(
  "-n --max-count --skip --since --after --until --before --author --committer --grep -S -G",
);
/** Options of git's diff, log, show and grep that take no separate word, so that an operand after them is no value. */
const GIT_FLAGS =
  /^-(?:\d+|n\d+|[pusRwbaz]+|U\d+)$|^--(?:[\w-]+=.*|patch|no-patch|stat|name-only|name-status|cached|staged|oneline|graph|all|no-color|follow|reverse|first-parent|no-merges|untracked|ignore-case|color|word-diff|color-words|ignore-all-space|ignore-space-change|ignore-blank-lines|minimal|patience|histogram|text|find-renames|no-renames)$/;

/**
 * What find finds below its starting points: any entry there whose name its `-name` tests match (`findNamePatterns`).
 * `posix`: `[!x]` is a class of all but x, as find, grep and git read it (picomatch reads `!` as in the class).
 */
export function findWalk(argv: readonly (string | null)[]): EntryWalk {
  const matches = findNameMatcher(findNamePatterns(argv) ?? []);
  const { min, max } = findDepths(argv);
  // An entry's depth below its starting point (`a/b` is two deep).
  const depth = (relative: string) => relative.split("/").length;
  const folders = findStartingPoints(argv.slice(1));
  // The path find matches `-path` against: its one starting point as written, then the entry (`./src/a.ts`).
  const start = folders.length === 1 ? folders[0] : null;
  const leftOut = start == null ? [] : findPathsLeftOut(argv);
  const path = (relative: string) =>
    relative === "" || start!.endsWith("/") ? start + relative : `${start}/${relative}`;
  return {
    folders,
    follows: findFollowsLinks(argv),
    hidden: true,
    enters: (relative) =>
      depth(relative) < max && !leftOut.some((test) => test.below?.test(`${path(relative)}/`)),
    takes: (relative) =>
      depth(relative) >= min &&
      depth(relative) <= max &&
      matches(lastName(relative)) &&
      !leftOut.some((test) => test.whole.test(path(relative))),
    ...(findActsOnFilesOnly(argv) ? { filesOnly: true as const } : {}),
  };
}

/**
 * find's `-mindepth` and `-maxdepth` (0 and none unless told): GNU find 4.9 reads them wherever they stand in the
 * expression, the last of each counting, and acts on no entry outside them (the starting point is 0 deep). Words of
 * a command it runs are not its own; with a word computed at run time, or a value not a plain number, no limit is
 * known.
 */
export function findDepths(argv: readonly (string | null)[]): { min: number; max: number } {
  const rest = argv.slice(1);
  const words = rest.slice(findParts(rest).expression);
  const none = { min: 0, max: Infinity };
  let { min, max } = none;
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word == null) return none;
    if (FIND_RUNS.has(word)) {
      while (++i < words.length && words[i] !== ";" && !(words[i] === "+" && words[i - 1] === "{}"));
      continue;
    }
    if (word === "-maxdepth" || word === "-mindepth") {
      const value = words[++i];
      if (value == null || !/^\d+$/.test(value)) return none;
      if (word === "-maxdepth") max = Number(value);
      else min = Number(value);
    } else if (word === "-fprintf") i += 2;
    else if (takesOneWord(word) || /^-(?:printf|fprint0?|fls)$/.test(word)) i++;
    // Any word not known may take a value that reads as `-maxdepth` here (`-files0-from`).
    else if (!FIND_NO_WORD.has(word) && !FIND_JOINS.has(word) && !FIND_ACTIONS.has(word)) return none;
  }
  return { min, max };
}

/**
 * The entries a lister `namesListedFrom` reads prints for xargs to pass on: what find finds, ls's entries of its
 * folders (hidden ones with `-a`, below them with `-R`), the files a recursive grep or rg lists, and git's listings
 * (any entry but the repository itself). Undefined for a command that lists only the files it names, or filters.
 */
export function listingWalk(argv: readonly (string | null)[]): EntryWalk | undefined {
  const name = argv[0] == null ? undefined : basename(argv[0]);
  const words = argv.slice(1);
  const { flags, operands } = splitOptions(words);
  const { short, long } = optionTests(flags);
  switch (name) {
    case "find":
      return findWalk(argv);
    case "ls": {
      // `-f` lists everything unsorted: `-a` with it.
      const hidden = short("aAf") || long("--all", "--almost-all");
      const shown = (relative: string) => hidden || !lastName(relative).startsWith(".");
      return {
        folders: operands.length > 0 ? operands : ["."],
        follows: false,
        hidden,
        enters: (relative) => (short("R") || long("--recursive")) && shown(relative),
        takes: shown,
      };
    }
    case "grep":
    case "egrep":
    case "fgrep":
    case "rg":
      return searchWalk(name, argv);
    case "git": {
      if (namesListedFrom(argv) === undefined) return undefined;
      const rest = gitSubcommand(argv)?.rest ?? [];
      const others = rest.some((word) => word === "-o" || word === "--others");
      // Its pathspecs: a path and what is below it, or a pattern whose `*` crosses folders. Magic ones
      // (`:(exclude)…`) or computed ones are not read: anything may be listed.
      const end = rest.indexOf("--");
      const words = rest.slice(end + 1).filter((word) => word === null || !word.startsWith("-"));
      // git grep's first word is its pattern, not a pathspec (`git grep -l foo` lists `.env`); which words are
      // patterns when `-e` or `-f` gives them is not read here.
      const patterns =
        gitSubcommand(argv)?.name === "grep" && end < 0
          ? rest.some((word) => word === null || /^-[a-zA-Z]*[ef]|^--(?:regexp|file)\b/.test(word))
            ? "not known"
            : "first"
          : "none";
      const specs = patterns === "not known" ? [null] : patterns === "first" ? words.slice(1) : words;
      const known =
        specs.every((spec) => spec !== null && !spec.startsWith(":")) &&
        // Options whose value is a separate word would read as a pathspec.
        !rest.some(
          (word) =>
            word !== null && /^-[xX]$|^--(?:exclude(?:-from|-per-directory)?|format|with-tree)$/.test(word),
        );
      // Matched ignoring case: GIT_ICASE_PATHSPECS (in the line or the agent's environment, not read here) or
      // `--icase-pathspecs` makes git list `web/.npmrc` for `*.NPMRC`.
      const matchers = known
        ? specs.map((spec) => {
            // As git reads it: `.`, `./` and `web/.` name folders, `web//x` is `web/x`; `..` leads above (any name).
            const parts = spec!
              .toLowerCase()
              .split("/")
              .filter((part) => part !== "" && part !== ".");
            if (parts.length === 0 || parts.includes("..")) return () => true;
            const path = parts.join("/");
            // git reads a backslash as an escape (`server.pe\m` is `server.pem`), `(` and a leading `!` as plain
            // text, which picomatch reads otherwise: any entry.
            if (/[\\()]|^!/.test(path)) return () => true;
            if (!isGlobWord(path))
              return (relative: string) => {
                const lower = relative.toLowerCase();
                return lower === path || lower.startsWith(`${path}/`);
              };
            // git knows no braces, and its `?` and classes match a `/` (`web?.npmrc` lists `web/.npmrc`), which
            // picomatch's never do: a pattern with one, or that picomatch reads otherwise (`.e\nv`), may list anything.
            return globTooCostly(path) || readOtherwise(path) || /[?[]/.test(path)
              ? () => true
              : globMatcher(path, { dot: true, bash: true, nobrace: true, nocase: true, posix: true });
          })
        : [];
      return {
        folders: ["."],
        follows: false,
        hidden: true,
        tracked: !others,
        enters: (relative) => lastName(relative) !== ".git",
        takes: (relative) => matchers.length === 0 || matchers.some((matches) => matches(relative)),
      };
    }
    default:
      return undefined;
  }
}

/**
 * Whether a command only reads the files it is given (so a protected file given to it matters only when it holds
 * credentials): the readers, pagers and searches, and sed without `-i`.
 */
export function onlyReads(name: string, argv: readonly (string | null)[]): boolean {
  if (READERS.has(name) || ONLY_READING.has(name) || Object.hasOwn(PATTERN_FIRST, name)) return true;
  if (name !== "sed") return false;
  const { short, long } = optionTests(splitOptions(argv.slice(1)).flags);
  return !short("i") && !long("--in-place");
}
const ONLY_READING = wordSet("cat head tail less more xxd ls du");

const READ_EVERY_FILE = new Set([
  ...["cat", "head", "tail", "more", "nl", "wc", "cut", "od", "hexdump", "strings"],
  ...["grep", "egrep", "fgrep", "rg", "diff", "cmp", "jq", "stat", "ls"],
  ...["md5sum", "sha1sum", "sha256sum", "sha512sum", "b2sum", "cksum"],
]);

/**
 * Whether a command reads every file word it is given and writes none, unlike `onlyReads`'s `sort -o`, `uniq in out`,
 * `xxd in out`, sed's `w` and awk's `print >`: given a file protected only for what it runs (`PathCheck.readable`), it
 * only reads it.
 */
export function readsEveryFile(name: string): boolean {
  return READ_EVERY_FILE.has(name);
}

/**
 * Whether a command `onlyReads` counts writes a file all the same: `sort -o`, `xxd in out`, `less -o log` (one that
 * makes an ignore file, `sort -o .ignore notes.txt`, changes what a search after it reads).
 */
export function writesOutput(name: string, argv: readonly (string | null)[]): boolean {
  const { flags, operands } = splitOptions(argv.slice(1));
  const { short, long } = optionTests(flags);
  if (name === "sort") return short("o") || long("--output");
  if (name === "less") return short("oO") || long("--log-file", "--LOG-FILE");
  if (name === "tree") return short("o");
  return name === "xxd" && operands.length > 1;
}

/** find follows links (`-L` before its starting points, `-follow`): what it finds may be where a link leads. */
export function findFollowsLinks(argv: readonly (string | null)[]): boolean {
  if (argv.includes("-follow")) return true;
  // Its options come before the starting points: -H, -L, -P, -D <debug options>, -O<level>; the last of H, L, P wins.
  let follows = false;
  for (
    let i = 1;
    i < argv.length && argv[i] != null && /^-([HLP]|D|O\d*)$/.test(argv[i]!);
    i += argv[i] === "-D" ? 2 : 1
  )
    if (/^-[HLP]$/.test(argv[i]!)) follows = argv[i] === "-L";
  return follows;
}

/** git subcommands that write the working tree from a repository's content, which may hold links (or move one). */
const GIT_WRITES_TREE = wordSet(
  "clone pull checkout switch merge rebase am apply cherry-pick revert reset restore stash submodule worktree mv",
);

/**
 * Forms of `GIT_WRITES_TREE`'s subcommands that leave the working tree as it is: a new branch at HEAD
 * (`checkout -b x`, `switch -c x`), `reset` without `--hard`, `--merge` or `--keep`, `restore --staged`, and the
 * listings of `stash`, `submodule` and `worktree`.
 */
function keepsWorkingTree(subcommand: string, rest: readonly (string | null)[]): boolean {
  const words = rest.filter((word): word is string => word !== null);
  const operands = words.filter((word) => !word.startsWith("-"));
  switch (subcommand) {
    case "checkout":
    case "switch":
      return (
        words.some((word) => /^-[bBcC]$/.test(word)) && operands.length <= 1 && rest.length === words.length
      );
    case "reset":
      return !words.some((word) => ["--hard", "--merge", "--keep"].includes(word));
    case "restore":
      return (
        words.some((w) => w === "--staged" || w === "-S") &&
        !words.some((w) => w === "--worktree" || w === "-W")
      );
    case "stash":
    case "submodule":
    case "worktree":
      return ["list", "show", "status", "summary", "prune", "lock", "unlock"].includes(operands[0] ?? "");
    default:
      return false;
  }
}

/**
 * What a command is when it writes files whose kind comes from content it reads, so that it may create a link leading
 * anywhere (an archive's member, a repository's tracked link): `tar x`, `unzip`, `7z x`, `cpio -i`, `git clone`,
 * `git checkout`, …; undefined for any other command. A later command of the line may name the new link, which
 * is not there while the request is decided.
 */
export function addsLinksFromContent(name: string, argv: readonly (string | null)[]): string | undefined {
  const words = argv.slice(1);
  const { flags, operands } = splitOptions(words);
  switch (name) {
    case "tar":
    case "bsdtar": {
      const tar = optionTests(splitOptions(tarWords(words)).flags);
      return tar.short("x") || tar.long("--extract", "--get") ? name : undefined;
    }
    case "unzip":
      return name;
    // GNU patch applies git's patches, links (`new file mode 120000`) included.
    case "patch":
      return words.includes("--dry-run") ? undefined : name;
    case "cpio": {
      const { short, long } = optionTests(flags);
      return short("i") || long("--extract") ? name : undefined;
    }
    case "7z":
    case "7za":
    case "7zr":
    case "7zz":
    case "7zzs":
    case "unrar":
      return operands[0] === "x" || operands[0] === "e" ? `${name} ${operands[0]}` : undefined;
    // Other archivers whose members may be links or paths going up (`ar xP` writes members by their full path).
    case "unar":
      return name;
    case "cabextract":
    case "unsquashfs":
      return flags.some((flag) => /^-(?:l|t|ls|lls|stat|list|test)$/.test(flag)) ? undefined : name;
    case "pax":
      return optionTests(flags).short("r") ? "pax -r" : undefined;
    case "dpkg-deb":
      return flags.some((flag) => /^(?:-[xXR]|--(?:v?extract|raw-extract))$/.test(flag)) ? name : undefined;
    case "ar":
      return /^-?[a-zA-Z]*x[a-zA-Z]*$/.test(operands[0] ?? flags[0] ?? "") &&
        /P/.test(operands[0] ?? flags[0] ?? "")
        ? "ar xP"
        : undefined;
    case "git": {
      const git = gitSubcommand(argv);
      return git?.name != null && GIT_WRITES_TREE.has(git.name) && !keepsWorkingTree(git.name, git.rest)
        ? `git ${git.name}`
        : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * A copy's sources and destination: `-t DIR` (`-tDIR`, `--target=DIR`), else the last operand; and the folders the
 * copies (or links) land in: the destination, or, when it may be the new name itself (one source, no `-t`, not ending
 * in `/`, `.` or `..`), its parent too (`""` for the folder the command runs in). GNU ln 9.1 puts a link in a
 * destination written with a last `/` (`-n` too) or fails, as cp and mv do.
 */
function copyOperands(
  words: (string | null)[],
  operands: (string | null)[],
): { sources: (string | null)[]; destination: string | null | undefined; folders: (string | null)[] } {
  const targets = optionFiles(TARGET_DIRECTORY, words);
  const target = targets.length === 0 ? undefined : (targets.at(-1) ?? null);
  const sources = target === undefined ? operands.slice(0, -1) : operands.filter((word) => word !== target);
  const destination = target === undefined ? operands.at(-1) : target;
  const parent = (word: string) => word.replace(/\/+$/, "").replace(/(?:^|\/)[^/]*$/, "");
  const folders =
    destination === undefined
      ? [""]
      : destination === null
        ? [null]
        : target !== undefined || sources.length > 1 || /(?:^|\/)\.{0,2}$/.test(destination)
          ? [destination.replace(/\/+$/, "")]
          : [destination.replace(/\/+$/, ""), parent(destination)];
  return { sources, destination, folders };
}

/**
 * `git mv`'s words as mv's, read from the folder git runs in: `git mv a.pem config` moves as `mv a.pem config` does,
 * `git -C src mv a.pem ../config` as `mv src/a.pem src/../config` (each `-C` from the one before). Undefined for any
 * other command; null where that folder is not known: a `-C` or git option computed at run time, or `--git-dir` /
 * `--work-tree`, with which git reads the paths from the work tree's top when it runs outside it (git 2.39).
 */
export function gitMvAsMv(
  name: string,
  argv: readonly (string | null)[],
): (string | null)[] | null | undefined {
  if (name !== "git") return undefined;
  const at = gitSubcommandAt(argv);
  if (at === undefined || argv[at] !== "mv") return undefined;
  if (argv.slice(1, at).some((word) => word === null || /^--(?:git-dir|work-tree)/.test(word))) return null;
  const folders = wordFolders(name, argv);
  if (folders.includes(undefined)) return null;
  const folder = folders.at(-1);
  let operands = false;
  const words = argv.slice(at + 1).map((word) => {
    if (word === "--" && !operands) {
      operands = true;
      return word;
    }
    const operand = operands || !word?.startsWith("-");
    return folder && operand && word !== null && !/^[/~]/.test(word) ? `${folder}/${word}` : word;
  });
  return ["mv", ...words];
}

/**
 * The folder a copy, move or link puts what it is given in under their own names, and those: `cp a.pem cfg`, `cp -t
 * cfg a.pem` and `ln -s ../a.pem cfg` write `cfg/a.pem`, which the line does not name (`ln -s ../a.pem` alone: `.`).
 * Whether the destination is a folder when the command runs is not known: it counts as one. Undefined for any other
 * command, for `-T` (the destination is the new name) and for `install -d`.
 */
export function landsByName(
  name: string,
  argv: readonly (string | null)[],
): { sources: (string | null)[]; folder: string | null; parents?: true } | undefined {
  const asMv = gitMvAsMv(name, argv);
  if (asMv !== undefined) return asMv === null ? undefined : landsByName("mv", asMv);
  if (!["cp", "mv", "install", "ln", "rsync"].includes(name)) return undefined;
  const words = argv.slice(1);
  const { flags, operands } = splitOptions(words);
  const { short, long } = optionTests(flags);
  if (name !== "rsync" && (short("T") || long("--no-target-directory"))) return undefined;
  if (name === "install" && (short("d") || long("--directory"))) return undefined;
  const { sources, destination } = copyOperands(words, operands);
  if (name === "ln" && sources.length === 0 && destination !== undefined)
    return { sources: [destination], folder: "." };
  // rsync to another machine (`host:path`) writes nothing here.
  if (name === "rsync" && destination != null && /^[^/]*:/.test(destination)) return undefined;
  // cp --parents and rsync -R keep each source's path below the folder (`cp --parents src/a.pem cfg`: `cfg/src/a.pem`).
  const parents = name === "cp" ? long("--parents") : name === "rsync" && (short("R") || long("--relative"));
  return destination === undefined || sources.length === 0
    ? undefined
    : { sources, folder: destination, ...(parents ? { parents: true as const } : {}) };
}

/**
 * The sources a command moves or copies as they are, links included (`mv`, `cp -r`/`-a`/`-P`, `rsync -a`), so that a
 * relative link among them may lead elsewhere from where it lands; undefined for any other command. Whether a source
 * is or holds a link is for the caller to find. (A link `ln` makes leads where its target, checked from the link's
 * folder, is.)
 */
export function carriesLinks(
  name: string,
  argv: readonly (string | null)[],
): { sources: (string | null)[] } | undefined {
  const words = argv.slice(1);
  const { flags, operands } = splitOptions(words);
  const { short, long } = optionTests(flags);
  const carries =
    name === "mv" ||
    (name === "cp" &&
      (short("rRadP") || long("--recursive", "--archive", "--no-dereference")) &&
      !short("L")) ||
    (name === "rsync" &&
      (short("al") || long("--archive", "--links")) &&
      !short("L") &&
      !long("--copy-links"));
  return carries ? { sources: copyOperands(words, operands).sources } : undefined;
}

/**
 * The folders a command copies or moves with all they hold, and where to (`cp -r`/`-a`, `rsync -r`/`-a`, `mv`): what
 * lands there is named by what the folders hold, not by the command (`cp -r vendor/x/. .` writes `vendor/x`'s
 * `.vscode/tasks.json` as `.vscode/tasks.json`). `follows`: links among them are copied as what they lead to.
 * Undefined for any other command.
 */
export function copiesFolders(
  name: string,
  argv: readonly (string | null)[],
): { sources: (string | null)[]; destination: string | null | undefined; follows: boolean } | undefined {
  const asMv = gitMvAsMv(name, argv);
  if (asMv !== undefined) return asMv === null ? undefined : copiesFolders("mv", asMv);
  const words = argv.slice(1);
  const { flags, operands } = splitOptions(words);
  const { short, long } = optionTests(flags);
  const copies =
    name === "mv" ||
    (name === "cp" && (short("rRa") || long("--recursive", "--archive"))) ||
    (name === "rsync" && (short("ra") || long("--recursive", "--archive")));
  if (!copies) return undefined;
  const { sources, destination } = copyOperands(words, operands);
  // rsync to another machine (`host:path`) writes nothing here; what it reads is `packsWalk`'s.
  if (name === "rsync" && destination != null && /^[^/]*:/.test(destination)) return undefined;
  return { sources, destination, follows: followsLinksBelow(name, argv) };
}

/**
 * Where a command that applies a patch reads it, and where the files it names are: `git apply`, `git am` and
 * `patch` write the files the patch's headers name (`patchNames.ts`), which the command line does not. `files` are
 * patch files named (null: computed at run time); `stdin` says it reads one from its standard input; `folders` are
 * where its names are relative to besides the folder it runs in (`git apply --directory=x`, `patch -d x`). `strip`
 * is how many leading folders it drops from each name (`-p2`; git's 1 unless told; patch's all of them, leaving the
 * name alone, unless told), undefined where that is not known (`-p$N`). Undefined for any other command, and for forms
 * that write nothing (`git apply --stat`, `patch --dry-run`, `git am --abort`).
 */
export function appliesPatch(
  name: string,
  argv: readonly (string | null)[],
):
  | { files: (string | null)[]; stdin: boolean; folders: (string | null)[]; strip: number | undefined }
  | undefined {
  const count = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : undefined);
  if (name === "git") {
    const git = gitSubcommand(argv);
    if (git?.name !== "apply" && git?.name !== "am") return undefined;
    const { flags, operands } = splitOptions(git.rest);
    const { long } = optionTests(flags);
    if (git.name === "apply" && long("--stat", "--numstat", "--summary", "--check") && !long("--apply"))
      return undefined;
    if (git.name === "am" && long("--abort", "--quit", "--skip", "--continue", "--show-current-patch"))
      return undefined;
    const folders = flags.filter((flag) => flag.startsWith("--directory=")).map((flag) => flag.slice(12));
    const strips = flags.filter((flag) => flag.startsWith("-p")).map((flag) => count(flag.slice(2)));
    return {
      files: operands,
      stdin: operands.length === 0,
      folders,
      strip: strips.length > 0 ? strips.at(-1) : 1,
    };
  }
  if (name !== "patch") return undefined;
  // patch [options] [original [patchfile]]; these letters take the rest of their cluster or the next word as their
  // value (`-Np1`, `-p 1`).
  const valueTaking = "piorBDFVzdYgx";
  const words = argv.slice(1);
  const files: (string | null)[] = [];
  const folders: (string | null)[] = [];
  const operands: (string | null)[] = [];
  let strip: number | undefined = Infinity;
  let options = true;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? null;
    if (options && word === "--") options = false;
    else if (!options || word === null || !word.startsWith("-") || word === "-") operands.push(word);
    else if (word === "--dry-run") return undefined;
    else if (word.startsWith("--")) {
      const eq = word.indexOf("=");
      const option = eq < 0 ? word : word.slice(0, eq);
      const takes = ["--input", "--directory", "--strip"].find((flag) => longOption(option, flag));
      if (takes === undefined) continue;
      const value = eq < 0 ? (words[++i] ?? null) : word.slice(eq + 1);
      if (takes === "--input") files.push(value);
      else if (takes === "--directory") folders.push(value);
      else strip = count(value);
    } else
      for (let c = 1; c < word.length; c++) {
        const letter = word[c]!;
        if (!valueTaking.includes(letter)) continue;
        const value = c + 1 < word.length ? word.slice(c + 1) : (words[++i] ?? null);
        if (letter === "i") files.push(value);
        else if (letter === "d") folders.push(value);
        else if (letter === "p") strip = count(value);
        break;
      }
  }
  if (operands.length >= 2) files.push(operands[1] ?? null);
  return { files, stdin: files.length === 0, folders, strip };
}

/**
 * Where a command that extracts an archive reads it and writes what it holds: `tar x` (and bsdtar), `unzip` and
 * `jar x` write the members the archive names (`archiveMembers.ts`), which the command line does not. `archives`
 * are the archives named (null: computed at run time); `stdin` says it reads one from its input; `folders` are where
 * it extracts (`-C`, `-d`; none: where it runs); `strip` leading folders dropped from each name, or all of them when
 * `flat` (unzip's `-j`: each file lands by its own name, its folders not made). `unread` says why its
 * members cannot be known (another format, renamed members). Undefined for any other command and for listings
 * (`tar t`, `unzip -l`) and extractions to standard output.
 */
export function extractsArchive(
  name: string,
  argv: readonly (string | null)[],
):
  | {
      archives: (string | null)[];
      stdin: boolean;
      folders: (string | null)[];
      strip: number;
      flat?: true;
      unread?: string;
    }
  | undefined {
  const words = argv.slice(1);
  if (name === "tar" || name === "bsdtar" || name === "gtar") return tarExtraction(name, tarWords(words));
  if (name === "unzip") {
    // `-d` takes its folder from the rest of a cluster too (`-dsecrets`, `-qod secrets`), whose letters are no options.
    const { options, operands } = readOptions(words, "d", []);
    if (options.some(([letter]) => "lvtZpcz".includes(letter))) return undefined;
    const folders = optionValues(options, "d");
    const archive = operands[0];
    const flat = options.some(([letter]) => letter === "j");
    return {
      archives: archive === undefined ? [] : [archive],
      stdin: false,
      folders,
      strip: 0,
      ...(flat ? { flat: true as const } : {}),
    };
  }
  if (name === "jar") {
    const { flags, operands } = splitOptions(words);
    const mode = flags[0] ?? (operands[0] == null ? "" : `-${operands[0]}`);
    if (!/^-[a-zA-Z]*x/.test(mode) && !words.includes("--extract")) return undefined;
    const archive = operands.find((word) => word === null || word.endsWith(".jar") || word.endsWith(".zip"));
    return archive === undefined
      ? { archives: [], stdin: true, folders: [], strip: 0 }
      : { archives: [archive], stdin: false, folders: [], strip: 0 };
  }
  // Other archivers (7-Zip, cpio, rar, …): their formats are not read here; nor are Python's own (`-m zipfile -e`).
  const python =
    /^python[\d.]*$/.test(name) && words[0] === "-m" && ["zipfile", "tarfile"].includes(words[1] ?? "");
  const other = OTHER_ARCHIVERS.has(name)
    ? (addsLinksFromContent(name, argv) ??
      (name === "ar"
        ? arExtracts(words)
        : // uudecode writes the name its input stores (`begin 644 .env`), but with -o.
          name === "uudecode" && !words.some((word) => word === null || /^-(?:o|-o)/.test(word))
          ? name
          : undefined))
    : python && words.some((word) => word === "-e" || word === "--extract")
      ? `${name} -m ${words[1]}`
      : undefined;
  if (other === undefined) return undefined;
  return { archives: [], stdin: false, folders: [], strip: 0, unread: `${other} extracts an archive` };
}

/**
 * `ar x` (`ar -xv`, `ar xo`): it writes each member by its stored name where it runs, overwriting what is there
 * (`.env`, `server.pem`), though only `ar xP` may make a link or go up (`addsLinksFromContent`). Any word that may be
 * a key with `x` counts (`--plugin p x lib.a`), a computed one too.
 */
function arExtracts(words: readonly (string | null)[]): string | undefined {
  return words.some((word) => word === null || /^-?[a-zA-Z]*x[a-zA-Z]*$/.test(word)) ? "ar x" : undefined;
}

const OTHER_ARCHIVERS = wordSet(
  "7z 7za 7zr 7zz 7zzs cpio unrar unar cabextract pax unsquashfs dpkg-deb ar uudecode",
);

/** tar's extraction, from its words with the old style read as options (`tarWords`). */
function tarExtraction(name: string, words: readonly (string | null)[]): ReturnType<typeof extractsArchive> {
  const archives: (string | null)[] = [];
  const folders: (string | null)[] = [];
  let extracts = false;
  let strip = 0;
  let unread: string | undefined;
  let toOutput = false;
  // One-letter options that take a value: the rest of the cluster, or the next word.
  const valueTaking = "fCTXbHKNVgIFLs";
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? null;
    if (word === null || word === "--" || !word.startsWith("-") || word === "-") continue;
    if (word.startsWith("--")) {
      const eq = word.indexOf("=");
      const option = eq < 0 ? word : word.slice(0, eq);
      const value = () => (eq < 0 ? (words[++i] ?? null) : word.slice(eq + 1));
      if (longOption(option, "--extract") || longOption(option, "--get")) extracts = true;
      else if (longOption(option, "--file")) archives.push(value());
      else if (longOption(option, "--directory")) folders.push(value());
      else if (longOption(option, "--strip-components")) strip = Number(value()) || 0;
      else if (longOption(option, "--to-stdout")) toOutput = true;
      else if (["--transform", "--xform", "--one-top-level"].some((o) => longOption(option, o)))
        unread = `${name} ${option} renames what it extracts`;
      // The members after the end-of-archive blocks (another archive appended) are not read.
      else if (longOption(option, "--ignore-zeros"))
        unread = `${name} ${option} extracts past the archive's end, what is not read`;
      continue;
    }
    for (let at = 1; at < word.length; at++) {
      const letter = word[at]!;
      if (letter === "x") extracts = true;
      else if (letter === "O") toOutput = true;
      else if (letter === "i") unread = `${name} -i extracts past the archive's end, what is not read`;
      else if (valueTaking.includes(letter)) {
        const value = at < word.length - 1 ? word.slice(at + 1) : (words[++i] ?? null);
        if (letter === "f") archives.push(value);
        else if (letter === "C") folders.push(value);
        else if (letter === "s") unread = `${name} -s renames what it extracts`;
        break;
      }
    }
  }
  if (!extracts || toOutput) return undefined;
  const named = archives.filter((archive) => archive !== "-");
  return {
    archives: named,
    stdin: archives.length === 0 || named.length < archives.length,
    folders,
    strip,
    ...(unread !== undefined ? { unread } : {}),
  };
}

/** A camel-cased option and its kebab-cased name, as yargs and cac take both (`--outputFile`, `--output-file`). */
function kebabToo(option: string): string[] {
  return [option, option.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)];
}

/** Build tools' options that name what they write (`gcc -o x`, `tsc --outDir dist`, `pip install -t dir`). */
const OUTPUT_OPTIONS: Record<string, readonly string[]> = {
  // And the files a compilation writes besides: its dependencies (`-MF`), prototypes (`-aux-info`), dumps and profiles.
  ...Object.fromEntries([...C_COMPILERS].map((cc) => [cc, COMPILER_OUTPUTS])),
  // python's modules, as their own programs (`python3 -m cProfile -o out`).
  // The linker's and assembler's outputs.
  ...Object.fromEntries(
    ["ld", "ld.lld", "ld.gold", "ld.bfd", "lld"].map((ld) => [ld, ["-o", "--output", "-Map"]]),
  ),
  as: ["-o"],
  cProfile: ["-o", "--outfile"],
  profile: ["-o", "--outfile"],
  zipapp: ["-o", "--output"],
  trace: ["-C", "--coverdir", "-f", "--file"],
  rustc: ["-o", "--out-dir"],
  tsc: [
    "--outDir",
    "--outFile",
    "--declarationDir",
    "--tsBuildInfoFile",
    "-p",
    "--project",
    "--generateTrace",
    "--generateCpuProfile",
  ],
  esbuild: ["--outfile", "--outdir", "--metafile"],
  javac: ["-d"],
  cargo: ["--target-dir", "--artifact-dir", "--manifest-path", "-C"],
  // pytest empties its base temporary folder before a run (`--basetemp ~/Documents` deletes it), and writes reports.
  pytest: [
    "--resultlog",
    "--result-log",
    "--basetemp",
    "--junitxml",
    "--junit-xml",
    "--rootdir",
    "-c",
    "--config-file",
    "--confcutdir",
    "--log-file",
    "--html",
  ],
  // pip's `-e` installs a local folder, running its build there; and its log, cache, report and wheels.
  ...Object.fromEntries(
    ["pip", "pip3"].map((pip) => [
      pip,
      [
        ...["-t", "--target", "--prefix", "--root", "-d", "--dest", "--src", "-e", "--editable"],
        ...["--log", "--cache-dir", "--report", "-w", "--wheel-dir"],
      ],
    ]),
  ),
  // The folder a package manager works in, as if run there (`npm --prefix client run build`).
  npm: ["--pack-destination", "-w", "--workspace", "--prefix", "-C", "--cache", "--logs-dir"],
  pnpm: ["--dir", "-C"],
  yarn: ["--cwd", "--cache-folder", "--modules-folder"],
  // Downloads, conversions and keys written where their options say.
  aria2c: ["-d", "--dir", "-o", "--out"],
  "yt-dlp": ["-o", "--output", "-P", "--paths"],
  "youtube-dl": ["-o", "--output"],
  gpg: ["-o", "--output"],
  gpg2: ["-o", "--output"],
  openssl: ["-out", "-keyout"],
  pandoc: ["-o", "--output"],
  csplit: ["-f", "--prefix"],
  mktemp: ["-p", "--tmpdir"],
  // The build folder it configures and builds in, and where it installs.
  cmake: ["-S", "-B", "--build", "--install", "--prefix", "--install-prefix"],
  // The project or folder a build tool or task runner works in: it runs that project's build scripts and tasks and
  // writes its outputs there (`cargo --manifest-path ~/x/Cargo.toml build`, `gradle -p ~/x`, `just -d ~`).
  uv: [
    ...["--directory", "--project", "--cache-dir", "-t", "--target", "--prefix", "-o", "--output-file"],
    ...["--out-dir", "--script", "-p", "--python"],
  ],
  poetry: ["-C", "--directory", "-P", "--project", "-o", "--output"],
  bun: ["--cwd", "--outdir", "--outfile"],
  deno: ["--cwd", "-o", "--output", "--coverage", "--junit-path"],
  // maven's log file and settings, and the local repository it installs into (`-Dmaven.repo.local=` is
  // `keyedOutputs`').
  ...Object.fromEntries(
    ["mvn", "mvnw"].map((mvn) => [mvn, ["-f", "--file", "-l", "--log-file", "-s", "--settings", "-gs"]]),
  ),
  ...Object.fromEntries(
    ["gradle", "gradlew"].map((gradle) => [
      gradle,
      [
        ...["-p", "--project-dir", "-b", "--build-file", "-c", "--settings-file", "-g", "--gradle-user-home"],
        ...["--project-cache-dir", "-I", "--init-script"],
      ],
    ]),
  ),
  just: ["-d", "--working-directory", "-f", "--justfile"],
  task: ["-d", "--dir", "-t", "--taskfile"],
  bundle: ["--gemfile", "--path"],
  composer: ["-d", "--working-dir"],
  swift: ["--package-path", "--scratch-path", "--build-path", "--cache-path"],
  nx: ["--cwd"],
  turbo: ["--cwd"],
  ...Object.fromEntries(
    ["bazel", "bazelisk"].map((bazel) => [bazel, ["--output_base", "--output_user_root"]]),
  ),
  zig: ["-p", "--prefix", "--cache-dir", "--global-cache-dir"],
  dotnet: ["-o", "--output", "--project", "--results-directory", "--diag", "-d", "--artifacts-path"],
  // Test runners', type checkers' and bundlers' reports, caches, traces and logs.
  jest: ["--outputFile", "--coverageDirectory", "--cacheDirectory"].flatMap(kebabToo),
  vitest: ["--outputFile", "--coverage.reportsDirectory"].flatMap(kebabToo),
  // `vitest --outputFile.junit=x.xml`: a reporter's own file.
  mypy: [
    "--cache-dir",
    "--junit-xml",
    ...["html", "txt", "xml", "linecount", "linecoverage", "lineprecision", "cobertura-xml", "any-exprs"].map(
      (report) => `--${report}-report`,
    ),
  ],
  coverage: ["-o", "-d", "--directory", "--data-file"],
  // The folder whose configuration terraform runs (`-chdir`), the plan and state it writes, the variables it reads;
  // Go's flags take one dash or two.
  ...Object.fromEntries(
    ["terraform", "tofu"].map((terraform) => [
      terraform,
      ["-chdir", "-out", "-state", "-state-out", "-backup", "-var-file", "-backend-config"].flatMap(
        (option) => [option, `-${option}`],
      ),
    ]),
  ),
  // The folder go works in, the binary, go.mod, overlay and profile it reads instead of the module's, the profiles,
  // traces and coverage its tests write; one dash or two. Longer names first: `-overlay` is not `-o verlay`.
  go: ["-modfile", "-overlay", "-outputdir", "-pkgdir", "-pgo", "-o", "-C"]
    .concat(["-coverprofile", "-cpuprofile", "-memprofile", "-blockprofile", "-mutexprofile", "-trace"])
    .flatMap((option) => [option, `-${option}`]),
  // A cluster's configuration, whose `exec` plugin runs a command; the charts helm renders; the manifests, patches
  // and files sent to the cluster (`--from-file` is keyed, `keyedOutputs`), the values a chart renders.
  kubectl: ["--kubeconfig", "-f", "--filename", "-k", "--kustomize", "--from-env-file", "--patch-file"],
  helm: ["--kubeconfig", "--output-dir", "-f", "--values", "-d", "--destination"],
  // The option files mysql reads first (their `plugin-dir` and `default-auth` load a library), and its tee file.
  ...Object.fromEntries(
    ["mysql", "mariadb"].map((mysql) => [
      mysql,
      ["--defaults-file", "--defaults-extra-file", "--tee", "--plugin-dir"],
    ]),
  ),
  // Node writes warnings, profiles, reports, traces and TLS keys where its options say.
  node: [
    ...["--redirect-warnings", "--cpu-prof-dir", "--heap-prof-dir", "--diagnostic-dir", "--report-directory"],
    // A profile's name is a path too (`--cpu-prof-name=../x.cpuprofile`).
    ...["--cpu-prof-name", "--heap-prof-name"],
    ...["--test-reporter-destination", "--tls-keylog", "--logfile", "--snapshot-blob", "--localstorage-file"],
    ...["--trace-event-file-pattern", "--report-filename"],
    // The environment files it loads (`process.env` prints them).
    ...["--env-file", "--env-file-if-exists"],
  ],
  // The keyed options whose values name files (`keyedOutputs`): a reporter's (`-O output=x.xml`).
  mocha: [],
};

/**
 * The paths in the values of options that hold a key first, as pytest and mocha take them: an ini setting
 * (`pytest -o cache_dir=../c`), a coverage report (`--cov-report html:../cov`), the debug log (`--debug=x`, whose
 * value is optional), a reporter's options (`mocha -O output=../x,suiteName=y`).
 */
function keyedOutputs(name: string, words: readonly (string | null)[]): (string | null)[] {
  const after = (options: readonly string[], paths: (value: string) => string[]) =>
    outputValues(options, words).flatMap((value) => (value === null ? [null] : paths(value)));
  if (name === "pytest")
    return [
      ...after(["-o", "--override-ini"], (value) =>
        value.includes("=") ? [value.slice(value.indexOf("=") + 1)] : [],
      ),
      ...after(
        ["--cov-report"],
        (value) => /^(?:annotate|html|xml|json|lcov|markdown(?:-append)?):(.+)$/.exec(value)?.slice(1) ?? [],
      ),
      ...words.flatMap((word, i) =>
        word?.startsWith("--debug=")
          ? [word.slice("--debug=".length)]
          : word === "--debug" && words[i + 1] !== undefined && !words[i + 1]?.startsWith("-")
            ? [words[i + 1] ?? null]
            : [],
      ),
    ];
  // A reporter's own file (`vitest --outputFile.junit=x.xml`), maven's local repository (`-Dmaven.repo.local=../r`).
  if (name === "vitest")
    return words.flatMap((word, i) =>
      word?.startsWith("--outputFile.") === true
        ? word.includes("=")
          ? [word.slice(word.indexOf("=") + 1)]
          : [words[i + 1] ?? null]
        : [],
    );
  if (name === "mvn" || name === "mvnw")
    return words.flatMap((word) =>
      word?.startsWith("-Dmaven.repo.local=") === true ? [word.slice("-Dmaven.repo.local=".length)] : [],
    );
  // terraform fmt rewrites the files and folders it is given; providers mirror fills the folder.
  if (name === "terraform" || name === "tofu") {
    const verbs = words.filter((word) => word === null || !word.startsWith("-"));
    if (verbs[0] === "fmt") return verbs.slice(1);
    if (verbs[0] === "providers" && verbs[1] === "mirror") return verbs.slice(2);
    return [];
  }
  // A file sent whole, under a key or not (`--from-file=id=~/.ssh/id_rsa`), or several (`--set-file a=x,b=y`).
  if (name === "kubectl") return after(["--from-file"], (value) => [value.slice(value.indexOf("=") + 1)]);
  if (name === "helm")
    return after(["--set-file"], (value) =>
      value.split(",").map((pair) => pair.slice(pair.indexOf("=") + 1)),
    );
  if (name === "mocha")
    return after(["-O", "--reporter-option", "--reporter-options"], (value) =>
      value.split(",").flatMap((pair) => (pair.includes("=") ? [pair.slice(pair.indexOf("=") + 1)] : [])),
    );
  return [];
}

/**
 * Whether `fileOperands` reads only where a program writes (`gcc -o`, `pandoc -o`), not what it reads: its other words
 * may name a protected file it takes in (`gcc -x c ~/.ssh/id_rsa` prints it in its errors).
 */
export function readsOnlyOutputs(name: string): boolean {
  return Object.hasOwn(OUTPUT_OPTIONS, name) || name === "psql";
}

/**
 * Clusters of one-letter options written apart, up to the first of `valueTaking`, which keeps the rest of its word as
 * its value (`-xc ../x.ini` is `-x -c ../x.ini`, `-qxocache_dir=x` is `-q -x -ocache_dir=x`).
 */
function unclustered(words: readonly (string | null)[], valueTaking: string): (string | null)[] {
  return words.flatMap((word) => {
    if (word === null || !/^-[a-zA-Z]/.test(word)) return [word];
    const at = [...word.slice(1)].findIndex((letter) => valueTaking.includes(letter));
    const flags = word.slice(1, at < 0 ? undefined : at + 1);
    if (!/^[a-zA-Z]+$/.test(flags)) return [word];
    return [...[...flags].map((letter) => `-${letter}`), ...(at < 0 ? [] : [`-${word.slice(at + 1)}`])];
  });
}

/**
 * Programs that read a long option shortened as Python's optparse does, taking the next word as its value whatever it
 * begins with (pip 23 here installed into `--x` for `pip install --targ --x ./a.whl`, coverage 7 wrote its report to
 * `--x` for `coverage html --dir --x`), and their own flags that start as one of their `OUTPUT_OPTIONS` does (`--pre`
 * is no `--prefix`).
 */
const OPTPARSE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  pip: ["--pre"],
  pip3: ["--pre"],
  coverage: [],
};

/**
 * The values of `options` among `words`: the next word, after `=`, or attached to a one-letter option (`-o/tmp/x`).
 * With `ownFlags` (`OPTPARSE_FLAGS`), a shortened option not one of them takes the next word, whatever it begins with.
 */
function outputValues(
  options: readonly string[],
  words: readonly (string | null)[],
  ownFlags?: readonly string[],
): (string | null)[] {
  const values: (string | null)[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word == null) continue;
    if (word === "--") break;
    // A long option shortened as pip and npm read it (`--targ` is `--target`).
    const name = word.split("=", 1)[0]!;
    const shortened =
      name.startsWith("--") && name.length >= 4 && !options.includes(name)
        ? options.find((o) => o.startsWith(name))
        : undefined;
    // A flag that starts as one of `options` does (node's `--cpu-prof`, `--cpu-prof-dir`; jest's `--coverage`) is
    // given no option (a path may start with `-`: `-/../x`), nor nothing, as its value.
    const flag =
      shortened !== undefined &&
      name === word &&
      (ownFlags ? ownFlags.includes(name) : /^-[^/=]*(?:=|$)/.test(words[i + 1] ?? "-"));
    if (options.includes(word) || (shortened !== undefined && name === word && !flag))
      values.push(words[++i] ?? null);
    else if (flag) continue;
    else if (shortened !== undefined) values.push(word.slice(name.length + 1));
    else {
      const option = options.find((o) => word.startsWith(`${o}=`) || (o.length === 2 && word.startsWith(o)));
      if (option !== undefined)
        values.push(word.slice(option.length + (word[option.length] === "=" ? 1 : 0)));
    }
  }
  return values;
}

/** How an option's value names a file: as itself, as curl's data (`@file`), or as a form field (`name=@file`). */
/**
 * What an option's value holds: a file, data that names one after `@` (`-d @x`, `k@x`), a form field (`f=@x`,
 * `f=<x`), a value that is a file when it starts with `@` (`-H @headers.txt`), a cookie string or cookie file
 * (curl's `-b`: a file unless it holds `=`), or a file name the program expands as a pattern (curl's `-T '{a,b}'`).
 */
type FileValue = "file" | "data" | "form" | "at" | "cookie" | "pattern" | "writeOut";

/**
 * Commands that name files in their options' values (downloads, uploads, archives): the short options that take a
 * value (a value-taking one ends a cluster: `-qO file`, `-oFILE`), and which of them, short or long, name a file.
 */
interface OptionFileTable {
  valueTaking: string;
  files: Record<string, FileValue>;
  /** Long options only as written whole: the program's others start as these do (rsync's `--backup`). */
  whole?: true;
}

const OPTION_FILES: Record<string, OptionFileTable> = {
  curl: {
    valueTaking: "AbcCdDeEFHKmorTuUwxXyYz",
    files: {
      o: "file",
      "--output": "file",
      "--output-dir": "file",
      c: "file",
      "--cookie-jar": "file",
      // curl expands `{a,b}` and `[a-z]` in what it uploads (`-T '{.env,x}'`).
      T: "pattern",
      "--upload-file": "pattern",
      K: "file",
      "--config": "file",
      d: "data",
      "--data": "data",
      "--data-binary": "data",
      "--data-urlencode": "data",
      "--json": "data",
      F: "form",
      "--form": "form",
      H: "at",
      "--header": "at",
      "--proxy-header": "at",
      b: "cookie",
      "--cookie": "cookie",
      E: "file",
      "--cert": "file",
      "--key": "file",
      "--cacert": "file",
      "--netrc-file": "file",
      // What it writes besides the body, and reads: headers, traces, its own errors, caches, a program's source.
      D: "file",
      "--dump-header": "file",
      "--trace": "file",
      "--trace-ascii": "file",
      "--stderr": "file",
      "--libcurl": "file",
      "--etag-save": "file",
      "--etag-compare": "file",
      "--hsts": "file",
      "--alt-svc": "file",
      "--crlfile": "file",
      "--proxy-cacert": "file",
      "--capath": "file",
      "--data-ascii": "data",
      "--url-query": "data",
      // Its format from a file (`@file`), and the files curl 8.3's `%output{file}` (`{>>file}`) sends text into.
      w: "writeOut",
      "--write-out": "writeOut",
      "--proxy-cert": "file",
      "--proxy-key": "file",
      // A local service's socket: Docker's API there runs privileged containers, as `docker run` does.
      "--unix-socket": "file",
    },
  },
  wget: {
    valueTaking: "aAeiIloOPQtTUwY",
    files: {
      O: "file",
      "--output-document": "file",
      P: "file",
      "--directory-prefix": "file",
      o: "file",
      "--output-file": "file",
      a: "file",
      "--append-output": "file",
      i: "file",
      "--input-file": "file",
      "--post-file": "file",
      "--body-file": "file",
      // Its cookies, logs, archives, caches and keys.
      "--save-cookies": "file",
      "--load-cookies": "file",
      "--rejected-log": "file",
      "--warc-file": "file",
      "--warc-dedup": "file",
      "--warc-tempdir": "file",
      "--hsts-file": "file",
      "--certificate": "file",
      "--private-key": "file",
      "--ca-certificate": "file",
      "--ca-directory": "file",
      "--crl-file": "file",
    },
  },
  tar: {
    valueTaking: "bCfFgHIKLNTVX",
    // Besides the archive and its folder: the index, snapshot and volume files it writes, lists it reads.
    files: {
      C: "file",
      "--directory": "file",
      f: "file",
      "--file": "file",
      g: "file",
      "--listed-incremental": "file",
      "--index-file": "file",
      "--volno-file": "file",
      X: "file",
    },
  },
  unzip: { valueTaking: "dx", files: { d: "file" } },
  "ssh-keygen": { valueTaking: "abCDEeFfGIJjKMmNnOPrSstTwYZz", files: { f: "file" } },
  // The folder a build runs in (and whose build files it runs), and the folders it takes included makefiles from.
  make: {
    valueTaking: "CfIjlOoWE",
    files: { C: "file", "--directory": "file", I: "file", "--include-dir": "file" },
  },
  // Where psql writes its query results and its log (`-qAto x` too).
  psql: {
    valueTaking: "cdfFhLopPRTUv",
    files: { o: "file", "--output": "file", L: "file", "--log-file": "file" },
  },
  ninja: { valueTaking: "Cfjkltdw", files: { C: "file" } },
  // tree writes its listing to `-o`'s file, prints an HTML intro and outro, reads ignore and info files.
  tree: {
    valueTaking: "LPIoHT",
    whole: true,
    files: Object.fromEntries(
      ["o", "--hintro", "--houtro", "--gitfile", "--infofile"].map((option) => [option, "file" as const]),
    ),
  },
  // Besides what it copies: its log, backups, temporary and partial files, batches, and the lists it reads.
  rsync: {
    valueTaking: "eTfBM",
    whole: true,
    files: Object.fromEntries(
      [
        "T",
        "--temp-dir",
        "--log-file",
        "--backup-dir",
        "--partial-dir",
        "--files-from",
        "--exclude-from",
        "--include-from",
        "--password-file",
        "--compare-dest",
        "--copy-dest",
        "--link-dest",
        "--write-batch",
        "--only-write-batch",
        "--read-batch",
      ].map((option) => [option, "file" as const]),
    ),
  },
};

/**
 * Paths attached to options (`-o/tmp/x`, `--output=/etc/hosts`, 7z's `-o../out`): only those that start at the root
 * or above the folder, since a short option's letters cannot be told from its value otherwise.
 */
function attachedPaths(flags: readonly string[]): string[] {
  return flags.flatMap((flag) => {
    const value = flag.startsWith("--")
      ? flag.slice(flag.indexOf("=") + 1 || flag.length)
      : flag.replace(/^[^/.~]*/, "");
    // A value that goes somewhere by a folder: from the root, the home folder, above, or through `..` on the way;
    // or a protected name here, given to an option, last in a cluster too (`sort --output=.git/hooks/pre-commit`,
    // `-o.env`, `-uo.env`; not a pattern or a switch's own syntax, `7z a x.7z . '-xr!.npmrc'`).
    const option = flag.slice(0, flag.length - value.length);
    return /^(?:\/|~|\.\.?\/|\.\.$)|(?:^|\/)\.\.(?:\/|$)/.test(value) ||
      (/^(?:--[\w-]+=|-\w+)$/.test(option) && !/[*?[]/.test(value) && isProtectedName(value.split(/[\\/]/)))
      ? [value]
      : [];
  });
}

/**
 * Commands whose first operand is a pattern or filter, unless an option gives it (`pattern`): short options that
 * take a value, long ones with the number of words they take, those whose value is a file read (`files`), and those
 * after which operands are not files (jq's `--args`).
 */
interface PatternFirstSyntax {
  values: string;
  long: Record<string, number>;
  pattern: readonly string[];
  files: readonly string[];
  endsFiles?: readonly string[];
}

/** grep's options that take or leave out files by name, read in order: the last that matches a file decides. */
const GREP_NAME_FILTERS = ["--include", "--exclude", "--exclude-from"];

const GREP: PatternFirstSyntax = {
  values: "ABCDdefm",
  long: takesOne(
    "--regexp --file --max-count --after-context --before-context --context --include --exclude --exclude-from",
    "--exclude-dir --label --devices --directories --binary-files --group-separator",
  ),
  pattern: ["e", "f", "--regexp", "--file"],
  files: ["f", "--file", "--exclude-from"],
};

/** Long options that each take one word. */
function takesOne(...lines: string[]): Record<string, number> {
  return Object.fromEntries([...wordSet(...lines)].map((option) => [option, 1]));
}

const PATTERN_FIRST: Record<string, PatternFirstSyntax> = {
  grep: GREP,
  egrep: GREP,
  fgrep: GREP,
  rg: {
    values: "ABCEefgjMmrTt",
    long: {
      ...takesOne(
        "--regexp --file --glob --iglob --type --type-not --type-add --replace --max-count --after-context",
        "--before-context --context --max-depth --threads --encoding --sort --sortr --max-filesize --colors --color",
        "--path-separator --context-separator --ignore-file --pre --pre-glob",
        // The pattern or a folder read as a value otherwise: `rg --engine auto docs` searches for docs where it runs.
        "--type-clear --engine --max-columns --dfa-size-limit --regex-size-limit --field-context-separator",
        "--field-match-separator --hyperlink-format --generate",
      ),
      "--files": 0,
      "--type-list": 0,
    },
    pattern: ["e", "f", "--regexp", "--file", "--files", "--type-list"],
    files: ["f", "--file", "--ignore-file"],
  },
  jq: {
    values: "fL",
    long: {
      ...{ "--from-file": 1, "--indent": 1, "--arg": 2, "--argjson": 2, "--slurpfile": 2, "--rawfile": 2 },
      "--library-path": 1,
    },
    pattern: ["f", "--from-file"],
    files: ["f", "--from-file", "--slurpfile", "--rawfile"],
    endsFiles: ["--args", "--jsonargs"],
  },
};

/**
 * The files a pattern-first command reads: its operands after the pattern (or `implicit` when there is none), and the
 * files its options name.
 */
function patternFirstFiles(
  syntax: PatternFirstSyntax,
  words: readonly (string | null)[],
  /** What it reads when no operand follows the pattern. */
  implicit?: string,
): (string | null)[] {
  return readPatternFirst(syntax, words, implicit).files;
}

/**
 * `patternFirstFiles`, with the value of each option that takes one (`["--include", "*.ts"]`), in order, and the
 * letters of its short options (a cluster ends at one taking a value: `-el` is the pattern `l`).
 */
function readPatternFirst(
  syntax: PatternFirstSyntax,
  words: readonly (string | null)[],
  implicit?: string,
): { files: (string | null)[]; values: [string, string | null][]; letters: Set<string> } {
  const given: [string, string | null][] = [];
  const letters = new Set<string>();
  const files: (string | null)[] = [];
  const operands: (string | null)[] = [];
  let patternGiven = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? null;
    if (word === null || !word.startsWith("-") || word === "-") {
      operands.push(word);
      continue;
    }
    if (word === "--") {
      operands.push(...words.slice(i + 1));
      break;
    }
    if (syntax.endsFiles?.includes(word)) break;
    let name: string | undefined;
    let values: (string | null)[] = [];
    if (word.startsWith("--")) {
      const eq = word.indexOf("=");
      name = longOptionAmong(eq < 0 ? word : word.slice(0, eq), Object.keys(syntax.long));
      if (name === undefined) continue;
      const count = syntax.long[name]!;
      values = eq >= 0 ? [word.slice(eq + 1)] : words.slice(i + 1, i + 1 + count);
      if (eq < 0) i += count;
    } else {
      for (let c = 1; c < word.length && name === undefined; c++) {
        letters.add(word[c]!);
        if (!syntax.values.includes(word[c]!)) continue;
        name = word[c]!;
        values = [word.length > c + 1 ? word.slice(c + 1) : (words[++i] ?? null)];
      }
      if (name === undefined) continue;
    }
    given.push([name, values.at(-1) ?? null]);
    if (syntax.pattern.includes(name)) patternGiven = true;
    if (syntax.files.includes(name)) files.push(values.at(-1) ?? null);
  }
  const read = patternGiven ? operands : operands.slice(1);
  return {
    files: [...files, ...(read.length === 0 && implicit !== undefined ? [implicit] : read)],
    values: given,
    letters,
  };
}

/**
 * The names of the files `git format-patch` writes where it runs, as a glob (`0001-Fix-the-build.patch`: the
 * repository's commit subjects name them); undefined for another command, or one that prints them (`--stdout`).
 * Its `-o` folder asks (`GIT_RUNNING_SHORT`).
 */
export function formatPatchNames(argv: readonly (string | null)[]): string | undefined {
  const git = gitSubcommand(argv);
  if (git?.name !== "format-patch" || git.rest.includes("--stdout")) return undefined;
  if (git.rest.includes("--numbered-files")) return "[0-9]*";
  const suffix = readOptions(git.rest, "", ["--suffix"]).options.find(([option]) => option === "--suffix");
  // A suffix of its own may be anything: every name there is read.
  return suffix === undefined ? "*.patch" : /^\.?\w*$/.test(suffix[1] ?? "") ? `*${suffix[1]}` : "*";
}

/**
 * The files git reads a commit's, tag's or note's message from (`git commit -F msg.txt`): the message goes into the
 * history, where `git log` prints it.
 */
export function gitMessageFiles(argv: readonly (string | null)[]): (string | null)[] {
  const git = gitSubcommand(argv);
  if (git === undefined || !["commit", "tag", "notes", "merge"].includes(git.name ?? "")) return [];
  return optionValues(readOptions(git.rest, "Fm", ["--file", "--message"]).options, "F", "--file");
}

/**
 * The folders and files a git command names: the repository and working tree it runs in (`-C`, `--git-dir`,
 * `--work-tree`) and the folder of the programs it runs (`--exec-path=`), the folder or file `git clone <repository>
 * <folder>`, `git init <folder>`, `git worktree add <folder>`, `git bundle create <file>` or `git submodule add`
 * (`.gitmodules` too) writes, the files `git mv` and `git rm` move or remove, and the files `git diff --no-index`
 * reads.
 */
function gitFiles(argv: readonly (string | null)[]): (string | null)[] {
  const folders: (string | null)[] = [];
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i];
    if (word == null || !word.startsWith("-")) break;
    const eq = word.indexOf("=");
    const name = eq < 0 ? word : word.slice(0, eq);
    if (["-C", "--git-dir", "--work-tree"].includes(name))
      folders.push(eq < 0 ? (argv[++i] ?? null) : word.slice(eq + 1));
    // Where git finds the programs of its subcommands (alone, it prints that folder).
    else if (name === "--exec-path" && eq >= 0) folders.push(word.slice(eq + 1));
    else if (GIT_VALUE_OPTIONS.has(word)) i++;
  }
  const git = gitSubcommand(argv);
  // After `--` every word is a path, whatever it begins with (`git mv a.txt -- --x` makes `--x`); init's values are
  // not (`git init -b main ../x` makes `../x`).
  const init = git?.name === "init";
  const operands = readOptions(
    git?.rest ?? [],
    init ? "b" : "",
    init ? ["--initial-branch", "--object-format", "--ref-format", "--separate-git-dir", "--template"] : [],
  ).operands;
  // A message file named at run time may be any (`-F "$HOME/.aws/credentials"`), not a value missing at the end
  // (`-F - <<EOF` is read without its `-`); a named one is read as code's paths are (`handedPath`).
  const computed = argv.includes(null) ? gitMessageFiles(argv).filter((file) => file === null) : [];
  // A file of pathspecs, whose first line git prints when it matches nothing (`git add --pathspec-from-file=~/.npmrc`).
  const pathspecs = optionValues(
    readOptions(git?.rest ?? [], "", ["--pathspec-from-file"]).options,
    "--pathspec-from-file",
  ).filter((file) => file !== "-");
  return [...folders, ...computed, ...pathspecs, ...gitOutputs(git), ...gitSubcommandFiles(git, operands)];
}

/** git's option that names the file it writes its output to. */
const GIT_OUTPUT_OPTIONS = ["--output"];

/**
 * The file git writes its output to: an archive (`git archive -o release.tar.gz HEAD`), a diff or log (`git diff
 * --output=x.diff`). Not format-patch's folder (`-o patches`): it writes files named after the repository's commit
 * subjects there, where a link the repository holds may lead away, so it still asks.
 */
function gitOutputs(git: ReturnType<typeof gitSubcommand>): (string | null)[] {
  if (git === undefined) return [];
  const short = git.name === "archive" ? "o" : "";
  return optionValues(
    readOptions(git.rest, short, GIT_OUTPUT_OPTIONS).options,
    ...(short ? [short] : []),
    ...GIT_OUTPUT_OPTIONS,
  );
}

/**
 * Whether git pushes to, fetches or pulls from a repository computed at run time (`git push "$(echo ../x)" main`):
 * it may be one on this machine. Read after a force push, which a computed word may be too.
 */
export function gitRepositoryComputed(argv: readonly (string | null)[]): boolean {
  const git = gitSubcommand(argv);
  const first = git?.rest.find((word) => word === null || !word.startsWith("-"));
  return git?.name != null && GIT_REMOTE_VERBS.has(git.name) && git.name !== "remote" && first === null;
}

/** git's subcommands whose operands may name a repository by where it is on this machine. */
const GIT_REMOTE_VERBS = wordSet("push fetch pull ls-remote remote send-pack fetch-pack");

/**
 * The repository a word names on this machine (`../x`, `~/x`, `/srv/x.git`, `file:///x`), or undefined: a remote's
 * name, a refspec (no `..` in it), a URL or `host:path`.
 */
function localRepository(word: string): string | null | undefined {
  if (/^file:\/\//i.test(word)) return fileUrlPath(word);
  if (/^[\w.+-]+:\/\/|^[^/]*:/.test(word)) return undefined;
  return /\/|^~|^\.\.?$/.test(word) ? word : undefined;
}

function gitSubcommandFiles(
  git: ReturnType<typeof gitSubcommand>,
  operands: (string | null)[],
): (string | null)[] {
  // Given a path outside the repository (`/dev/null`, `../notes.txt`), git diff compares files as --no-index does.
  if (
    git?.name === "diff" &&
    (git.rest.includes("--no-index") ||
      operands.some((word) => word === null || /^\/|(?:^|\/)\.\.(?:\/|$)/.test(word)))
  )
    return operands;
  // Files it reads or writes as told, wherever they are: the merge's three (the first written, but with -p), the
  // message and patch mailinfo writes, the messages trailers are added to (in place with --in-place), the folder
  // mailsplit writes into and the mailboxes it reads.
  if (git?.name === "merge-file" || git?.name === "interpret-trailers") return operands;
  if (git?.name === "mailinfo") return operands.slice(0, 2);
  if (git?.name === "mailsplit")
    return [...git.rest.flatMap((word) => (word?.startsWith("-o") ? [word.slice(2)] : [])), ...operands];
  // The contents blame annotates in place of the working tree's file (`--contents ~/.ssh/id_rsa` prints it).
  if (git?.name === "blame" || git?.name === "annotate")
    return optionValues(readOptions(git.rest, "", ["--contents"]).options, "--contents");
  // What git copies into the repository, where `git show` prints it: `git add -f .env` adds a file ignored for a
  // reason, `git hash-object -w` writes one as an object.
  if (
    git?.name === "hash-object" ||
    ((git?.name === "add" || git?.name === "stage") && git.rest.some((w) => w === "-f" || w === "--force"))
  )
    // `--stdin-paths` reads the files its input names: any file.
    return git.name === "hash-object" && git.rest.includes("--stdin-paths") ? [...operands, null] : operands;
  if (git?.name === "clone") {
    // A repository on this machine is read whole (`git clone ~/.password-store x`); a URL or `host:path` is not a file.
    const written = operands[0];
    const source = written?.startsWith("file://") ? fileUrlPath(written) : written;
    const local = source === null || (source !== undefined && !/^[\w.+-]+:\/\/|^[^/]*:/.test(source));
    return [
      ...(local ? [source ?? null] : []),
      ...(operands.length >= 2 ? [operands.at(-1) ?? null] : []),
      ...cloneFolders(git.rest),
    ];
  }
  // What git moves or removes in the working tree: below a workspace folder the repository may reach further up.
  // `git rm --cached` leaves the files where they are (`git rm --cached .env` untracks a secret).
  if (git?.name === "mv" || (git?.name === "rm" && !git.rest.includes("--cached"))) return operands;
  if (git?.name === "init") return operands.slice(0, 1);
  // The bundle `create` writes, and the one `verify`, `list-heads` and `unbundle` read.
  if (git?.name === "bundle") return operands.slice(1, 2);
  // A repository on this machine that git pushes to (its hooks run there), fetches or pulls from (reading its files),
  // or makes a remote (`git remote add o ../x`); one computed at run time is `gitRepositoryComputed`'s.
  if (git?.name != null && GIT_REMOTE_VERBS.has(git.name)) {
    const repo = git.rest.flatMap((word) =>
      word?.startsWith("--repo=") ? [word.slice("--repo=".length)] : [],
    );
    return [...operands, ...repo].flatMap((word) => {
      const local = word === null ? undefined : localRepository(word);
      return local === undefined ? [] : [local];
    });
  }
  // A repository on this machine git archive packs a tree of (`--remote=../x`, its upload-archive runs there).
  if (git?.name === "archive")
    return optionValues(readOptions(git.rest, "", ["--remote"]).options, "--remote").flatMap((value) => {
      const local = value === null ? null : localRepository(value);
      return local === undefined ? [] : [local];
    });
  // A submodule's URL and path are written to `.gitmodules` (protected: its `update = !…` runs a command), the
  // repository into its folder (the last operand after the URL).
  if (git?.name === "submodule" && ["add", "set-url", "set-branch"].includes(operands[0] ?? ""))
    return [
      ".gitmodules",
      ...(operands[0] === "add" && operands.length >= 3 ? [operands.at(-1) ?? null] : []),
    ];
  // The file credential-store keeps passwords in, which `store` and `erase` rewrite (`--file ~/.bashrc` put a line
  // at its top, git 2.39): the person's ~/.git-credentials unless --file says.
  if (git?.name === "credential-store") {
    const read = readOptions(git.rest, "", ["--file"]);
    if (!read.operands.some((word) => word === null || word === "store" || word === "erase")) return [];
    const files = optionValues(read.options, "--file");
    return files.length > 0 ? files : ["~/.git-credentials"];
  }
  // A server for the repositories below the folders it is given (anyone on the network may fetch, with
  // `--enable=receive-pack` push), and the file its process id goes to.
  if (git?.name === "daemon") {
    const { options } = readOptions(git.rest, "", ["--base-path", "--pid-file", "--interpolated-path"]);
    const folders = [
      ...optionValues(options, "--base-path"),
      ...optionValues(options, "--pid-file"),
      ...optionValues(options, "--interpolated-path"),
      ...operands,
    ];
    return folders.length > 0 ? folders : ["/"];
  }
  // A working tree moved where the last operand says.
  if (git?.name === "worktree" && operands[0] === "move") return operands.slice(1);
  if (git?.name === "worktree" && operands[0] === "add") {
    // `-b <branch>`, `-B <branch>` and `--reason <text>` take the next word.
    const rest = git.rest.slice(git.rest.indexOf("add") + 1);
    for (let i = 0; i < rest.length; i++) {
      const word = rest[i] ?? null;
      if (word === "-b" || word === "-B" || word === "--reason") i++;
      else if (word === "--") return [rest[i + 1] ?? null];
      else if (word === null || !word.startsWith("-")) return [word];
    }
  }
  return [];
}

/**
 * The paths of the `file:` addresses among a command's words (`file:///etc/passwd`, `--url=file://localhost/x`); an
 * address curl expands as a pattern into one may be any file (`'{file,x}:///etc/passwd'`, `'file:{/etc/passwd,x}'`),
 * and with `--proto-default file` every word may be a path (`curl --proto-default file /etc/passwd`).
 */
function fileAddresses(words: readonly (string | null)[]): (string | null)[] {
  const protoDefault = words.findIndex(
    (word) => word !== null && /^--proto-d(?:e(?:f(?:a(?:u(?:lt?)?)?)?)?)?(?:=|$)/.test(word),
  );
  if (protoDefault >= 0) {
    const word = words[protoDefault]!;
    const protocol = word.includes("=")
      ? word.slice(word.indexOf("=") + 1)
      : (words[protoDefault + 1] ?? null);
    if (protocol === null || /file/i.test(protocol))
      return words.filter((word) => word === null || !word.startsWith("-"));
  }
  return words.flatMap((word, i) => {
    const url = word?.replace(/^--url=/, "");
    // A scheme holds letters, digits and `+.-`; with curl's `{a,b}` and `[a-z]` it may be any. Data and headers
    // are no address (`-d '{a:1}'`).
    const data = /^-[a-zA-Z]*[dHF]$|^--(?:data|json|header|form|url-query)/.test(words[i - 1] ?? "");
    if (url !== undefined && !data && /^[\w+.,{}[\]-]*[{[][\w+.,{}[\]-]*:|^file:.*[{[]/i.test(url))
      return [null];
    if (url === undefined || !/^file:/i.test(url)) return [];
    // `file:/x` and `file://localhost/x` name `/x` as `file:///x` does.
    return [fileUrlPath(`file://${url.slice(5).replace(/^\/\/(?:localhost)?(?=\/)|^\/\/(?=~)/i, "")}`)];
  });
}

/** The path of a `file://` URL, or null when it cannot be read (`file://%ZZ`): a name not known. */
function fileUrlPath(url: string): string | null {
  try {
    return decodeURIComponent(url.slice("file://".length));
  } catch {
    return null;
  }
}

/** The files named by `table`'s options among `words` (null for a value computed at run time). */
function optionFiles(table: OptionFileTable, words: (string | null)[]): (string | null)[] {
  const found: (string | null)[] = [];
  const take = (kind: FileValue, value: string | null) => {
    if (value === null) found.push(null);
    else if (kind === "file") found.push(value);
    else if (kind === "at" || kind === "writeOut") {
      if (value.startsWith("@") && value !== "@-") found.push(value.slice(1));
      if (kind === "writeOut")
        for (const [, file] of value.matchAll(/%output\{(?:>>)?([^}]*)\}/g)) found.push(file!);
    } else if (kind === "cookie") {
      if (!value.includes("=")) found.push(value);
    } else if (kind === "pattern") {
      // Which files a pattern matches is not known.
      found.push(/[{[]/.test(value) ? null : value);
    } else if (kind === "form") {
      found.push(...formFiles(value));
    } else {
      const file = /^[^=]*@(.+)$/.exec(value)?.[1];
      if (file !== undefined && file !== "-") found.push(file);
    }
  };
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? null;
    if (word === "--") break;
    if (word === null) continue;
    if (word.startsWith("--")) {
      const eq = word.indexOf("=");
      const kind = longFileOption(table, eq < 0 ? word : word.slice(0, eq));
      if (kind) take(kind, eq < 0 ? (words[++i] ?? null) : word.slice(eq + 1));
    } else if (word.startsWith("-") && word.length > 1) {
      for (let c = 1; c < word.length; c++) {
        const letter = word[c]!;
        if (!table.valueTaking.includes(letter)) continue;
        const rest = word.slice(c + 1);
        const value = rest !== "" ? rest : (words[++i] ?? null);
        const kind = table.files[letter];
        if (kind) take(kind, value);
        break;
      }
    }
  }
  return found;
}

/**
 * The files a curl form field reads, as curl splits it: its content (`f=@x`, `f=<x`), several after `@` (`f=@a,b`),
 * a name in double quotes (`f=@"a;b"`, with `\"` and `\\` escaped), and the headers a `headers=@h` (or `<h`) part
 * names (`f=x;headers=@h`).
 */
function formFiles(value: string): string[] {
  const fields: { after: string; text: string }[] = [];
  let field = { after: "", text: "" };
  let quoted = false;
  for (let i = value.indexOf("=") + 1; i < value.length; i++) {
    const c = value[i]!;
    if (quoted && c === "\\" && (value[i + 1] === '"' || value[i + 1] === "\\")) field.text += value[++i];
    else if (c === '"') quoted = !quoted;
    else if (!quoted && (c === ";" || c === ",")) {
      fields.push(field);
      field = { after: c, text: "" };
    } else field.text += c;
  }
  fields.push(field);
  const content = fields[0]!.text.trimStart();
  const files: string[] = [];
  for (const [i, { after, text }] of fields.entries()) {
    const part = text.trimStart();
    const headers = /^headers=([@<].*)$/i.exec(part)?.[1];
    const file =
      i === 0 && /^[@<]/.test(part)
        ? part.slice(1)
        : headers !== undefined
          ? headers.slice(1)
          : after === "," && content.startsWith("@")
            ? part
            : undefined;
    if (file !== undefined && file !== "-") files.push(file);
  }
  return files;
}

/** The long option `name` stands for among `flags`: itself, or the only one it is a start of, as getopt reads it. */
function longOptionAmong(name: string, flags: readonly string[]): string | undefined {
  if (flags.includes(name)) return name;
  const starts = flags.filter((flag) => flag.startsWith(name));
  return starts.length === 1 ? starts[0] : undefined;
}

/** The kind of file a long option names, by its name or any start of it (`--dir` is tar's `--directory`). */
function longFileOption(table: OptionFileTable, name: string): FileValue | undefined {
  const flag = name.length < 4 || table.whole ? name : longOptionAmong(name, Object.keys(table.files));
  return flag === undefined ? undefined : table.files[flag];
}

/** sed's long options that take a value. */
const SED_VALUE_OPTIONS = ["--expression", "--file", "--line-length"];

/** What sed is given: its scripts (`-e`, or the first operand), script files (`-f`) and the files it reads or edits. */
export function readSed(words: readonly (string | null)[]): {
  scripts: (string | null)[];
  scriptFiles: (string | null)[];
  operands: (string | null)[];
} {
  const scripts: (string | null)[] = [];
  const scriptFiles: (string | null)[] = [];
  const operands: (string | null)[] = [];
  let options = true;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? null;
    if (!options || word === null || !word.startsWith("-") || word === "-") {
      operands.push(word);
      continue;
    }
    if (word === "--") {
      options = false;
      continue;
    }
    if (word.startsWith("--")) {
      const eq = word.indexOf("=");
      const name = eq < 0 ? word : word.slice(0, eq);
      const value = (): string | null => (eq < 0 ? (words[++i] ?? null) : word.slice(eq + 1));
      const long = name.length < 4 ? undefined : longOptionAmong(name, SED_VALUE_OPTIONS);
      if (long === "--expression") scripts.push(value());
      else if (long === "--file") scriptFiles.push(value());
      else if (long === "--line-length" && eq < 0) i++;
      continue;
    }
    // A cluster of short options: `-n`, `-E`, … alone; `-e`, `-f`, `-l` end it with a value (attached or the next
    // word); `-i` ends it with an attached suffix (`-ie` is -i with the suffix "e").
    for (let c = 1; c < word.length; c++) {
      const letter = word[c]!;
      if (letter === "i") break;
      if (letter === "e" || letter === "f" || letter === "l") {
        const value = c + 1 < word.length ? word.slice(c + 1) : (words[++i] ?? null);
        if (letter === "e") scripts.push(value);
        else if (letter === "f") scriptFiles.push(value);
        break;
      }
    }
  }
  if (scripts.length === 0 && scriptFiles.length === 0 && operands.length > 0)
    scripts.push(operands.shift()!);
  return { scripts, scriptFiles, operands };
}

/**
 * Whether a sed script writes a file or runs a command (`w`, `W`, `e`, `s///w`, `s///e`) or reads one it does not
 * name as an operand (`r`, `R`); true too for what this reader does not know, so that a person decides.
 */
export function sedScriptActs(script: string): boolean {
  let i = 0;
  const n = script.length;
  const toLineEnd = (): void => {
    while (i < n && script[i] !== "\n") i += script[i] === "\\" ? 2 : 1;
  };
  // Past a regular expression or replacement ending at `delimiter`; bracket expressions hold it literally.
  const past = (delimiter: string): boolean => {
    while (i < n && script[i] !== delimiter) {
      if (script[i] === "\\") i += 2;
      else if (script[i] === "[" && delimiter !== "[") {
        i++;
        if (script[i] === "^") i++;
        if (script[i] === "]") i++;
        while (i < n && script[i] !== "]") {
          if (script[i] === "[" && /[:.=]/.test(script[i + 1] ?? "")) {
            const close = script.indexOf(`${script[i + 1]}]`, i + 2);
            if (close < 0) return false;
            i = close + 2;
          } else i++;
        }
        i++;
      } else i++;
    }
    if (i >= n) return false;
    i++;
    return true;
  };
  const address = (): boolean => {
    if (/\d/.test(script[i] ?? "")) {
      while (/[\d~]/.test(script[i] ?? "")) i++;
    } else if (script[i] === "$") i++;
    else if (script[i] === "/" || script[i] === "\\") {
      const delimiter = script[i] === "\\" ? script[i + 1] : "/";
      i += script[i] === "\\" ? 2 : 1;
      if (delimiter === undefined || !past(delimiter)) return false;
      while (/[IM]/.test(script[i] ?? "")) i++;
    }
    return true;
  };
  while (i < n) {
    while (i < n && /[\s;]/.test(script[i]!)) i++;
    if (i >= n) break;
    if (!address()) return true;
    while (/[ \t]/.test(script[i] ?? "")) i++;
    if (script[i] === ",") {
      i++;
      while (/[ \t]/.test(script[i] ?? "")) i++;
      if (script[i] === "+" || script[i] === "~") i++;
      if (!address()) return true;
    }
    while (/[ \t!]/.test(script[i] ?? "")) i++;
    const command = script[i++];
    switch (command) {
      case undefined:
        return false;
      case "{":
      case "}":
      case "=":
        continue;
      case "#":
      case "a":
      case "i":
      case "c":
      case ":":
      case "b":
      case "t":
      case "T":
        // Text, a label or a comment, to the end of the line (labels and branches also end at `;`).
        if ("bt T:".includes(command)) while (i < n && !/[;\n]/.test(script[i]!)) i++;
        else toLineEnd();
        continue;
      case "s": {
        const delimiter = script[i++];
        if (delimiter === undefined || delimiter === "\n" || delimiter === "\\") return true;
        if (!past(delimiter) || !past(delimiter)) return true;
        while (i < n && /[gpiImM0-9]/.test(script[i]!)) i++;
        if (i < n && !/[\s;}]/.test(script[i]!)) return true; // `w file`, `e`, or flags this does not know
        continue;
      }
      case "y": {
        const delimiter = script[i++];
        if (delimiter === undefined || !past(delimiter) || !past(delimiter)) return true;
        continue;
      }
      case "l":
      case "q":
      case "Q":
      case "L":
        while (/[\s\d]/.test(script[i] ?? "") && script[i] !== "\n") i++;
        continue;
      default:
        if ("pPdDnNgGhHxzF".includes(command)) continue;
        return true; // w, W, e, r, R, v and anything unknown
    }
  }
  return false;
}

const PACKAGE_MANAGER_OPTIONS = [
  "--script-shell",
  "--node-options",
  "--userconfig",
  "--globalconfig",
  "--prefix",
  "--dir",
  "--cwd",
];

/** Package managers' folder options, placed as the folder they work in (`OUTPUT_OPTIONS`) when written whole. */
const PACKAGE_MANAGER_FOLDERS = new Set(["--prefix", "--dir", "--cwd"]);

/** Options whose names start a running option's name but are options of their own. */
const OWN_OPTIONS: Record<string, string[]> = { npm: ["--global"], pnpm: ["--global"], yarn: ["--global"] };

/** Long options that run a command (or a program) given as their value, per program; any unambiguous start counts. */
const RUNNING_OPTIONS: Record<string, string[]> = {
  tar: [
    "--checkpoint-action",
    "--to-command",
    "--use-compress-program",
    "--info-script",
    "--new-volume-script",
    "--rsh-command",
    "--rmt-command",
  ],
  sort: ["--compress-program"],
  // A shell command each piece is written to.
  split: ["--filter"],
  rsync: ["--rsh", "--rsync-path"],
  // Configuration that may say where to write: wget's `-e` commands and files, curl's (`-K`, a repository's curlrc);
  // curl's variables read files into what it sends (`--variable k@file`).
  wget: ["--execute", "--config"],
  // A command run on each file found, or on a change.
  fd: ["--exec", "--exec-batch"],
  fdfind: ["--exec", "--exec-batch"],
  nodemon: ["--exec"],
  // Watchers and bundlers that run a shell line on a change or a build (`tsc-watch --onSuccess 'node x'`).
  chokidar: ["--command"],
  "tsc-watch": [
    "--onSuccess",
    "--onFirstSuccess",
    "--onFailure",
    "--onCompilationStarted",
    "--onCompilationComplete",
    "--onEmit",
  ],
  tsup: ["--onSuccess"],
  // Configuration given on the line may name a program it runs (`--config 'target.….runner = "…"'`).
  cargo: ["--config"],
  curl: ["--config", "--variable"],
  // A program run with each file searched (`rg --pre rm x .husky/pre-commit`); the pager bat runs.
  rg: ["--pre"],
  bat: ["--pager"],
  batcat: ["--pager"],
  // A program the rendered manifests go through.
  helm: ["--post-renderer"],
  // netcat's program or shell command, run with its standard input and output on the connection: a remote shell.
  ...Object.fromEntries(["nc", "ncat", "netcat"].map((nc) => [nc, ["--exec", "--sh-exec", "--lua-exec"]])),
  // A rule "make build" or "npm test" covers words after it: these make them run other code or another folder's.
  make: ["--eval", "--file", "--makefile"],
  npm: PACKAGE_MANAGER_OPTIONS,
  pnpm: PACKAGE_MANAGER_OPTIONS,
  yarn: PACKAGE_MANAGER_OPTIONS,
  // `--output` writes the log or diff to a file, a `--template` copies hooks and `--unsafe-paths` patches outside the
  // working tree; the others run a command.
  git: [
    "--output",
    "--output-directory",
    "--export-marks",
    "--import-marks",
    "--object-dir",
    "--template",
    "--separate-git-dir",
    "--unsafe-paths",
    "--open-files-in-pager",
    "--exec",
    "--extcmd",
    "--upload-pack",
    "--receive-pack",
  ],
};

/**
 * `git -c` keys that change only how git shows things; any other (`core.pager`, `alias.*`, `core.fsmonitor`) may run
 * a command.
 */
const SAFE_GIT_CONFIG =
  /^(?:color\.[\w.-]+|advice\.\w+|core\.(?:quotepath|abbrev|autocrlf|safecrlf)|user\.(?:name|email)|init\.defaultbranch|diff\.(?:noprefix|mnemonicprefix|renames)|log\.(?:showsignature|decorate)|column\.ui|i18n\.logoutputencoding|(?:commit|tag)\.gpgsign|pull\.rebase|merge\.ff)$/i;

/**
 * `git -c` pairs that turn the pager off: git runs none for `cat` or nothing (git 2.39 ran `echo RAN` for
 * `core.pager='echo RAN'`, no program for `cat`), nor for a command whose `pager.<command>` is false.
 */
const NO_PAGER = /^(?:core\.pager=(?:cat)?|pager\.[\w-]+=(?:false|no|off|0))$/i;

/** A sentence when git's own options set configuration that may run a command (`git -c core.pager=… log`). */
function unsafeGitConfig(argv: readonly (string | null)[]): string | undefined {
  for (let i = 1; i < argv.length && argv[i] != null && argv[i]!.startsWith("-"); i++) {
    const word = argv[i]!;
    if (word.startsWith("--config-env")) return "git --config-env sets configuration Symposium does not read";
    if (word !== "-c") {
      if (GIT_VALUE_OPTIONS.has(word)) i++;
      continue;
    }
    const pair = argv[++i];
    const key = pair == null ? null : pair.split("=", 1)[0]!;
    if (key === null || (!SAFE_GIT_CONFIG.test(key) && !NO_PAGER.test(pair!)))
      return `git -c ${key ?? "…"} sets configuration that may run a command (a pager, an alias, a hook)`;
  }
  return undefined;
}

/** The keys `git clone -c`/`--config` sets (null when computed at run time). */
function cloneConfigKeys(rest: readonly (string | null)[]): (string | null)[] {
  const keys: (string | null)[] = [];
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i];
    if (word === "--") break;
    const pair =
      word === "-c" || word === "--config"
        ? (rest[++i] ?? null)
        : word?.startsWith("--config=")
          ? word.slice(9)
          : word?.startsWith("-c") && word.length > 2
            ? word.slice(2)
            : undefined;
    if (pair !== undefined) keys.push(pair === null ? null : pair.split("=", 1)[0]!);
  }
  return keys;
}

const VIM = wordSet("vi vim nvim view vimdiff gvim");
/** sqlite3's and duckdb's options that take a value (they may be written with one dash or two). */
const SQLITE_VALUES = wordSet(
  "-cmd -separator -newline -nullvalue -vfs -maxsize -mmap -heap -lookaside -pagecache -pcachetrace -A -c -s",
);
/** sqlite3's or duckdb's words: the files `-init` reads first, and its operands (the database, then statements). */
function readSqlite(words: readonly (string | null)[]): {
  init: (string | null)[];
  operands: (string | null)[];
} {
  const init: (string | null)[] = [];
  const operands: (string | null)[] = [];
  let options = true;
  // Its options may follow the database (`sqlite3 x.db -batch`), until `--`.
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? null;
    if (options && word === "--") options = false;
    else if (options && word !== null && word.startsWith("-") && word !== "-") {
      const option = word.replace(/^--?/, "-");
      if (option === "-init") init.push(words[++i] ?? null);
      else if (SQLITE_VALUES.has(option)) i++;
    } else operands.push(word);
  }
  return { init, operands };
}
/** Whether sqlite3's input or words hold a dot-command that is not only a safe one's. */
function sqliteActs(text: string): boolean {
  return sqliteDotCommands(text).some((command) => !sqliteDotCommandSafe(command));
}
/** The dot-commands of sqlite3's input, each as written (sqlite3 takes any start of one that is not ambiguous). */
function sqliteDotCommands(text: string): string[] {
  return [...text.matchAll(/(?:^|\n)\s*\.([A-Za-z]\w*)/g)].map((match) => match[1]!.toLowerCase());
}
/** Dot-commands that only print or set how output looks. */
const SQLITE_SAFE = wordSet(
  "tables schema indexes indices headers mode help databases dump echo explain nullvalue separator show stats timer",
  "width print quit exit bail changes eqp fullschema dbinfo limit lint parameter prompt scanstats timeout vfsinfo",
  "vfslist vfsname sha3sum crlf binary",
);
/** Every dot-command sqlite3 knows that reads or writes a file or runs something. */
const SQLITE_UNSAFE = wordSet(
  "shell system output once read import load save backup restore excel open cd log clone trace archive iotrace",
  "recover session dbconfig filectrl expert imposter nonce auth connection check selftest testcase testctrl",
);
/** Whether a dot-command as written can only be a safe one: a start of safe commands' names and of no other's. */
function sqliteDotCommandSafe(command: string): boolean {
  const starts = (names: ReadonlySet<string>) => [...names].some((name) => name.startsWith(command));
  return starts(SQLITE_SAFE) && !starts(SQLITE_UNSAFE);
}
/**
 * SQL that reads or writes files or loads code, in sqlite3's and duckdb's shells: `VACUUM INTO`, `ATTACH`, the
 * CLI's `readfile()`, `writefile()`, `edit()` and `load_extension()`, duckdb's `COPY … TO`, `EXPORT DATABASE`,
 * `INSTALL`/`LOAD` and its file readers (`read_csv('…')`).
 */
const SQL_FILE_ACTS =
  /\bvacuum\s+into\b|\battach\b|\b(?:readfile|writefile|edit|load_extension|read_\w+)\s*\(|\bcopy\b[^;]*\bto\b|\bexport\s+database\b|\b(?:install|load)\s+\w/i;
/**
 * psql's and mysql's commands that run a shell command, a script (whose `\!` runs one) or read or write a file
 * (`\!`, `\o`, `\i`, `\copy` but to its output or from its input, mysql's `source` and `system`, as `--execute=`
 * gives them too), and the server's SQL that does (`COPY … TO PROGRAM`, `COPY … TO '/x'`, `pg_read_file`,
 * `INTO OUTFILE`, `LOAD DATA`): a local server runs as its user.
 */
const SQL_CLIENT_ACTS =
  /^--pager|\\(?:!|o\b|w\b|T\b|P\b|setenv\b|ir?\b|include(?:_relative)?\b|copy\b(?!.*\b(?:from|to)\s+p?std(?:in|out)\b[^'"\\]*$)|system\b|g\s|\.)|(?:^|[;\n=]|^-[a-zA-Z]*e)\s*(?:system|source|tee|pager)\s|\bcopy\b[^;]*\b(?:from|to)\s+(?:program\b|e?')|\b(?:pg_read_(?:binary_)?file|lo_import|lo_export|load_file)\s*\(|\binto\s+(?:out|dump)file\b|\bload\s+data\b/i;

/**
 * A program that runs a shell command written in its own arguments, in a language or option the policy does not
 * read: an editor's commands (`vim -c ':!rm -rf ~'`, `emacs --eval`, `ed` and `ex`, which read theirs from their
 * input), a pager's (`less +'!cmd'`), `man -P cmd`, a database shell's escapes (`sqlite3 db '.shell …'`,
 * `psql -c '\! …'`), `zip -TT cmd`, ssh options of `scp`/`sftp` that run one (`-o ProxyCommand=…`, `-S`, `-F`).
 */
function shellEscape(name: string, words: readonly (string | null)[]): string | undefined {
  const says = (what: string) => `${name} ${what}, which Symposium does not read`;
  if (
    VIM.has(name) &&
    words.some((w) => w === null || /^(?:-[cSseEu]|--cmd)$|^-[^-]*[seE]/.test(w) || /^\+(?!\d*$)/.test(w))
  )
    return says("runs editor commands");
  if (["ed", "red", "ex"].includes(name)) return says("runs the editor commands it reads from its input");
  if (
    name === "emacs" &&
    words.some((w) => w === null || /^(?:--eval|-l|--load|-f|--funcall|--script|-x)(?:=|$)/.test(w))
  )
    return says("runs Lisp");
  if ((name === "less" || name === "more") && words.some((w) => w === null || /^\+.*[!|]/.test(w)))
    return says("runs a command from its options");
  // A lesskey file's `#env` section sets LESSOPEN, a command less runs on each file.
  if (name === "less" && words.some((w) => w === null || /^-[^-]*k|^--lesskey/.test(w)))
    return says("reads a lesskey file, which may set a command it runs");
  if (name === "man" && words.some((w) => w === null || /^(?:-[^-]*[PH]|--pager|--html)/.test(w)))
    return says("runs a pager or browser");
  if (name === "zip" && words.some((w) => w === "-TT" || w === null || w.startsWith("--unzip-command")))
    return says("runs a test command");
  if (
    (name === "scp" || name === "sftp") &&
    words.some(
      (w, i) =>
        w === null ||
        /^-[^-]*[SF]/.test(w) ||
        (/^-[^-]*o$/.test(w) &&
          /^(?:proxycommand|localcommand|knownhostscommand|match)\b/i.test(words[i + 1] ?? "")) ||
        /^-o(?:proxycommand|localcommand|knownhostscommand|match)/i.test(w),
    )
  )
    return says("runs a command through ssh's options");
  // Ghostscript opens an output named `%pipe%cmd` or `|cmd` with popen.
  if (
    GHOSTSCRIPT.has(name) &&
    words.some(
      (w, i) =>
        w === null ||
        /%pipe%|^-s?OutputFile=\s*\|/i.test(w) ||
        (/^-[^-]*o$/.test(words[i - 1] ?? "") && w.trimStart().startsWith("|")),
    )
  )
    return says("writes its output to a command");
  // m4's `syscmd` and `esyscmd` run a command: in a macro defined on its command line, or in the input it reads.
  if (name === "m4" && words.some((w) => w === null || /^-[^-]*D|^--define/.test(w)))
    return says("defines macros, which may run commands");
  // lftp's commands (`-c`, `-e`, `-f`, or read from its input) run a shell command with `!`.
  if (name === "lftp") return says("runs lftp commands, whose `!` runs a shell command");
  if ((name === "sqlite3" || name === "duckdb") && words.some((w) => w === null || sqliteActs(w)))
    return says("runs a dot-command that runs a command or reads or writes a file");
  if ((name === "sqlite3" || name === "duckdb") && words.some((w) => w !== null && SQL_FILE_ACTS.test(w)))
    return says(
      "runs SQL that reads or writes files or loads code (VACUUM INTO, ATTACH, writefile, COPY … TO)",
    );
  if (
    ["psql", "mysql", "mariadb", "pgcli", "usql", "mycli", "litecli"].includes(name) &&
    words.some(
      (w, i) => w === null || SQL_CLIENT_ACTS.test(w) || ["-f", "--file"].includes(words[i - 1] ?? ""),
    )
  )
    return says("runs a backslash command or script");
  return undefined;
}

/**
 * Whether a container engine's command only lists or prints what runs (`docker ps`, `docker compose logs web`): it
 * starts nothing, mounts nothing and runs no command. Its other verbs may run a container that mounts any folder of
 * the machine, and options before the verb may talk to a daemon elsewhere (`-H ssh://…`), so they stay unread;
 * `inspect` too, which prints containers' environments, passwords included.
 */
function listsContainers(name: string, argv: readonly (string | null)[]): boolean {
  if (!["docker", "podman", "nerdctl"].includes(name)) return false;
  const group = argv[1] ?? "";
  let at = 2;
  // The compose file and project it reads from: `docker compose -f compose.dev.yml logs`.
  while (group === "compose" && COMPOSE_OPTIONS.has(argv[at] ?? "")) at += 2;
  return LISTS_CONTAINERS.has(group) || CONTAINER_LISTINGS[group]?.includes(argv[at] ?? "") === true;
}

const LISTS_CONTAINERS = wordSet("ps images logs version info top port history diff stats search");
/** Each group's verbs that list or print (`docker image ls`, `docker compose ps`). */
const CONTAINER_LISTINGS: Readonly<Record<string, readonly string[]>> = {
  container: ["ls", "list", "ps", "logs", "top", "port", "diff", "stats"],
  image: ["ls", "list", "history"],
  volume: ["ls", "list"],
  network: ["ls", "list"],
  context: ["ls", "list", "show"],
  system: ["df"],
  compose: ["ps", "logs", "ls", "images", "top", "version", "port"],
  buildx: ["ls", "version"],
  builder: ["ls"],
};
const COMPOSE_OPTIONS = wordSet("-f --file -p --project-name --profile");

/** Short options of the same (`make -E …`, `npm -C dir`). */
const SHORT_RUNNING_OPTIONS: Record<string, string> = {
  rsync: "e",
  wget: "e",
  curl: "K",
  fd: "xX",
  fdfind: "xX",
  nodemon: "x",
  chokidar: "c",
  make: "Ef",
  nc: "ec",
  ncat: "ec",
  netcat: "ec",
};

const JQS = wordSet("jq yq gojq");
/** Programs that write a tags file of what the files they read define. */
const TAGGERS = wordSet("ctags etags uctags ctags-universal ctags-exuberant");
/** jq's options that load a program or name where its modules are found. */
const JQ_LOADS = wordSet("f --from-file L --library-path");
/**
 * Programs that read (or compress and remove) the files a list names, with the options that name it (any start):
 * `sort --files0-from=list`, `xz --files=list`, `zstd --filelist list --rm`.
 */
const FILES_FROM_LIST: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(["sort", "wc", "du"].map((name) => [name, ["--files0-from"]])),
  ...Object.fromEntries(
    ["xz", "unxz", "xzcat", "lzma", "unlzma", "lzcat"].map((name) => [name, ["--files", "--files0"]]),
  ),
  ...Object.fromEntries(["zstd", "unzstd", "zstdcat", "zstdmt"].map((name) => [name, ["--filelist"]])),
};

/** socat's addresses that run a program or open a file (its others are connections and standard streams). */
const SOCAT_UNREAD = /^(?:exec|system|open|gopen|create|pipe|pty)(?:[:,]|$)/i;

/** git's subcommands whose short option runs a command (`git grep -O'cmd'`, `git rebase -x cmd`), or writes a file. */
const GIT_RUNNING_SHORT: Record<string, string> = {
  "format-patch": "o",
  grep: "O",
  rebase: "x",
  difftool: "x",
  clone: "u",
  "ls-remote": "u",
  bugreport: "o",
  diagnose: "o",
};

/**
 * What a command runs or writes that the guards do not read: a program that runs the command in its arguments
 * (`setsid`, `ssh`), a sed script that writes, reads or runs (`w`, `r`, `e`), `git -c` with a key that can run a
 * command, or an option whose value is a command or a file (`tar --checkpoint-action=exec=…`, `sort
 * --compress-program=…`, `git grep -O…`, `git log --output=…`): a sentence saying so, or undefined. The command is then
 * not understood, so that no rule or Bypass approves it.
 */
export function runsUnread(name: string, argv: readonly (string | null)[]): string | undefined {
  if ((RUNS_COMMANDS_UNREAD.has(name) || DYNAMIC_LOADER.test(name)) && !listsContainers(name, argv))
    return `${name} runs a command Symposium does not read`;
  let words = argv.slice(1);
  // gh and glab hand what follows `--` of a clone or a fork to `git clone` (`gh repo clone u/x -- -c k=v`).
  const end = words.indexOf("--");
  if ((name === "gh" || name === "glab") && end >= 0) {
    const sub = words.slice(0, end).filter((word) => word === null || !word.startsWith("-"));
    if (sub[0] === "repo" && (sub[1] === "clone" || sub[1] === "fork"))
      return runsUnread("git", ["git", "clone", ...words.slice(end + 1)]);
  }
  if (name === "socat" && words.some((word) => word === null || SOCAT_UNREAD.test(word)))
    return "socat runs a program or opens a file Symposium does not read";
  // Duplicate finders that link or delete what they find: `hardlink -c .` makes a copy of `.git/config` that file
  // itself, so a later write to the copy is written there.
  if (
    name === "hardlink" ||
    (name === "rdfind" &&
      words.some(
        (word, i) => word === null || (/^-(?:make|delete)/.test(word) && words[i + 1] !== "false"),
      )) ||
    ((name === "jdupes" || name === "fdupes") &&
      words.some((word) => word === null || /^-[^-]*[LldB]|^--(?:link|delete|dedupe)/.test(word)))
  )
    return `${name} links or deletes the duplicate files it finds, which Symposium does not place`;
  // The new names come from an expression (`rename i it sub/.gi` makes `sub/.git`, as util-linux's rename did).
  if (
    RENAMERS.has(name) &&
    !words.some((word) => word !== null && /^(?:-[a-zA-Z]*n|--no-?act|--nono|--dry-run)$/.test(word))
  )
    return `${name} renames files to names its expression makes, which Symposium does not compute`;
  const computed = programComputed(name, argv);
  if (computed) return computed;
  const loads = loadsUnread(name, words);
  if (loads) return loads;
  const download = downloadUnread(name, argv);
  if (download) return download;
  const backup =
    backupElsewhere(name, words) ??
    backupSuffix(name, words) ??
    patchBackup(name, words) ??
    storedName(name, words);
  if (backup) return backup;
  // A word of find's computed at run time may be any action (`-delete{,}` is `-delete -delete`).
  if (name === "find" && words.includes(null))
    return "find is given a word computed at run time, which may be an action (-delete, -exec)";
  if (name === "sed") {
    const { scripts, scriptFiles } = readSed(words);
    if (scriptFiles.length > 0) return "sed -f runs a script Symposium does not read";
    if (scripts.some((script) => script === null || sedScriptActs(script)))
      return "sed's script writes or reads other files, or runs commands (w, e, r), or is not known";
    return undefined;
  }
  const escape = shellEscape(name, words);
  if (escape) return escape;
  // make runs its programs' variables in a shell (`$(CC) -o x x.c`): one set to a command line runs it
  // (`make CC='rm -rf ~;'`); a flags variable only with shell syntax in it.
  if (["make", "gmake"].includes(name)) {
    const held = makeVariableHeld(words);
    if (held) return held;
  }
  // go runs a program its flags name (one dash or two, written whole): the test binary through `-exec`, each tool
  // through `-toolexec`, vet's `-vettool`, and the external linker `-ldflags` gives (`-extld`).
  if (name === "go") {
    const runs = words.some(
      (word, i) =>
        word !== null &&
        (GO_RUNNING_FLAG.test(word) ||
          (/^--?ldflags$/.test(word) && words[i + 1]?.includes("extld") === true)),
    );
    if (runs)
      return "go runs a program its flags name (-exec, -toolexec, -vettool, -extld), which Symposium does not read";
  }
  // The files a list names, printed, counted or compressed (`sort --files0-from=list`, `xz --files=list`): any file
  // may be named there.
  const listOption = FILES_FROM_LIST[name]?.find((option) =>
    words.some((word) => word?.startsWith("--") && longOption(word, option)),
  );
  if (listOption) return `${name} ${listOption} reads the files a list names, which Symposium does not read`;
  // jq's modules and data files come from anywhere its program or library path says (`import "../.docker/config"
  // as $c` prints it), and a program file (`-f`) may import them: yq and gojq run jq's language too.
  if (
    JQS.has(name) &&
    (words.some((word) => word === null || /\b(?:import|include)\s*"/.test(word)) ||
      readPatternFirst(PATTERN_FIRST.jq!, words).values.some(([option]) => JQ_LOADS.has(option)))
  )
    return `${name} loads a module, data or a program from a file Symposium does not read`;
  // ctags and etags read the files a list names (`-L list`, `-L -` its input).
  if (TAGGERS.has(name) && words.some((word) => word === null || /^-[a-zA-Z]*L/.test(word)))
    return `${name} -L reads the files a list names, which Symposium does not read`;
  const listed = packsNamesFromList(name, words);
  if (listed) return `${name} packs the files ${listed} names, which Symposium does not read`;
  // A command line in another shell's language (`fish -c 'rm -rf ~'`, `pwsh -Command …`, `cmd /c …`): the bash
  // grammar does not read it, so it is not understood (a script file it runs is the workspace's, as `bash x.sh`).
  if (FOREIGN_SHELLS.has(name) && words.some((word) => word === null || foreignCommandOption(word)))
    return `${name} runs a command line in its own language, which Symposium does not read`;
  // `deno task --eval '<line>'` runs its line in Deno's own shell (a task given on the command line).
  if (name === "deno") {
    const task = words.findIndex((word) => word === null || !word.startsWith("-"));
    const end = words.indexOf("--");
    if (
      task >= 0 &&
      (words[task] === null ||
        (words[task] === "task" &&
          words
            .slice(task + 1, end < 0 ? undefined : end)
            .some((word) => word === null || word === "--eval" || /^-[^-]*e/.test(word))))
    )
      return words[task] === null
        ? "deno's subcommand is computed at run time"
        : "deno task --eval runs a line of Deno's own shell, which Symposium does not read";
  }
  // `cmake -E env …`, `-E chdir dir cmd`: a command line of its own, or a file tool (`-E rm -rf ~`).
  if (name === "cmake" && words.includes("-E"))
    return "cmake -E runs a command or file tool Symposium does not read";
  // Keystrokes typed into another window, or a message to a desktop service (systemd's starts a unit: a command).
  if (
    ["xdotool", "ydotool", "wtype", "dbus-send", "qdbus"].includes(name) ||
    (["gdbus", "busctl"].includes(name) &&
      words.some((word) => word === null || ["call", "emit", "set-property"].includes(word)))
  )
    return `${name} sends keystrokes or messages to other programs, which may run commands Symposium does not read`;
  let short = SHORT_RUNNING_OPTIONS[name] ?? "";
  if (name === "tar") {
    short = "IF";
    words = tarWords(words); // `tar xIf prog a.tgz`
  } else if (name === "git") {
    const config = unsafeGitConfig(argv);
    if (config) return config;
    const git = gitSubcommand(argv);
    if (!git) return undefined;
    if (git.name === null) return undefined; // changesGitConfig holds a subcommand computed at run time
    if (
      ["filter-branch", "filter-repo"].includes(git.name) ||
      (git.name === "bisect" && git.rest[0] === "run")
    )
      return `git ${git.name} runs commands Symposium does not read`;
    // It runs the commands its options give (`--to-cmd`, `--sendmail-cmd`, an `--smtp-server` path; each taken by
    // any start of its name) and mails the files it is given, wherever they are.
    if (git.name === "send-email")
      return "git send-email runs commands its options give and mails files, which Symposium does not read";
    // instaweb starts the web server (`--httpd`) and browser (`--browser`) it is given, web--browse the browser
    // (`-b`, `-c`): any command.
    if (git.name === "instaweb" || git.name === "web--browse")
      return `git ${git.name} runs a web server or browser it is given, which Symposium does not read`;
    // A series of patches applied and committed, each writing the files it names (`git apply` of one asks).
    if (git.name === "quiltimport") return "git quiltimport applies patches to files Symposium does not read";
    if (git.name === "submodule" && git.rest.includes("foreach"))
      return "git submodule foreach runs commands Symposium does not read";
    // Tracked files written below a prefix (`--prefix=../`), a pack or its index written where a name says.
    if (
      git.name === "checkout-index" &&
      git.rest.some((word) => word === null || word.startsWith("--prefix"))
    )
      return "git checkout-index --prefix writes files where Symposium does not place them";
    if (git.name === "pack-objects" || git.name === "index-pack")
      return `git ${git.name} writes files where Symposium does not place them`;
    // `ext::` remotes are commands (off unless configured: a repository's or the person's configuration may allow it).
    if (git.rest.some((word) => word !== null && /^ext::/i.test(word)))
      return "git reaches a remote through a command (ext::)";
    // The new repository's configuration: `core.fsmonitor` or `core.hooksPath` runs a command at its next
    // `git status`, which the editor's source control runs by itself.
    if (git.name === "clone") {
      const key = cloneConfigKeys(git.rest).find((key) => key === null || !SAFE_GIT_CONFIG.test(key));
      if (key !== undefined)
        return `git clone -c ${key ?? "…"} writes configuration into the new repository that may run a command`;
    }
    words = git.rest;
    short = GIT_RUNNING_SHORT[git.name] ?? "";
  }
  const long = RUNNING_OPTIONS[name] ?? [];
  for (const word of words) {
    if (word === "--") break;
    if (word === null || !word.startsWith("-")) continue;
    // An option of its own, not a start of a longer one (npm's `--global` is not `--globalconfig`).
    if (OWN_OPTIONS[name]?.includes(word)) continue;
    // npm strips every leading dash of a long option (`-script-shell=x`, `---script-shell=x`: npm 11 ran x); such a
    // spelling is not placed where it leads below.
    const spelled =
      name === "npm" && /^(?:-|-{3,})[a-z][a-z-]{2}/i.test(word) ? word.replace(/^-+/, "--") : word;
    const option = spelled.startsWith("--")
      ? long.find((flag) => longOption(spelled, flag))
      : [...word.slice(1)].find((letter) => short.includes(letter));
    // Written whole, a package manager's folder is placed where it leads; a shortened one (`--pre`) is not read.
    if (
      option !== undefined &&
      PACKAGE_MANAGER_FOLDERS.has(option) &&
      long === PACKAGE_MANAGER_OPTIONS &&
      (word === option || word.startsWith(`${option}=`))
    )
      continue;
    // Written whole, the file or folder git writes its output to is placed where it leads (`gitOutputs`).
    if (
      name === "git" &&
      option !== undefined &&
      GIT_OUTPUT_OPTIONS.includes(option) &&
      (word === option || word.startsWith(`${option}=`))
    )
      continue;
    if (option !== undefined)
      return `${name} ${option.startsWith("--") ? option : `-${option}`} runs a command or writes a file Symposium does not read`;
  }
  return undefined;
}

/** git's subcommands that have no option writing or reading a file, or running a program. */
const GIT_PLAIN = wordSet("status branch switch rev-parse ls-files merge-base describe mv clean show-ref");

/**
 * Options that take the next word as their value where a value computed at run time is common (`git commit -m
 * "$(cat <<'EOF' …)"`, `pytest -k "$K"`), besides the one-letter ones `OPTION_FILES` and `PATTERN_FIRST` name.
 */
const VALUE_OPTIONS: Readonly<Record<string, string>> = {
  "git commit": "-m --message -C -c --author --date --fixup --squash --trailer --cleanup",
  "git tag": "-m --message",
  "git merge": "-m --message -s --strategy -X --strategy-option",
  "git checkout": "-b -B --orphan",
  "git log": "-n --max-count --author --committer --grep --since --after --until --before",
  curl: "--request --url --data-raw --user --max-time",
  pytest: "-k -m",
  go: "-run -count -timeout -tags",
  cargo: "-p --package -F --features",
};

/**
 * Whether a word computed at run time stands where an option may go (`git log $(cat f)`, `curl "$X" …`) of a program
 * whose options write or read files, run a program or move it elsewhere as the guards read them when written
 * (`--output=~/.bashrc`, `-o~/x`, `rg --pre=…`, `cargo -C ~`): it may be any of them. Not after `--`, one fixed text
 * begins or an option written onto it (`notOptions`), nor the value of an option that takes one (`git commit -m "$X"`).
 */
export function optionComputed(
  name: string,
  argv: readonly (string | null)[],
  notOptions: ReadonlySet<number>,
): boolean {
  let start = 1;
  let key = name;
  if (name === "git") {
    const at = gitSubcommandAt(argv) ?? argv.length;
    const sub = argv[at];
    // A subcommand computed at run time asks as one (`changesGitConfig`).
    if (sub == null || GIT_PLAIN.has(sub)) return false;
    start = at + 1;
    key = `git ${sub}`;
  } else if (
    INTERPRETERS.has(name) ||
    !(name in OUTPUT_OPTIONS || name in OPTION_FILES || name in RUNNING_OPTIONS || HTTPIE.has(name))
  )
    return false;
  const search = PATTERN_FIRST[name];
  const whole = [
    ...(VALUE_OPTIONS[key]?.split(" ") ?? []),
    ...Object.keys(search?.long ?? {}).filter((option) => search!.long[option]! > 0),
  ];
  const letters = [
    OPTION_FILES[name]?.valueTaking ?? search?.values,
    ...whole.map((o) => /^-(\w)$/.exec(o)?.[1]),
  ].join("");
  for (let i = start; i < argv.length; i++) {
    const word = argv[i] ?? null;
    if (word === "--") return false;
    if (word === null) {
      if (!notOptions.has(i)) return true;
    } else if (whole.includes(word)) i++;
    else if (/^-\w+$/.test(word)) {
      // A cluster ends at its first letter taking a value: the rest of the word, or the next one.
      const at = [...word.slice(1)].findIndex((letter) => letters.includes(letter));
      if (at === word.length - 2) i++;
    }
  }
  return false;
}

export const PRIVILEGE = new Set([
  ...["sudo", "doas", "su", "pkexec", "runas", "gsudo", "run0"],
  // Run a command as another user or with other capabilities.
  ...["gosu", "su-exec", "setpriv", "capsh", "chpst", "machinectl"],
]);
export const DOWNLOADERS = new Set([
  "curl",
  "wget",
  "fetch",
  "aria2c",
  "iwr",
  "irm",
  "Invoke-WebRequest",
  "Invoke-RestMethod",
  // HTTPie and its kin, text browsers' `-source`/`-dump`, downloaders and raw connections.
  ...["http", "https", "xh", "xhs", "curlie", "wget2", "axel", "lynx", "w3m", "links", "elinks"],
  ...["nc", "ncat", "netcat", "ftp", "tftp"],
]);
/**
 * How a wrapper reads its words before the command it runs: short options without a value (`flags`), short options
 * that take one (`values`; attached or the next word), short options whose value is only attached (`attached`: xargs
 * `-i[R]`), long options (true: takes a value, `=` or the next word; "optional": only with `=`; false: none), and how
 * many operands come before the command (timeout's duration).
 */
interface WrapperSyntax {
  flags: string;
  values: string;
  attached?: string;
  long: Record<string, boolean | "optional">;
  operands?: number;
  /** `-5` (nice's old form of `-n 5`). */
  numberFlags?: boolean;
}

const WRAPPER_SYNTAX: Record<string, WrapperSyntax> = {
  env: {
    flags: "i0v",
    values: "uCS",
    long: {
      "ignore-environment": false,
      null: false,
      debug: false,
      unset: true,
      chdir: true,
      "split-string": true,
      "block-signal": "optional",
      "default-signal": "optional",
      "ignore-signal": "optional",
      "list-signal-handling": false,
    },
  },
  nohup: { flags: "", values: "", long: {} },
  time: {
    flags: "pavq",
    values: "fo",
    long: { portability: false, append: false, verbose: false, quiet: false, format: true, output: true },
  },
  command: { flags: "pvV", values: "", long: {} },
  builtin: { flags: "", values: "", long: {} },
  exec: { flags: "cl", values: "a", long: {} },
  nice: { flags: "", values: "n", long: { adjustment: true }, numberFlags: true },
  ionice: {
    flags: "t",
    values: "cnpPu",
    long: { class: true, classdata: true, pid: true, pgid: true, uid: true, ignore: false },
  },
  timeout: {
    flags: "v",
    values: "sk",
    long: { signal: true, "kill-after": true, "preserve-status": false, foreground: false, verbose: false },
    operands: 1,
  },
  stdbuf: { flags: "", values: "ioe", long: { input: true, output: true, error: true } },
  // Its error and auth files (`-e`, `-f`) are files it writes: not read here, so they ask.
  "xvfb-run": {
    flags: "adl",
    values: "npsw",
    long: {
      "auto-servernum": false,
      "auto-display": false,
      "listen-tcp": false,
      "server-num": true,
      "xauth-protocol": true,
      "server-args": true,
      wait: true,
    },
  },
  xargs: {
    flags: "0prtxo",
    values: "adEILnPs",
    attached: "eil",
    long: {
      null: false,
      "arg-file": true,
      delimiter: true,
      eof: "optional",
      replace: "optional",
      "max-lines": "optional",
      "max-args": true,
      "max-procs": true,
      interactive: false,
      "process-slot-var": true,
      "no-run-if-empty": false,
      "max-chars": true,
      "show-limits": false,
      verbose: false,
      exit: false,
      "open-tty": false,
    },
  },
  chronic: { flags: "ev", values: "", long: {} },
  unbuffer: { flags: "p", values: "", long: {} },
  // Its `--use-shell` runs the command as a shell line: not read, so it asks.
  "env-cmd": {
    flags: "",
    values: "fer",
    long: {
      file: true,
      environments: true,
      "rc-file": true,
      fallback: false,
      "no-override": false,
      silent: false,
      verbose: false,
      "expand-envs": false,
    },
  },
  // Multi-call programs: the first word is the program they act as (`busybox rm -rf ~`).
  busybox: { flags: "", values: "", long: {} },
  toybox: { flags: "", values: "", long: {} },
  // ShellJS's commands from the command line (`shx rm -rf dist`, `shx cp a b`), each read as the program it is named
  // after.
  shx: { flags: "", values: "", long: { silent: false, verbose: false, negate: false, noglob: false } },
};

/**
 * A project runner's options before its command that only choose what it runs in: flags, and options whose value is
 * a package, version or name (`uv run --with pandas python x.py`, `conda run -n dev pytest`). A value that could be an
 * address or a path (`--with git+https://…`, `--python /tmp/x/python`) is not one of them, nor is an option that says
 * what the command is (`uv run -m http.server`, `--script`) or reads a file (`--env-file .env`): they stay unread.
 */
const RUNNER_OPTIONS: Readonly<Record<string, { flags: ReadonlySet<string>; values: ReadonlySet<string> }>> =
  {
    "uv run": {
      flags: wordSet(
        "--frozen --locked --no-sync --isolated --no-project --all-extras --all-groups --no-dev --dev --active --exact",
        "--inexact --no-editable --offline --no-cache --refresh --compile-bytecode -q --quiet -v --verbose",
      ),
      values: wordSet("--with --python -p --extra --group --only-group --no-group --package"),
    },
    ...Object.fromEntries(
      ["conda run", "mamba run", "micromamba run"].map((runner) => [
        runner,
        { flags: wordSet("--no-capture-output --live-stream -v --verbose"), values: wordSet("-n --name") },
      ]),
    ),
  };
/** A package requirement, version or name: `pandas>=2`, `requests[socks]`, `3.12`, `cpython3.12`, `a,b`. */
const RUNNER_VALUE = /^[A-Za-z0-9][\w.,[\]<>=!~+-]*$/;

/** Where a project runner's command starts, past the options `RUNNER_OPTIONS` reads (`at` when it reads none). */
function runnerOptionsEnd(runner: string, argv: readonly (string | null)[], at: number): number {
  const known = RUNNER_OPTIONS[runner];
  if (known === undefined) return at;
  for (;;) {
    const word = argv[at];
    if (word == null) return at;
    const [option, attached] = word.startsWith("--") && word.includes("=") ? word.split(/=(.*)/s) : [word];
    if (known.flags.has(word)) at += 1;
    else if (known.values.has(option!) && attached !== undefined && RUNNER_VALUE.test(attached)) at += 1;
    else if (known.values.has(word) && RUNNER_VALUE.test(argv[at + 1] ?? "")) at += 2;
    else return at;
  }
}

/**
 * pnpm's own commands (pnpm 9-10, with their aliases, and those it hands to npm). Any other word is a script of the
 * project or, when the project has none of that name, a program pnpm runs as `pnpm exec` would (`pnpm sh -c …`).
 */
const PNPM_COMMANDS = wordSet(
  "add audit bin c cache cat-file cat-index ci clean clean-install completion config create dedupe deploy dislink dlx",
  "doctor env exec fetch find-hash get help i ic import init install install-clean install-test it la licenses link",
  "list ll ln ls m multi outdated pack patch patch-commit patch-remove prune publish rb rebuild recursive remove",
  "restart rm root run run-script self-update server set setup start stop store t test tst un uni uninstall unlink up",
  "update upgrade why approve-builds ignored-builds runtime store-path",
);
/**
 * The words pnpm 9-10 hands to npm, only as its very first word (pnpm 11 hands none): after an option, or in pnpm 11,
 * they are programs (`pnpm -s find ~ -delete`). `find`, `view` and `edit`, programs that delete or run commands, are
 * read as programs wherever they are.
 */
const PNPM_NPM_WORDS = wordSet(
  "access adduser bugs deprecate dist-tag docs home info issues login logout owner ping prefix profile pkg",
  "repo s se search set-script show star stars team token unpublish unstar v version whoami xmas",
);
/** pnpm's options that take no value, and those whose value is a package's or a reporter's name. */
const PNPM_FLAGS = wordSet(
  "-r --recursive -s --silent -w --workspace-root --parallel --stream --aggregate-output --bail --no-bail --sort",
  "--no-sort --reverse --if-present --color --no-color --frozen-lockfile --no-frozen-lockfile --offline",
  "--prefer-offline --include-workspace-root --fail-if-no-match --use-stderr --ignore-scripts -P --prod -D --dev",
);
const PNPM_VALUES = wordSet("--filter -F --filter-prod --reporter --loglevel --workspace-concurrency");

/**
 * Where the program starts that pnpm runs for a word none of its commands (`pnpm sh -c 'rm -rf ~'`), a problem when
 * its options hide which word that is, or undefined for a command of pnpm's own.
 */
function pnpmFallback(argv: readonly (string | null)[], start: number): FallbackCommand | string | undefined {
  let unread: string | undefined;
  /** `-C dir`, `--dir=dir`: where the command runs. */
  let folder: string | null | undefined;
  let at = start + 1;
  for (; at < argv.length; at++) {
    const word = argv[at];
    if (word === null) return "pnpm's words are computed at run time";
    if (word === undefined || !word.startsWith("-")) {
      // `pnpm -r x`, `pnpm recursive x`: the command follows.
      if (word !== undefined && ["recursive", "multi", "m"].includes(word)) continue;
      break;
    }
    const option = word.split("=", 1)[0]!;
    if (option === "-C" || option === "--dir") {
      // A second one is placed from the first's folder: not followed.
      const value = word.includes("=") ? word.slice(word.indexOf("=") + 1) : argv[++at];
      folder = folder === undefined && value !== undefined ? value : null;
    } else if (PNPM_VALUES.has(option) && !word.includes("=")) at++;
    else if (!PNPM_VALUES.has(option) && !PNPM_FLAGS.has(word)) unread ??= word;
  }
  const command = argv[at];
  if (command === undefined) return undefined;
  // `pnpm -r exec …`, `pnpm recursive dlx …`: the command after them (right after `pnpm`, `SUBCOMMAND_WRAPPERS` reads
  // their own options).
  if (unread === undefined && at > start + 1 && (command === "exec" || command === "dlx")) {
    const next = argv[at + 1] === "--" ? at + 2 : at + 1;
    const first = argv[next];
    if (first === null) return `pnpm ${command}'s words are computed at run time`;
    if (first?.startsWith("-")) return `pnpm ${command} ${first} is an option Symposium does not read`;
    return first === undefined ? undefined : { at: next, ...(folder !== undefined ? { folder } : {}) };
  }
  // An option not read may take the next word as its value (`-C dir`, `--registry x`): then the one after is the
  // command, so both must be pnpm's own.
  const candidates =
    unread === undefined
      ? [command]
      : argv
          .slice(at)
          .filter((word) => word === null || !word.startsWith("-"))
          .slice(0, 2);
  const own = (word: string | null, i: number) =>
    word !== null && (PNPM_COMMANDS.has(word) || (at === start + 1 && i === 0 && PNPM_NPM_WORDS.has(word)));
  if (candidates.every(own)) return undefined;
  if (unread !== undefined) return `pnpm ${unread} is an option Symposium does not read`;
  if (command === null) return "pnpm's command is computed at run time";
  return { at, ...(folder !== undefined ? { folder } : {}) };
}

/**
 * Characters a shell reads in a word: quotes, operators, expansions, globs, a home's `~`, and blanks and line breaks,
 * which split a word in two.
 */
const SHELL_SYNTAX = /[\s;&|$`"'\\<>()*?[\]{}~#!]/;

/**
 * A sentence when a runner hands the words after its subcommand to a shell as a line, and they hold what a shell
 * reads (`lerna exec -- echo 'x; rm -rf ~'`), so that the command it runs is not the one its words spell: lerna joins
 * them with spaces (execa's `shell`), nx quotes each in `"…"` (its `$(…)`, backquotes, `$X` and `"` stay live), yarn
 * 2+ reads the first as a line of its own shell (`yarn exec 'rm -rf ~'`, `yarn workspace app exec …`, `yarn
 * workspaces foreach exec …`). conda, mamba and micromamba write a word holding a line break into the script they
 * run. Undefined when the words are a plain command, read as the wrapper's.
 */
function shellLine(
  name: string,
  sub: string,
  argv: readonly (string | null)[],
  next: number,
): string | undefined {
  const runner = `${name} ${sub}`;
  if (["conda run", "mamba run", "micromamba run"].includes(runner))
    return argv.slice(next).some((word) => word === null || /[\n\r]/.test(word))
      ? `${runner} writes a word holding a line break into a shell script, which Symposium does not read`
      : undefined;
  const yarn = name === "yarn" || name === "yarnpkg";
  const from =
    ["lerna exec", "nx exec"].includes(runner) || (yarn && sub === "exec")
      ? next
      : yarn && (sub === "workspace" || sub === "workspaces") && argv[next] === "exec"
        ? next + (argv[next + 1] === "--" ? 2 : 1)
        : undefined;
  if (from === undefined) return undefined;
  const words = argv.slice(from);
  // A first word that sets a variable (`A=1 rm -rf ~`) is not the program. A home folder leading a word is the same
  // to both shells (`rm -rf ~`, read as the home's).
  const syntax = (word: string) => SHELL_SYNTAX.test(word.replace(/^~(?=\/|$)/, ""));
  if (words.some((word, i) => word === null || syntax(word) || (i === 0 && word.includes("="))))
    return `${runner}${from === next ? "" : " exec"} runs its words as a shell line, which Symposium does not read`;
  return undefined;
}

/** Where the program starts that a package manager runs for a word none of its commands, and in which folder. */
interface FallbackCommand {
  at: number;
  /** The folder it runs in (`pnpm -C dir`), null when not known. */
  folder?: string | null;
}

/** bun's options around `run` that take no value. */
const BUN_RUN_FLAGS = wordSet("--bun -b --silent --smol --watch --hot --no-clear-screen --if-present");

/**
 * Where the program starts that `bun run <name>` runs: a script of the project, a file, a package's program or, when
 * none is found, the program of that name (`bun run rm -rf ~`); so the name is read as a program. A name with a
 * folder or a leading dot is a file (`bun run ./x.ts`, `bun run .env`), read as a script. `bun exec` runs a shell
 * script of Bun's own, which is not read; nor are options before or after `run` other than `BUN_RUN_FLAGS`.
 */
function bunRunFallback(
  argv: readonly (string | null)[],
  start: number,
): FallbackCommand | string | undefined {
  let unread: string | undefined;
  let at = start + 1;
  let run = false;
  for (; at < argv.length; at++) {
    const word = argv[at];
    if (word === null) return run ? "bun run's words are computed at run time" : undefined;
    if (word === undefined) return undefined;
    if (!word.startsWith("-")) {
      if (run) break;
      if (unread !== undefined)
        return ["run", "exec", "x"].includes(word) || ["run", "exec", "x"].includes(argv[at + 1] ?? "")
          ? `bun ${unread} is an option Symposium does not read`
          : undefined;
      if (word === "exec") return "bun exec runs a shell script Symposium does not read";
      if (word !== "run") return undefined;
      run = true;
      continue;
    }
    if (!BUN_RUN_FLAGS.has(word)) unread ??= word;
  }
  const name = argv[at];
  if (!run || name === undefined) return undefined;
  if (unread !== undefined) return `bun run ${unread} is an option Symposium does not read`;
  return name === null || /[\\/]/.test(name) || name.startsWith(".") ? undefined : { at };
}

/**
 * The command behind a command's wrappers (`env X=1 timeout -s KILL 5 nice -n 5 rm -rf ~` runs `rm -rf ~`), read with
 * each wrapper's own options so that none of their values is taken for the command. A wrapper whose words this does
 * not read (an unknown option, `env -S`, a value computed at run time) makes the command unknown: `problem` says why.
 */
export interface Unwrapped {
  /** The command the wrappers run; xargs adds a word known only at run time (`null`), or makes one of its `-I`. */
  argv: (string | null)[];
  /** Where the command starts among the words. */
  start: number;
  problem?: string;
  /** A wrapper runs the command in another folder (`env -C dir`): the folder's word, null when computed. */
  changesDirectory?: string | null;
  /** xargs gives the command words read from its input. */
  fromInput?: true;
  /**
   * Where xargs splits what it reads into words (blanks and newlines, reading quotes and backslashes; a newline with
   * `-d '\n'`; its `-d` character), so that a name holding one is given as others; undefined for NUL (`-0`).
   */
  splitsNamesAt?: RegExp;
  /** xargs reads them from a file (`-a`, `--arg-file`), not its input: the file's word (null when computed). */
  argumentFile?: string | null;
  /** xargs puts each word it reads where its `-I` string is, written `{}` in `argv`. */
  replaces?: true;
  /**
   * The words before the command, to read again with another command in its place (a shell's script for `sh -c`):
   * pnpm's run of a word none of its commands is written as `pnpm exec`, since the script's first word may be one
   * (`pnpm sh -c 'rm -rf ~'` runs `rm -rf ~`, not `pnpm rm`), and corepack's `pnpm@8` as `pnpm`. Undefined when they
   * are the words before `start` as given.
   */
  wrappers?: (string | null)[];
}

export function withoutWrappers(words: readonly (string | null)[]): Unwrapped {
  // corepack runs a package manager at the version it names (`corepack pnpm@8 exec …` is `pnpm exec …`).
  const argv = words.map((word, i) =>
    word !== null && i > 0 && words[i - 1] != null && basename(words[i - 1]!) === "corepack"
      ? word.replace(/^(npm|npx|pnpm|pnpx|yarn|yarnpkg)@[^/\\]*$/, "$1")
      : word,
  );
  let start = 0;
  /** Where pnpm runs a word none of its commands (`pnpmFallback`). */
  const pnpmRuns: number[] = [];
  let changesDirectory: string | null | undefined;
  let xargs:
    | { replace: string | undefined; argumentFile: string | null | undefined; splitsAt: RegExp | undefined }
    | undefined;
  // The command a package runner names by its package (`npx -y create-vite@latest`): its program is `create-vite`.
  let packageWord = false;
  for (;;) {
    const word = argv[start];
    const name = word == null ? undefined : basename(word);
    const fallback =
      name === "pnpm" ? pnpmFallback(argv, start) : name === "bun" ? bunRunFallback(argv, start) : undefined;
    if (typeof fallback === "string") return { argv: argv.slice(start), start, problem: fallback };
    if (fallback !== undefined) {
      if (name === "pnpm") pnpmRuns.push(fallback.at);
      // As `env -C`'s: a second folder is placed from the first's, so not followed.
      if (fallback.folder !== undefined)
        changesDirectory = changesDirectory === undefined ? fallback.folder : null;
      start = fallback.at;
      continue;
    }
    const operands = name === undefined ? undefined : SUBCOMMAND_WRAPPERS[name]?.[argv[start + 1] ?? ""];
    if (operands !== undefined) {
      // `poetry run pytest`, `direnv exec . make`, `npm exec -- eslint .`: the command follows the subcommand.
      let next = runnerOptionsEnd(`${name} ${argv[start + 1]}`, argv, start + 2 + operands);
      if (argv[next] === "--") next++;
      const first = argv[next];
      if (argv.slice(start + 2, start + 2 + operands).includes(null) || first === null)
        return {
          argv: argv.slice(start),
          start,
          problem: `${name} ${argv[start + 1]}'s words are computed at run time`,
        };
      if (first !== undefined && first.startsWith("-") && argv[next - 1] !== "--")
        return {
          argv: argv.slice(start),
          start,
          problem: `${name} ${argv[start + 1]} ${first} is an option Symposium does not read`,
        };
      const line = shellLine(name!, argv[start + 1]!, argv, next);
      if (line) return { argv: argv.slice(start), start, problem: line };
      start = next;
      continue;
    }
    // `uv --directory . run rm -rf ~`, `npm -s exe -- …`: options before the subcommand hide which word it is (the
    // first word after them may be an option's value, then the second is the subcommand).
    const subcommands = name === undefined ? undefined : SUBCOMMAND_WRAPPERS[name];
    if (subcommands !== undefined && argv[start + 1]?.startsWith("-")) {
      const end = argv.indexOf("--", start + 1);
      const runs = argv
        .slice(start + 1, end < 0 ? undefined : end)
        .filter((w) => w === null || !w.startsWith("-"))
        .slice(0, 2)
        .find(
          (w) =>
            w !== null &&
            (Object.hasOwn(subcommands, w) ||
              (name === "npm" && Object.hasOwn(subcommands, npmCommand(w) ?? ""))),
        );
      if (runs != null)
        return {
          argv: argv.slice(start),
          start,
          problem: `${name}'s options before its subcommand (${runs}?) hide what it runs`,
        };
    }
    if (name !== undefined && PACKAGE_RUNNERS.has(name)) {
      const read = readPackageRunner(name, argv, start + 1);
      if (typeof read === "string") return { argv: argv.slice(start), start, problem: read };
      if (read === undefined) break;
      start = read.next;
      packageWord = read.packageWord;
      continue;
    }
    if (name === undefined || !WRAPPERS.has(name)) break;
    const syntax = WRAPPER_SYNTAX[name];
    if (syntax === undefined)
      return { argv: argv.slice(start), start, problem: `Symposium does not read ${name}'s options` };
    const read = readWrapper(name, syntax, argv, start + 1);
    if (typeof read === "string") return { argv: argv.slice(start), start, problem: read };
    const given = (...names: string[]) => read.options.find((o) => names.includes(o.name));
    if (name === "env" && given("S", "split-string"))
      return {
        argv: argv.slice(start),
        start,
        problem: "env -S splits a string into a command line Symposium does not read",
      };
    // `command -v rg` prints where rg is, and runs nothing.
    if (name === "command" && given("v", "V")) break;
    // ShellJS expands the patterns in its words itself (`shx rm -rf '.git*'` deletes `.git`), unless told not to.
    if (
      name === "shx" &&
      !given("noglob") &&
      argv.slice(read.next).some((word) => word !== null && /[*?[\]{}]/.test(word))
    )
      return {
        argv: argv.slice(start),
        start,
        problem: "shx expands the patterns in its words itself, which Symposium does not read",
      };
    if (name === "time" && given("o", "output"))
      return { argv: argv.slice(start), start, problem: "time -o writes a file Symposium does not place" };
    const chdir = name === "env" ? given("C", "chdir") : undefined;
    // A second `env -C` is placed from the first's folder: not followed.
    if (chdir) changesDirectory = changesDirectory === undefined ? (chdir.value ?? null) : null;
    if (name === "xargs") {
      const replace = given("I", "i", "replace");
      xargs = {
        replace: replace && (replace.value === undefined ? "{}" : (replace.value ?? "")),
        argumentFile: ((file) => (file === undefined ? undefined : (file.value ?? null)))(
          given("a", "arg-file"),
        ),
        splitsAt: xargsSplits(given("0", "null") !== undefined, given("d", "delimiter")?.value),
      };
      if (replace?.value === null)
        return { argv: argv.slice(start), start, problem: "xargs replaces a string computed at run time" };
    }
    start = read.next;
  }
  // `python3 -m pip install --user x` is pip's command: the guards read it as `pip install --user x`.
  // Its own options may come first (`python3 -I -m pip`), and the module may be written onto `-m` (`-mpip`).
  const python = argv[start] == null ? undefined : basename(argv[start]!);
  let moduleWord: string | undefined;
  if (python !== undefined && /^(?:python|pypy)[\d.]*$/.test(python)) {
    let at = start + 1;
    // Not past `-X pycache_prefix=…`, which python's own words place (`fileOperands`).
    while (
      /^-[A-Za-z]+$/.test(argv[at] ?? "") &&
      !argv[at]!.includes("m") &&
      !(argv[at] === "-X" && argv[at + 1]?.startsWith("pycache_prefix") !== false)
    )
      at += /^-[WX]$/.test(argv[at]!) ? 2 : 1;
    const word = argv[at] ?? "";
    const attached = /^-[A-Za-z]*m./.test(word) ? word.slice(word.indexOf("m") + 1) : undefined;
    const module = /^-[A-Za-z]*m$/.test(word) ? argv[at + 1] : attached;
    if (module != null && PYTHON_MODULE_PROGRAMS.has(module)) {
      start = attached === undefined ? at + 1 : at;
      moduleWord = attached;
    }
  }
  let command = argv.slice(start);
  if (moduleWord !== undefined) command[0] = moduleWord;
  if (packageWord && command[0] != null) {
    command[0] = command[0].replace(/(?!^)@[^/]*$/, "");
    // A package whose program has another name (`npx dotenv-cli -- cmd` runs `dotenv`).
    if (Object.hasOwn(PACKAGE_PROGRAMS, command[0])) command[0] = PACKAGE_PROGRAMS[command[0]]!;
  }
  // xargs adds the words it reads to the command, or puts them where its -I string is: that word keeps its folder
  // and its other parts (`~/.ssh/X` is `~/.ssh/{}`, a name below `~/.ssh`, as find's `{}` is below its start).
  if (xargs && command.length > 0) {
    const replace = xargs.replace;
    command =
      replace === undefined
        ? [...command, null]
        : command.map((word, i) =>
            word === null || replace === "" || !word.includes(replace)
              ? word
              : i === 0
                ? null
                : word.split(replace).join("{}"),
          );
  }
  const renamed = argv.some((word, i) => i < start && word !== words[i]);
  return {
    argv: command,
    start,
    ...(pnpmRuns.length > 0 || renamed
      ? {
          wrappers: argv
            .slice(0, start)
            .flatMap((word, i) => (pnpmRuns.includes(i + 1) ? [word, "exec"] : [word])),
        }
      : {}),
    ...(changesDirectory !== undefined ? { changesDirectory } : {}),
    ...(xargs && command.length > 0 ? { fromInput: true as const } : {}),
    ...(xargs?.splitsAt && command.length > 0 ? { splitsNamesAt: xargs.splitsAt } : {}),
    ...(xargs?.argumentFile !== undefined ? { argumentFile: xargs.argumentFile } : {}),
    ...(xargs?.replace && command.length > 0 ? { replaces: true as const } : {}),
  };
}

/**
 * What xargs splits its input at (`Unwrapped.splitsNamesAt`): by default blanks and newlines, reading quotes and
 * backslashes (so with `-I` too, which splits at newlines only); `-d`'s one character or escape; nothing for NUL. A
 * delimiter this does not read (computed, `\x2c`) may split any name.
 */
const XARGS_ESCAPES = new Map([
  ["\\n", "\n"],
  ["\\t", "\t"],
  ["\\\\", "\\"],
]);

function xargsSplits(nul: boolean, delimiter: string | null | undefined): RegExp | undefined {
  if (nul || ["\\0", "\0", "\\x00", "\\000"].includes(delimiter ?? "")) return undefined;
  if (delimiter === undefined) return /[\s'"\\]/;
  const escaped = XARGS_ESCAPES.get(delimiter ?? "");
  const character = escaped ?? (delimiter !== null && [...delimiter].length === 1 ? delimiter : undefined);
  return character === undefined ? /[^]/ : new RegExp(character.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&"));
}

/**
 * Package runners run a package's program by its name (`npx -y tsc --outDir x` runs `tsc --outDir x`): read as
 * wrappers, so the guards judge the program as they would without them. A value of theirs that names the package
 * (`-p pkg`) leaves the program word as it is; an option that runs a command line (`-c`, `--shell`), chooses the
 * configuration (`--userconfig`) or the folder it writes its cache in or runs the package from (`--cache`,
 * `--prefix`) is not read, so it asks; a package given by address is left to `runsFromAddress`.
 */
const PACKAGE_RUNNERS = wordSet("npx pnpx bunx");
const PACKAGE_RUNNER_VALUES = wordSet("-p --package -w --workspace --registry --loglevel");
/**
 * Their options that take no value. Any other option may take the next word (npm reads `--omit dev`, bunx `--cwd x`),
 * which would then be taken for the program (`npx --omit dev rm -rf ~` runs `rm -rf ~`): it asks, unless its value is
 * written onto it (`--omit=dev`).
 */
const PACKAGE_RUNNER_FLAGS = wordSet(
  "-y --yes --no --no-yes -q --quiet -s --silent -d --verbose --prefer-offline --offline --prefer-online",
  "--no-install --ignore-existing -ws --workspaces --include-workspace-root --bun -b",
);
const PACKAGE_RUNNER_UNREAD = wordSet(
  "-c --call --shell --script-shell --userconfig --globalconfig --node-options --init-module --cache --prefix",
);

function readPackageRunner(
  name: string,
  argv: readonly (string | null)[],
  from: number,
): { next: number; packageWord: boolean } | string | undefined {
  let packageWord = true;
  for (let i = from; i < argv.length; i++) {
    const word = argv[i] ?? null;
    if (word === null) return `${name}'s words are computed at run time`;
    if (word === "--") return { next: i + 1, packageWord };
    if (!word.startsWith("-")) return { next: i, packageWord };
    const option = word.split("=", 1)[0]!;
    if (PACKAGE_RUNNER_UNREAD.has(option))
      return ["-c", "--call"].includes(option)
        ? `${name} ${option} runs a command line Symposium does not read`
        : `${name} ${option} is an option Symposium does not read`;
    if (!PACKAGE_RUNNER_VALUES.has(option)) {
      if (word.includes("=") || PACKAGE_RUNNER_FLAGS.has(word)) continue;
      return `${name} ${option} is an option Symposium does not read`;
    }
    const value = word.includes("=") ? word.slice(word.indexOf("=") + 1) : argv[++i];
    if (value == null) return `${name} ${option}'s value is computed at run time`;
    // `npx -p github:user/repo tool` runs code from an address: `runsFromAddress` reads npx's own words.
    if (/^-(?:p|-package)$/.test(option)) {
      if (isAddress(value)) return undefined;
      packageWord = false;
    }
  }
  return { next: argv.length, packageWord };
}

/** Packages a package runner runs by name whose program is named otherwise (`npx dotenv-cli` runs `dotenv`). */
const PACKAGE_PROGRAMS: Readonly<Record<string, string>> = {
  "dotenv-cli": "dotenv",
  "chokidar-cli": "chokidar",
  "@babel/node": "babel-node",
  coffeescript: "coffee",
  "coffee-script": "coffee",
  "@antfu/ni": "ni",
};

/** The package runner or project runner that runs the command starting at `start` (`timeout 5 bunx x` has bunx). */
export function runnerBefore(argv: readonly (string | null)[], start: number): string | undefined {
  return argv
    .slice(0, start)
    .map((word) => (word === null ? "" : basename(word)))
    .reverse()
    .find((word) => PACKAGE_RUNNERS.has(word) || Object.hasOwn(SUBCOMMAND_WRAPPERS, word));
}

/** Python modules that are the programs of the same name (`python3 -m pip` is `pip`). */
const PYTHON_MODULE_PROGRAMS = wordSet(
  "pip pip3 venv virtualenv pipx uv poetry pdm hatch conda twine flit pytest",
  // The standard library's modules that write files (read as their own programs below) or run code from their words.
  "gzip json.tool py_compile compileall cProfile profile zipapp trace timeit pdb ensurepip sqlite3",
);

const FIND_PRINTS_MORE = wordSet(
  "-L -follow -printf -fprintf -ls -fls -exec -execdir -ok -okdir -fprint -fprint0",
);

/**
 * The options with which git's listings print only names, as they are stored (`values`: those whose value is the
 * next word): the rest may shape what is printed (`--format`, `--line-prefix`, `-s`, `-t`, `--eol`), or list names
 * from indexes not read (`--recurse-submodules`: a submodule's files, links among them).
 */
const GIT_LISTING_OPTIONS: Readonly<Record<string, { flags: RegExp; values: readonly string[] }>> = {
  "ls-files": {
    flags:
      /^-[cdmoiz]+$|^-[xX].+|^--(?:cached|deleted|modified|others|ignored|killed|exclude-standard|full-name|error-unmatch|directory|no-empty-directory|exclude(?:-from|-per-directory)?=.+)$/,
    values: ["-x", "-X", "--exclude", "--exclude-from", "--exclude-per-directory"],
  },
  diff: {
    flags:
      /^-[zM]$|^--(?:name-only|cached|staged|relative|no-renames|no-ext-diff|no-color|ignore-submodules(?:=\w+)?|diff-filter=[A-Za-z*]+)$/,
    values: [],
  },
  grep: {
    flags:
      /^-[lziwvEFPIn]+$|^--(?:name-only|files-with-matches|cached|untracked|no-index|ignore-case|word-regexp|invert-match|extended-regexp|fixed-strings|perl-regexp|and|or|not)$/,
    values: ["-e"],
  },
};

/** Whether every option of a git listing (before `--`) is one of `allowed`'s, a value option's value skipped. */
function onlyListingOptions(
  allowed: { flags: RegExp; values: readonly string[] },
  rest: readonly (string | null)[],
): boolean {
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i] ?? null;
    if (word === "--") return true;
    if (word === null || !word.startsWith("-") || word === "-") continue;
    if (allowed.values.includes(word)) i++;
    else if (!allowed.flags.test(word)) return false;
  }
  return true;
}

/** Filters that only keep or reorder the lines they are given (so the names in them), when given no file. */
const LINE_FILTERS = wordSet("sort uniq head tail tac");
/**
 * The options with which each keeps whole lines: not `tac -s` (records split elsewhere), `head -c` (bytes), `uniq -c`
 * (a count before each, which xargs passes on as a name), `sort --files0-from` (other files' lines) or `sort -o` (a
 * file written).
 */
const FILTER_FLAGS: Readonly<Record<string, RegExp>> = {
  sort: /^-(?:[bdfghiMnrRsuVz]+|k[\d.,a-zA-Z]+)$|^--(?:unique|reverse|numeric-sort|ignore-case|version-sort|human-numeric-sort|stable)$/,
  uniq: /^-[diuz]+$|^--(?:repeated|unique|ignore-case)$/,
  head: /^-(?:n|\d+|n\d+|q)$|^--lines=\d+$/,
  tail: /^-(?:n|\d+|n\+?\d+|q)$|^--lines=\+?\d+$/,
  tac: /^$/,
};

/**
 * The folders and files a command prints names from, for the words xargs passes on (`find . -name '*.orig' | xargs
 * rm`): find's starting points, ls's operands, grep's and rg's files with `-l` or `--files`, git's own listings
 * (none: its repository), or none for a filter that only keeps lines of its input (`sort -u`, `grep -v x`). Undefined
 * for any command whose output could name anything (`echo ~/.bashrc`, `cat list.txt`, `sed 's|^|/|'`).
 */
export function namesListedFrom(argv: readonly (string | null)[]): (string | null)[] | undefined {
  const name = argv[0] == null ? undefined : basename(argv[0]);
  const words = argv.slice(1);
  const { flags, operands } = splitOptions(words);
  const { short, long: has } = optionTests(flags);
  switch (name) {
    case "find":
      // Following links (`-L`, `-follow`), it lists names below the folders they lead to, outside too; `-printf`
      // and `-ls` print more than names (`%l`: where a link leads), what `-exec` runs prints anything, and `-fprint`
      // makes a file (a name the listing may print).
      return words.some((w) => w !== null && FIND_PRINTS_MORE.has(w)) ? undefined : findStartingPoints(words);
    case "ls":
      // A long listing also prints owners, dates and where each link leads (`link -> /home/u/.bashrc`).
      if (short("lnogL") || has("--format", "--dereference")) return undefined;
      return operands.length > 0 ? operands : ["."];
    case "grep":
    case "egrep":
    case "fgrep":
    case "rg": {
      const { files, letters } = readPatternFirst(PATTERN_FIRST[name]!, words);
      // As it reads its options: `--file=x` (patterns) is not `--files-with-matches`, nor `-el` (the pattern l) `-l`.
      if (
        flags.some((f) => ["--files-with-matches", "--files-without-match", "--files"].includes(f)) ||
        letters.has("l") ||
        letters.has("L")
      )
        return files.length > 0 ? files : ["."];
      // Without files grep keeps some of its input's lines, with options that print them whole and alone (not `-o`'s
      // parts, `-H --label=…`'s prefix, `-A1 --group-separator=…`'s lines); searching a folder (rg without files may,
      // grep -r does) it prints lines of files, which a repository writes.
      return files.length === 0 && name !== "rg" && keepsWholeLines(words) ? [] : undefined;
    }
    case "git": {
      const git = gitSubcommand(argv);
      // `git -C src ls-files` prints names from src, which the command given them finds where it runs; so do paths
      // given above where it runs (`git ls-files ..` prints `../x`), from the top (`:/`, `--full-name` is
      // `gitListingSources`'s) or relative to another folder (`git diff --relative=sub`).
      // Options before the subcommand other than the pager's may change how names are printed (`-c
      // core.quotePath=false`, `--git-dir`), as may the subcommand's own beyond `GIT_LISTING_OPTIONS`
      // (`--format=../.ssh/id_rsa`, `--line-prefix=../`, `-s` columns).
      const elsewhere =
        git !== undefined &&
        (argv
          .slice(1, argv.length - git.rest.length - 1)
          .some((w) => w === null || !/^(?:--no-pager|-P|--no-optional-locks)$/.test(w)) ||
          git.rest.some(
            (w) => w === null || /^:|^\/|(?:^|\/)\.\.(?:\/|$)/.test(w) || w.startsWith("--relative="),
          ));
      const listing =
        !elsewhere &&
        git?.name != null &&
        (git.name === "ls-files" ||
          (git.name === "diff" && git.rest.some((w) => w === "--name-only")) ||
          (git.name === "grep" && git.rest.some((w) => w === "-l" || w === "--name-only"))) &&
        onlyListingOptions(GIT_LISTING_OPTIONS[git.name]!, git.rest);
      return listing ? [] : undefined;
    }
    // A `cd` before the listing prints nothing (or, found through CDPATH, the folder it goes to, checked as such).
    case "cd":
    case "chdir":
      return [];
    default: {
      if (name === undefined || !LINE_FILTERS.has(name)) return undefined;
      // An operand is a file it reads instead of its input (`sort 9`, `head -n 1 9`), but head's or tail's count.
      for (let i = 0; i < words.length; i++) {
        const word = words[i] ?? null;
        if (word === "-n" && (name === "head" || name === "tail") && /^\d+$/.test(words[i + 1] ?? "")) i++;
        else if (word === null || !FILTER_FLAGS[name]!.test(word)) return undefined;
      }
      return [];
    }
  }
}

/**
 * Whether grep, given these words and no file, prints only whole lines of its input: each option one that chooses
 * lines or how the pattern matches, then the pattern.
 */
function keepsWholeLines(words: readonly (string | null)[]): boolean {
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? null;
    if (word === null || word === "--") return true;
    if (!word.startsWith("-") || word === "-") continue;
    // The pattern or count given as the next word (`-ve x`, `-m 5`) or attached (`-ex`, `--regexp=x`).
    const value = /^-[vixwEFGPsazUI]*[em](.*)$/.exec(word) ?? /^--(?:regexp|max-count)(=.*)?$/.exec(word);
    if (value !== null) {
      if (value[1] === undefined || value[1] === "") i++;
      continue;
    }
    if (
      !/^-[vixwEFGPsazUI]+$|^--(?:invert-match|ignore-case|no-ignore-case|word-regexp|line-regexp|extended-regexp|fixed-strings|basic-regexp|perl-regexp|no-messages|text|binary|line-buffered|null-data)$/.test(
        word,
      )
    )
      return false;
  }
  return true;
}

/**
 * Whether a command `namesListedFrom` reads only keeps lines of its standard input (`sort -u`, `grep -v x`): it prints
 * names from here only when that input is a lister's output through a pipe, not a file's lines or a text.
 */
export function filtersInput(argv: readonly (string | null)[]): boolean {
  const name = argv[0] == null ? undefined : basename(argv[0]);
  return name !== "git" && name !== "cd" && name !== "chdir" && namesListedFrom(argv)?.length === 0;
}

/** Whether ls lists `.` and `..` among the names (`-a`, `--all`, and `-f`, which implies `-a`). */
export function listsDotEntries(argv: readonly (string | null)[]): boolean {
  if (argv[0] == null || basename(argv[0]) !== "ls") return false;
  const { short, long } = optionTests(splitOptions(argv.slice(1)).flags);
  return short("af") || long("--all");
}

/**
 * Whether a lister `namesListedFrom` reads may print the name of a link (which a command given that name may follow
 * anywhere): find unless it keeps only files or folders (`-type f`, without `-o` or a negation), ls, git's listings
 * (a repository tracks links); not grep's or rg's, which skip links as they recurse, nor a filter.
 */
export function listsLinks(argv: readonly (string | null)[]): boolean {
  const name = argv[0] == null ? undefined : basename(argv[0]);
  if (name === "find") {
    // A `-type` after an action keeps nothing from it (`-print -type f` prints links too).
    const action = argv.findIndex((word) => word === null || FIND_ACTIONS.has(word));
    const type = (action < 0 ? argv : argv.slice(0, action)).indexOf("-type");
    const onlyFilesOrFolders = type > 0 && /^[fd](?:,[fd])*$/.test(argv[type + 1] ?? "");
    // `! -type f` keeps what is not a file: links too.
    return !onlyFilesOrFolders || argv.some((w) => w !== null && ["-o", "-or", ",", "!", "-not"].includes(w));
  }
  return name === "ls" || name === "git";
}

/** A wrapper's options and operands from `from`: the index of its command and the options given, else a problem. */
function readWrapper(
  name: string,
  syntax: WrapperSyntax,
  argv: readonly (string | null)[],
  from: number,
): { next: number; options: { name: string; value?: string | null }[] } | string {
  const options: { name: string; value?: string | null }[] = [];
  const unread = (word: string) => `${name} ${word} is an option Symposium does not read`;
  let i = from;
  for (; i < argv.length; i++) {
    const word = argv[i] ?? null;
    if (word === null) return `${name}'s options are computed at run time`;
    if (word === "--") {
      i++;
      break;
    }
    if (word === "-" && name === "env") {
      options.push({ name: "i" });
      continue;
    }
    if (!word.startsWith("-") || word === "-") break;
    if (word.startsWith("--")) {
      const eq = word.indexOf("=");
      const long = longOptionAmong(word.slice(2, eq < 0 ? undefined : eq), Object.keys(syntax.long));
      if (long === undefined) return unread(word);
      const takes = syntax.long[long];
      if (eq >= 0) {
        if (takes === false) return unread(word);
        options.push({ name: long, value: word.slice(eq + 1) });
      } else if (takes === true) {
        if (i + 1 >= argv.length) return unread(word);
        options.push({ name: long, value: argv[++i] ?? null });
      } else options.push({ name: long });
      continue;
    }
    if (syntax.numberFlags && /^-\d+$/.test(word)) continue;
    // A cluster of short options (`-0r`); one that takes a value ends it (`-n5`, `-n 5`).
    for (let c = 1; c < word.length; c++) {
      const letter = word[c]!;
      const rest = word.slice(c + 1);
      if (syntax.values.includes(letter)) {
        if (rest === "" && i + 1 >= argv.length) return unread(word);
        options.push({ name: letter, value: rest !== "" ? rest : (argv[++i] ?? null) });
        break;
      }
      if (syntax.attached?.includes(letter)) {
        options.push({ name: letter, ...(rest !== "" ? { value: rest } : {}) });
        break;
      }
      if (!syntax.flags.includes(letter)) return unread(word);
      options.push({ name: letter });
    }
  }
  i += syntax.operands ?? 0;
  // env runs its command after the variables it sets.
  if (name === "env")
    for (; i < argv.length; i++) {
      const word = argv[i] ?? null;
      if (word === null) return "env's words are computed at run time";
      if (!/^[^=]+=/.test(word)) break;
    }
  return { next: Math.min(i, argv.length), options };
}

/** Commands that move the shell to another folder. */
const DIRECTORY_CHANGES = new Set(["cd", "pushd", "popd", "chdir"]);

/**
 * Whether a command runs somewhere else than where its line runs, or moves the line there: `cd`, `pushd`, … (also
 * `builtin cd`, `command cd`), `env -C dir`, find's `-execdir`.
 */
export function changesFolder(argv: readonly (string | null)[]): boolean {
  const wrapped = withoutWrappers(argv);
  const name = wrapped.argv[0] == null ? undefined : basename(wrapped.argv[0]);
  return (
    wrapped.changesDirectory !== undefined ||
    (name !== undefined && DIRECTORY_CHANGES.has(name)) ||
    (name === "find" && wrapped.argv.some((word) => word === "-execdir" || word === "-okdir"))
  );
}

/**
 * Where a command moves its line (`cd src`, `pushd ../x`; `cd` alone is `~`) or runs its own command only (`env -C
 * build make`): the folder as written, null when computed at run time (`pushd` alone, `pushd +1` too). A folder the
 * shell kept from before is `back`: the previous one (`cd -`) or the last pushed (`popd`). Undefined when it moves
 * nowhere, or into what find finds (`-execdir`, walked as find's other actions are).
 */
export function folderMovedTo(
  argv: readonly (string | null)[],
):
  | { to: string | null; pushes?: true; commandOnly?: true; physical?: true }
  | { back: "previous" | "pushed" }
  | undefined {
  const wrapped = withoutWrappers(argv);
  if (wrapped.changesDirectory !== undefined) return { to: wrapped.changesDirectory, commandOnly: true };
  const name = wrapped.argv[0] == null ? undefined : basename(wrapped.argv[0]);
  if (name === "popd") return { back: "pushed" };
  if (name === undefined || !["cd", "pushd", "chdir"].includes(name)) return undefined;
  let at = 1;
  // cd's and pushd's options: -L, -P, -e, -@, -n. With -P (the last of -L and -P wins) the shell's folder is where
  // links lead, and a later `cd ..` goes up from there.
  let physical = false;
  for (; /^-[LPe@n]+$/.test(wrapped.argv[at] ?? ""); at++) {
    const letters = wrapped.argv[at]!.replace(/[^LP]/g, "");
    if (letters !== "") physical = letters.endsWith("P");
  }
  if (wrapped.argv[at] === "--") at++;
  const folder = wrapped.argv[at];
  const mode = physical ? { physical: true as const } : {};
  // `cd a b` (`cd src/{a,b}`): bash refuses it; zsh goes where its folder's path has `a` replaced by `b`.
  if (wrapped.argv.length > at + 1)
    return { to: null, ...(name === "pushd" ? { pushes: true } : {}), ...mode };
  if (name === "pushd")
    return {
      to: folder === undefined || /^[+-]\d+$/.test(folder ?? "") ? null : folder,
      pushes: true,
      ...mode,
    };
  if (folder === "-") return { back: "previous" };
  return { to: folder === undefined ? "~" : folder, ...mode };
}

/**
 * `word` names the long option `flag`, whole or by its start (`--rec` for `--recursive`), with or without `=value`:
 * GNU getopt and git take any unambiguous start. An ambiguous start counts too (the command refuses it anyway).
 */
function longOption(word: string, flag: string): boolean {
  const name = word.split("=", 1)[0]!;
  return name.length >= 3 && flag.startsWith(name);
}

/**
 * What a command changes outside the workspace that runs commands later, or undefined: the scheduled jobs
 * (`crontab` but `-l`), a package manager's configuration (`npm config set`, `npm set`, `pip config set`, …).
 */
export function changesUserSetting(
  name: string,
  argv: (string | null)[],
  operands: ReadonlySet<number> = new Set(),
): string | undefined {
  const found = userSettingChanged(name, argv, operands);
  return (
    found && (found.computed ? `${found.label}, as a word it computes at run time may say` : found.label)
  );
}

function userSettingChanged(
  name: string,
  argv: (string | null)[],
  operands: ReadonlySet<number>,
): { label: string; computed: boolean } | undefined {
  const words = argv.slice(1);
  // A word computed at run time may be any verb or flag, or none or several (`npm $(echo config) set …`,
  // `npm i $(echo -g) x`): a verb at or after one is any verb, and any flag may be there.
  let computed = false;
  const guess = () => (computed = true);
  const result = (label: string) => ({ label, computed });
  if (name === "crontab")
    return words.includes("-l") && !words.includes(null) ? undefined : result("the scheduled jobs");
  const sub = words.filter((word) => word === null || !word.startsWith("-"));
  const firstComputed = sub.indexOf(null);
  const at = (i: number): string | undefined =>
    firstComputed >= 0 && firstComputed <= i ? (guess(), undefined) : (sub[i] ?? "");
  /** Whether the i-th verb is one of `verbs`, or may be. */
  const is = (i: number, ...verbs: string[]) => {
    const verb = at(i);
    return verb === undefined || verbs.includes(verb);
  };
  // A short flag counts in a cluster of them too (`npm i -qg x`); a long one shortened (`--glob`).
  const flag = (...flags: string[]) =>
    words.some(
      (word, i) =>
        (word === null && !operands.has(i + 1) && guess()) ||
        (word !== null &&
          flags.some((f) =>
            /^-\w$/.test(f)
              ? /^-[a-zA-Z]+$/.test(word) && word.includes(f[1]!)
              : word === f || longOption(word, f),
          )),
    );
  // Installing a program for the user changes what every later shell runs.
  const installs =
    (["npm", "pnpm", "bun"].includes(name) &&
      (is(0, "link") ||
        (is(0, ...GLOBAL_CHANGES) &&
          (flag("-g", "--global") ||
            words.some(
              (w, i) => w === "--location=global" || (w === "--location" && words[i + 1] === "global"),
            ))))) ||
    (name === "yarn" && ((is(0, "global") && !["list", "bin"].includes(at(1) ?? "")) || is(0, "link"))) ||
    (["pip", "pip3"].includes(name) && is(0, "install") && flag("--user", "--break-system-packages")) ||
    (name === "uv" && is(0, "pip") && is(1, "install") && flag("--system", "--break-system-packages")) ||
    (["pipx", "cargo", "go", "gem"].includes(name) && is(0, "install")) ||
    (name === "pipx" &&
      is(
        0,
        ...["inject", "uninject", "upgrade", "upgrade-all", "reinstall", "reinstall-all", "uninstall"],
        ...["install-all", "uninstall-all", "upgrade-shared", "runpip"],
      )) ||
    (name === "gem" && is(0, "update", "uninstall")) ||
    (name === "composer" && is(0, "global", "g")) ||
    // Self-updates and the programs other package managers install for the user (`~/.local/bin`, `~/.cabal/bin`).
    (name === "uv" && is(0, "self")) ||
    (["deno", "bun"].includes(name) && is(0, "upgrade")) ||
    (name === "pnpm" && (is(0, "self-update") || (is(0, "env") && flag("-g", "--global")))) ||
    (["stack", "cabal"].includes(name) && is(0, "install")) ||
    (name === "cargo" && is(0, "binstall", "install-update", "uninstall")) ||
    (name === "kubectl" && is(0, "krew") && is(1, "install", "uninstall", "upgrade")) ||
    (name === "kubectl-krew" && is(0, "install", "uninstall", "upgrade")) ||
    (name === "dotnet" && is(0, "workload") && is(1, "install", "update", "uninstall", "repair")) ||
    (name === "opam" && is(0, "install", "remove", "uninstall", "upgrade", "switch", "init")) ||
    (name === "mix" &&
      is(0, "archive.install", "archive.uninstall", "local.hex", "local.rebar", "escript.install")) ||
    (["cpanm", "cpan"].includes(name) && words.some((word) => word === null || !word.startsWith("-"))) ||
    (name === "luarocks" && is(0, "install", "remove", "make")) ||
    // Browsers downloaded into the user's cache, run by every later test run (`--with-deps` runs apt-get as root).
    (name === "playwright" && is(0, "install", "install-deps", "uninstall")) ||
    (name === "go" && is(0, "clean") && flag("-i")) ||
    (["dart", "flutter"].includes(name) && is(0, "pub") && is(1, "global")) ||
    (name === "helm" && is(0, "plugin") && is(1, "install", "uninstall", "update")) ||
    (name === "poetry" && is(0, "self") && is(1, "add", "remove", "update", "install", "lock")) ||
    (name === "nix-env" &&
      flag(
        ...["-i", "-e", "-u", "--install", "--uninstall", "--upgrade", "--set", "--rollback"],
        ...["--switch-generation", "-G", "--delete-generations"],
      )) ||
    (name === "nix-channel" && flag("--add", "--remove", "--update", "--rollback")) ||
    (name === "nix" && is(0, "profile") && is(1, "install", "add", "remove", "upgrade", "rollback")) ||
    (name === "dotnet" &&
      is(0, "new") &&
      (is(1, "install", "uninstall") || flag("-i", "--install", "-u", "--uninstall"))) ||
    (name === "ensurepip" && flag("--user", "--root", "--default-pip", "--altinstall")) ||
    (name === "brew" && is(0, ...BREW_CHANGES));
  if (installs) return result("the programs installed for the user");
  // git's scheduled maintenance: the user's git configuration, and a job that runs on its own.
  if (
    (name === "git" && is(0, "maintenance") && is(1, "start", "register", "unregister", "stop")) ||
    (name === "scalar" && is(0, "register", "unregister", "clone", "reconfigure", "delete"))
  )
    return result("git's scheduled maintenance (the user's git configuration and scheduled jobs)");
  // Language and tool version managers install toolchains and set defaults for every later shell of the user.
  const versions =
    (name === "rustup" && is(0, ...TOOLCHAIN_CHANGES)) ||
    (["pyenv", "rbenv", "nodenv", "goenv", "jenv", "asdf"].includes(name) &&
      is(0, "install", "uninstall", "global", "plugin")) ||
    // `use` switches the shell it runs in, unless it installs the version on the way (fnm's --install-if-missing).
    (["nvm", "fnm"].includes(name) &&
      (is(0, "install", "uninstall", "alias", "unalias", "default") ||
        (name === "fnm" && is(0, "use") && flag("--install-if-missing")))) ||
    (name === "volta" && is(0, "install", "uninstall", "setup")) ||
    (name === "corepack" && is(0, "enable", "disable", "install", "prepare")) ||
    (["conda", "mamba", "micromamba"].includes(name) &&
      is(0, "install", "create", "remove", "uninstall", "update", "env")) ||
    (name === "asdf" && is(0, "set") && flag("-u", "--home", "-p", "--parent")) ||
    (name === "flutter" &&
      (is(0, "channel", "upgrade", "downgrade") ||
        (is(0, "config") &&
          words.some((word) => word === null || (word.startsWith("--") && word !== "--list"))))) ||
    (name === "uv" && is(0, "tool", "python") && is(1, "install", "uninstall", "upgrade")) ||
    (name === "deno" && is(0, "install", "uninstall") && flag("-g", "--global")) ||
    (name === "dotnet" && is(0, "tool") && flag("-g", "--global")) ||
    (name === "flatpak" && is(0, "install", "uninstall", "update", "remote-add")) ||
    (name === "snap" && is(0, "install", "remove", "refresh", "revert", "alias")) ||
    (name === "port" && is(0, "install", "uninstall", "upgrade", "select")) ||
    (name === "sdk" && is(0, "install", "uninstall", "default", "upgrade"));
  if (versions) return result("the toolchains and tools installed for the user");
  if (
    (name === "systemctl" && is(0, ...SYSTEMCTL_WRITES)) ||
    (name === "launchctl" && is(0, "load", "bootstrap", "enable", "submit", "setenv")) ||
    (name === "loginctl" && is(0, "enable-linger")) ||
    (name.toLowerCase() === "schtasks" &&
      words.some((word) => (word === null && guess()) || /^[/-](?:create|change)$/i.test(word ?? "")))
  )
    return result("the services that start on their own");
  if (EDITORS.has(name) && flag("--install-extension", "--uninstall-extension"))
    return result("the editor's extensions");
  // A folder added to the open window is a workspace folder: the policy would count it as inside from then on.
  if (EDITORS.has(name) && (flag("--add") || words.some((word) => word !== null && /^-[^-]*a/.test(word))))
    return result("the editor's workspace folders");
  if (name === "gh" && is(0, "extension") && is(1, "install", "upgrade", "remove"))
    return result("gh's extensions");
  // An MCP server added to the editor's user profile: a command it starts (`code --add-mcp '{"command":"sh",…}'`).
  if (EDITORS.has(name) && flag("--add-mcp")) return result("the editor's MCP servers");
  // A command run on a later use: gh's aliases (`!…` runs a shell) and its pager, editor or browser.
  if (
    name === "gh" &&
    ((is(0, "alias") && is(1, "set", "import", "delete")) || (is(0, "config") && is(1, "set")))
  )
    return result("gh's aliases or configuration");
  // go's environment file, read by every later go command (`go env -w CC=…`, `GOFLAGS=-toolexec=…`).
  if (name === "go" && is(0, "env") && flag("-w", "-u")) return result("go's environment file");
  // pnpm setup adds its folder to the shell's startup file; poetry's configuration names its own programs' places.
  if (name === "pnpm" && is(0, "setup")) return result("the shell's startup file");
  // Conda's and pipx's and uv's set-up write the shell's startup files too (`conda init bash`, `pipx ensurepath`).
  if (
    (["conda", "mamba", "micromamba"].includes(name) &&
      (is(0, "init") || (is(0, "shell") && is(1, "init")))) ||
    (name === "pipx" && is(0, "ensurepath")) ||
    (name === "uv" && is(0, "tool") && is(1, "update-shell"))
  )
    return result("the shell's startup file");
  if (
    ["conda", "mamba", "micromamba"].includes(name) &&
    is(0, "config") &&
    flag("--set", "--add", "--append", "--prepend", "--remove", "--remove-key")
  )
    return result(`${name}'s configuration`);
  if (name === "composer" && is(0, "config") && flag("-g", "--global"))
    return result("composer's configuration");
  // Where packages come from for every later install (`gem sources --add …`, `dotnet nuget add source …`).
  if (
    (name === "gem" && is(0, "sources") && flag("-a", "--add", "-r", "--remove", "-c", "--clear-all")) ||
    (name === "dotnet" && is(0, "nuget") && is(1, "add", "remove", "update", "enable", "disable")) ||
    (name === "helm" && is(0, "repo") && is(1, "add", "remove", "rm", "update"))
  )
    return result("the package sources it installs from");
  // The certificates the machine trusts (a local authority's key signs any site).
  if (
    (name === "mkcert" && flag("-install", "-uninstall", "--install", "--uninstall")) ||
    (name === "dotnet" && is(0, "dev-certs") && flag("--trust", "-t", "--clean", "-c", "--import", "-i"))
  )
    return result("the certificates the machine trusts");
  // What opens files and links on the desktop.
  if (
    (name === "xdg-mime" && is(0, "default", "install", "uninstall")) ||
    (name === "xdg-settings" && is(0, "set")) ||
    (["xdg-desktop-menu", "xdg-desktop-icon", "xdg-icon-resource"].includes(name) &&
      is(0, "install", "uninstall"))
  )
    return result("the desktop's default programs");
  // The package caches kept for every project, deleted.
  if (
    // Not `go clean -testcache`, which only has the next test run run again.
    (name === "go" &&
      is(0, "clean") &&
      flag("-modcache", "-cache", "-fuzzcache", "--modcache", "--cache", "--fuzzcache")) ||
    (["npm", "yarn"].includes(name) && is(0, "cache") && is(1, "clean", "clear", "rm", "remove")) ||
    (["pip", "pip3"].includes(name) && is(0, "cache") && is(1, "purge", "remove")) ||
    (name === "uv" && is(0, "cache") && is(1, "clean", "prune")) ||
    (name === "pnpm" && is(0, "store") && is(1, "prune")) ||
    (name === "dotnet" && is(0, "nuget") && is(1, "locals")) ||
    (["conda", "mamba", "micromamba"].includes(name) && is(0, "clean")) ||
    (["poetry", "pdm"].includes(name) && is(0, "cache") && is(1, "clear", "remove")) ||
    (name === "composer" && is(0, "clear-cache", "clearcache", "cc")) ||
    (name === "deno" && is(0, "clean")) ||
    (name === "bun" && is(0, "pm") && is(1, "cache")) ||
    (name === "pnpm" && is(0, "cache") && is(1, "delete")) ||
    (["gem", "brew"].includes(name) && is(0, "cleanup")) ||
    (["pre-commit", "prek"].includes(name) && is(0, "clean", "gc"))
  )
    return result("the package caches it keeps for every project");
  // A template folder git copies into every later repository: its hooks run there.
  if (["pre-commit", "prek"].includes(name) && is(0, "init-templatedir"))
    return result("git's template folder, whose hooks every later repository gets");
  // Secrets, clouds' credentials and contexts, and the certificates a browser trusts.
  if (
    (name === "dotnet" && is(0, "user-secrets") && is(1, "set", "remove", "clear", "init")) ||
    (name === "gcloud" &&
      ((is(0, "auth") && is(1, "application-default", "configure-docker")) ||
        (is(0, "config") && is(1, "configurations")) ||
        (is(0, "components") && is(1, "install", "update", "remove", "reinstall")))) ||
    (["kubectx", "kubens"].includes(name) &&
      words.some((word) => word === null || (word !== "-c" && word !== "--current"))) ||
    (name === "vault" && is(0, "login")) ||
    (name === "keyring" && is(0, "set", "del")) ||
    (name === "az" && (is(0, "configure") || (is(0, "extension") && is(1, "add", "remove", "update")))) ||
    (name === "uv" && is(0, "python") && is(1, "pin") && flag("--global")) ||
    (name === "certutil" && flag("-A", "-D", "-M", "-N", "-E", "-R"))
  )
    return result("the credentials, contexts or trusted certificates kept for you");
  // The credentials git's helpers and the desktop's keyrings keep (`git credential approve` stores what it reads).
  if (
    (name === "git" &&
      (is(0, "credential")
        ? is(1, "approve", "reject", "store", "erase")
        : /^credential-/.test(at(0) ?? "credential-") && is(1, "store", "erase", "exit", "get"))) ||
    (name === "secret-tool" && is(0, "store", "clear")) ||
    (name === "security" && /^(?:add|delete|import|set|unlock)-?/.test(at(0) ?? "add-")) ||
    (name === "ssh-add" && flag("-D", "-d", "-x", "-X"))
  )
    return result("the credentials kept for you");
  if (name === "poetry" && is(0, "config") && !flag("--list", "--local") && at(2) !== "")
    return result("poetry's configuration");
  if (
    (name === "defaults" && is(0, "write", "delete", "import", "rename")) ||
    (name === "gsettings" && is(0, "set", "reset", "reset-recursively")) ||
    (name === "dconf" && is(0, "write", "reset", "load"))
  )
    return result("the desktop's settings");
  if (name === "chsh") return result("the login shell");
  const logins = LOGINS[name];
  if (logins?.some((login) => login.split(" ").every((expected, i) => is(i, expected))))
    return result("the account, project or credentials it uses for you");
  const write = (i: number) => is(i, "set", "delete", "edit", "unset", "fix");
  if (["npm", "pnpm", "yarn"].includes(name) && ((is(0, "config") && write(1)) || is(0, "set")))
    return result(`${name}'s configuration`);
  if (["pip", "pip3"].includes(name) && is(0, "config") && write(1)) return result("pip's configuration");
  // Bundler's `config set` writes the user's configuration unless told `--local`.
  if (name === "bundle" && is(0, "config") && write(1) && !flag("--local"))
    return result("bundler's configuration");
  // gpg's keyring: keys made, imported, signed or deleted for good.
  if (
    ["gpg", "gpg2"].includes(name) &&
    words.some((word) => (word === null && guess()) || (word !== null && GPG_KEYRING_CHANGES.test(word)))
  )
    return result("the keys gpg keeps");
  // ssh-keygen without -f writes to ~/.ssh: a new key there, or the hosts ssh trusts (`-R`, `-H`).
  if (name === "ssh-keygen" && !words.some((word) => word !== null && /^-[^-]*f/.test(word))) {
    const { short } = optionTests(words);
    if (short("RH") || words.includes(null)) return result("the hosts ssh trusts or ssh's keys");
    if (!short("lyFeiBQDkLYs")) return result("ssh's keys");
  }
  return undefined;
}

/**
 * Each program's subcommands (words in order) that log in or out, or change the account, token, credentials or
 * contexts it keeps for the person (`npm login` writes `~/.npmrc`, `kubectl config use-context` changes where every
 * later `kubectl` goes). An agent logged in to its own account pushes and publishes there.
 */
const LOGINS: Readonly<Record<string, readonly string[]>> = {
  npm: ["login", "adduser", "logout", "token create", "token revoke"],
  pnpm: ["login", "adduser", "logout"],
  yarn: ["login", "logout", "npm login", "npm logout"],
  gh: ["auth login", "auth logout", "auth refresh", "auth switch"],
  glab: ["auth login", "auth logout"],
  az: ["login", "logout", "account set", "account clear", "config set", "config unset"],
  gcloud: ["auth login", "auth revoke", "auth activate-service-account", "config set", "config unset"],
  aws: ["configure set", "configure import", "configure sso", "sso login", "sso logout"],
  kubectl: [
    "config set",
    "config set-credentials",
    "config set-context",
    "config set-cluster",
    "config use-context",
    "config delete-context",
    "config delete-cluster",
    "config delete-user",
    "config rename-context",
  ],
  "huggingface-cli": ["login", "logout"],
  hf: ["auth login", "auth logout", "auth switch"],
  firebase: ["login", "logout", "login:ci", "login:add", "login:use"],
  vercel: ["login", "logout", "switch"],
  netlify: ["login", "logout", "switch"],
  heroku: ["login", "logout", "auth:login", "auth:logout"],
  wrangler: ["login", "logout"],
  terraform: ["login", "logout"],
  tofu: ["login", "logout"],
  supabase: ["login", "logout"],
  fly: ["auth login", "auth logout", "auth token"],
  flyctl: ["auth login", "auth logout", "auth token"],
  doctl: ["auth init", "auth switch", "auth remove"],
  cargo: ["login", "logout"],
  gem: ["signin", "signout"],
  poetry: ["config http-basic", "config pypi-token"],
  vsce: ["login", "logout"],
  ovsx: ["create-namespace"],
};

/**
 * What stored credential a command prints, or undefined: a token or password kept outside the workspace that a
 * program reads for you (`gh auth token`, `aws configure get aws_secret_access_key`, `git credential fill`, a
 * keychain or password manager), as reading `~/.aws/credentials` would. Printed, it is one pipe away from a request
 * that sends it anywhere (`curl -d "$(gh auth token)" …`).
 */
export function readsCredential(name: string, argv: readonly (string | null)[]): string | undefined {
  const words = argv.slice(1);
  const sub = words.filter((word) => word === null || !word.startsWith("-"));
  const { short, long } = optionTests(words);
  const verbs = (...expected: string[]) => expected.every((verb, i) => sub[i] === verb);
  switch (name) {
    case "gh":
    case "glab":
      return verbs("auth", "token") || (verbs("auth", "status") && (short("t") || long("--show-token")))
        ? `a ${name === "gh" ? "GitHub" : "GitLab"} token`
        : undefined;
    case "git": {
      const git = gitSubcommand(argv);
      const helper = git?.name?.startsWith("credential-") === true && git.rest.includes("get");
      return (git?.name === "credential" && git.rest[0] === "fill") || helper
        ? "a password git stores"
        : undefined;
    }
    case "aws":
      return (verbs("configure", "get") &&
        sub.some((word) => word === null || /key|secret|token/i.test(word))) ||
        verbs("configure", "export-credentials") ||
        verbs("ecr", "get-login-password") ||
        verbs("codeartifact", "get-authorization-token") ||
        verbs("secretsmanager", "get-secret-value") ||
        (sub[0] === "ssm" &&
          /^get-parameters?(?:-by-path)?$/.test(sub[1] ?? "") &&
          long("--with-decryption")) ||
        (sub[0] === "sts" &&
          ["get-session-token", "assume-role", "get-federation-token"].includes(sub[1] ?? "")) ||
        verbs("iam", "create-access-key")
        ? "AWS credentials"
        : undefined;
    case "gcloud":
      return verbs("auth", "print-access-token") ||
        verbs("auth", "print-identity-token") ||
        verbs("auth", "application-default", "print-access-token") ||
        verbs("config", "config-helper") ||
        verbs("secrets", "versions", "access") ||
        verbs("iam", "service-accounts", "keys", "create")
        ? "a Google Cloud token or secret"
        : undefined;
    case "az":
      return verbs("account", "get-access-token") ||
        (verbs("keyvault", "secret") && ["show", "download"].includes(sub[2] ?? ""))
        ? "an Azure token or secret"
        : undefined;
    case "kubectl":
    case "oc":
      // A Secret's data comes with an output format (`-o yaml`, `-o jsonpath=…`); the listing names them only.
      // Options come before the verb with their values (`-n prod get secret db -o yaml`).
      return (verbs("config", "view") && long("--raw")) ||
        (sub.some((word, i) => word === "get" && /^secrets?(?:\/|$)/.test(sub[i + 1] ?? "")) &&
          words.some((word) => word === null || /^(?:-o|--output)/.test(word))) ||
        sub.some((word, i) => word === "create" && sub[i + 1] === "token")
        ? "the cluster's credentials or secrets"
        : undefined;
    case "heroku":
      return verbs("auth:token") || sub[0] === "config" || sub[0] === "config:get"
        ? "a Heroku token, or an app's settings with its secrets"
        : undefined;
    case "security":
      return (["find-generic-password", "find-internet-password"].includes(sub[0] ?? "") && short("wg")) ||
        (sub[0] === "dump-keychain" && short("d"))
        ? "a keychain password"
        : undefined;
    case "gpg":
    case "gpg2":
      // `--export` alone exports public keys; any start of `--export-secret-…` is a secret one.
      return words.some((word) => word?.startsWith("--export-secret") === true) ? "a private key" : undefined;
    default:
      break;
  }
  if (/^docker-credential-/.test(name) && sub[0] === "get") return "a registry password";
  // Password managers and secret stores: what they print is the secret, but for their listings.
  const manager =
    (["pass", "gopass"].includes(name) &&
      sub.length > 0 &&
      !["ls", "list", "find", "search"].includes(sub[0] ?? "")) ||
    (name === "secret-tool" && sub[0] === "lookup") ||
    (name === "op" && (verbs("read") || verbs("item", "get") || verbs("inject"))) ||
    (name === "bw" && verbs("get")) ||
    (name === "lpass" && verbs("show")) ||
    (name === "keepassxc-cli" && verbs("show")) ||
    (name === "keyring" && verbs("get")) ||
    (name === "vault" && (verbs("read") || verbs("kv", "get"))) ||
    (name === "doppler" && verbs("secrets"));
  return manager ? "a secret from a password manager" : undefined;
}

/**
 * Programs whose subcommand the guards above read (`gh auth token`, `aws configure get`, `terraform destroy`,
 * `gh repo delete`): a word computed at run time where it goes may be any of them.
 */
const SUBCOMMAND_GUARDED = wordSet(
  [
    "gh glab hub aws gcloud az kubectl oc k3s microk8s helm heroku security pass gopass secret-tool op bw lpass",
    "keepassxc-cli keyring vault doppler systemctl loginctl init telinit ngrok cloudflared tailscale mvn gradle",
    "gradlew terraform tofu terragrunt pulumi cdk sst serverless sls doctl linode-cli hcloud scw gsutil fly flyctl",
    "vercel netlify firebase rclone redis-cli mysqladmin",
  ].join(" "),
);

/** Programs whose verbs `changesUserSetting` reads. */
const SETTING_PROGRAMS = wordSet(
  [
    "npm pnpm bun yarn pip pip3 uv pipx cargo go gem brew git rustup pyenv rbenv nodenv goenv jenv asdf nvm fnm",
    "volta corepack conda mamba micromamba deno dotnet flatpak snap port sdk systemctl launchctl loginctl gh",
    "defaults gsettings dconf bundle",
  ].join(" "),
);

/**
 * Whether a word computed at run time, that may be an option or a word of its own, stands among the first two
 * words where such a program's subcommand goes (`gh $(echo auth) token`, `gh repo $(echo delete) x`): what it runs
 * is not known. Fixed text before it (`"d$(echo elete)"`) does not tell which subcommand it is.
 */
export function subcommandComputed(name: string, argv: readonly (string | null)[]): boolean {
  if (!SUBCOMMAND_GUARDED.has(name) && !/^docker-credential-/.test(name)) return false;
  const at = argv
    .slice(1)
    .filter((word) => word === null || !word.startsWith("-"))
    .indexOf(null);
  return at >= 0 && at < 2;
}

/** Options whose value may be the next word, at most this many read each way (`optionValueReadings`). */
const MAX_OPTION_VALUES = 8;

/**
 * Programs whose verbs the guards read by their place among the words (`gh repo delete`, `npm config set`); the
 * others' guards read their name and options only, which every reading keeps.
 */
function readsVerbs(name: string): boolean {
  return (
    SUBCOMMAND_GUARDED.has(name) ||
    SETTING_PROGRAMS.has(name) ||
    EDITORS.has(name) ||
    name in PUBLISHES ||
    name in LOGINS ||
    /^docker-credential-/.test(name)
  );
}

/**
 * The ways a program may read its words where an option may take the next word as its value or not: `gh -R o/r
 * release delete` and `aws --region r configure get` have their verbs after a value, `aws --debug configure get`
 * after a flag. Each reading is the indexes of `argv` it keeps; "as written" when there is one way, or the guards
 * read the program's name and options only; undefined when there are too many ways to read.
 */
export function optionValueReadings(
  name: string,
  argv: readonly (string | null)[],
): number[][] | "as written" | undefined {
  if (!readsVerbs(name)) return "as written";
  const optional: number[] = [];
  for (let i = 2; i < argv.length && argv[i - 1] !== "--"; i++) {
    const option = argv[i - 1];
    const word = argv[i];
    const takes = option === null || (/^-./.test(option ?? "") && !option?.includes("="));
    if (takes && (word === null || word?.startsWith("-") === false)) optional.push(i);
  }
  if (optional.length === 0) return "as written";
  if (optional.length > MAX_OPTION_VALUES) return undefined;
  const readings: number[][] = [];
  for (let mask = 0; mask < 1 << optional.length; mask++) {
    const dropped = new Set(optional.filter((_, bit) => (mask >> bit) & 1));
    readings.push(argv.flatMap((_, i) => (dropped.has(i) ? [] : [i])));
  }
  return readings;
}

/** kill's targets: after the signal (`-9`, `-KILL`, `-s KILL`), process ids, `-<group>`, `%<job>`; -1 is every process. */
export function killTargets(argv: readonly (string | null)[]): (string | null)[] {
  let targets = argv.slice(1);
  if (targets[0] === "-s" || targets[0] === "-n") targets = targets.slice(2);
  else if (targets.length > 1 && targets[0]?.startsWith("-") === true && targets[0] !== "--")
    targets = targets.slice(1);
  return targets[0] === "--" ? targets.slice(1) : targets;
}

/**
 * What a command does beyond the workspace that the person's other work or other people meet, or undefined: the
 * machine turned off or every program of the person signalled (`shutdown`, `kill -9 -1`), a port of this machine put
 * on the internet (`ngrok http 3000`), a package published to a registry others install from or withdrawn from it
 * (`npm publish`, `cargo yank`), a repository or release deleted or made public on a forge (`gh repo delete`). None
 * of it can be taken back from the workspace; a rehearsal (`npm publish --dry-run`) does none of it.
 */
export function actsBeyond(name: string, argv: readonly (string | null)[]): string | undefined {
  const words = argv.slice(1);
  const sub = words.filter((word) => word === null || !word.startsWith("-"));
  const verbs = (...expected: string[]) => expected.every((verb, i) => sub[i] === verb);
  if (
    POWER_PROGRAMS.has(name) ||
    (["systemctl", "loginctl"].includes(name) && POWER_VERBS.has(sub[0] ?? "")) ||
    (["init", "telinit"].includes(name) && ["0", "6"].includes(sub[0] ?? ""))
  )
    return words.some((word) => word === "-c" || word === "--help") // `shutdown -c` cancels one
      ? undefined
      : "turns the machine off, restarts or suspends it";
  if (name === "loginctl" && /^(?:terminate|kill)-(?:user|session)$/.test(sub[0] ?? ""))
    return "ends the person's login sessions";
  if (name === "kill" && killTargets(argv).includes("-1")) return "signals every program the person runs";
  if (
    name === "killall5" ||
    (["pkill", "killall"].includes(name) &&
      words.some((word) => word !== null && /^(?:-[^-]*[uU]|--(?:uid|euid|user)\b)/.test(word)))
  )
    return "signals every program of a user";
  // A tunnel puts a port of this machine (a dev server, its files and debug routes) on the internet.
  if (
    (name === "ngrok" && ["http", "tcp", "tls", "start"].includes(sub[0] ?? "")) ||
    (name === "cloudflared" && sub[0] === "tunnel") ||
    name === "lt" ||
    name === "localtunnel" ||
    (name === "tailscale" && sub[0] === "funnel") ||
    // The editor's own tunnel and web server: the machine, through the editor, from a browser elsewhere.
    (EDITORS.has(name) &&
      (sub[0] === "serve-web" ||
        (sub[0] === "tunnel" && (sub[1] === undefined || ["service", "restart"].includes(sub[1] ?? "")))))
  )
    return "opens a port of this machine to the internet";
  // An abstract socket has no place in the workspace: a local service's API (Docker's runs privileged containers).
  if (
    name === "curl" &&
    words.some((word) => /^--ab/.test(word ?? "") && longOption(word!, "--abstract-unix-socket"))
  )
    return "talks to a local service through an abstract socket";
  // A rehearsal changes nothing (`--dry-run=none` is no rehearsal: kubectl runs it).
  if (
    words.some(
      (word) => word === "--dry-run" || word === "--dryrun" || /^--dry-run=(?!none$)/.test(word ?? ""),
    )
  )
    return undefined;
  const destroys = deletesRemote(name, words, sub);
  if (destroys !== undefined) return destroys;
  const publishes =
    // A word computed at run time where a verb goes may be it (`twine $(echo upload)`, `npm dist-tag $(echo add)`).
    (PUBLISHES[name]?.some((expected) => {
      const at = expected.split(" ").findIndex((verb, i) => sub[i] !== verb);
      return at < 0 || sub.slice(0, at + 1).includes(null);
    }) ??
      false) ||
    // Release tools publish the package and tag a release when run (np's rehearsal is `--preview`).
    (RELEASES.has(name) && !words.includes("--preview"));
  if (
    publishes ||
    (name === "mvn" && sub.some((word) => word === "deploy" || /^(?:deploy|release):/.test(word ?? ""))) ||
    (["gradle", "gradlew"].includes(name) &&
      sub.some((task) => /^(?:\S*:)?publish/.test(task ?? "") && !/MavenLocal$/.test(task ?? "")))
  )
    return "publishes a package where others install it, or withdraws one";
  // hub, GitHub's older command line, deletes a repository with `hub delete`.
  if (
    ["gh", "glab", "hub"].includes(name) &&
    ((sub[0] === "repo" && ["delete", "archive", "rename", "transfer"].includes(sub[1] ?? "")) ||
      (name === "hub" && sub[0] === "delete") ||
      (verbs("repo", "edit") && words.some((word) => word?.startsWith("--visibility") === true)) ||
      (sub[0] === "release" && ["create", "delete", "upload", "edit", "delete-asset"].includes(sub[1] ?? "")))
  )
    return `changes or deletes a repository or release on ${name === "glab" ? "GitLab" : "GitHub"}`;
  if (["gh", "glab", "hub"].includes(name)) {
    const forge = name === "glab" ? "GitLab" : "GitHub";
    // A key added to the account pushes to every repository it reaches; a secret or variable goes to CI.
    if (
      (["ssh-key", "gpg-key"].includes(sub[0] ?? "") && ["add", "delete"].includes(sub[1] ?? "")) ||
      (verbs("repo", "deploy-key") && ["add", "delete"].includes(sub[2] ?? ""))
    )
      return `changes the keys of your ${forge} account or repository`;
    if (["secret", "variable"].includes(sub[0] ?? "") && ["set", "delete", "remove"].includes(sub[1] ?? ""))
      return `changes the secrets or variables CI runs with on ${forge}`;
    // A workflow started by hand runs with the repository's secrets (a deploy, a release) where the line cannot see.
    if (
      (name === "gh" && (verbs("workflow", "run") || verbs("run", "rerun"))) ||
      (name === "glab" && sub[0] === "ci" && ["run", "trigger", "retry"].includes(sub[1] ?? ""))
    )
      return `starts a workflow on ${forge}, which runs with the repository's secrets`;
    // Made public: a new repository pushed from here, a gist (whose `-p` is `--public`).
    const publicly = words.some(
      (word, i) =>
        word === "--public" ||
        word === "--visibility=public" ||
        (word === "--visibility" && words[i + 1] === "public"),
    );
    if (
      (verbs("repo", "create") && publicly) ||
      (verbs("gist", "create") && (publicly || words.includes("-p")))
    )
      return `publishes the workspace's files on ${forge}`;
    // The API itself: a delete, or any change to the account's keys.
    if (sub[0] === "api") {
      const method = words.flatMap((word, i) =>
        word === "-X" || word === "--method"
          ? [words[i + 1]]
          : (/^(?:-X|--method=)(.+)$/.exec(word ?? "")?.slice(1) ?? []),
      );
      if (
        method.some((m) => m === null || m === undefined || /^delete$/i.test(m)) ||
        words.some((word) => word === null || /(?:^|\/)user\/(?:keys|gpg_keys|ssh_signing_keys)\b/.test(word))
      )
        return `deletes on ${forge}, or changes your account's keys, through its API`;
    }
  }
  return undefined;
}

/** terraform's options whose value may follow as the next word (`-var x=1`). */
const TERRAFORM_VALUES = wordSet(
  "-var -var-file -target -replace -parallelism -lock-timeout -state -state-out -backup",
);
const DESTROYS = "destroys the infrastructure it manages";
const UNSEEN_PLAN =
  "changes the infrastructure it manages as its plan says, deletions too, without showing it";

/**
 * What a cloud or cluster command deletes, or undefined: infrastructure a tool manages (`terraform destroy`,
 * `pulumi destroy`), a cluster's objects (`kubectl delete`, `helm uninstall`), a cloud account's resources and
 * stored data (`aws s3 rm`, `aws ec2 terminate-instances`, `gcloud projects delete`, `az group delete`), a hosted
 * app or database (`fly apps destroy`, `heroku pg:reset`, `dropdb`). None of it is in the workspace or comes back
 * from it. So does a plan carried out unseen (`terraform apply -auto-approve`, `pulumi up --yes`), whose deletions
 * nobody read. Other deploys are left alone: the next deploy undoes one.
 */
function deletesRemote(
  name: string,
  words: readonly (string | null)[],
  sub: readonly (string | null)[],
): string | undefined {
  const has = (...verbs: string[]) => sub.some((word) => word !== null && verbs.includes(word));
  const first = sub[0] ?? "";
  switch (name) {
    case "terraform":
    case "tofu":
    case "terragrunt":
      if (
        first === "destroy" ||
        (first === "apply" && words.some((word) => word === "-destroy" || word === "--destroy")) ||
        (first === "workspace" && sub[1] === "delete") ||
        (first === "run-all" && sub[1] === "destroy")
      )
        return DESTROYS;
      // A saved plan (`apply plan.bin`, an operand not an option's value) is carried out without a prompt too.
      return first === "apply" &&
        words.some(
          (word, i) =>
            /^--?auto-approve$/.test(word ?? "") ||
            (i > words.indexOf("apply") &&
              (word === null || !word.startsWith("-")) &&
              !TERRAFORM_VALUES.has(words[i - 1] ?? "")),
        )
        ? UNSEEN_PLAN
        : undefined;
    case "pulumi":
      if (first === "destroy" || (first === "stack" && sub[1] === "rm")) return DESTROYS;
      return ["up", "update"].includes(first) &&
        words.some((word) => ["--yes", "-y", "-f"].includes(word ?? ""))
        ? UNSEEN_PLAN
        : undefined;
    case "cdk":
    case "sst":
      return first === "destroy" || first === "remove" ? DESTROYS : undefined;
    case "serverless":
    case "sls":
      return first === "remove" ? DESTROYS : undefined;
    case "kubectl":
    case "oc":
    case "k3s":
    case "microk8s":
      // Options come before the verb with their values (`-n prod delete pod x`), so any word may be it.
      return has("delete", "drain") ? "deletes objects in a cluster" : undefined;
    case "helm":
      return has("uninstall", "delete", "del", "un") ? "deletes a release in a cluster" : undefined;
    case "aws":
      // `s3 sync --delete` removes what the source lacks from the bucket.
      return (sub.includes("s3") && (has("rm", "rb") || (has("sync") && words.includes("--delete")))) ||
        sub.some((word) => /^(?:delete|terminate|purge)-/.test(word ?? ""))
        ? "deletes resources or data in a cloud account"
        : undefined;
    case "gcloud":
    case "az":
    case "doctl":
    case "linode-cli":
    case "hcloud":
    case "scw":
      return has("delete", "rm", "purge") || sub.some((word) => /^delete-/.test(word ?? ""))
        ? "deletes resources or data in a cloud account"
        : undefined;
    case "gsutil":
      return has("rm", "rb") || (has("rsync") && words.some((word) => word !== null && /^-[^-]*d/.test(word)))
        ? "deletes resources or data in a cloud account"
        : undefined;
    case "fly":
    case "flyctl":
      return has("destroy") ? "deletes a hosted app or its data" : undefined;
    case "heroku":
      return has("apps:destroy", "destroy", "pg:reset", "addons:destroy")
        ? "deletes a hosted app or its data"
        : undefined;
    case "vercel":
    case "netlify":
    case "firebase":
      return has(
        "remove",
        "rm",
        "sites:delete",
        "firestore:delete",
        "database:remove",
        "functions:delete",
        "projects:delete",
      )
        ? "deletes a hosted app or its data"
        : undefined;
    case "rclone":
      return has("delete", "deletefile", "purge", "rmdir", "rmdirs", "cleanup")
        ? "deletes files where it stores them"
        : undefined;
    case "dropdb":
      return "deletes a database";
    case "mysqladmin":
      return has("drop") ? "deletes a database" : undefined;
    case "redis-cli":
      return sub.some((word) => /^flush(?:all|db)$/i.test(word ?? ""))
        ? "deletes a database's data"
        : undefined;
    default:
      return undefined;
  }
}

const POWER_PROGRAMS = wordSet("shutdown reboot poweroff halt");
const POWER_VERBS = wordSet(
  "poweroff reboot halt kexec soft-reboot suspend hibernate hybrid-sleep suspend-then-hibernate sleep",
  "rescue emergency isolate",
);
const RELEASES = wordSet("np release-it semantic-release");
/** Each program's subcommands (words in order) that publish a package or withdraw one. */
const PUBLISHES: Readonly<Record<string, readonly string[]>> = {
  npm: ["publish", "unpublish", "deprecate", "dist-tag add", "dist-tag rm", "owner add", "owner rm"],
  pnpm: ["publish", "unpublish", "deprecate"],
  yarn: ["publish", "npm publish", "npm tag add", "npm tag remove"],
  bun: ["publish"],
  cargo: ["publish", "yank"],
  twine: ["upload"],
  gem: ["push", "yank"],
  poetry: ["publish"],
  uv: ["publish"],
  flit: ["publish"],
  hatch: ["publish"],
  pdm: ["publish"],
  dotnet: ["nuget push", "nuget delete"],
  nuget: ["push", "delete"],
  vsce: ["publish", "unpublish"],
  ovsx: ["publish"],
  dart: ["pub publish"],
  flutter: ["pub publish"],
  mix: ["hex.publish"],
  cabal: ["upload"],
  stack: ["upload"],
  pod: ["trunk push", "trunk delete"],
  deno: ["publish"],
  jsr: ["publish"],
  lerna: ["publish"],
  changeset: ["publish"],
  helm: ["push"],
};

/**
 * What of the person's a command reads beyond the workspace without naming a file, or undefined: the clipboard
 * (`pbpaste`, `xclip -o`; a password manager puts passwords there) or the screen (`screencapture`, `import -window
 * root`), with the person's other windows on it.
 */
export function readsPersonal(name: string, argv: readonly (string | null)[]): string | undefined {
  const words = argv.slice(1);
  const given = (...options: string[]) => words.some((word) => word !== null && options.includes(word));
  if (
    ["pbpaste", "wl-paste", "termux-clipboard-get", "Get-Clipboard"].includes(name) ||
    (name === "xclip" && given("-o", "-out")) ||
    // xsel prints it unless told to set, add to, clear or delete it (`-bi`).
    (name === "xsel" &&
      !words.some((word) => word !== null && /^(?:-[^-]*[iacd]|--(?:input|append|clear|delete)$)/.test(word)))
  )
    return "reads the clipboard, which may hold a password you copied";
  if (
    ["screencapture", "gnome-screenshot", "scrot", "grim", "spectacle", "maim", "flameshot"].includes(name) ||
    (name === "import" && given("-window"))
  )
    return "captures the screen, with your other windows on it";
  return undefined;
}

/** A URL or repository in place of a package name (`https://…`, `git+https://…`, `github:user/repo`). */
function isAddress(word: string): boolean {
  return /^(?:https?:\/\/|git\+|git@|(?:github|gitlab|bitbucket|gist):)/i.test(word);
}

/**
 * The address a command downloads code from and runs, as `curl … | sh` does, or undefined: a script given by URL to
 * a runtime that fetches it (`deno run https://…`, `bun https://…`), a Go module at a version (`go run
 * example.com/x@latest`), a package runner given a URL or repository instead of a package name
 * (`npx github:user/repo`, `uvx git+https://…`), a package installed from one (`npm install github:user/repo`, npm's
 * `user/repo`, `pip install git+https://…`), whose install scripts run. A package from the registry (`npx eslint`,
 * `npm install lodash`) is not an address.
 */
export function runsFromAddress(name: string, argv: readonly (string | null)[]): string | undefined {
  const words = argv.slice(1).filter((word): word is string => word !== null && !word.startsWith("-"));
  // An option's value written after `=` (`--registry=https://…`, `--index-url=https://…`).
  const optionValues = argv.flatMap((word) =>
    word !== null && word.startsWith("-") && word.includes("=") ? [word.slice(word.indexOf("=") + 1)] : [],
  );
  // What a project runner runs (`pnpm dlx`, `npm exec`, `yarn dlx`: `withoutWrappers`) is the command itself.
  if (argv[0] != null && isAddress(argv[0])) return argv[0];
  switch (name) {
    case "deno":
    case "bun":
    case "bunx":
    case "npx":
    case "uvx":
      return words.find(isAddress);
    case "go":
      return words[0] === "run"
        ? words.slice(1).find((word) => isAddress(word) || /^[\w-]+(?:\.[\w-]+)+\/\S*@\S+$/.test(word))
        : undefined;
    case "pipx":
      return words[0] === "run" ? words.slice(1).find(isAddress) : undefined;
    // pre-commit clones the repository it is given and runs its hooks.
    case "pre-commit":
    case "prek":
      return words[0] === "try-repo" ? (words[1] ?? "a repository") : undefined;
    // An install from an address runs that package's install scripts (`postinstall`, `setup.py`) as it goes.
    case "npm":
    case "pnpm":
    case "yarn":
      return ["install", "i", "in", "add"].includes(words[0] ?? "")
        ? [...words.slice(1), ...optionValues].find(
            (word) => isAddress(word) || /^[\w-][\w.-]*\/[\w.-]+(?:#\S*)?$/.test(word),
          )
        : undefined;
    case "pip":
    case "pip3":
      return words[0] === "install" ? [...words.slice(1), ...optionValues].find(isAddress) : undefined;
    case "uv":
      return words[0] === "pip" && words[1] === "install"
        ? [...words.slice(2), ...optionValues].find(isAddress)
        : undefined;
    default:
      return undefined;
  }
}

/**
 * What of git's protected setup a command writes through a program rather than a path, or undefined: hook managers
 * installing hooks (`pre-commit install`, `husky`, `lefthook install`: `.git/hooks` or `core.hooksPath`, which run
 * the repository's commands on each commit), `git lfs install` and `gh auth setup-git` (git's configuration,
 * filters and credential helpers), and the remotes a later pull passes from: `gh repo fork --remote` (the fork becomes
 * `origin`) and `hub fetch <user>` (a remote added for each user not one yet), as `git remote add` asks. Behind `npx`
 * too (`withoutWrappers`).
 */
export function writesGitSetup(
  program: string,
  argv: readonly (string | null)[],
): { program: string; what: string } | undefined {
  const words = argv.slice(1);
  const sub = words.filter((word) => word === null || !word.startsWith("-"));
  const hooks =
    (program === "pre-commit" && sub[0] === "install") ||
    (program === "husky" && (sub.length === 0 || ["install", "init"].includes(sub[0] ?? ""))) ||
    (program === "lefthook" && ["install", "add"].includes(sub[0] ?? "")) ||
    program === "simple-git-hooks" ||
    program === "yorkie" ||
    (["prek", "hk", "captainhook", "dvc", "ggshield"].includes(program) && sub.includes("install")) ||
    (program === "gitlint" && sub[0] === "install-hook") ||
    (["git-secrets", "overcommit", "talisman", "nbstripout"].includes(program) &&
      words.some((word) => word === null || word === "--install"));
  if (hooks) return { program, what: "git's hooks" };
  const git = program === "git" ? gitSubcommand(argv) : undefined;
  // git's own extensions: hooks (`git secrets --install`), filters and attributes (`git crypt init`), the
  // configuration (`git annex init`, `git flow init`).
  if (git?.name === "secrets" && git.rest.some((word) => word === null || word === "--install"))
    return { program, what: "git's hooks" };
  if (
    (["crypt", "annex", "flow"].includes(git?.name ?? "") && git?.rest[0] === "init") ||
    (program === "git-crypt" && sub[0] === "init") ||
    (git?.name === "lfs" && ["install", "uninstall"].includes(git.rest[0] ?? "")) ||
    (program === "gh" && sub[0] === "auth" && sub[1] === "setup-git")
  )
    return { program, what: "git's configuration" };
  if (
    (program === "gh" &&
      sub[0] === "repo" &&
      sub[1] === "fork" &&
      words.some(
        (word) => word === null || (/^--remote(?:-name)?(?:=|$)/.test(word) && word !== "--remote=false"),
      )) ||
    (argv[0] != null && basename(argv[0]) === "hub" && git?.name === "fetch" && sub.length > 1)
  )
    return {
      program: argv[0] != null && basename(argv[0]) === "hub" ? "hub" : program,
      what: "git's remotes",
    };
  if (program === "direnv" && ["allow", "permit", "grant"].includes(sub[0] ?? ""))
    return { program, what: "which folders' .envrc direnv runs in your shell" };
  return undefined;
}

/**
 * Why a forge's command line writes files Symposium does not read, or undefined: a pull request checked out
 * (`gh pr checkout 12`, gh's own alias `gh co`, `hub pr checkout`, `glab mr checkout`), whose files are whoever
 * opened it's, and a workflow run's artifacts extracted where it runs (`gh run download`, `glab job artifact`),
 * which any path in the archive may name.
 */
export function forgeWritesUnread(name: string, argv: readonly (string | null)[]): string | undefined {
  if (!["gh", "glab", "hub"].includes(name)) return undefined;
  const sub = argv.slice(1).filter((word) => word === null || !word.startsWith("-"));
  const verb = `${name} ${sub[0] === "co" ? "co" : sub.slice(0, 2).join(" ")}`;
  if (
    (name === "gh" && ((sub[0] === "pr" && sub[1] === "checkout") || sub[0] === "co")) ||
    (name === "hub" && sub[0] === "pr" && sub[1] === "checkout") ||
    (name === "glab" && sub[0] === "mr" && sub[1] === "checkout")
  )
    return `${verb} writes the files of a pull request, which Symposium does not read`;
  if (
    (name === "gh" && sub[0] === "run" && sub[1] === "download") ||
    (name === "glab" && ["job", "ci"].includes(sub[0] ?? "") && sub[1] === "artifact")
  )
    return `${verb} extracts a workflow's artifacts, whose files Symposium does not read`;
  return undefined;
}

const GPG_KEYRING_CHANGES =
  /^--(?:import|delete-(?:secret-(?:and-public-)?)?keys?|(?:full-|quick-)?gen(?:erate)?-key|edit-key|l?sign-key|quick-sign-key|import-ownertrust|recv-keys?|refresh-keys)$/;

/** rustup subcommands that install, remove or choose toolchains for the user. */
const TOOLCHAIN_CHANGES = wordSet(
  "default toolchain update install uninstall component target self set override",
);

/**
 * Variables whose value a program runs as a command line (`GIT_SSH_COMMAND='…' git fetch`, `PAGER`, `EDITOR`,
 * `LESSOPEN`), reads as git configuration (`GIT_CONFIG_*`, as `git -c` is) or expands later (a prompt holding
 * `$(…)`), or that tell git which repository, working tree or programs to use (`GIT_DIR=~/.dotfiles git add .`, as
 * `git --git-dir` does), or give a program options (`TAR_OPTIONS=-h`), set in front of a command, by `env` or
 * `export`: the first that holds more than a harmless value (`true`, `cat`, `less -R`, `XZ_OPT=-9`), with what it
 * does, else undefined. `source` holds assignments as written (`X='a b'`), `words` as the shell passes them (env's
 * `X=a b`, quotes gone).
 */
export function commandVariable(
  source: readonly string[],
  words: readonly string[],
): { name: string; does: string } | undefined {
  const assignments = assignedVariables(source, words);
  const runs = "sets a command for a program to run, which Symposium does not read";
  for (const { name, value } of assignments) {
    if (COMMAND_VARIABLES.has(name) && !HARMLESS_COMMAND.test(value)) return { name, does: runs };
    // bash takes a function from one (`env 'BASH_FUNC_ls%%=() { rm -rf ~; }' bash -c ls` runs rm), and names a
    // command's program in another (`BASH_CMDS=([ls]=/bin/rm); ls -rf ~`, as `hash -p` does).
    if (/^(?:BASH_FUNC_|BASH_CMDS$|BASH_ALIASES$)/.test(name))
      return { name, does: "gives bash a command by another name, which Symposium does not follow" };
    // A package manager's own options by another name (`npm_config_registry=…`, `PIP_INDEX_URL=…`, `PIP_USER=1`).
    if (PACKAGE_CONFIG_VARIABLES.test(name))
      return {
        name,
        does: "sets where a package manager installs from or to, or what it runs, which Symposium does not read",
      };
    // A shell runs the file these name before its own commands (`BASH_ENV=<(…) bash -c ls`), or looks for folders
    // or starts as they say.
    const startup = SHELL_STARTUP_VARIABLES[name];
    if (startup !== undefined && !(name === "SIMPLE_BACKUP_SUFFIX" && /^~?$/.test(value)))
      return { name, does: startup };
    // Options a program reads before its own (`TAR_OPTIONS=-h` follows links, `--use-compress-program` runs one;
    // `XZ_OPT=--files=list` compresses and removes the files a list names); a compression level passes.
    if (
      OPTION_VARIABLES.has(name) &&
      !(name === "TAR_OPTIONS" ? value.trim() === "" : COMPRESSION_LEVEL.test(value))
    )
      return { name, does: "gives a program options Symposium does not read" };
    // A configuration file whose options run a command (`rg --pre`, bat's `--pager`, a lesskey's LESSOPEN), or
    // less's options naming one (`LESS=--lesskey-src=x`).
    if (
      CONFIG_FILE_VARIABLES.has(name) ||
      (name === "LESS" && /(?:^|\s)(?:-[^-\s]*k|--lesskey|\+)/.test(value))
    )
      return {
        name,
        does: "names a configuration that may set a command a program runs, which Symposium does not read",
      };
    // node loads the modules NODE_OPTIONS gives before its program (`--import=data:text/javascript,…`).
    if (name === "NODE_OPTIONS" && (/\b(?:data|https?):/i.test(value) || INSPECT_ELSEWHERE.test(value)))
      return {
        name,
        does: "gives node a module to load inline or from the network, which Symposium does not read",
      };
    // go reads flags from GOFLAGS (`GOFLAGS=-toolexec=/tmp/x go test`: go 1.19 ran x).
    if (name === "GOFLAGS" && value.split(/\s+/).some((flag) => GO_RUNNING_FLAG.test(flag)))
      return { name, does: "gives go a flag that runs a program, which Symposium does not read" };
    // make takes the environment's variables as its own, exported for it earlier too (`export MAKEFILES=x.mk; make`).
    if (
      (MAKE_PROGRAM_VARIABLES.has(name) || /^(?:MAKEFILES|MAKEFLAGS|GNUMAKEFLAGS)$/.test(name)) &&
      makeVariableRuns(`${name}=${value}`) !== undefined
    )
      return { name, does: "holds a command line or makefile make runs, which Symposium does not read" };
    // A prompt is expanded when shown (PS4 with `bash -x`): a substitution in it runs then.
    if (/^PS[0-4]$/.test(name) && /[$`]/.test(value)) return { name, does: runs };
    if (/^GIT_CONFIG(?:_PARAMETERS|_COUNT|_KEY_\d+|_VALUE_\d+|_GLOBAL|_SYSTEM)?$/.test(name))
      return { name, does: runs };
    if (GIT_PLACES.has(name))
      return {
        name,
        does: "tells git where its repository, files or programs are, which Symposium does not follow",
      };
  }
  return undefined;
}

/**
 * What a variable of the environment the agent starts in (the editor's, its settings' `env` over it) changes in how
 * bash or a program reads `argv` (a command of `line`), where the guards read it as a clean environment has it;
 * undefined when none does. Set at all, POSIXLY_CORRECT makes GNU getopt stop at the first operand (`cp a -x/../../e`
 * writes there, `touch a -p` makes `-p`): asked where a word beginning with `-` follows one that does not. Shell
 * options exported for every bash: `keyword` takes `X=…` after a command as its environment (`git status
 * GIT_CONFIG_COUNT=1 …`), `posix` (with `allexport`) sets POSIXLY_CORRECT, `cdable_vars` lets `cd HOME` go to `~`,
 * `nullglob` drops a glob that matches nothing (`grep -r KEY *.log` searches `.`), `extglob` matches `@(.env)`. An
 * archiver's options (`TAR_OPTIONS=-h`), as in front of the command.
 */
export function environmentVariable(
  env: Readonly<Record<string, string | undefined>>,
  argv: readonly (string | null)[],
): { name: string; does: string } | undefined {
  // A startup file placed is protected (`BoundaryOptions.startupFiles`); one computed when the shell starts
  // (`BASH_ENV='$(…)'`, `${X:-y}`) may be any file, a workspace file the line writes too.
  const startup = shellStartupFiles(env, "").unknown;
  if (startup !== undefined)
    return {
      name: startup,
      does: "names a file its shells run first in a way Symposium cannot place, so it cannot protect it",
    };
  for (const [name, dangerous] of [
    ["SHELLOPTS", SHELL_OPTIONS_UNFOLLOWED],
    ["BASHOPTS", BASH_OPTIONS_UNFOLLOWED],
  ] as const) {
    const option = env[name]?.split(":").find((o) => dangerous.has(o));
    if (option !== undefined)
      return {
        name,
        does: `turns on bash's ${option} for the agent's shells, which Symposium does not follow`,
      };
  }
  // An archiver's options from the environment (`TAR_OPTIONS=-h` packs what a link leads to, outside too).
  const archiver = argv[0] == null ? undefined : basename(argv[0]);
  if (archiver !== undefined && ARCHIVERS.has(archiver))
    for (const name of OPTION_VARIABLES) {
      const value = env[name];
      if (value !== undefined && !(name === "TAR_OPTIONS" ? TAR_OPTIONS_KEPT : COMPRESSION_LEVEL).test(value))
        return { name, does: `gives ${archiver} options Symposium does not read` };
    }
  if (env.POSIXLY_CORRECT === undefined || argv[0] == null || GETOPT_UNAFFECTED.has(basename(argv[0])))
    return undefined;
  let operand = false;
  for (const word of argv.slice(1)) {
    if (word === null) continue;
    if (word === "--" && !operand) return undefined;
    if (word === "-" || !word.startsWith("-")) operand = true;
    else if (operand)
      return {
        name: "POSIXLY_CORRECT",
        does: `makes programs read ${word} after an operand as a file, which Symposium reads as an option`,
      };
  }
  return undefined;
}

/** `set -o` options that change what a line runs or names: assignments after a command, and posix mode's variable. */
const SHELL_OPTIONS_UNFOLLOWED = wordSet("keyword posix");
/** shopt options that change where cd goes and what a glob gives; dotglob, nocaseglob and globstar are read. */
const BASH_OPTIONS_UNFOLLOWED = wordSet("cdable_vars nullglob extglob");
/** Programs reading `OPTION_VARIABLES` (tar runs gzip, bzip2 and xz, which read theirs). */
const ARCHIVERS = wordSet(
  "tar gzip gunzip zcat pigz unpigz bzip2 bunzip2 bzcat xz unxz xzcat lzma unlzma zip unzip zipinfo funzip",
);
/** TAR_OPTIONS that change nothing the guards read: who owns and may read what is extracted, tar's warnings. */
const TAR_OPTIONS_KEPT = /^(?:\s*(?:--no-same-(?:owner|permissions)|--numeric-owner|--warning=[\w-]+))*\s*$/;
/** Programs whose options POSIXLY_CORRECT does not move: find's tests follow its folders; git refuses the line. */
const GETOPT_UNAFFECTED = wordSet("find git");

/** The variables `source` assigns as written (`X='a b'`) and `words` as the shell passes them (env's `X=a b`). */
function assignedVariables(
  source: readonly string[],
  words: readonly string[],
): { name: string; value: string }[] {
  return [
    ...source.flatMap((text) =>
      [...text.matchAll(ASSIGNMENT)].map(([, name, written]) => ({ name: name!, value: unquoted(written!) })),
    ),
    ...words.flatMap((word) => {
      const eq = word.indexOf("=");
      return eq > 0 ? [{ name: word.slice(0, eq), value: word.slice(eq + 1) }] : [];
    }),
  ];
}

/**
 * The files and folders that variables set in front of a command, by `env` or `export`, tell programs to write or
 * read, as their options would (null: computed at run time): where temporary files go (`TMPDIR=~ mktemp`), a build's
 * outputs and caches (`CARGO_TARGET_DIR=../x cargo build` as `--target-dir ../x`), a shell's history, which an
 * interactive bash writes on exit (`HISTFILE=~/.ssh/authorized_keys bash -i <<EOF`), git's traces (at an absolute
 * path; `GIT_TRACE=1` prints them); and the options node, go and terraform read from a variable, as theirs on the
 * line are (`NODE_OPTIONS=--redirect-warnings=../w`, `GOFLAGS=-modfile=../go.mod`, `TF_CLI_ARGS_plan=-out=../p`).
 */
export function variableFiles(source: readonly string[], words: readonly string[]): (string | null)[] {
  return assignedVariables(source, words).flatMap(({ name, value }) => {
    const known = /[$`'"\\]/.test(value) ? null : value;
    const upper = name.toUpperCase();
    if (FILE_VARIABLES.has(upper) || (name.startsWith("PIP_") && PIP_FILE_VARIABLES.has(name.slice(4))))
      return [known];
    if (/^GIT_TRACE\w*$/.test(name))
      return known === null || /^(?:\/|~|af_unix:)/.test(known)
        ? [known?.replace(/^af_unix:(?:\w+:)?/, "") ?? null]
        : [];
    const program =
      name === "NODE_OPTIONS"
        ? "node"
        : name === "PYTEST_ADDOPTS"
          ? "pytest"
          : name === "GOFLAGS"
            ? "go"
            : /^TF_CLI_ARGS(?:_\w+)?$/.test(name)
              ? "terraform"
              : undefined;
    if (program === undefined) return [];
    if (known === null) return [null];
    const options = known.split(/\s+/).filter((word) => word !== "");
    return outputValues(OUTPUT_OPTIONS[program]!, options);
  });
}

/** Variables naming a file or folder programs write or read (`npm_config_cache` too, as npm reads any case). */
const FILE_VARIABLES = wordSet(
  "TMPDIR CARGO_TARGET_DIR CARGO_BUILD_TARGET_DIR GOPATH GOCACHE GOMODCACHE GOTMPDIR GOBIN HISTFILE",
  "PYTHONPYCACHEPREFIX NODE_V8_COVERAGE COVERAGE_FILE XDG_CACHE_HOME XDG_DATA_HOME XDG_STATE_HOME TF_DATA_DIR",
  "TF_PLUGIN_CACHE_DIR NPM_CONFIG_CACHE NPM_CONFIG_LOGS_DIR NPM_CONFIG_PACK_DESTINATION",
  // TLS libraries append their session keys there (curl, node, python): `SSLKEYLOGFILE=~/.bashrc curl …`.
  "SSLKEYLOGFILE",
  // gcc writes the dependencies it finds where these say, as with `-MF`.
  "DEPENDENCIES_OUTPUT SUNPRO_DEPENDENCIES",
);
/** pip's options given as `PIP_<OPTION>` that name what it writes or reads: its log, cache, report, wheels. */
const PIP_FILE_VARIABLES = wordSet("LOG LOG_FILE CACHE_DIR REPORT WHEEL_DIR DEST REQUIREMENT CONSTRAINT");

/** An assignment as written: its value runs to the first unquoted space, through quotes and escapes. */
const ASSIGNMENT = /(?:^|\s)([A-Za-z_]\w*)=((?:'[^']*'|"(?:[^"\\]|\\.)*"|\\.|[^\s'"\\])*)/g;

/** A value wholly in one pair of quotes without expansions, unquoted; any other is kept as written. */
function unquoted(written: string): string {
  return /^'[^']*'$|^"[^"\\$`]*"$/.test(written) ? written.slice(1, -1) : written;
}

const COMMAND_VARIABLES = wordSet(
  "GIT_SSH_COMMAND GIT_SSH GIT_PAGER PAGER MANPAGER GIT_EDITOR EDITOR VISUAL GIT_SEQUENCE_EDITOR GIT_EXTERNAL_DIFF",
  "GIT_ASKPASS SSH_ASKPASS GIT_PROXY_COMMAND PROMPT_COMMAND LESSOPEN LESSCLOSE BAT_PAGER RSYNC_RSH",
  "RSYNC_CONNECT_PROG",
  // perl -d loads the debugger's code from PERL5DB; cargo runs rustc through a wrapper; gh opens its browser,
  // pager and editor; the JVM takes options (`-XX:OnError=…` runs a command) from JAVA_TOOL_OPTIONS.
  "PERL5DB RUSTC RUSTC_WRAPPER RUSTC_WORKSPACE_WRAPPER CARGO_BUILD_RUSTC CARGO_BUILD_RUSTC_WRAPPER",
  "CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER GH_BROWSER GH_PAGER GH_EDITOR BROWSER JAVA_TOOL_OPTIONS _JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS",
  // Code or options an interpreter runs first (`PERL5OPT='-Mx;system(…)'`, `LUA_INIT='os.execute(…)'`, `RUBYOPT=-r…`);
  // mercurial's and subversion's editors.
  "PERL5OPT RUBYOPT LUA_INIT LUA_INIT_5_2 LUA_INIT_5_3 LUA_INIT_5_4 HGEDITOR SVN_EDITOR",
  // Where gcc finds the programs it runs (its compiler proper, assembler and linker); python's interactive mode.
  "GCC_EXEC_PREFIX COMPILER_PATH PYTHONINSPECT",
);
/**
 * Variables holding options a program reads as if given first on its line: tar's, xz's, bzip2's, zip's (`ZIPOPT='-T
 * -TT "sh x.sh"'` runs a command line to test the archive) and unzip's (`UNZIP='-d secrets'` extracts there).
 */
const OPTION_VARIABLES = wordSet(
  "TAR_OPTIONS XZ_OPT XZ_DEFAULTS BZIP2 BZIP ZIPOPT ZIP UNZIP UNZIPOPT GZIP PIGZ",
);
/** Options that only choose how hard and on how many threads a compressor works (`XZ_OPT='-9e -T0'`). */
const COMPRESSION_LEVEL = /^(?:\s*(?:-\de?|-e|-T\s*\d+|--threads=\d+))*\s*$/;
/**
 * Variables naming a program's configuration (or holding it), whose options may run a command or name files it
 * reads and writes: curl's `.curlrc` (`upload-file = ~/.ssh/id_rsa`), a wgetrc (`post_file`), and the folder git
 * (`git/config`'s `core.fsmonitor`) and curl read theirs from; a psqlrc (`\! cmd`), a kubeconfig (its `exec` plugin,
 * which kubectl and helm run for credentials); the folder cargo reads `config.toml` from (`build.rustc-wrapper`), go's
 * environment file (`GOFLAGS`, `GOTOOLCHAIN`), terraform's CLI configuration (`credentials_helper`, a provider's
 * `dev_overrides`) and docker's (`credsStore` runs a helper, `docker login` writes there).
 */
const CONFIG_FILE_VARIABLES = wordSet(
  "RIPGREP_CONFIG_PATH BAT_CONFIG_PATH LESSKEY LESSKEYIN LESSKEY_CONTENT LESSKEY_SYSTEM LESSKEYIN_SYSTEM",
  "CURL_HOME WGETRC SYSTEM_WGETRC XDG_CONFIG_HOME PSQLRC KUBECONFIG",
  "CARGO_HOME GOENV TF_CLI_CONFIG_FILE TERRAFORM_CONFIG DOCKER_CONFIG HGRCPATH",
);
/**
 * Variables that name files a shell runs first, the folders `cd src` looks in before the line's own, or the options a
 * new bash starts with (`BASHOPTS=cdable_vars`) or programs read (`POSIXLY_CORRECT`).
 */
const SHELL_STARTUP_VARIABLES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    ["BASH_ENV", "ENV", "ZDOTDIR"].map((variable) => [
      variable,
      "names a file a shell runs before its commands, which Symposium does not read",
    ]),
  ),
  CDPATH: "names folders cd looks in first, which Symposium does not follow",
  // `SIMPLE_BACKUP_SUFFIX=e mv -bT newdir .vscod` renames `.vscod` to `.vscode`: only `~` (or nothing) passes.
  SIMPLE_BACKUP_SUFFIX: "names the backups cp, mv, ln and install keep, which Symposium does not place",
  BASHOPTS: "sets the options a shell starts with, which Symposium does not follow",
  // Set at all, GNU getopt stops at the first operand: `touch a -p` makes `-p`, `cp a -x/../../e` writes there.
  POSIXLY_CORRECT:
    "makes programs read a word after their files as a file, which Symposium reads as an option",
};
/** npm's (pnpm's), pip's and uv's settings from the environment that choose a registry, an install place or a shell. */
const PACKAGE_CONFIG_VARIABLES = new RegExp(
  "^(?:npm_config_(?:prefix|global|location|registry|script_shell|node_options|userconfig|globalconfig|shell|git|" +
    "onload_script|init_module)|PIP_(?:USER|TARGET|PREFIX|ROOT|INDEX_URL|EXTRA_INDEX_URL|FIND_LINKS|CONFIG_FILE|" +
    "BREAK_SYSTEM_PACKAGES|SRC)|UV_(?:INDEX_URL|EXTRA_INDEX_URL|INDEX|DEFAULT_INDEX|FIND_LINKS|SYSTEM_PYTHON))$",
  "i",
);
const HARMLESS_COMMAND = /^(?:|true|false|:|cat|more|less(?: -[A-Za-z]+)*)$/;
/** Where git finds its repository, working tree, index, objects, templates (hooks included) and programs. */
const GIT_PLACES = wordSet(
  "GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES GIT_COMMON_DIR",
  "GIT_TEMPLATE_DIR GIT_EXEC_PATH",
);

/** A package manager's commands that change what is installed (with `-g`, for the user). */
const GLOBAL_CHANGES = wordSet("install i add uninstall remove rm un r update up upgrade link");
const BREW_CHANGES = wordSet("install uninstall remove rm reinstall upgrade link unlink tap untap");

/** VS Code and its forks, whose command line installs extensions for the person. */
const EDITORS = wordSet("code code-insiders codium cursor windsurf code-server");

/** systemctl's commands that change which units start, and how. */
const SYSTEMCTL_WRITES = wordSet(
  "enable disable reenable mask unmask link edit revert preset preset-all set-property set-environment",
  "import-environment add-wants add-requires",
);

/** git's options before its subcommand that take a value (`git -C sub config …`). */
const GIT_VALUE_OPTIONS = new Set([
  "-C",
  "-c",
  "--git-dir",
  "--work-tree",
  "--namespace",
  "--exec-path",
  "--config-env",
  "--attr-source",
  "--super-prefix",
]);

/**
 * A git command without git's own options before its subcommand (`git -C sub -c k=v push` is `git push`), for the
 * deny and ask rules; any other command as it is.
 */
export function withoutGitOptions(argv: readonly (string | null)[]): (string | null)[] {
  if (argv[0] == null || basename(argv[0]) !== "git") return [...argv];
  const git = gitSubcommand(argv);
  return git ? [argv[0], git.name, ...git.rest] : [argv[0]];
}

/**
 * `git config` that writes (a key and a value, `--add`, `--unset`, `set`, `--edit`, …), rather than reads (a key
 * alone, `--get`, `--list`, `get`, `list`), and `git remote add`, `set-url` or `rename`: a pull from a remote passes
 * because where it leads is the person's, which a remote the agent made or moved in an earlier request is not. A
 * subcommand or value computed at run time counts as a write.
 */
export function changesGitConfig(argv: (string | null)[]): boolean {
  const git = gitSubcommand(argv);
  if (!git) return false;
  if (git.name === null) return true;
  const verb = git.rest.find((word) => word === null || !word.startsWith("-"));
  if (git.name === "remote") return verb === null || ["add", "set-url", "rename"].includes(verb ?? "");
  if (git.name !== "config") return false;
  const rest = git.rest;
  if (rest.some((word) => word === null)) return true;
  const words = rest as string[];
  const first = words.find((word) => !word.startsWith("-"));
  if (first === "get" || first === "list") return false;
  if (setsIdentity(words)) return false;
  if (first && ["set", "unset", "rename-section", "remove-section", "edit"].includes(first)) return true;
  if (
    words.some((word) =>
      /^--(add|unset|unset-all|replace-all|rename-section|remove-section|edit)$|^-e$/.test(word),
    )
  )
    return true;
  if (
    words.some((word) =>
      /^(--get|--get-all|--get-regexp|--get-urlmatch|--list|-l|--get-color|--get-colorbool)$/.test(word),
    )
  )
    return false;
  // `git config <key>` reads it; `git config <key> <value>` sets it.
  return words.filter((word) => !word.startsWith("-")).length >= 2;
}

/**
 * Whether a `git config` sets only who commits, in the repository's own configuration (`git config user.email
 * a@b.c`, `git config set --local user.name x`): git runs nothing from it, and it escapes a value's new lines
 * (git 2.39 wrote `name = x\n[core]…`). Not `--global`, `--file` or any other option.
 */
function setsIdentity(words: readonly string[]): boolean {
  const rest = words[0] === "set" ? words.slice(1) : words;
  const operands = rest.filter((word) => !word.startsWith("-"));
  return (
    rest.every((word) => word === "--local" || !word.startsWith("-")) &&
    operands.length === 2 &&
    /^user\.(?:name|email)$/i.test(operands[0]!)
  );
}

/**
 * Where a git listing (`namesListedFrom`) takes the names it prints: the index (`git ls-files`, `git diff --name-only`
 * of the working tree), the working tree (`git ls-files --others`, `git grep -l`), or commits and trees, which hold
 * names the workspace may not (`git diff --name-only main`, `--cached`, `git ls-files --with-tree`).
 */
export function gitListingSources(
  argv: readonly (string | null)[],
): { index?: true; worktree?: true; history?: true; fromTop?: true; changedOnly?: true } | undefined {
  const git = argv[0] != null && basename(argv[0]) === "git" ? gitSubcommand(argv) : undefined;
  if (git === undefined || namesListedFrom(argv) === undefined) return undefined;
  const end = git.rest.indexOf("--");
  const { flags, operands } = splitOptions(end < 0 ? git.rest : git.rest.slice(0, end));
  const { short, long } = optionTests(flags);
  switch (git.name) {
    case "ls-files": {
      if (long("--with-tree")) return { history: true };
      const others = short("o") || long("--others");
      const cached = !others || short("cdmks") || long("--cached", "--deleted", "--modified", "--stage");
      // `-m`/`-d` alone: only what changed in the working tree since it was added.
      const changedOnly =
        (short("md") || long("--modified", "--deleted")) &&
        !others &&
        !short("cks") &&
        !long("--cached", "--stage");
      return {
        ...(cached ? { index: true as const } : {}),
        ...(changedOnly ? { changedOnly: true as const } : {}),
        ...(others ? { worktree: true as const } : {}),
        ...(long("--full-name") ? { fromTop: true as const } : {}),
      };
    }
    case "diff": {
      // A revision, or the index against HEAD: names from commits, but for a filter that leaves out what the index
      // no longer holds (`--cached --diff-filter=ACM`, or `=d`).
      const filter = flags.findLast((f) => f.startsWith("--diff-filter="))?.slice("--diff-filter=".length);
      const keepsDeleted =
        filter === undefined ||
        /[^a-zA-Z]/.test(filter) ||
        (/[A-Z]/.test(filter) ? /D/.test(filter) : !/d/.test(filter));
      // It prints paths from the repository's top, unless `--relative`.
      const fromTop = long("--relative") ? {} : { fromTop: true as const };
      return operands.length > 0 || long("--merge-base") || (long("--cached", "--staged") && keepsDeleted)
        ? { history: true, ...fromTop }
        : { index: true, changedOnly: true, ...fromTop };
    }
    case "grep":
      // Its pattern, then perhaps trees; `--cached` searches the index, `--untracked` the working tree too.
      return operands.length > (short("ef") ? 0 : 1)
        ? { history: true }
        : { index: true, worktree: true, ...(long("--full-name") ? { fromTop: true as const } : {}) };
    default:
      return { history: true };
  }
}

/** git's subcommand (null when computed at run time) and the words after it; undefined for a bare `git`. */
function gitSubcommand(
  argv: readonly (string | null)[],
): { name: string | null; rest: (string | null)[] } | undefined {
  const i = gitSubcommandAt(argv);
  return i !== undefined ? { name: argv[i] ?? null, rest: argv.slice(i + 1) } : undefined;
}

/** Where git's subcommand is in `argv`, past git's own options (`git -C sub status`); undefined for a bare `git`. */
export function gitSubcommandAt(argv: readonly (string | null)[]): number | undefined {
  let i = 1;
  while (i < argv.length && argv[i] != null && argv[i]!.startsWith("-"))
    i += GIT_VALUE_OPTIONS.has(argv[i]!) ? 2 : 1;
  return i < argv.length ? i : undefined;
}

/** A refspec of a change someone proposed to a remote (`pull/7/head`, `refs/merge-requests/7/head`). */
const PROPOSED_CHANGE = /^\+?(?:refs\/)?(?:pull|pull-requests|merge-requests|changes)\//;

/**
 * `git fetch` or `git pull` from another repository that moves no branch of this one but the one checked out (a pull
 * merges into it): no refspec with a destination (`main:main`), not from this repository itself (`.`), nor of a change
 * someone proposed to the remote (`pull/7/head`, `refs/merge-requests/7/head`), which whoever opened it writes.
 */
export function fetchesFromRemote(argv: readonly (string | null)[]): boolean {
  const git = gitSubcommand(argv);
  if (git?.name !== "fetch" && git?.name !== "pull") return false;
  const words = git.rest;
  const operands = words.filter((word) => word === null || !word.startsWith("-"));
  return (
    !words.some(
      (word) =>
        word === null || word.includes(":") || word.startsWith("--refmap") || PROPOSED_CHANGE.test(word),
    ) &&
    !namesRepositoryHere(operands[0]) &&
    !operands.some(startsLocalPath)
  );
}

/** A word no refspec or remote's name starts as: a path on this machine (`.`, `./x`, `../x`, `/x`, `~/x`, `file:`). */
function startsLocalPath(word: string | null): boolean {
  return word === null || word === "." || /^(?:\.{1,2}[\\/]|[\\/]|~|file:)/i.test(word);
}

/**
 * A repository git pulls or fetches from on this machine (`.`, `vendor/x.git`, `file:///…`), which a workspace may
 * ship (a bare repository is plain files); a remote's name or a network address is not.
 */
function namesRepositoryHere(repository: string | null | undefined): boolean {
  if (repository == null) return repository === null;
  if (/^file:/i.test(repository)) return true;
  // `host:path` and `scheme://` are addresses; a path holds a slash or starts with a dot or ~.
  if (/^[a-z][\w+.-]*:\/\//i.test(repository) || /^[^/]*:/.test(repository)) return false;
  return /[\\/]/.test(repository) || /^[.~]/.test(repository);
}

/** cherry-pick's and revert's own options (git 2.39), none of which names a commit. */
const CHERRY_PICK_OPTIONS =
  /^-[emnrsSxX]$|^--(?:(?:no-)?(?:edit|commit|signoff|gpg-sign|rerere-autoupdate|ff)|cleanup|mainline|strategy|strategy-option|allow-empty|allow-empty-message|keep-redundant-commits|reference)$/;

/**
 * What a git command writes the working tree from besides the command line (`gitChanges.ts`): the revisions the
 * repository has that a switch, merge, rebase, pick, reset, read-tree or stash apply takes files from; `remote` for a
 * pull from another repository, whose content is not here before it runs (a named remote's name is checked); `unknown` with why, where the words do not
 * say (a computed word, a range picked, submodules checked out too). Undefined for a command that takes no files
 * from a revision (`checkout -b x`, `reset --soft`, `stash list`, a checkout of files from the index).
 */
export function revisionsWritten(
  argv: readonly (string | null)[],
): { writes: RevisionWrite[]; into?: string; remote?: true } | { unknown: string } | undefined {
  const git = gitSubcommand(argv);
  if (git === undefined || git.name === null) return undefined;
  const name = git.name;
  /** The words as options, the values of those that take one, and operands (after `--`: `paths`). */
  const read = (valueTaking: string) => {
    const takes = new Set(valueTaking.split(" "));
    const options: string[] = [];
    const values = new Map<string, string | null>();
    const operands: (string | null)[] = [];
    const paths: (string | null)[] = [];
    let dashes = false;
    for (let i = 0; i < git.rest.length; i++) {
      const word = git.rest[i] ?? null;
      if (dashes) paths.push(word);
      else if (word === "--") dashes = true;
      else if (word === null || !word.startsWith("-") || word === "-") operands.push(word);
      else if (word.startsWith("--")) {
        const eq = word.indexOf("=");
        const option = eq < 0 ? word : word.slice(0, eq);
        options.push(option);
        if (eq >= 0) values.set(option, word.slice(eq + 1));
        else if (takes.has(option)) values.set(option, git.rest[++i] ?? null);
      } else
        // A cluster of letters (`-qb topic`, `-m1`): the first that takes a value takes the rest, or the next word.
        for (let c = 1; c < word.length; c++) {
          const option = `-${word[c]}`;
          options.push(option);
          if (!takes.has(option)) continue;
          values.set(option, c + 1 < word.length ? word.slice(c + 1) : (git.rest[++i] ?? null));
          break;
        }
    }
    return {
      options,
      values,
      operands,
      paths,
      dashes,
      has: (...names: string[]) => names.some((n) => options.includes(n)),
    };
  };
  const unknown = (why: string) => ({ unknown: `git ${name} ${why}` });
  const computed = unknown("names what it takes in words computed at run time");
  const of = (words: readonly (string | null)[], against: RevisionWrite["against"], guess = false) =>
    words.includes(null)
      ? computed
      : {
          writes: words.map((revision) => ({
            // `-` is the branch checked out before.
            revision: revision === "-" ? "@{-1}" : revision!,
            against,
            ...(guess ? { guess: true as const } : {}),
          })),
        };
  const submodules = (words: ReturnType<typeof read>) =>
    words.has("--recurse-submodules")
      ? unknown("checks out submodules, whose files are not read here")
      : undefined;
  // The subtree strategy writes what it takes into a folder it picks (`-s subtree`, `-X subtree=.vscode`).
  if (
    /^(?:merge|rebase|cherry-pick|revert|pull)$/.test(name) &&
    git.rest.some((word) => word?.includes("subtree"))
  )
    return unknown("shifts the files it writes into a folder it picks (the subtree strategy)");
  switch (name) {
    case "checkout": {
      const words = read("-b -B --orphan --conflict --pathspec-from-file");
      const made = ["-b", "-B", "--orphan"].some((o) => words.values.has(o));
      // `checkout <tree-ish> -- <paths>`, or the files of a single operand that is no revision (the discard guard's).
      const start = words.operands.slice(0, 1);
      if (words.dashes) return start.length === 0 ? undefined : of(start, "head");
      return (
        submodules(words) ??
        (start.length === 0 ? undefined : of(start, "head", !made && !words.has("--detach")))
      );
    }
    case "switch": {
      const words = read("-c -C --orphan --conflict");
      if (words.values.has("--orphan")) return undefined;
      const made = ["-c", "-C"].some((o) => words.values.has(o));
      const start = words.operands.slice(0, 1);
      return (
        submodules(words) ??
        (start.length === 0 ? undefined : of(start, "head", !made && !words.has("--detach")))
      );
    }
    case "merge": {
      const words = read("-m --message -F --file -s --strategy -X --strategy-option --into-name --cleanup");
      if (words.has("--abort", "--quit", "--continue")) return undefined;
      return of(words.operands.length === 0 ? ["@{upstream}"] : words.operands, "base");
    }
    case "rebase": {
      const words = read("--onto -s --strategy -X --strategy-option -x --exec -C --whitespace");
      if (words.has("--abort", "--quit", "--continue", "--skip", "--edit-todo", "--show-current-patch"))
        return undefined;
      // It checks out the branch named and the new base, then replays onto it.
      const onto = words.values.has("--onto") ? [words.values.get("--onto")!] : [];
      const upstream = words.operands.length === 0 && !words.has("--root") ? ["@{upstream}"] : words.operands;
      return of([...onto, ...upstream], "head");
    }
    case "cherry-pick":
    case "revert": {
      // Their `-s` is --signoff, which takes no value.
      const words = read("-m --mainline --strategy -X --strategy-option");
      if (words.has("--abort", "--quit", "--continue", "--skip")) return undefined;
      // Besides their own options they take rev-list's, which name or walk more commits (`--stdin`, `--do-walk`).
      if (
        words.operands.some((word) => word !== null && (word.includes("..") || word.startsWith("^"))) ||
        words.options.some((o) => !CHERRY_PICK_OPTIONS.test(o))
      )
        return unknown("takes a range of commits or rev-list options, which Symposium does not read");
      return of(words.operands, "commit");
    }
    case "reset": {
      const words = read("--pathspec-from-file");
      if (!words.has("--hard", "--keep", "--merge")) return undefined;
      return words.operands.length === 0 ? undefined : of(words.operands.slice(0, 1), "head");
    }
    case "restore": {
      const words = read("-s --source --pathspec-from-file");
      const source = words.values.get("--source") ?? words.values.get("-s");
      if (source === undefined || (words.has("--staged", "-S") && !words.has("--worktree", "-W")))
        return undefined;
      return of([source], "head");
    }
    case "read-tree": {
      const words = read("--index-output");
      if (!words.has("-u")) return undefined;
      if (words.values.has("--prefix"))
        return unknown("--prefix writes below a folder Symposium does not place");
      return of(words.operands, "tree");
    }
    case "stash": {
      const [verb, ...rest] = git.rest;
      if (verb === null) return computed;
      if (verb === "branch") return unknown("branch checks out the commit a stash was made on");
      // A push puts each tracked file it saves back as HEAD has it.
      if (verb === undefined || verb === "push" || verb === "save" || verb.startsWith("-"))
        return { writes: [{ revision: "HEAD", against: "changed" }] };
      if (verb !== "apply" && verb !== "pop") return undefined;
      const operands = rest.filter((word) => word === null || !word.startsWith("-"));
      const stash = operands[0] === undefined ? "stash@{0}" : operands[0];
      // A bare number is the stash of that place (`git stash pop 1`).
      return of([stash !== null && /^\d+$/.test(stash) ? `stash@{${stash}}` : stash], "stash");
    }
    case "pull": {
      const words = read(
        "-s --strategy -X --strategy-option --depth --deepen --shallow-since --shallow-exclude -j --jobs " +
          "--upload-pack -o --server-option --negotiation-tip --refmap --cleanup --filter",
      );
      // This repository itself wherever it stands among the words (an option's value read as an operand before it).
      const self = words.operands.findIndex((word) => word === "." || word === "./");
      const [repository, ...refspecs] = self < 0 ? words.operands : words.operands.slice(self);
      if (repository === null) return computed;
      // Without a refspec, the branch the one checked out tracks: one of this repository's own is read.
      const upstream = {
        writes: [{ revision: "@{upstream}", against: "head" as const, upstream: true as const }],
      };
      if (repository === undefined) return { ...upstream, remote: true };
      // From this repository itself, what its own branches hold (`git pull . feature`), merged or rebased onto.
      if (repository !== "." && repository !== "./") {
        if (namesRepositoryHere(repository) || words.operands.some(startsLocalPath))
          return unknown("pulls from a repository on this machine, which Symposium does not read");
        // An address is the agent's choice, not a remote of the person's (a remote's name holds no `:`).
        if (repository.includes(":"))
          return unknown("pulls from an address the command names, whose files Symposium does not read");
        // What whoever opened a change proposed to the remote wrote (`git pull origin pull/7/head`).
        if (refspecs.some((spec) => spec === null || PROPOSED_CHANGE.test(spec)))
          return unknown("pulls a change someone proposed to the remote, or a refspec computed at run time");
        // What the remote sends is not read; that the name is one of the repository's remotes is (`against: remote`).
        return { writes: [{ revision: repository, against: "remote" }], remote: true };
      }
      const sources = refspecs.map((spec) =>
        spec === null ? null : spec.replace(/^\+/, "").replace(/:.*$/, ""),
      );
      return sources.length === 0 ? upstream : of(sources, "head");
    }
    // Widening or leaving a sparse checkout writes HEAD's files it left out, which are not read here.
    case "sparse-checkout": {
      const verb = git.rest.find((word) => word === null || !word.startsWith("-"));
      return verb === "list" || verb === "check-rules"
        ? undefined
        : unknown("changes which of HEAD's files the working tree holds");
    }
    // The files of the index not there (`git read-tree x && git checkout-index -a`); -f throws work away (its guard),
    // --prefix writes elsewhere (its own guard).
    case "checkout-index": {
      const words = read("--prefix --stage");
      return words.values.has("--prefix") ? undefined : { writes: [{ revision: "", against: "index" }] };
    }
    // A new worktree holds every file of what it checks out, below the folder it is made in.
    case "worktree": {
      if (git.rest[0] !== "add") return undefined;
      const words = read("-b -B --reason");
      const [folder, start] = words.operands.slice(1);
      if (words.has("--no-checkout", "--orphan") || folder === undefined) return undefined;
      if (folder === null || start === null) return computed;
      const made = words.values.has("-b") || words.values.has("-B");
      // Without a start: the branch named after the folder when there is one, else HEAD.
      const named = folder.replace(/[\\/]+$/, "").replace(/^.*[\\/]/, "");
      const writes: RevisionWrite[] =
        start !== undefined
          ? [{ revision: start, against: "all", guess: true }]
          : made || named === ""
            ? [{ revision: "HEAD", against: "all" }]
            : [
                { revision: named, against: "all", optional: true },
                { revision: "HEAD", against: "all" },
              ];
      return { writes, into: folder };
    }
    // Each submodule's folder, where the repository's own records say (`.vscode` itself, say), holding what another
    // repository sends, as a clone of it there would.
    case "submodule":
      return git.rest.find((word) => word === null || !word.startsWith("-")) === "update"
        ? { writes: [{ revision: "", against: "submodules" }] }
        : undefined;
    case "bisect": {
      const verb = git.rest[0];
      return verb === undefined || ["log", "visualize", "view", "terms", "help"].includes(verb ?? "")
        ? undefined
        : unknown("checks out commits it picks");
    }
    default:
      return undefined;
  }
}

/**
 * What a git command throws away for good, said as the card says it, or undefined: the person's uncommitted work
 * (`reset --hard`, `checkout` of files (`.`, `--`, `-f`), `checkout-index -f`, `restore` of the working tree,
 * `clean -f`, `stash drop` / `clear`, `switch` that discards, `rm -f`, `worktree remove -f`, `submodule deinit -f` /
 * `update -f`), or commits no branch holds, which the reflog keeps recoverable until they are pruned
 * (`reflog expire` / `delete`, `gc --prune=now`, `prune`). A branch switch that keeps changes (`checkout feature`),
 * unstaging, `git rm --cached` and a plain `gc` pass.
 */
export function discardsWork(
  argv: (string | null)[],
  isFile: (word: string) => boolean = () => false,
  operands: ReadonlySet<number> = new Set(),
): string | undefined {
  const git = gitSubcommand(argv);
  if (!git) return undefined;
  const work = (what: string) => `${what} throws away uncommitted work for good`;
  if (git.name === null) return work("git, whose subcommand is computed at run time, may be what");
  const words = git.rest;
  // A word computed at run time may be any option (`git reset $(echo --hard)`), or the verb it stands in for; one
  // that begins with fixed text is an operand (`git checkout -b "feat/$(date +%s)"`).
  const start = argv.length - words.length;
  const computed = words.some((word, i) => word === null && !operands.has(start + i));
  const options = optionTests(words);
  const short = (letters: string) => computed || options.short(letters);
  const has = (...names: string[]) => computed || options.long(...names);
  const forced = has("--force") || short("f");
  const verb = (...verbs: string[]) => words[0] === null || verbs.includes(words[0] ?? "");
  const commits = (what: string) =>
    `${what} deletes for good the commits no branch holds (what a reset or a deleted branch left)`;
  switch (git.name) {
    case "reset":
      return has("--hard") ? work("git reset --hard") : undefined;
    case "checkout":
      return words.includes("--") ||
        words.includes(".") ||
        has("--force", "--patch", "--pathspec-from-file") ||
        short("fp") ||
        checksOutFiles(words, isFile)
        ? work("git checkout of files")
        : undefined;
    case "restore":
      return options.long("--staged") && !has("--worktree") && !short("W") ? undefined : work("git restore");
    case "clean":
      return forced && !options.long("--dry-run") && !options.short("n") ? work("git clean") : undefined;
    case "stash":
      return verb("drop", "clear") ? work(`git stash ${words[0] ?? "drop"}`) : undefined;
    // The plumbing under `git reset --hard`: `-u --reset` writes the tree over the working files.
    case "read-tree":
      return short("u") && has("--reset") ? work("git read-tree -u --reset") : undefined;
    // And under `git checkout .`: `-f` writes the index's files over the working ones.
    case "checkout-index":
      return forced ? work("git checkout-index --force") : undefined;
    case "switch":
      return has("--discard-changes", "--force") || short("f")
        ? work("git switch --discard-changes")
        : undefined;
    case "rm":
      return forced && !options.long("--cached") ? work("git rm --force") : undefined;
    case "worktree":
    case "submodule":
      return verb("remove", "deinit", "update") && forced
        ? work(`git ${git.name} ${words[0] ?? "remove"} --force`)
        : undefined;
    case "reflog":
      return verb("expire", "delete") ? commits(`git reflog ${words[0] ?? "expire"}`) : undefined;
    case "gc":
      return words.some((word) => word === null || /^--prune=(?:now|all)$/.test(word))
        ? commits("git gc --prune=now")
        : undefined;
    case "prune":
      return commits("git prune");
    default:
      return undefined;
  }
}

/**
 * `git checkout <tree-ish> <file>…`, or of one operand that reads as a file (`src/a.ts`: a name with an extension),
 * names one that is there (`isFile`: `src`, `Makefile`; git checks it out when no branch has its name) or is computed
 * at run time; a new branch's name and start (`-b topic origin/main`) are not files.
 */
function checksOutFiles(words: readonly (string | null)[], isFile: (word: string) => boolean): boolean {
  if (words.some((word) => word !== null && /^-[a-zA-Z]*[bB]|^--orphan/.test(word))) return false;
  const operands = words.filter((word) => word === null || !word.startsWith("-"));
  return (
    operands.length >= 2 ||
    operands.some((word) => word === null || /\.[A-Za-z]\w*$/.test(word) || isFile(word))
  );
}

/**
 * What a `git push` throws away on the remote: "rewrites" its history (`--force`, `+ref`), "deletes" a branch or tag
 * (`--delete`, `:ref`, `--prune`); undefined for any other push or git command. A word computed at run time may be
 * either (`operands`: the indexes of computed words that are no option, `"feat/$(date)"`); so may a computed
 * subcommand.
 */
export function forcePush(
  argv: (string | null)[],
  operands: ReadonlySet<number> = new Set(),
): "rewrites" | "deletes" | undefined {
  const git = gitSubcommand(argv);
  if (git === undefined || (git.name !== null && git.name !== "push")) return undefined;
  if (git.name === null) return "rewrites";
  const start = argv.length - git.rest.length;
  const words = git.rest.filter((word, i) => word !== null || !operands.has(start + i));
  const deletes = (arg: string) =>
    ["--delete", "--prune"].some((flag) => longOption(arg, flag)) || /^(?:-[a-zA-Z]*d|:)/.test(arg);
  if (words.some((arg) => arg !== null && deletes(arg))) return "deletes";
  return words.some(
    (arg) =>
      arg === null ||
      ["--force", "--force-with-lease", "--force-if-includes", "--mirror"].some((flag) =>
        longOption(arg, flag),
      ) ||
      /^-[a-zA-Z]*f/.test(arg) ||
      arg.startsWith("+"),
  )
    ? "rewrites"
    : undefined;
}
