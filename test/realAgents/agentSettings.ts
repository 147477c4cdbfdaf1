/**
 * Each real agent as a user's settings.json would hold it (`symposium.agents.<name>`): command `node`, the package's
 * entry script and flags, and the environment that points it at the scripted model. Every agent gets its own
 * temporary HOME and XDG folders, with the config files it reads there.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cacheDir } from "../../tools/paths";
import { packageDir, REAL_AGENTS, type RealAgentName } from "../harness/realAgents";

export interface RealAgentSetting {
  command: string;
  args: string[];
  env: Record<string, string>;
  bypassPermissions?: boolean;
}

export interface AgentHome {
  readonly dir: string;
  dispose(): void;
}

/**
 * A fresh HOME for one agent. Not under /tmp: Codex refuses to create its sandbox helper link when `CODEX_HOME` is
 * under /tmp, so every agent's home lives in the project's cache folder (removed again by `dispose`).
 */
export function makeAgentHome(name: RealAgentName): AgentHome {
  const root = join(cacheDir, "agents", "homes");
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, `${name}-`));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

function writeJson(path: string, value: unknown): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2));
}

/**
 * Quiet, isolated, offline: what every agent gets. Its temporary folder is in its home too: Copilot writes every
 * resource embedded in a message to a file there (`acp-resource-*.txt`) and never removes it.
 */
function commonEnv(home: string): Record<string, string> {
  const tmp = join(home, "tmp");
  mkdirSync(tmp, { recursive: true });
  return {
    HOME: home,
    TMPDIR: tmp,
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_DATA_HOME: join(home, ".local", "share"),
    XDG_CACHE_HOME: join(home, ".cache"),
    XDG_STATE_HOME: join(home, ".local", "state"),
    NO_BROWSER: "1",
    BROWSER: "/bin/false",
    NO_UPDATE_NOTIFIER: "1",
    DO_NOT_TRACK: "1",
  };
}

/** The settings entry for one agent, writing the config files it reads into `home`. */
export function agentSetting(name: RealAgentName, modelUrl: string, home: string): RealAgentSetting {
  const agent = REAL_AGENTS[name];
  const entry = join(packageDir(agent), agent.entry);
  const base = { command: "node", args: [entry, ...agent.args] };
  const common = commonEnv(home);
  switch (name) {
    case "claude":
      return {
        ...base,
        env: {
          ...common,
          ANTHROPIC_BASE_URL: modelUrl,
          ANTHROPIC_API_KEY: "scripted-key",
          CLAUDE_CONFIG_DIR: join(home, ".claude"),
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
          DISABLE_AUTOUPDATER: "1",
          DISABLE_TELEMETRY: "1",
          DISABLE_ERROR_REPORTING: "1",
          // Some containers export IS_SANDBOX=yes, which makes every Claude `session/new` fail; a user there would
          // clear it the same way.
          IS_SANDBOX: "",
        },
      };
    case "codex": {
      const codexHome = join(home, ".codex");
      mkdirSync(codexHome, { recursive: true });
      // A model codex knows (an unknown name gets no `apply_patch` tool), and nothing that phones home.
      writeFileSync(
        join(codexHome, "config.toml"),
        [
          'model = "gpt-5.5"',
          "check_for_update_on_startup = false",
          "[analytics]",
          "enabled = false",
          "[feedback]",
          "enabled = false",
          "[otel]",
          'exporter = "none"',
          "",
        ].join("\n"),
      );
      return {
        ...base,
        env: {
          ...common,
          CODEX_HOME: codexHome,
          CODEX_CONFIG: JSON.stringify({
            model_provider: "mock",
            model_providers: {
              mock: {
                name: "mock",
                base_url: `${modelUrl}/v1`,
                wire_api: "responses",
                env_key: "MOCK_API_KEY",
                request_max_retries: 0,
                stream_max_retries: 0,
                supports_websockets: false,
              },
            },
          }),
          MOCK_API_KEY: "scripted-key",
          // The default mode ("Auto review") asks a reviewer model, never the person.
          INITIAL_AGENT_MODE: "read-only",
        },
      };
    }
    case "gemini":
      writeJson(join(home, ".gemini", "settings.json"), {
        general: { disableAutoUpdate: true, disableUpdateNag: true },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        ide: { enabled: false },
        security: { auth: { selectedType: "gemini-api-key" } },
      });
      return {
        ...base,
        env: {
          ...common,
          GOOGLE_GEMINI_BASE_URL: modelUrl,
          GEMINI_API_KEY: "scripted-key",
          GEMINI_CLI_NO_RELAUNCH: "true",
        },
      };
    case "qwen":
      writeJson(join(home, ".qwen", "settings.json"), {
        security: { auth: { selectedType: "openai" } },
        tools: { approvalMode: "default" },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        general: { disableAutoUpdate: true },
      });
      return {
        ...base,
        env: {
          ...common,
          OPENAI_BASE_URL: `${modelUrl}/v1`,
          OPENAI_API_KEY: "scripted-key",
          OPENAI_MODEL: "qwen3-coder-plus",
        },
      };
    case "copilot":
      return {
        ...base,
        env: {
          ...common,
          COPILOT_HOME: join(home, ".copilot"),
          COPILOT_OFFLINE: "true",
          COPILOT_AUTO_UPDATE: "false",
          COPILOT_PROVIDER_BASE_URL: `${modelUrl}/v1`,
          COPILOT_PROVIDER_TYPE: "openai",
          COPILOT_PROVIDER_API_KEY: "scripted-key",
          COPILOT_MODEL: "gpt-4.1",
        },
      };
  }
}
