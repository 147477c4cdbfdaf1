/**
 * The same-run floor of New Session -> ready: the same agent program, spawned here in the extension host by a bare
 * SDK client of the protocol version the agent speaks (no Symposium: no process group, tree marker, watchdog, scratch
 * folder or session model), from the spawn until `session/new` is answered; then the process is killed.
 */
import * as v1 from "@agentclientprotocol/sdk";
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";
import { spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";

export interface BareLaunch {
  command: string;
  args: readonly string[];
  env: Readonly<Record<string, string>>;
  protocol: 1 | 2;
}

/** Ms from spawning the agent to its answer to `session/new`. */
export async function bareSessionStart(launch: BareLaunch, cwd: string): Promise<number> {
  const started = Date.now();
  const child = spawn(launch.command, [...launch.args], {
    cwd,
    env: { ...process.env, ...launch.env },
    stdio: ["pipe", "pipe", "ignore"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.stdin.on("error", () => undefined);
  const stream = v2.ndJsonStream(
    Writable.toWeb(child.stdin),
    Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
  );
  try {
    if (launch.protocol === 2) {
      const connection = v2.client({ name: "bench-bare-client" }).connect(stream);
      await connection.agent.request(v2.methods.agent.initialize, {
        protocolVersion: 2,
        info: { name: "bench-bare-client", version: "0.0.0" },
        capabilities: {},
      });
      await connection.agent.request(v2.methods.agent.session.new, { cwd, mcpServers: [] });
    } else {
      const connection = v1.client({ name: "bench-bare-client" }).connect(stream);
      await connection.agent.request(v1.methods.agent.initialize, {
        protocolVersion: 1,
        clientCapabilities: {},
      });
      await connection.agent.request(v1.methods.agent.session.new, { cwd, mcpServers: [] });
    }
    return Date.now() - started;
  } finally {
    child.kill();
    await exited;
  }
}
