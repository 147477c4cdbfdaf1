// Stands in for the extension host: starts one agent through `AgentProcess` (as Symposium does) and then just runs,
// so a test can kill this process hard (SIGKILL) and check that the agent and everything it started end anyway.
// Usage: node agentHost.js <pidFile>. The agent ignores SIGTERM and the end of its stdin (as Claude and Codex keep
// running seconds after it), and starts a child in its group and one that calls `setsid`; it writes
// "<agent pid> <child pid> <setsid child pid>" to <pidFile>.
import { AgentProcess } from "../../src/acp/agentProcess";

const keepAlive = "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)";
const agentCode = [
  "const { spawn } = require('node:child_process');",
  `const inGroup = spawn(process.execPath, ['-e', ${JSON.stringify(keepAlive)}], { stdio: 'ignore' });`,
  `const escaped = spawn(process.execPath, ['-e', ${JSON.stringify(keepAlive)}], { stdio: 'ignore', detached: true });`,
  `require('node:fs').writeFileSync(process.argv[1], process.pid + ' ' + inGroup.pid + ' ' + escaped.pid);`,
  keepAlive,
].join(" ");

void AgentProcess.start({
  name: "Hostile",
  command: process.execPath,
  args: ["-e", agentCode, process.argv[2]!],
  env: {},
  cwd: process.cwd(),
}).then(() => setInterval(() => undefined, 1000));
