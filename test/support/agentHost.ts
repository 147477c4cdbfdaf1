// Stands in for the extension host: starts one agent through `AgentProcess` (as Symposium does), or with `terminal`
// one terminal command through `ClientTerminals`, and then just runs, so a test can kill this process hard (SIGKILL)
// and check that the process and everything it started end anyway.
// Usage: node agentHost.js <pidFile> [terminal]. The process ignores SIGTERM and the end of its stdin (as Claude and
// Codex keep running seconds after it), and starts a child in its group and one that calls `setsid`; it writes
// "<its pid> <child pid> <setsid child pid>" to <pidFile>.
import { AgentProcess } from "../../src/acp/agentProcess";
import { ClientTerminals } from "../../src/acp/clientTerminals";

const keepAlive = "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)";
const code = [
  "const { spawn } = require('node:child_process');",
  `const inGroup = spawn(process.execPath, ['-e', ${JSON.stringify(keepAlive)}], { stdio: 'ignore' });`,
  `const escaped = spawn(process.execPath, ['-e', ${JSON.stringify(keepAlive)}], { stdio: 'ignore', detached: true });`,
  `require('node:fs').writeFileSync(process.argv[1], process.pid + ' ' + inGroup.pid + ' ' + escaped.pid);`,
  keepAlive,
].join(" ");
const args = ["-e", code, process.argv[2]!];

if (process.argv[3] === "terminal") {
  const folder = process.cwd();
  new ClientTerminals(() => undefined).create("session", { command: process.execPath, args }, folder);
  setInterval(() => undefined, 1000);
} else {
  void AgentProcess.start({
    name: "Hostile",
    command: process.execPath,
    args,
    env: {},
    cwd: process.cwd(),
  }).then(() => setInterval(() => undefined, 1000));
}
