/**
 * A grant a person made from a card ("Allow in this session", "Always allow …"), checked by the host. The card shows
 * the narrowest rule (`proposeRule`) and lets the person edit its command prefix or path glob; the webview is not an
 * authority, so the edited rule is rebuilt here from the proposal and the edited words only, validated with the
 * settings schema, and refused unless it still approves this very request on its own and stays scoped: the agent,
 * the tool kind and the tool name of the proposal cannot be changed, a command rule stays a command rule (its prefix
 * a word prefix of every command the request runs), a path rule stays a workspace-relative glob under a named folder.
 */
import * as z from "zod/mini";
import type { Footprint } from "./footprint";
import {
  ruleCovers,
  ruleFromEntry,
  ruleEntrySchema,
  ruleToEntry,
  type DecideContext,
  type PermissionRule,
  type RuleSource,
} from "./rules";
import { runsAnyCode } from "./programs";

/** What the card lets a person change: the words of the command prefix, or the path glob. */
export interface RuleEdit {
  command?: string;
  path?: string;
}

export type EditedRule = { ok: true; rule: PermissionRule } | { ok: false; reason: string };

/** Glob syntax (picomatch): a segment with any of these unescaped is not a named folder. */
const GLOB_MAGIC = /[*?[\]{}()!+@]/;

/**
 * The rule to save for `proposal` after `edit`, or why it is refused. `context` is the decision context of the
 * request (its rules should be the deny and ask rules only: an existing allow rule must not make the edited one look
 * as if it did not cover the request).
 */
export function editedRule(
  proposal: PermissionRule,
  edit: RuleEdit,
  footprint: Footprint,
  context: DecideContext,
  source: RuleSource,
): EditedRule {
  if (proposal.action !== "allow") return { ok: false, reason: "only allow rules can be granted" };
  if (edit.command !== undefined && proposal.command === undefined)
    return { ok: false, reason: "this rule is not about a command" };
  if (edit.path !== undefined && proposal.path === undefined)
    return { ok: false, reason: "this rule is not about paths" };
  const entry = {
    ...ruleToEntry(proposal),
    ...(edit.command !== undefined ? { command: edit.command.trim().replace(/\s+/g, " ") } : {}),
    ...(edit.path !== undefined ? { path: edit.path.trim() } : {}),
  };
  const parsed = ruleEntrySchema().safeParse(entry);
  if (!parsed.success)
    return {
      ok: false,
      reason:
        edit.command !== undefined
          ? "a command prefix is plain words, without quotes, wildcards or shell operators"
          : z.prettifyError(parsed.error).replace(/\n/g, " "),
    };
  if (parsed.data.path !== undefined) {
    const problem = pathProblem(parsed.data.path);
    if (problem) return { ok: false, reason: problem };
  }
  const rule = ruleFromEntry(parsed.data, "allow", source);
  // As for a path glob that names no folder: a card grants what the request needs, not every use of a program.
  if (rule.command !== undefined && runsAnyCode(rule.command))
    return {
      ok: false,
      reason: `"${rule.command.join(" ")}" alone allows any code it runs; name what it runs (a script, a subcommand)`,
    };
  if (!ruleCovers(rule, footprint, context))
    return {
      ok: false,
      reason:
        rule.command !== undefined
          ? `"${rule.command.join(" ")}" is not a prefix of every command this request runs`
          : rule.path !== undefined
            ? `"${rule.path}" does not match every path of this request`
            : "the rule does not cover this request",
    };
  return { ok: true, rule };
}

/** A granted path glob is relative to the workspace and starts with a named folder or file (never `**`). */
function pathProblem(path: string): string | undefined {
  if (/^([/\\~]|[a-zA-Z]:)/.test(path))
    return "a granted path is relative to the workspace (absolute paths are for deny and ask rules)";
  const segments = path.split("/");
  if (segments.some((s) => s === ".." || s === "."))
    return 'a granted path may not contain "." or ".." segments';
  const first = segments[0]!.replace(/\\./g, "");
  if (first === "" || GLOB_MAGIC.test(first))
    return "a granted path must start with a named folder or file, not a wildcard";
  return undefined;
}
