// Runs one program without a shell and streams its output. The demo only ever runs `node --version`, but through
// the same careful path a real agent should use: fixed argv, a timeout, and cancellation that kills the child.
import { execFile } from "node:child_process";
import type { CommandLine } from "./demoTurn";

export interface CommandResult {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
}

const TIMEOUT_MS = 10_000;
const MAX_OUTPUT_BYTES = 64 * 1024;

export function runCommand(
  commandLine: CommandLine,
  signal: AbortSignal,
  onOutput: (text: string) => void,
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = execFile(
      commandLine.file,
      [...commandLine.args],
      { cwd: commandLine.cwd, signal, timeout: TIMEOUT_MS, maxBuffer: MAX_OUTPUT_BYTES, encoding: "utf8" },
      (error, stdout, stderr) => {
        // execFile reports a non-zero exit, a kill or an abort as `error`; the numbers are in the result instead.
        const code = error && typeof error.code === "number" ? error.code : error ? null : 0;
        resolve({
          exitCode: code,
          signal: error?.signal ?? null,
          stdout,
          stderr: stderr || (error?.message ?? ""),
        });
      },
    );
    child.stdout?.on("data", (chunk: string) => onOutput(chunk));
  });
}
