/**
 * A glob that may take seconds to hours to match: picomatch makes a regular expression of it that backtracks through
 * every way its stars, `**`, braces and groups can split a path (`**\/a/**\/a/**\/b` on a path 3,000 characters deep,
 * `*a*a*a*b` on a long name, `{a,aa}` many times). A repository's settings can hold one in a rule, an agent's command
 * in its words, and the names matched are the repository's or the agent's; the extension host would wait on it. Such
 * a glob is not matched: each caller fails closed (a rule: a deny or ask rule holds any path, an allow rule none; a
 * command: the files it names are not known). What a person writes (`src/**\/*.{test,spec}.{ts,tsx}`) stays well
 * inside. No dependency: settings are checked at activation.
 */
export function globTooCostly(glob: string): boolean {
  const stars = glob.match(/\*+/g) ?? [];
  const choices = (glob.match(/\{|\([^)]*\|/g) ?? []).length;
  return (
    // An extglob (`+(a|aa)`), or a star among a brace's or a group's choices.
    /[?*+@!]\(|\{[^}]*\*|\([^)]*\*/.test(glob) ||
    stars.filter((run) => run.length > 1).length > 2 ||
    stars.length > 3 ||
    stars.length + choices > 4
  );
}
