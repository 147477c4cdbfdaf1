/**
 * The files a patch names, read from its headers as `git apply`, `git am` and `patch` read them: git's
 * (`diff --git a/x b/y`, `rename from`/`to`, `copy to`), unified (`--- x`, `+++ y`), context (`*** x`) and
 * `Index: x` lines. Every candidate is kept (a removed line that looks like a header only adds a name to check): the
 * caller checks them all, so a name is never missed for being read the wrong way.
 */

/** Names as written, without `/dev/null`, a tab and what follows it (a date), or git's C-style quotes. */
export function patchedNames(text: string): string[] {
  const names = new Set<string>();
  const add = (name: string | undefined) => {
    if (name === undefined) return;
    const bare = unquote(name.split("\t", 1)[0]!.trimEnd());
    if (bare !== "" && bare !== "/dev/null") names.add(bare);
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith("diff --git ")) for (const name of gitHeaderNames(line.slice(11))) add(name);
    else if (/^(?:---|\+\+\+) /.test(line) && !/^--- \d+(?:,\d+)? ----$/.test(line)) add(line.slice(4));
    else if (line.startsWith("*** ") && !/^\*\*\* \d+(?:,\d+)? \*\*\*\*$/.test(line)) add(line.slice(4));
    else add(/^(?:rename from|rename to|copy from|copy to|Index:) (.+)$/.exec(line)?.[1]);
  }
  return [...names];
}

/** `a/x b/y` (each maybe quoted): both names; a name with spaces is split at its ` b/`, and kept whole too. */
function gitHeaderNames(rest: string): string[] {
  const quoted = [...rest.matchAll(/"(?:[^"\\]|\\.)*"|\S+/g)].map((match) => match[0]);
  if (rest.includes('"')) return quoted;
  const split = rest.lastIndexOf(" b/");
  return split > 0 ? [rest.slice(0, split), rest.slice(split + 1), rest] : [rest];
}

/** git quotes a name holding special characters C-style: `"a/\303\251t\303\251"`, `"a/x\"y"`. */
function unquote(name: string): string {
  if (!/^".*"$/.test(name)) return name;
  const bytes: number[] = [];
  const body = name.slice(1, -1);
  const escapes: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '"': 34, "\\": 92 };
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (char !== "\\") {
      bytes.push(...Buffer.from(char));
      continue;
    }
    const octal = /^[0-7]{3}/.exec(body.slice(i + 1))?.[0];
    if (octal !== undefined) {
      bytes.push(Number.parseInt(octal, 8));
      i += 3;
    } else {
      const next = body[++i] ?? "";
      bytes.push(...(escapes[next] !== undefined ? [escapes[next]] : Buffer.from(next)));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}
