/**
 * Permission rules as settings hold them: `symposium.permissions` (`{ "allow": [...], "ask": [...], "deny": [...] }`,
 * each entry a `{ kind, tool, command, path, agent }` condition), parsed into rules with their labels. A workspace may
 * add deny and ask rules only: a repository can tighten, never loosen. Activation, settings validation and Manage
 * Permissions need this part only; the matchers that decide on a request (`rules.ts`) load with the ACP runtime.
 */
import * as z from "zod/mini";
import { globTooCostly, MAX_GLOB_CHARS } from "./globCost";
import { onFirstUse } from "../onFirstUse";
import { inertText } from "../untrustedText";

export type Verdict = "allow" | "ask" | "deny";
export type RuleSource = "user" | "workspace" | "session" | "grant";

export interface PermissionRule {
  action: Verdict;
  source: RuleSource;
  /** ACP tool kinds (`execute`, `edit`, `read`, …); any kind when absent. */
  kinds?: string[];
  /** The agent's own tool name (`Bash`, `write_file`), when the rule names one. */
  tool?: string;
  /** Command prefix as words: `["npm", "test"]` matches `npm test` and `npm test -- --grep x`, never `npm testing`. */
  command?: string[];
  /** A glob relative to the workspace folder (`src/**`), or absolute (`/etc/**`, `~/.ssh/**`) for deny and ask. */
  path?: string;
  /** The settings key of the agent the rule is for; every agent when absent. */
  agent?: string;
  /** What the rule says, for the card, the transcript and the history. */
  label: string;
}

/** Shell syntax has no place in a prefix: a prefix is plain words (the manifest's JSON schema uses the same pattern). */
export const PLAIN_WORDS = /^[^;&|<>()$`'"\\*?{}#\r\n]*[^;&|<>()$`'"\\*?{}#\s][^;&|<>()$`'"\\*?{}#\r\n]*$/;

/** ACP's tool kinds. */
export const TOOL_KINDS = [
  "read",
  "edit",
  "delete",
  "move",
  "search",
  "execute",
  "think",
  "fetch",
  "switch_mode",
  "other",
] as const;
/**
 * The longest rule path read (the manifest's `maxLength` too), the longest glob matched: no rule a person writes
 * comes near it, and picomatch throws on a glob over 65,536 characters, which made every request end unread with no
 * card. A longer one is an entry that cannot be read: a deny or ask rule holds every request (`holdEverything`).
 */
export const MAX_RULE_PATH_CHARS = MAX_GLOB_CHARS;

/** Built when a rule is first read: a window whose settings hold none never builds it. */
export const ruleEntrySchema = onFirstUse(() => {
  const toolKind = z.enum(TOOL_KINDS);
  return z.strictObject({
    kind: z.optional(z.union([toolKind, z.array(toolKind).check(z.minLength(1))])),
    tool: z.optional(z.string().check(z.minLength(1))),
    command: z.optional(z.string().check(z.regex(PLAIN_WORDS))),
    path: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_RULE_PATH_CHARS))),
    agent: z.optional(z.string().check(z.minLength(1))),
  });
});
export type RuleEntry = z.infer<ReturnType<typeof ruleEntrySchema>>;

export const RULE_ACTIONS = ["allow", "ask", "deny"] as const;

export interface ParsedPermissions {
  rules: PermissionRule[];
  /** One sentence per entry that was ignored. */
  problems: string[];
}

/**
 * Rules one settings source holds that are read, at most: 20,000 deny rules in a repository's settings made every
 * request and every file the agent read take seconds (each glob matched anew). Past it a source's deny and ask rules
 * hold every request (`holdEverything`), as an unreadable one does.
 */
export const MAX_RULES_PER_SOURCE = 500;

/**
 * Rules a workspace's sources hold together, at most: its settings, each folder's in a multi-root workspace, and a
 * remote's. Capped one source at a time, a workspace file listing 20 folders of its own, each with 500 deny and 500
 * ask rules, made every request and every file the agent read take seconds. As many as one source's two lists, so a
 * folder opened alone reads what it did; past it the workspace's deny and ask rules hold every request.
 */
export const MAX_WORKSPACE_RULES = 2 * MAX_RULES_PER_SOURCE;

/**
 * An ask rule for every request, in place of deny or ask rules that could not be read (or were too many): dropped,
 * a deny rule written not quite right (`"kind": "Execute"`, a `comment` beside it) let Bypass or an allow rule
 * answer the very requests it was written against. Its label says why, on every card it holds.
 */
function holdEverything(source: "user" | "workspace", why: string): PermissionRule {
  return {
    action: "ask",
    source,
    label: `Ask for every request: ${why}, so nothing is answered without you until it is fixed`,
  };
}

/**
 * The rules of one settings source; bad entries are ignored with a sentence, good ones kept. `where` names the
 * source in those sentences (a workspace folder's settings), "user settings" or "workspace settings" by default.
 */
export function parsePermissionSettings(
  value: unknown,
  source: "user" | "workspace",
  where: string = source === "user" ? "user settings" : "workspace settings",
  setting = source === "user" ? "symposium.permissions" : "symposium.workspacePermissions",
): ParsedPermissions {
  const result: ParsedPermissions = { rules: [], problems: [] };
  if (value === undefined || value === null) return result;
  if (typeof value !== "object" || Array.isArray(value)) {
    result.problems.push(
      `${setting} must be an object with "allow", "ask" and "deny" lists; every request asks.`,
    );
    result.rules.push(holdEverything(source, `${setting} in ${where} is not an object of rule lists`));
    return result;
  }
  // The first deny or ask entry that could not be read (a key that is none of the three may be a misspelt "deny").
  let unread: string | undefined;
  for (const [key, list] of Object.entries(value as Record<string, unknown>)) {
    if (!(RULE_ACTIONS as readonly string[]).includes(key)) {
      result.problems.push(
        `${setting}.${key} (${where}) is not "allow", "ask" or "deny"; every request asks.`,
      );
      unread ??= `the key ${quoted(key)} of ${setting} in ${where} is not "allow", "ask" or "deny"`;
      continue;
    }
    const action = key as Verdict;
    if (!Array.isArray(list)) {
      result.problems.push(
        `${setting}.${key} (${where}) must be a list; ignored${action === "allow" ? "" : ", and every request asks"}.`,
      );
      if (action !== "allow") unread ??= `${setting}.${key} in ${where} is not a list`;
      continue;
    }
    if (action === "allow" && source === "workspace") {
      if (list.length > 0)
        result.problems.push(
          `${list.length} allow rule(s) in ${where} were ignored: a workspace may only add deny and ask rules.`,
        );
      continue;
    }
    if (list.length > MAX_RULES_PER_SOURCE) {
      result.problems.push(
        `${setting}.${key} (${where}) holds ${list.length} rules; the first ${MAX_RULES_PER_SOURCE} are read${action === "allow" ? "" : ", and every request asks"}.`,
      );
      if (action !== "allow")
        unread ??= `${setting}.${key} in ${where} holds more than ${MAX_RULES_PER_SOURCE} rules`;
    }
    list.slice(0, MAX_RULES_PER_SOURCE).forEach((entry, index) => {
      const parsed = parseRuleEntry(entry, action, source);
      if ("problem" in parsed) {
        // An allow rule that cannot be read allows nothing; a deny or ask rule holds every request.
        result.problems.push(
          `${setting}.${key}[${index}] (${where}) ${ignoredBecause(action, parsed.problem)}`,
        );
        if (action !== "allow") unread ??= `${setting}.${key}[${index}] in ${where} could not be read`;
        return;
      }
      const { rule } = parsed;
      const path = rule.path;
      if (path !== undefined && globTooCostly(path))
        result.problems.push(
          `${setting}.${key}[${index}] (${where}): its path is too complex to match in time, so it is read as matching ${action === "allow" ? "no path" : "every path"}.`,
        );
      result.rules.push(rule);
    });
  }
  if (unread !== undefined) result.rules.push(holdEverything(source, unread));
  return result;
}

/** One settings source of the rules: its value, whose it is, and its name in what is said about it. */
export interface PermissionSettingsSource {
  value: unknown;
  source: "user" | "workspace";
  where?: string;
}

/**
 * The rules of every source, in order (`parsePermissionSettings` each), with the workspace's sources capped together
 * at `MAX_WORKSPACE_RULES`: past it, the rules that do not fit are not read and every request asks
 * (`holdEverything`), as past one list's cap. The person's own rules are not counted.
 */
export function parsePermissionSources(sources: readonly PermissionSettingsSource[]): ParsedPermissions {
  const result: ParsedPermissions = { rules: [], problems: [] };
  let read = 0;
  let past: string | undefined;
  for (const { value, source, where } of sources) {
    const parsed = parsePermissionSettings(value, source, where);
    result.problems.push(...parsed.problems);
    if (source === "user") {
      result.rules.push(...parsed.rules);
      continue;
    }
    const room = MAX_WORKSPACE_RULES - read;
    if (parsed.rules.length > room) {
      const name = where ?? "workspace settings";
      result.problems.push(
        `The workspace's settings hold more than ${MAX_WORKSPACE_RULES} rules together; ${room > 0 ? `the first ${room} of ${name} are read, the rest not` : `those of ${name} are not read`}, and every request asks.`,
      );
      past ??= name;
    }
    const kept = parsed.rules.slice(0, Math.max(0, room));
    result.rules.push(...kept);
    read += kept.length;
  }
  if (past !== undefined)
    result.rules.push(
      holdEverything(
        "workspace",
        `the workspace's settings hold more than ${MAX_WORKSPACE_RULES} rules together (${past} and after)`,
      ),
    );
  return result;
}

/** One entry of a rule list: the rule it makes, or why it makes none. */
export function parseRuleEntry(
  entry: unknown,
  action: Verdict,
  source: "user" | "workspace",
): { rule: PermissionRule } | { problem: string } {
  const parsed = ruleEntrySchema().safeParse(entry);
  if (!parsed.success) return { problem: z.prettifyError(parsed.error).replace(/\n/g, " ") };
  const { kind, tool, command, path } = parsed.data;
  if (kind === undefined && tool === undefined && command === undefined && path === undefined)
    return { problem: "it needs a kind, tool, command or path." };
  return { rule: ruleFromEntry(parsed.data, action, source) };
}

/** Why an entry is not used, and what that does: an unreadable deny or ask rule holds every request. */
export function ignoredBecause(action: Verdict, problem: string): string {
  return `was ignored${action === "allow" ? "" : ", and every request asks until it is fixed"}: ${problem}`;
}

export function ruleFromEntry(entry: RuleEntry, action: Verdict, source: RuleSource): PermissionRule {
  const rule: Omit<PermissionRule, "label"> = {
    action,
    source,
    ...(entry.kind !== undefined
      ? { kinds: typeof entry.kind === "string" ? [entry.kind] : entry.kind }
      : {}),
    ...(entry.tool !== undefined ? { tool: entry.tool } : {}),
    ...(entry.command !== undefined ? { command: entry.command.trim().split(/\s+/) } : {}),
    ...(entry.path !== undefined ? { path: entry.path } : {}),
    ...(entry.agent !== undefined ? { agent: entry.agent } : {}),
  };
  return { ...rule, label: ruleLabel(rule) };
}

/** The settings entry of a rule (what "Always allow …" writes). */
export function ruleToEntry(rule: PermissionRule): {
  kind?: string | string[];
  tool?: string;
  command?: string;
  path?: string;
  agent?: string;
} {
  return {
    ...(rule.kinds ? { kind: rule.kinds.length === 1 ? rule.kinds[0]! : rule.kinds } : {}),
    ...(rule.tool !== undefined ? { tool: rule.tool } : {}),
    ...(rule.command ? { command: rule.command.join(" ") } : {}),
    ...(rule.path !== undefined ? { path: rule.path } : {}),
    ...(rule.agent !== undefined ? { agent: rule.agent } : {}),
  };
}

const SOURCE_LABELS: Record<RuleSource, string> = {
  user: "user settings",
  workspace: "workspace settings",
  session: "this session",
  grant: "a grant",
};

export function ruleLabel(rule: Omit<PermissionRule, "label">): string {
  const verb = { allow: "Allow", ask: "Ask for", deny: "Deny" }[rule.action];
  return `${verb} ${ruleScope(rule).join(", ")} (${SOURCE_LABELS[rule.source]})`;
}

/** What a rule is about, in plain words, one part per condition (`commands starting with "npm test"`, …). */
export function ruleScope(
  rule: Pick<PermissionRule, "command" | "path" | "tool" | "kinds" | "agent">,
): string[] {
  return [
    rule.command ? `commands starting with ${quoted(rule.command.join(" "))}` : undefined,
    rule.path !== undefined ? `paths matching ${quoted(rule.path)}` : undefined,
    rule.tool !== undefined ? `the tool ${quoted(rule.tool)}` : undefined,
    rule.kinds ? `${rule.kinds.join(" or ")} requests` : undefined,
    rule.agent !== undefined ? `of ${rule.agent}` : undefined,
  ].filter((p): p is string => p !== undefined);
}

/**
 * A rule's own words in its label, which cards, decisions and the history show: a workspace's rule is a repository's
 * text (so is a tool name an agent gives). One line of at most 200 characters, its hidden characters marked
 * (`inertText`), in JSON's quotes, so that a `"` in it cannot end them and make the rest read as Symposium's own words
 * (`.env" (user settings)`).
 */
function quoted(text: string): string {
  return JSON.stringify(inertText(text, 200));
}
