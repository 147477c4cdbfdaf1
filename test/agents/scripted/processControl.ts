// What a script can do to the scripted agent's process: keep it alive, ignore SIGTERM, leave a child behind, die.
import { spawn } from "node:child_process";
import type { AgentLog } from "./agentLog";

export class ProcessControl {
  private keepAliveTimer: NodeJS.Timeout | undefined;

  constructor(private readonly log: AgentLog) {}

  /** After this the process no longer exits when the client hangs up; only a signal ends it. */
  keepAlive(): void {
    this.keepAliveTimer ??= setInterval(() => undefined, 60_000);
  }

  get keptAlive(): boolean {
    return this.keepAliveTimer !== undefined;
  }

  ignoreSigterm(): void {
    process.on("SIGTERM", () => this.log.write({ kind: "signal", signal: "SIGTERM", ignored: true }));
    this.log.write({ kind: "ignoringSigterm" });
  }

  /**
   * A child in the agent's process group that lives until killed. It holds none of the agent's stdio; a pipe of
   * its own reports once its SIGTERM handler is in place, and the step waits for that, so a test that signals
   * right after the step cannot kill the child before it is ready. Resolves with its pid, which is also logged.
   */
  async spawnChild(ignoreSigterm: boolean): Promise<number | undefined> {
    const code = `${ignoreSigterm ? "process.on('SIGTERM', () => {});" : ""} setInterval(() => {}, 60000); console.log("ready");`;
    const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "ignore"] });
    await new Promise<void>((resolve) => {
      child.stdout.once("data", () => resolve());
      child.once("exit", () => resolve());
    });
    child.stdout.destroy();
    child.unref(); // The child must not keep the agent alive, only outlive it.
    this.log.write({ kind: "child", pid: child.pid, ignoreSigterm });
    return child.pid;
  }

  exit(code: number): never {
    this.log.write({ kind: "exit", code });
    process.exit(code);
  }

  kill(signal: NodeJS.Signals): void {
    this.log.write({ kind: "kill", signal });
    process.kill(process.pid, signal);
  }
}
