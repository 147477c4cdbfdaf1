/**
 * The one place the policy compiles a glob it matches names with (picomatch): rules' paths, a search's narrowing
 * globs, find's `-name`, archivers' exclusions, git's pathspecs, a shell glob's segments. A name may hold a line break
 * (`secrets/a⏎b`, `x⏎.env`), which the file system, find, grep, tar and git match as any other character; picomatch's
 * `**` and the lookahead before a `*` are a `.` in its regex, which stops at one unless the regex runs with `s`.
 */
import picomatch from "picomatch";

export type GlobOptions = Omit<picomatch.PicomatchOptions, "flags">;

/** A matcher for `glob`, whose `*`, `?` and `**` match a line break as any other character. */
export function globMatcher(glob: string, options: GlobOptions): (path: string) => boolean {
  // picomatch takes `flags` instead of `nocase`'s `i`: both are given.
  return picomatch(glob, { ...options, flags: options.nocase === true ? "is" : "s" });
}

/** Whether `path` matches `glob`, as `globMatcher` reads it. */
export function matchesGlob(path: string, glob: string, options: GlobOptions): boolean {
  return globMatcher(glob, options)(path);
}

/**
 * A line break in a name, which a rule or a search's glob may not be matched on surely (`EntryRead.any`): rg's `**`
 * matches one in some versions and not in others.
 */
export const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * Whether picomatch may read `glob` otherwise than the commands whose patterns the policy reads (grep, find, tar, zip,
 * git, rg): parentheses and `|` make a group to picomatch (`.en(v)`, `(a|b)`) and are text to them; a backslash
 * escapes the next character to them (`.e\nv` is `.env`) and may make a line break to picomatch; picomatch drops a
 * leading `./` and lets `x/**` match `x` itself; it expands a brace range (`.en{u..w}`), text to rg; it refuses an
 * empty one (`rg -g ''`, `--include=`), which rg reads as anything. A caller counts such a pattern as matching what it
 * fails safe on.
 */
export function readOtherwise(glob: string): boolean {
  return /[()|\\]|^\.\/|\/\*\*$|^\/?$|\{[^}]*\.\./.test(glob);
}
