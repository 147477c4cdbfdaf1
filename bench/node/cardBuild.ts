/**
 * Time to build a card from a request, whatever its size, in plain Node: what the client does between the SDK
 * handing it a parsed `session/request_permission` and the card's view model being ready to post, i.e. the steps of
 * `preparePermission` (the permission broker's first steps: apply the subject's tool-call patch to the session model,
 * which builds the tool call's transcript item with diff previews and capped raw input, normalise the request,
 * decide) and the card's `PromptView`. Also reported: the size of the update message that carries
 * the card (and the tool-call item) to the webview, and `JSON.parse` of the request line (the SDK's decoding, for
 * scale; not part of the card).
 */
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { preparePermission } from "../../src/acp/permissionBroker";
import { itemOps, promptView } from "../../src/acp/viewProjection";
import { SessionModel } from "../../src/core/sessionModel";
import { PolicyBoundary } from "../../src/core/policy/resolvePath";
import { loadPolicyEngine, type PolicyEngine } from "../../src/core/policy/engine";
import { RawToolCalls } from "../../src/acp/rawToolCalls";
import type { ViewOp } from "../../src/shared/protocol";
import { placeIn } from "../../src/core/workspacePlace";
import { gitPatch, sourceLines, standardParams, STANDARD_OPTIONS } from "../payload";
import { nsToUs, summarize, type Summary } from "../stats";

export interface CardCase {
  name: string;
  label: string;
  requestBytes: number;
  /** ms per card */
  buildMs: Summary;
  parseMs: Summary;
  messageBytes: number;
}

interface CaseInput {
  name: string;
  label: string;
  version: 1 | 2;
  params: Record<string, unknown>;
}

const SEVEN_MB = 7 * 1024 * 1024;

function cases(cwd: string): CaseInput[] {
  const sessionId = "bench-session-1";
  const path = `${cwd}/src/module.ts`;
  const toolCall = (extra: Record<string, unknown>) => ({
    type: "tool_call",
    toolCall: {
      toolCallId: "call-1",
      title: "Edit module.ts",
      kind: "edit",
      status: "pending",
      locations: [{ path }],
      ...extra,
    },
  });
  const before = sourceLines(1000);
  const tenthChanged = before.map((line, i) => (i % 10 === 0 ? `${line} // changed` : line));
  const rewritten = sourceLines(1000, 1);
  const v1Diff = (newLines: string[]) => ({
    sessionId,
    toolCall: {
      toolCallId: "call-1",
      title: "Edit module.ts",
      kind: "edit",
      status: "pending",
      locations: [{ path }],
      content: [{ type: "diff", path, oldText: before.join("\n"), newText: newLines.join("\n") }],
    },
    options: STANDARD_OPTIONS,
  });
  const objectCount = Math.ceil(SEVEN_MB / 100);
  return [
    {
      name: "standard",
      label: "standard request (571 B)",
      version: 2,
      params: { ...standardParams(sessionId, cwd, "Run the test suite") },
    },
    {
      name: "title100k",
      label: "100k-char title",
      version: 2,
      params: { ...standardParams(sessionId, cwd, "T".repeat(100_000)) },
    },
    {
      name: "options10k",
      label: "10,000 options",
      version: 2,
      params: {
        ...standardParams(sessionId, cwd, "Pick one"),
        options: Array.from({ length: 10_000 }, (_, i) => ({
          optionId: `option-${i}`,
          name: `Option ${i}`,
          kind: i === 0 ? "allow_once" : "reject_once",
        })),
      },
    },
    {
      name: "rawInput7MBString",
      label: "7 MB rawInput (one string)",
      version: 2,
      params: {
        sessionId,
        title: "Write a big file",
        subject: toolCall({ rawInput: { path, content: "x".repeat(SEVEN_MB) } }),
        options: STANDARD_OPTIONS,
      },
    },
    {
      name: "rawInput7MBObjects",
      label: "7 MB rawInput (73k objects)",
      version: 2,
      params: {
        sessionId,
        title: "Write many files",
        subject: toolCall({
          rawInput: {
            files: Array.from({ length: objectCount }, (_, i) => ({
              path: `src/f${i}.ts`,
              content: "y".repeat(70),
            })),
          },
        }),
        options: STANDARD_OPTIONS,
      },
    },
    {
      name: "diff1000Patch",
      label: "1,000-line file rewritten (v2 git patch)",
      version: 2,
      params: {
        sessionId,
        title: "Apply the edit",
        subject: toolCall({
          content: [
            {
              type: "diff",
              changes: [{ operation: "modify", path, fileType: "text" }],
              patch: { format: "git_patch", text: gitPatch("src/module.ts", 1000) },
            },
          ],
        }),
        options: STANDARD_OPTIONS,
      },
    },
    {
      name: "diff1000TextSparse",
      label: "1,000-line diff, every 10th line changed (v1 texts)",
      version: 1,
      params: v1Diff(tenthChanged),
    },
    {
      name: "diff1000TextRewrite",
      label: "1,000-line diff, every line changed (v1 texts)",
      version: 1,
      params: v1Diff(rewritten),
    },
  ];
}

/** The client's own pipeline up to the card's view model (`preparePermission`, then the card); returns the ops. */
function buildCard(input: CaseInput, paths: PolicyBoundary, policy: PolicyEngine): ViewOp[] {
  const model = new SessionModel("session-key", "Bench", (p) => placeIn(paths, p));
  const { prompt, changed, toolItemId, decision } = preparePermission(
    model,
    new RawToolCalls(),
    { protocolVersion: input.version, params: input.params, agentName: "Bench" },
    {
      bypassed: false,
      workspaceTrusted: true,
      boundary: paths,
      rules: [],
      policy,
      home: homedir(),
      editorProcesses: [],
      cwd: paths.roots[0]?.path,
    },
  );
  const facts = decision.answer === "ask" ? decision.facts : { bypassWouldApply: true };
  return [
    ...itemOps(model.key, changed),
    { op: "prompt", prompt: promptView(prompt, { ...facts, ...(toolItemId ? { toolItemId } : {}) }, false) },
  ];
}

/** Runs `fn` at least `min` and at most `max` times, stopping after `budgetMs`; per-run times in ms. */
function time(fn: () => void, min: number, max: number, budgetMs: number): number[] {
  for (let i = 0; i < 3; i++) fn(); // warm-up
  const samples: number[] = [];
  const started = Date.now();
  while (samples.length < max && (samples.length < min || Date.now() - started < budgetMs)) {
    const start = process.hrtime.bigint();
    fn();
    samples.push(nsToUs(process.hrtime.bigint() - start) / 1000);
  }
  return samples;
}

export async function measureCardBuild(options: {
  min: number;
  max: number;
  budgetMs: number;
}): Promise<CardCase[]> {
  const cwd = realpathSync(mkdtempSync(join(tmpdir(), "symposium-bench-cards-")));
  const paths = new PolicyBoundary([cwd]);
  const policy = await loadPolicyEngine();
  try {
    return cases(cwd).map((input) => {
      const line = JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "session/request_permission",
        params: input.params,
      });
      const buildMs = time(() => buildCard(input, paths, policy), options.min, options.max, options.budgetMs);
      const parseMs = time(
        () => void JSON.parse(line),
        Math.min(options.min, 10),
        options.max,
        options.budgetMs / 3,
      );
      const ops = buildCard(input, paths, policy);
      return {
        name: input.name,
        label: input.label,
        requestBytes: Buffer.byteLength(line),
        buildMs: summarize(buildMs),
        parseMs: summarize(parseMs),
        messageBytes: Buffer.byteLength(JSON.stringify({ type: "update", ops })),
      };
    });
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}
