/**
 * The real agents a new user can add in one click (Symposium: Add Agent Example…) and that the README's "Configure
 * agents" block shows: one list, so the two cannot drift (a unit test compares the README with it). Each entry is
 * the `symposium.agents` value as settings.json holds it, chosen so the agent asks before it acts (cards, not silent
 * approvals), plus what it needs before it can answer.
 */
import type { AgentDefinition } from "./settings";

/** An entry as written to settings: what the user would type, without the defaults. */
export type AgentExampleEntry = Pick<AgentDefinition, "command" | "args"> & {
  readonly env?: Readonly<Record<string, string>>;
};

export interface AgentExample {
  /** The key under `symposium.agents`. */
  readonly name: string;
  readonly entry: AgentExampleEntry;
  /** Where the agent comes from (npm package), for the picker. */
  readonly source: string;
  /** What it needs before it can answer (keys, logins, installs), one sentence. */
  readonly needs: string;
}

export const AGENT_EXAMPLES: readonly AgentExample[] = [
  {
    name: "Claude Code",
    entry: { command: "npx", args: ["-y", "@agentclientprotocol/claude-agent-acp"] },
    source: "@agentclientprotocol/claude-agent-acp",
    needs: "ANTHROPIC_API_KEY in its env, or a Claude login.",
  },
  {
    name: "Codex",
    // Its default mode ("agent") lets a reviewer model approve, so no card would ever show.
    entry: {
      command: "npx",
      args: ["-y", "@agentclientprotocol/codex-acp"],
      env: { INITIAL_AGENT_MODE: "read-only" },
    },
    source: "@agentclientprotocol/codex-acp",
    needs: "OPENAI_API_KEY in its env, or a ChatGPT login; on Linux, bwrap (bubblewrap).",
  },
  {
    name: "Gemini CLI",
    entry: { command: "gemini", args: ["--acp"] },
    source: "@google/gemini-cli",
    needs: "`npm install -g @google/gemini-cli` and GEMINI_API_KEY in its env (or a Google login).",
  },
  {
    name: "Qwen Code",
    // Its default mode ("auto") lets a classifier approve, so no card would show.
    entry: { command: "qwen", args: ["--acp", "--approval-mode", "default"] },
    source: "@qwen-code/qwen-code",
    needs: "`npm install -g @qwen-code/qwen-code` and a Qwen login or OPENAI_API_KEY.",
  },
  {
    name: "GitHub Copilot CLI",
    entry: { command: "copilot", args: ["--acp"] },
    source: "@github/copilot",
    needs: "`npm install -g @github/copilot` and a GitHub login (run `copilot`, then /login).",
  },
];

export type AddExampleResult =
  | { readonly type: "added"; readonly agents: Record<string, unknown> }
  /** An agent of that name is already configured; it is left exactly as it is. */
  | { readonly type: "exists" }
  /** The stored `symposium.agents` is not an object; writing would replace whatever the user has there. */
  | { readonly type: "invalid" };

/**
 * The new user-level `symposium.agents` with `example` added, every existing agent kept as it is. Never replaces an
 * entry of the same name, and never replaces a value that is not an object of agents.
 */
export function withAgentExample(current: unknown, example: AgentExample): AddExampleResult {
  if (current !== undefined && (current === null || typeof current !== "object" || Array.isArray(current)))
    return { type: "invalid" };
  const agents = { ...(current as Record<string, unknown> | undefined) };
  if (Object.hasOwn(agents, example.name)) return { type: "exists" };
  agents[example.name] = structuredClone(example.entry);
  return { type: "added", agents };
}
