// Development probe (not a test): runs one scenario against one agent and prints what the client saw.
//   node out/test/realAgents/explore.js <claude|codex|gemini|qwen|copilot> <scenario, e.g. write or run:x.txt>
//        <option kind to click, e.g. allow_once, or "stop">
// REAL_AGENTS_MODEL_LOG=<file> logs the model requests (tool lists), REAL_AGENTS_TEE=<file> the ACP frames.
import { ScriptedModelServer } from "./modelServer";
import { RealAgentSession } from "./realAgentSession";
import type { RealAgentName } from "../harness/realAgents";
import { existsSync } from "node:fs";
import { join } from "node:path";

async function main() {
  const [name, scenario, choice] = process.argv.slice(2) as [RealAgentName, string, string];
  const model = await new ScriptedModelServer(process.env.REAL_AGENTS_MODEL_LOG).start();
  const t = Date.now();
  const agent = await RealAgentSession.start(name, model.url);
  console.log(
    "started in",
    Date.now() - t,
    "ms; version",
    agent.harness.sessions.session(agent.sessionKey)?.protocolVersion,
  );
  const turn = agent.turn(`Please do it [scenario:${scenario}]`);
  const card = await Promise.race([agent.card(), turn.then(() => undefined)]);
  if (card) {
    console.log(JSON.stringify({ ...card, rawSubject: undefined }, null, 1));
    if (choice === "stop") await agent.harness.sessions.stop(agent.sessionKey);
    else agent.harness.sessions.choose(card.key, agent.option(card, choice));
  }
  await turn.catch((e) => console.log("turn error", e.message));
  console.log(
    "files",
    ["hello.txt", "out.txt", "a.txt"].map((f) => [f, existsSync(join(agent.workspace, f))]),
  );
  console.log("notices", agent.notices(), "text", agent.agentText());
  console.log(
    "decisions",
    agent.decisions.map((d) => [d.outcome, d.optionId]),
  );
  console.log("model", JSON.stringify(model.requests));
  console.log(
    "transcript",
    JSON.stringify(agent.harness.sessions.session(agent.sessionKey)?.transcript()).slice(0, 3000),
  );
  console.log("log", agent.harness.logLines.join("\n"));
  await agent.dispose();
  await model.close();
}
void main();
