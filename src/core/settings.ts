/**
 * The `symposium.agents` setting, parsed and validated. The JSON schema in package.json gives completion and
 * validation in settings.json; this is the runtime check (a test keeps the two in agreement).
 *
 * "Demo Agent" is built in: its entry may only carry `bypassPermissions`, which is where Bypass Permissions stores
 * the user's choice for it.
 */
import * as z from "zod/mini"; // namespace import: tree-shaken to what is used

export const DEMO_AGENT_NAME = "Demo Agent";

export const AgentDefinitionSchema = z.strictObject({
  command: z.string().check(z.minLength(1)),
  args: z._default(z.array(z.string()), []),
  env: z._default(z.record(z.string(), z.string()), {}),
  bypassPermissions: z._default(z.boolean(), false),
  /** The agent's mode to switch to right after `session/new` (an id or name it offers). */
  defaultMode: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  /** Config options to set right after `session/new`: `{ "<configId>": value id or boolean }`. */
  defaultConfigOptions: z.optional(
    z.record(z.string().check(z.maxLength(200)), z.union([z.string().check(z.maxLength(200)), z.boolean()])),
  ),
});
export type AgentDefinition = z.infer<typeof AgentDefinitionSchema>;

export const DemoAgentEntrySchema = z.strictObject({ bypassPermissions: z._default(z.boolean(), false) });

export interface AgentSettings {
  /** Configured agents by settings key (the demo agent is not among them). */
  agents: Map<string, AgentDefinition>;
  demoBypass: boolean;
  /** One sentence per entry that was ignored, for the log and a warning. */
  problems: string[];
}

export function parseAgentSettings(value: unknown): AgentSettings {
  const result: AgentSettings = { agents: new Map(), demoBypass: false, problems: [] };
  if (value === undefined || value === null) return result;
  if (typeof value !== "object" || Array.isArray(value)) {
    result.problems.push("symposium.agents must be an object of named agents.");
    return result;
  }
  for (const [name, entry] of Object.entries(value as Record<string, unknown>)) {
    if (name === DEMO_AGENT_NAME) {
      const demo = DemoAgentEntrySchema.safeParse(entry);
      if (demo.success) result.demoBypass = demo.data.bypassPermissions;
      else result.problems.push(`"${name}" is built in; its entry may only set bypassPermissions.`);
      continue;
    }
    const parsed = AgentDefinitionSchema.safeParse(entry);
    if (parsed.success) result.agents.set(name, parsed.data);
    else
      result.problems.push(
        `Agent "${name}" was ignored: ${z.prettifyError(parsed.error).replace(/\n/g, " ")}`,
      );
  }
  return result;
}

/**
 * The new value of `symposium.agents` with bypass set for one agent, every other field and agent kept as it was.
 * `current` is the user-level value as stored.
 */
export function withBypass(current: unknown, agentName: string, bypass: boolean): Record<string, unknown> {
  const agents =
    current && typeof current === "object" && !Array.isArray(current)
      ? { ...(current as Record<string, unknown>) }
      : {};
  const entry = agents[agentName];
  const fields =
    entry && typeof entry === "object" && !Array.isArray(entry) ? (entry as Record<string, unknown>) : {};
  agents[agentName] = { ...fields, bypassPermissions: bypass };
  return agents;
}
