/**
 * Development aid (not a test): runs an agent and appends every ACP frame both ways to a log, to see what a real agent
 * sends. Used through REAL_AGENTS_TEE=<log file> (see `realAgentSession.ts`):
 *   node out/test/realAgents/teeAgent.js <log> <command> [args...]
 */
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

const [log, command, ...args] = process.argv.slice(2);
if (!log || !command) throw new Error("usage: teeAgent.js <log> <command> [args...]");
const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
createInterface({ input: process.stdin }).on("line", (line) => {
  appendFileSync(log, `> ${line}\n`);
  child.stdin.write(`${line}\n`);
});
process.stdin.on("end", () => child.stdin.end());
createInterface({ input: child.stdout }).on("line", (line) => {
  appendFileSync(log, `< ${line}\n`);
  process.stdout.write(`${line}\n`);
});
child.on("exit", (code) => process.exit(code ?? 1));
