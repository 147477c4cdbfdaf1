/**
 * What Manage Permissions lists and what removing a rule writes, as pure functions (no `vscode`): the rule entries
 * of one settings source with their labels, a settings value without one exact entry, and the list of grants per
 * agent (Bypass, rules, session grants, additional folders, confirmed workspace-file folders). Everything shown comes
 * from settings a repository may write or from an agent (session titles), so it is made inert before it reaches a
 * quick pick.
 */
import { basename } from "node:path";
import {
  ignoredBecause,
  parseRuleEntry,
  RULE_ACTIONS,
  ruleEntrySchema,
  ruleFromEntry,
  type PermissionRule,
  type Verdict,
} from "../core/policy/ruleSettings";
import type { SessionGrant } from "../core/policy/sessionGrants";
import { globTooCostly } from "../core/policy/globCost";
import { inertText, quotedInert } from "../core/untrustedText";
import type { UnattendedLevel } from "../shared/protocol";

/** Where a rule is written: user settings, the workspace's settings, or a workspace folder's `.vscode/settings.json`. */
/**
 * Where a rule's entry is written: `symposium.permissions` of user settings, or `symposium.workspacePermissions` of
 * the workspace's settings, a folder's, or the user's and a remote's (a dev container's), which cannot be told apart.
 */
export type RuleOrigin = "user" | "workspace" | "workspaceFolder" | "remote";

/** The workspace folder whose `.vscode/settings.json` holds a rule (a multi-root workspace's folder). */
export interface RuleFolder {
  /** Its name in the workspace (a repository may choose it: shown inert). */
  name: string;
  /** Its URI, as a string (this module has no `vscode`). */
  uri: string;
}

export interface RuleEntryListing {
  origin: RuleOrigin;
  /** The folder, for `workspaceFolder` entries. */
  folder?: RuleFolder;
  action: Verdict;
  /** Its place in that list of that source when it was read. */
  index: number;
  /** The entry as written in settings (removal matches it exactly). */
  entry: unknown;
  /** The rule it makes; undefined when the entry is ignored (malformed, or an allow rule of a workspace). */
  rule?: PermissionRule;
  /** Why it is ignored. */
  ignored?: string;
  /** How an ignored entry that is well-formed reads: a workspace's allow rule, said as any rule is. */
  label?: string;
}

/** Every entry of `symposium.permissions` from one source, in order, each with the rule it makes or why not. */
export function listRuleEntries(value: unknown, origin: RuleOrigin, folder?: RuleFolder): RuleEntryListing[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  const source = origin === "user" ? "user" : "workspace";
  const from = folder ? { folder } : {};
  const listings: RuleEntryListing[] = [];
  for (const action of RULE_ACTIONS) {
    const list = (value as Record<string, unknown>)[action];
    if (!Array.isArray(list)) continue;
    list.forEach((entry: unknown, index) => {
      // One entry at a time through the same parser the policy uses: the label is the one cards and history show.
      const parsed = parseRuleEntry(entry, action, source);
      // A workspace's allow entry makes no rule (a repository cannot loosen them): it is listed as ignored.
      const rule = "rule" in parsed && (source === "user" || action !== "allow") ? parsed.rule : undefined;
      const label = rule || source === "user" || action !== "allow" ? undefined : workspaceAllowLabel(entry);
      listings.push(
        rule
          ? { origin, ...from, action, index, entry, rule }
          : label !== undefined
            ? { origin, ...from, action, index, entry, label, ignored: WORKSPACE_ALLOW_IGNORED }
            : {
                ...{ origin, ...from, action, index, entry },
                ignored:
                  "problem" in parsed ? `This entry ${ignoredBecause(action, parsed.problem)}` : "ignored",
              },
      );
    });
  }
  return listings;
}

const WORKSPACE_ALLOW_IGNORED =
  "Not used: a workspace may only add deny and ask rules, so that a repository cannot loosen them.";

/** The label of the rule a workspace's allow entry would make, were it a user's; undefined when it is malformed. */
function workspaceAllowLabel(entry: unknown): string | undefined {
  const parsed = ruleEntrySchema().safeParse(entry);
  if (!parsed.success || "problem" in parseRuleEntry(entry, "allow", "user")) return undefined;
  return ruleFromEntry(parsed.data, "allow", "workspace").label;
}

/**
 * `symposium.permissions` without the first entry of `action` equal to `entry` (same keys and values, in any order),
 * every other entry and key kept as they were; undefined when there is no such entry.
 */
export function withoutRuleEntry(
  value: unknown,
  action: Verdict,
  entry: unknown,
): Record<string, unknown> | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const settings = value as Record<string, unknown>;
  const list = settings[action];
  if (!Array.isArray(list)) return undefined;
  const wanted = canonicalJson(entry);
  const index = list.findIndex((candidate: unknown) => canonicalJson(candidate) === wanted);
  if (index < 0) return undefined;
  return { ...settings, [action]: list.filter((_, i) => i !== index) };
}

/** JSON with object keys sorted, so two equal entries written in a different key order compare equal. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "object" && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The list Manage Permissions shows.
// ---------------------------------------------------------------------------------------------------------------

export type BypassOrigin = "settings" | "window";

export interface GrantedInput {
  /** Agents whose Bypass is on, and where it comes from (both when the setting and this window's bypass are on). */
  bypass: { agentName: string; origins: BypassOrigin[] }[];
  rules: RuleEntryListing[];
  grants: { sessionKey: string; agentName: string; sessionTitle: string; tab: number; grant: SessionGrant }[];
  /** Folders the window's workspace file lists outside its own folder that the person counted as inside. */
  confirmedFolders: { file: string; path: string }[];
  /** `symposium.additionalFolders` of user settings, as written, and why the policy refused one (`/`, not there). */
  additionalFolders: readonly { folder: string; refused?: string }[];
  /** Agents the person said yes to switching into a mode of that level without asking again. */
  confirmedModes: readonly { agentName: string; level: UnattendedLevel }[];
}

/** What picking an item takes back. */
export type GrantTarget =
  | { type: "bypass"; agentName: string; origin: BypassOrigin }
  | { type: "userRule"; action: Verdict; entry: unknown }
  | { type: "workspaceRule"; origin: Exclude<RuleOrigin, "user">; folderUri?: string }
  | {
      type: "sessionGrant";
      sessionKey: string;
      grantId: string;
      /** How the list names its session. */ session: string;
    }
  | { type: "confirmedFolder"; file: string; path: string }
  | { type: "additionalFolder"; folder: string }
  | { type: "confirmedMode"; agentName: string; level: UnattendedLevel };

export interface GrantItem {
  label: string;
  description: string;
  detail?: string;
  target: GrantTarget;
}

export interface GrantGroup {
  /** The agent's name, or "Every agent" for rules that name none. */
  title: string;
  items: GrantItem[];
}

export const EVERY_AGENT = "Every agent";

export const ORIGIN_LABELS: Record<RuleOrigin, string> = {
  user: "user settings",
  workspace: "workspace settings",
  workspaceFolder: "workspace folder settings",
  remote: "user or remote settings",
};

/**
 * Bypass, rules, session grants and the folders counted as the workspace's, grouped per agent (what names no agent in
 * a group of its own, last).
 */
export function grantGroups(input: GrantedInput): GrantGroup[] {
  const groups = new Map<string, GrantItem[]>();
  const add = (agentName: string, item: GrantItem) => {
    const items = groups.get(agentName) ?? [];
    items.push(item);
    groups.set(agentName, items);
  };
  for (const { agentName, origins } of input.bypass) {
    for (const origin of origins)
      add(agentName, {
        label: `Bypass Permissions for ${inertText(agentName, 100)}`,
        description: origin === "settings" ? "user settings" : "this window only",
        detail:
          "Approves this agent's requests once each, inside the workspace, unless a rule or guard holds them",
        target: { type: "bypass", agentName, origin },
      });
  }
  // Not a grant of requests, but a switch into a mode in which none reach a card: taken back like one.
  for (const { agentName, level } of input.confirmedModes)
    add(agentName, {
      label:
        level === "full"
          ? `Switching ${inertText(agentName, 100)} to modes that act without asking`
          : `Switching ${inertText(agentName, 100)} to modes in which a model approves`,
      description: "confirmed once, for every window",
      detail: "Its next switch to such a mode goes without asking you; take it back to be asked again",
      target: { type: "confirmedMode", agentName, level },
    });
  for (const listing of input.rules) {
    const agentName = listing.rule?.agent ?? agentOf(listing.entry) ?? EVERY_AGENT;
    const where = listing.folder
      ? `settings of the workspace folder "${inertText(listing.folder.name, 80)}"`
      : ORIGIN_LABELS[listing.origin];
    add(agentName, {
      label: inertText(
        listing.rule?.label ??
          listing.label ??
          `${capitalised(listing.action)} rule ${JSON.stringify(listing.entry)}`,
        300,
      ),
      description: listing.rule ? where : `${where}, ignored`,
      ...detailOf(listing),
      target:
        listing.origin === "user"
          ? { type: "userRule", action: listing.action, entry: listing.entry }
          : {
              type: "workspaceRule",
              origin: listing.origin,
              ...(listing.folder ? { folderUri: listing.folder.uri } : {}),
            },
    });
  }
  for (const { sessionKey, agentName, sessionTitle, tab, grant } of input.grants) {
    // The title is the agent's to choose (two sessions may take one): the tab and the time are Symposium's, so they
    // come first (a quick pick cuts a long description's end), and the title can hold no quote mark: one ending the
    // quotes could go on with a tab and time of its own ('Fix lint" (tab 1), granted at 09:00').
    const title = quotedInert(sessionTitle, 60);
    const session = `tab ${tab} session ${title}`;
    add(agentName, {
      label: inertText(grant.rule.label, 300),
      description: `tab ${tab}, granted at ${new Date(grant.grantedAt).toLocaleTimeString()}: session ${title}`,
      target: { type: "sessionGrant", sessionKey, grantId: grant.id, session },
    });
  }
  // A folder counted as part of the workspace widens what Bypass and every allow rule approve, for every agent: taken
  // back like a grant.
  for (const { folder, refused } of input.additionalFolders)
    add(EVERY_AGENT, {
      label: inertText(folder, 300),
      description: `additional folder (user settings)${refused === undefined ? "" : ", not used"}`,
      detail:
        refused === undefined
          ? "Bypass, allow rules and the agent's file reads and writes treat it as the workspace"
          : `Not used for permissions: ${refused}`,
      target: { type: "additionalFolder", folder },
    });
  for (const { file, path } of input.confirmedFolders)
    add(EVERY_AGENT, {
      label: inertText(path, 300),
      description: `counted as inside the workspace (${inertText(basename(file), 100)})`,
      detail: "Bypass and allow rules approve requests in it",
      target: { type: "confirmedFolder", file, path },
    });
  const names = [...groups.keys()].filter((name) => name !== EVERY_AGENT).sort();
  if (groups.has(EVERY_AGENT)) names.push(EVERY_AGENT);
  return names.map((name) => ({ title: name, items: groups.get(name)! }));
}

/**
 * Why an entry is ignored, or what a person may not see in a rule: a program that runs whatever its arguments say,
 * named alone in an allow rule, allows any code (`node -e …`, `git -c core.pager=…`); a path too costly to match
 * holds or allows other paths than it names. Cards never propose or
 * accept such a rule (`proposeRule`, `editedRule`); one written by hand is kept, and said for what it is.
 */
function detailOf(listing: RuleEntryListing): { detail?: string } {
  if (listing.ignored !== undefined) return { detail: inertText(listing.ignored, 300) };
  const command = listing.rule?.action === "allow" ? listing.rule.command : undefined;
  if (command !== undefined && policyPaths().runsAnyCode(command))
    return {
      detail: `$(warning) Allows any code: ${inertText(command.join(" "), 100)} runs whatever its arguments say. Name what it runs (a script, a subcommand).`,
    };
  // A path too costly to match is read as matching every path by a deny or ask rule (no path by an allow rule):
  // listed as written, it would read as holding only what it names.
  const path = listing.rule?.path;
  if (path !== undefined && globTooCostly(path))
    return {
      detail:
        listing.rule!.action === "allow"
          ? "$(warning) Its path is too complex to match in time: it allows no path. Write it with fewer wildcards."
          : `$(warning) Its path is too complex to match in time: it ${listing.rule!.action === "deny" ? "denies" : "asks about"} every path. Write it with fewer wildcards.`,
    };
  return {};
}

/** Required on use, not imported: the program tables ship in dist/policyPaths.js, which activation does not load. */
function policyPaths(): typeof import("../core/policy/policyPaths") {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("../core/policy/policyPaths") as typeof import("../core/policy/policyPaths");
}

function agentOf(entry: unknown): string | undefined {
  const agent =
    typeof entry === "object" && entry !== null ? (entry as { agent?: unknown }).agent : undefined;
  return typeof agent === "string" && agent !== "" ? agent : undefined;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
