// Starts one agent through `AgentProcess` (as Symposium does) and exits with it: 0 once it ran, 1 if it did not start.
// Usage: node startAgent.js '<AgentLaunch as JSON>'. With `--require` a script can first change what Node says it
// runs on (`process.platform`), so the Windows way of starting an agent is run here too.
import { AgentProcess, type AgentLaunch } from "../../src/acp/agentProcess";

AgentProcess.start(JSON.parse(process.argv[2]!) as AgentLaunch)
  .then((agent) => agent.exited)
  .then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
