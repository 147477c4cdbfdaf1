// What the demo agent does for a prompt. A keyword picks a scenario; each scenario acts out what a real coding
// agent would do (talk, plan, call tools behind permission requests) without any model, network or keys.
import { relative, sep } from "node:path";
import { runCommand } from "./command";
import type { DemoTurn, PermissionAsk, PermissionDecision } from "./demoTurn";
import { demoFilePath, fileExists, findFileToRead, nextDemoFileText } from "./workspace";

export const SCENARIOS = ["read", "edit", "run", "unknown", "plan", "think", "all"] as const;
export type ScenarioName = (typeof SCENARIOS)[number] | "help";

const KEYWORDS: ReadonlyArray<readonly [RegExp, ScenarioName]> = [
  [/\bread\b/i, "read"],
  [/\bedit\b/i, "edit"],
  [/\b(run|command)\b/i, "run"],
  [/\bunknown\b/i, "unknown"],
  [/\bplan\b/i, "plan"],
  [/\bthink\b/i, "think"],
  [/\ball\b/i, "all"],
];

/** The scenario whose keyword appears first in the prompt (whole words, any case); `help` if none does. */
export function pickScenario(promptText: string): ScenarioName {
  let best: { index: number; name: ScenarioName } | undefined;
  for (const [pattern, name] of KEYWORDS) {
    const index = promptText.search(pattern);
    if (index >= 0 && (!best || index < best.index)) best = { index, name };
  }
  return best?.name ?? "help";
}

export async function playScenario(name: ScenarioName, turn: DemoTurn): Promise<void> {
  switch (name) {
    case "read":
      return readScenario(turn);
    case "edit":
      return editScenario(turn);
    case "run":
      return runCommandScenario(turn);
    case "unknown":
      return unknownSubjectScenario(turn);
    case "plan":
      return planScenario(turn);
    case "think":
      return thinkScenario(turn);
    case "all":
      for (const step of [readScenario, editScenario, runCommandScenario]) {
        if (turn.signal.aborted) return;
        await step(turn);
      }
      return;
    case "help":
      return helpReply(turn);
  }
}

/** Waits `ms`, or less when the turn is cancelled (callers check `turn.signal` afterwards). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}

/** Streams `text` as several chunks, like a model would. */
async function stream(turn: DemoTurn, text: string): Promise<void> {
  const pieces = text.match(/[^\s]+\s*/g) ?? [text];
  const perChunk = Math.max(1, Math.ceil(pieces.length / 6));
  for (let i = 0; i < pieces.length && !turn.signal.aborted; i += perChunk) {
    await turn.say(pieces.slice(i, i + perChunk).join(""));
    await pause(30, turn.signal);
  }
}

function displayPath(turn: DemoTurn, path: string): string {
  return relative(turn.cwd, path).split(sep).join("/") || path;
}

/** Asks unless the user already chose "Always allow" for this kind in this session. */
async function getPermission(turn: DemoTurn, kind: string, ask: PermissionAsk): Promise<PermissionDecision> {
  if (turn.alwaysAllowed.has(kind)) return { kind: "allowed", always: true };
  const decision = await turn.askPermission(ask);
  if (decision.kind === "allowed" && decision.always) turn.alwaysAllowed.add(kind);
  return decision;
}

/**
 * Ends a tool call that will not run. After a cancel the turn ends quietly; otherwise the user hears why.
 * Returns true when the caller should stop.
 */
async function declined(
  turn: DemoTurn,
  toolCallId: string,
  decision: PermissionDecision,
  what: string,
): Promise<boolean> {
  if (decision.kind === "allowed") return false;
  if (decision.kind === "cancelled" || turn.signal.aborted) {
    await turn.progressToolCall(toolCallId, "cancelled");
    return true;
  }
  await turn.progressToolCall(toolCallId, "failed", { resultText: `Not run: permission was not granted.` });
  const reason = decision.kind === "rejected" ? "you rejected it" : decision.reason;
  await turn.say(`Understood, I did not ${what} (${reason}).\n\n`);
  return true;
}

function firstLines(text: string, count: number): string {
  return text
    .split(/\r?\n/)
    .slice(0, count)
    .map((line) => (line.length > 200 ? `${line.slice(0, 200)}…` : line))
    .join("\n")
    .trimEnd();
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const LINES_TO_SHOW = 5;

async function readScenario(turn: DemoTurn): Promise<void> {
  const path = await findFileToRead(turn.cwd);
  if (path === undefined) {
    await stream(
      turn,
      `I looked for a file to read in ${turn.cwd} but found none. Add a README.md and ask again.\n\n`,
    );
    return;
  }
  const shown = displayPath(turn, path);
  await stream(turn, `Let me look at ${shown} to get a feel for this workspace.\n\n`);
  const id = turn.newToolCallId();
  await turn.startToolCall({ id, name: "read_file", title: `Read ${shown}`, kind: "read", paths: [path] });
  const decision = await getPermission(turn, "read", {
    title: `Allow the demo agent to read ${shown}?`,
    description: `It reads the first lines of ${shown} and shows them here. Nothing is changed.`,
    target: { type: "tool_call", toolCallId: id },
  });
  if (await declined(turn, id, decision, `read ${shown}`)) return;
  await turn.progressToolCall(id, "in_progress");
  let lines: string;
  try {
    lines = firstLines(await turn.readTextFile(path, { maxLines: LINES_TO_SHOW }), LINES_TO_SHOW);
  } catch (error) {
    await turn.progressToolCall(id, "failed", { resultText: `Reading failed: ${errorText(error)}` });
    await turn.say(`I could not read ${shown}: ${errorText(error)}\n\n`);
    return;
  }
  await turn.progressToolCall(id, "completed", { resultText: lines });
  await stream(turn, `${shown} starts like this:\n\n`);
  await turn.say("```\n" + lines + "\n```\n\n");
}

async function editScenario(turn: DemoTurn): Promise<void> {
  const path = demoFilePath(turn.cwd);
  const shown = displayPath(turn, path);
  let oldText: string | null = null;
  try {
    if (fileExists(path)) oldText = await turn.readTextFile(path);
  } catch (error) {
    await turn.say(`I wanted to edit ${shown}, but could not read it first: ${errorText(error)}\n\n`);
    return;
  }
  const edit = { path, oldText, newText: nextDemoFileText(oldText) };
  await stream(turn, `I'll add a line to ${shown}${oldText === null ? " (a new file)" : ""}.\n\n`);
  const id = turn.newToolCallId();
  await turn.startToolCall({
    id,
    name: "edit_file",
    title: `Edit ${shown}`,
    kind: "edit",
    paths: [path],
    edit,
  });
  const decision = await getPermission(turn, "edit", {
    title: `Allow the demo agent to ${oldText === null ? "create" : "edit"} ${shown}?`,
    description: `It ${oldText === null ? "creates" : "adds one line to"} ${shown} in the workspace folder.`,
    target: { type: "tool_call", toolCallId: id },
  });
  if (await declined(turn, id, decision, `change ${shown}`)) return;
  await turn.progressToolCall(id, "in_progress");
  try {
    await turn.writeTextFile(path, edit.newText);
  } catch (error) {
    await turn.progressToolCall(id, "failed", { rawOutput: { error: errorText(error) } });
    await turn.say(`Writing ${shown} failed: ${errorText(error)}\n\n`);
    return;
  }
  await turn.progressToolCall(id, "completed");
  await stream(turn, `Done: ${shown} has a new line at the end.\n\n`);
}

async function runCommandScenario(turn: DemoTurn): Promise<void> {
  const commandLine = { program: "node", file: process.execPath, args: ["--version"], cwd: turn.cwd };
  await stream(turn, "Let me check which Node.js version is available.\n\n");
  const id = turn.newToolCallId();
  await turn.startToolCall({
    id,
    name: "run_command",
    title: "Run node --version",
    kind: "execute",
    paths: [],
    commandLine,
  });
  const decision = await getPermission(turn, "execute", {
    title: "Allow the demo agent to run a command?",
    description: "It runs `node --version` in the workspace folder (no shell).",
    target: { type: "command", toolCallId: id },
  });
  if (await declined(turn, id, decision, "run `node --version`")) return;
  await turn.progressToolCall(id, "in_progress");
  const result = await runCommand(commandLine, turn.signal, (text) => void turn.appendToolOutput(id, text));
  if (turn.signal.aborted) {
    await turn.progressToolCall(id, "cancelled", { rawOutput: result });
    return;
  }
  if (result.exitCode !== 0) {
    await turn.progressToolCall(id, "failed", { rawOutput: result });
    await turn.say(
      `\`node --version\` failed: ${result.stderr.trim() || `exit code ${String(result.exitCode)}`}\n\n`,
    );
    return;
  }
  await turn.progressToolCall(id, "completed", { rawOutput: result });
  await stream(turn, `This machine runs Node.js ${result.stdout.trim()}.\n\n`);
}

async function unknownSubjectScenario(turn: DemoTurn): Promise<void> {
  if (turn.protocolVersion === 1) {
    await stream(
      turn,
      "The `unknown` scenario sends a permission request with a custom subject, which only ACP v2 has. " +
        "This connection speaks ACP v1, so there is nothing to show.\n\n",
    );
    return;
  }
  await stream(turn, "Now a permission request about something your client does not know.\n\n");
  const decision = await turn.askPermission({
    title: "Allow a custom demo action?",
    description: "The subject of this request has a type no client knows. It does nothing either way.",
    target: {
      type: "custom",
      subject: {
        type: "_symposium_demo_unknown",
        detail: "A made-up action that exists only to test clients.",
      },
    },
  });
  if (decision.kind === "cancelled" || turn.signal.aborted) return;
  const answer =
    decision.kind === "allowed"
      ? "You allowed it."
      : decision.kind === "rejected"
        ? "You rejected it."
        : `That answer did not count (${decision.reason}).`;
  await stream(turn, `${answer} The custom action does nothing, so nothing changed.\n\n`);
}

async function planScenario(turn: DemoTurn): Promise<void> {
  const steps = ["Look around the workspace", "Decide what to change", "Summarise the result"];
  for (let done = 0; done <= steps.length && !turn.signal.aborted; done++) {
    await turn.showPlan(
      steps.map((content, i) => ({
        content,
        status: i < done ? "completed" : i === done ? "in_progress" : "pending",
      })),
    );
    await pause(150, turn.signal);
  }
  if (turn.signal.aborted) return;
  await stream(
    turn,
    "That was a three-step plan, updated as each step finished. Nothing in the workspace changed.\n\n",
  );
}

async function thinkScenario(turn: DemoTurn): Promise<void> {
  for (const thought of [
    "The user wants to see reasoning. ",
    "I'll keep it short: weigh two options, pick the simpler one. ",
  ]) {
    if (turn.signal.aborted) return;
    await turn.think(thought);
    await pause(60, turn.signal);
  }
  if (turn.signal.aborted) return;
  await stream(turn, "I thought it over (under Thinking above) and chose the simpler option.\n\n");
}

async function helpReply(turn: DemoTurn): Promise<void> {
  await stream(
    turn,
    "Hi! I'm the Symposium demo agent. I don't use a model; I act out scenarios so you can see how " +
      "Symposium shows an agent's work and asks for your approval. Put one of these words in your message: " +
      "`read` (read a file), `edit` (change symposium-demo.md), `run` (run node --version), " +
      "`unknown` (a permission request of an unknown kind), `plan`, `think`, or `all` (read, edit and run).\n",
  );
}
