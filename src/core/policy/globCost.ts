/**
 * A glob that may take seconds to hours to match: picomatch makes a regular expression of it that backtracks through
 * every way its stars, `**`, braces and groups can split a path (`**\/a/**\/a/**\/b` on a path 3,000 characters deep,
 * `*a*a*a*b` on a long name, `{a,aa}` many times). A repository's settings can hold one in a rule, an agent's command
 * in its words, and the names matched are the repository's or the agent's; the extension host would wait on it. Such
 * a glob is not matched: each caller fails closed (a rule: a deny or ask rule holds any path, an allow rule none; a
 * command: the files it names are not known). What a person writes (`src/**\/*.{test,spec}.{ts,tsx}`) stays well
 * inside. No dependency: settings are checked at activation.
 */
export function globTooCostly(written: string): boolean {
  if (written.length > MAX_GLOB_CHARS) return true;
  // A character class matches one character, whatever it holds: `[)]` and `[}]` close nothing.
  const glob = withoutClasses(written);
  const stars = glob.match(/\*+/g) ?? [];
  const choices = (glob.match(/\{|\([^)]*\|/g) ?? []).length;
  return (
    // An extglob (`+(a|aa)`), or a star among a brace's or a group's choices.
    /[?*+@!]\(|\{[^}]*\*|\([^)]*\*/.test(glob) ||
    stars.filter((run) => run.length > 1).length > 2 ||
    stars.length > 3 ||
    stars.length + choices > 4 ||
    waysToChoose(glob) > MAX_GLOB_CHOICES
  );
}

/**
 * The longest glob matched: no path a person writes a rule for is longer, and the choices below add up long before
 * it (picomatch itself throws past 65,536 characters).
 */
export const MAX_GLOB_CHARS = 1_024;

/**
 * The most ways a glob's braces and groups may choose together (`{a,b}.{c,d}`: 4). Four braces of 70 choices each
 * (`{?,??,???,…}` four times, then a character no path has) are a regular expression that tries every way to split
 * a path among them before it fails: seconds for a path of 100 characters. Counted by choices, not by braces alone.
 */
const MAX_GLOB_CHOICES = 256;

/**
 * The product of the choices of every brace (`{a,b,c}`: 3) and group (`(a|b)`: 2) of a glob, nested ones too; one
 * left open is text to picomatch and counts as none. A `,` or `|` in a character class counts too: more, never fewer.
 */
function waysToChoose(glob: string): number {
  const open: { close: "}" | ")"; choices: number }[] = [];
  let ways = 1;
  for (let i = 0; i < glob.length && ways <= MAX_GLOB_CHOICES; i++) {
    const c = glob[i]!;
    const innermost = open.at(-1);
    if (c === "\\") i++;
    else if (c === "{") open.push({ close: "}", choices: 1 });
    else if (c === "(") open.push({ close: ")", choices: 1 });
    else if (innermost !== undefined && c === (innermost.close === "}" ? "," : "|")) innermost.choices++;
    else if (innermost !== undefined && c === innermost.close) ways *= open.pop()!.choices;
  }
  return ways;
}

/**
 * The glob with each character class (`[a-z]`, `[)]`, `[!}]`) as `?`, as picomatch reads it: a `]` first in it is
 * one of its characters; a `[` with no `]` after it is text.
 */
function withoutClasses(glob: string): string {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "\\") {
      out += glob.slice(i, i + 2);
      i++;
      continue;
    }
    if (c !== "[") {
      out += c;
      continue;
    }
    let end = i + 1;
    if (glob[end] === "!" || glob[end] === "^") end++;
    if (glob[end] === "]") end++;
    while (end < glob.length && glob[end] !== "]") end += glob[end] === "\\" ? 2 : 1;
    if (end >= glob.length) out += c;
    else {
      out += "?";
      i = end;
    }
  }
  return out;
}
