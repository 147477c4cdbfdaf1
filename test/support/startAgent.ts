// Starts one agent through `AgentProcess` (as Symposium does), or with `terminal` one terminal command through
// `ClientTerminals` in the current folder, and exits when it ends: 0 once it ran, 1 if it did not start.
// Usage: node startAgent.js '<{ name, command, args } as JSON>' [terminal]. With `--require` a script can first change
// what Node says it runs on (`process.platform`), so the Windows way of starting a program is run here too.
import { AgentProcess } from "../../src/acp/agentProcess";
import { ClientTerminals } from "../../src/acp/clientTerminals";

const { name, command, args } = JSON.parse(process.argv[2]!) as {
  name: string;
  command: string;
  args: string[];
};

function fail(error: unknown): never {
  console.error(error);
  process.exit(1);
}

if (process.argv[3] === "terminal") {
  const folder = process.cwd();
  const terminals = new ClientTerminals(() => undefined);
  try {
    const { terminalId } = terminals.create("session", { command, args }, folder);
    void terminals
      .waitForExit("session", terminalId)
      .then(
        (status) => (status.exitCode === 0 ? process.exit(0) : fail(terminals.output("session", terminalId))),
        fail,
      );
  } catch (error) {
    fail(error);
  }
} else {
  AgentProcess.start({ name, command, args, env: {}, cwd: process.cwd() })
    .then((agent) => agent.exited)
    .then(() => process.exit(0), fail);
}
