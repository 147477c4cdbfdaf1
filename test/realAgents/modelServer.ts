/**
 * A scripted model on 127.0.0.1 for the real agents: Anthropic Messages, OpenAI Chat Completions and Responses, and
 * Gemini, each streamed as the real API streams. The scenario is picked by a marker in the latest user prompt:
 *
 *   [scenario:write(:<file>)]   write `hello.txt` (or <file>) in the workspace
 *   [scenario:run(:<file>)]     run `echo hi > out.txt` (or > <file>) in the workspace
 *   [scenario:tee:<file>]       run `echo ran <file> | tee <file>`: the file, and output the transcript can show
 *   [scenario:shell:<command>]  run <command> (no `]` in it) in the workspace
 *   [scenario:read:<abs path>]  read a file (outside the workspace)
 *   [scenario:multi]            write `a.txt` and `b.txt` in one model message
 *   [scenario:plan]             leave plan mode with a plan (the agent's exit-plan tool, offered in plan mode)
 *   [scenario:ask]              ask the person which date library to use (the agent's question tool)
 *
 * The tool is the agent's own (found in the tool list the request carries) with arguments filled from its JSON schema.
 * While `failing` holds an HTTP status, every request is answered with that error, as each API sends it (the model
 * side of a turn failing: 500, 529 overloaded).
 *
 * Once a tool result comes back, and for every request without a marker or without a fitting tool (titles,
 * suggestions, memory, routers), the answer is plain text.
 */
import { appendFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { isAbsolute } from "node:path";
import { QUESTIONS } from "../support/agentQuestions";

type Json = Record<string, unknown>;

export const FINAL_TEXT = "All done.";
export const PLAIN_TEXT = "Nothing to do.";
/** The reason the model gives when it refuses a request (HTTP 400). */
export const FAILED_REQUEST_TEXT = "Invalid request: the scripted model refused this one";

/** One tool the agent offered: its name and the JSON schema of its arguments (undefined for a freeform tool). */
interface OfferedTool {
  name: string;
  schema?: Json;
  freeform?: boolean;
}

/** A tool call the scripted model makes. */
interface ScriptedCall {
  name: string;
  /** JSON arguments; for a freeform (custom) tool, `input` is the raw text. */
  args?: Json;
  input?: string;
}

type Intent =
  | { kind: "write"; file: string; content: string }
  | { kind: "run"; command: string }
  | { kind: "read"; path: string }
  | { kind: "plan"; plan: string }
  | { kind: "ask"; questions: Json[] };

/** What the model saw, distilled from any of the four request formats. */
interface Conversation {
  tools: OfferedTool[];
  /** The text of the latest user message (no tool results). */
  lastUserText: string;
  /** True when the last message is a tool result: the tool ran (or was refused); answer with text. */
  afterToolResult: boolean;
  /** The whole request body as text, to find the workspace in. */
  raw: string;
  /** The latest message as text, where Claude puts this turn's reminders (a `system` message); else `raw`. */
  latest?: string;
}

export interface ModelRequestRecord {
  api: string;
  path: string;
  /** The scenario answered, or "text". */
  answer: string;
  tools: string[];
  /** The agent told the model it is in plan mode (Claude's system reminder "Plan mode is active" or "… still active"). */
  planMode: boolean;
  /** The whole request body as text (what the model was given). */
  body: string;
}

export class ScriptedModelServer {
  readonly requests: ModelRequestRecord[] = [];
  private server: Server | undefined;
  private port = 0;
  private nextId = 1;
  /** The HTTP status every request fails with until cleared. */
  failing: number | undefined;

  /** `requestLog`: a file each request body is appended to (for finding an agent's tool names while developing). */
  constructor(private readonly requestLog?: string) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (this.requestLog)
      appendFileSync(
        this.requestLog,
        `${JSON.stringify({ method: req.method, url: req.url, body: text })}\n`,
      );
    let body: Json = {};
    try {
      body = text ? (JSON.parse(text) as Json) : {};
    } catch {
      // not JSON: answered below as an unknown request
    }
    try {
      if (req.method === "HEAD" || (req.method === "GET" && url.pathname === "/")) return end(res, 200, "");
      if (req.method === "GET" && /\/models$/.test(url.pathname)) return this.models(res);
      if (url.pathname.endsWith("/messages/count_tokens")) return json(res, { input_tokens: 100 });
      if (this.failing !== undefined && req.method === "POST")
        return this.fail(url.pathname, this.failing, res);
      if (url.pathname.endsWith("/messages")) return this.anthropic(body, res);
      if (url.pathname.endsWith("/chat/completions")) return this.chat(body, res);
      if (url.pathname.endsWith("/responses")) return this.responses(body, res);
      if (url.pathname.includes(":countTokens")) return json(res, { totalTokens: 100 });
      if (url.pathname.includes(":streamGenerateContent")) return this.gemini(body, res, true);
      if (url.pathname.includes(":generateContent")) return this.gemini(body, res, false);
      end(res, 404, JSON.stringify({ error: { message: `scripted model: no route for ${req.url}` } }));
    } catch (error) {
      end(res, 500, JSON.stringify({ error: { message: String(error) } }));
    }
  }

  private record(
    api: string,
    path: string,
    calls: ScriptedCall[] | undefined,
    conversation: Pick<Conversation, "tools" | "raw" | "latest">,
  ): void {
    this.requests.push({
      api,
      path,
      answer: calls ? calls.map((c) => c.name).join(",") : "text",
      tools: conversation.tools.map((t) => t.name),
      // Claude sends the whole reminder, then a short one on later requests ("Plan mode still active (see full …").
      planMode: /Plan mode (?:is|still) active/.test(conversation.latest ?? conversation.raw),
      body: conversation.raw,
    });
  }

  private fail(path: string, status: number, res: ServerResponse): void {
    const overloaded = status === 529 || status === 503;
    const message = overloaded
      ? "Overloaded"
      : status === 400
        ? FAILED_REQUEST_TEXT
        : "Internal server error";
    this.requests.push({
      api: "error",
      path,
      answer: `error ${status}`,
      tools: [],
      planMode: false,
      body: "",
    });
    const body = path.endsWith("/messages")
      ? {
          type: "error",
          error: {
            type: overloaded ? "overloaded_error" : status === 400 ? "invalid_request_error" : "api_error",
            message,
          },
        }
      : path.includes(":")
        ? {
            error: {
              code: status,
              message,
              status: overloaded ? "UNAVAILABLE" : status === 400 ? "INVALID_ARGUMENT" : "INTERNAL",
            },
          }
        : {
            error: {
              message,
              type: status === 400 ? "invalid_request_error" : "server_error",
              code: null,
              param: null,
            },
          };
    end(res, status, JSON.stringify(body));
  }

  private id(prefix: string): string {
    return `${prefix}_${this.nextId++}`;
  }

  private models(res: ServerResponse): void {
    const ids = ["gpt-4.1", "gpt-5.5", "qwen3-coder-plus", "claude-sonnet-4-5"];
    json(res, {
      object: "list",
      data: ids.map((id) => ({ id, object: "model", created: 0, owned_by: "scripted" })),
    });
  }

  // -------------------------------------------------------------------------------------------------------------------
  // Anthropic Messages

  private anthropic(body: Json, res: ServerResponse): void {
    const messages = asArray(body.messages);
    const last = messages.filter((m) => m.role !== "system").at(-1);
    const lastContent = asArray(last?.content);
    const conversation: Conversation = {
      tools: asArray(body.tools).map((t) => ({ name: String(t.name), schema: t.input_schema as Json })),
      lastUserText: lastUserText(
        messages,
        (m) => m.role === "user",
        (m) => contentText(m.content, (part) => part.type === "text"),
      ),
      afterToolResult: lastContent.some((part) => part.type === "tool_result"),
      raw: JSON.stringify(body),
      latest: JSON.stringify(messages.at(-1) ?? {}),
    };
    const calls = pickCalls(conversation);
    this.record("anthropic", "/v1/messages", calls, conversation);
    const id = this.id("msg");
    const model = typeof body.model === "string" ? body.model : "claude";
    const blocks: Json[] = calls
      ? calls.map((call) => ({ type: "tool_use", id: this.id("toolu"), name: call.name, input: call.args }))
      : [{ type: "text", text: textAnswer(conversation) }];
    const stopReason = calls ? "tool_use" : "end_turn";
    const usage = { input_tokens: 100, output_tokens: 20 };
    if (body.stream !== true) {
      return json(res, {
        id,
        type: "message",
        role: "assistant",
        model,
        content: blocks,
        stop_reason: stopReason,
        stop_sequence: null,
        usage,
      });
    }
    const sse = startSse(res);
    const event = (type: string, data: Json) =>
      sse(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    event("message_start", {
      message: {
        id,
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 100, output_tokens: 1 },
      },
    });
    blocks.forEach((block, index) => {
      if (block.type === "text") {
        event("content_block_start", { index, content_block: { type: "text", text: "" } });
        for (const piece of halves(String(block.text)))
          event("content_block_delta", { index, delta: { type: "text_delta", text: piece } });
      } else {
        event("content_block_start", {
          index,
          content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
        });
        for (const piece of halves(JSON.stringify(block.input)))
          event("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: piece } });
      }
      event("content_block_stop", { index });
    });
    event("message_delta", {
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: 20 },
    });
    event("message_stop", {});
    res.end();
  }

  // -------------------------------------------------------------------------------------------------------------------
  // OpenAI Chat Completions

  private chat(body: Json, res: ServerResponse): void {
    const messages = asArray(body.messages);
    const conversation: Conversation = {
      tools: asArray(body.tools).map((t) => {
        const fn = (t.function ?? t) as Json;
        return { name: String(fn.name), schema: fn.parameters as Json };
      }),
      lastUserText: lastUserText(
        messages,
        (m) => m.role === "user",
        (m) => contentText(m.content, (part) => part.type === "text"),
      ),
      afterToolResult: messages.at(-1)?.role === "tool",
      raw: JSON.stringify(body),
    };
    const calls = pickCalls(conversation);
    this.record("chat", "/v1/chat/completions", calls, conversation);
    const id = this.id("chatcmpl");
    const model = typeof body.model === "string" ? body.model : "gpt-4.1";
    const created = Math.floor(Date.now() / 1000);
    const toolCalls = calls?.map((call, index) => ({
      index,
      id: this.id("call"),
      type: "function",
      function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) },
    }));
    const text = calls ? "" : textAnswer(conversation);
    const finish = calls ? "tool_calls" : "stop";
    const usage = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };
    if (body.stream !== true) {
      return json(res, {
        id,
        object: "chat.completion",
        created,
        model,
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: calls ? null : text,
              ...(toolCalls ? { tool_calls: toolCalls.map(({ index: _index, ...call }) => call) } : {}),
            },
            finish_reason: finish,
          },
        ],
        usage,
      });
    }
    const sse = startSse(res);
    const chunk = (delta: Json, finishReason: string | null, extra: Json = {}) =>
      sse(
        `data: ${JSON.stringify({
          id,
          object: "chat.completion.chunk",
          created,
          model,
          choices: [{ index: 0, delta, finish_reason: finishReason }],
          ...extra,
        })}\n\n`,
      );
    chunk({ role: "assistant", content: "" }, null);
    if (toolCalls) {
      for (const call of toolCalls) {
        const [first, second] = halves(call.function.arguments);
        chunk({ tool_calls: [{ ...call, function: { name: call.function.name, arguments: first } }] }, null);
        chunk({ tool_calls: [{ index: call.index, function: { arguments: second } }] }, null);
      }
    } else {
      for (const piece of halves(text)) chunk({ content: piece }, null);
    }
    chunk({}, finish, { usage });
    sse("data: [DONE]\n\n");
    res.end();
  }

  // -------------------------------------------------------------------------------------------------------------------
  // OpenAI Responses

  private responses(body: Json, res: ServerResponse): void {
    const input =
      typeof body.input === "string" ? [{ role: "user", content: body.input }] : asArray(body.input);
    const last = input.at(-1);
    const conversation: Conversation = {
      tools: asArray(body.tools).map((t) => ({
        name: String(t.name ?? t.type),
        schema: t.parameters as Json,
        freeform: t.type === "custom",
      })),
      lastUserText: lastUserText(
        input,
        (item) => item.role === "user" && (item.type === undefined || item.type === "message"),
        (m) =>
          typeof m.content === "string"
            ? m.content
            : contentText(m.content, (part) => part.type === "input_text"),
      ),
      afterToolResult: typeof last?.type === "string" && last.type.endsWith("_output"),
      raw: JSON.stringify(body),
    };
    const calls = pickCalls(conversation);
    this.record("responses", "/v1/responses", calls, conversation);
    const responseId = this.id("resp");
    const model = typeof body.model === "string" ? body.model : "gpt-5.5";
    const items: Json[] = calls
      ? calls.map((call) =>
          call.input !== undefined
            ? {
                type: "custom_tool_call",
                id: this.id("ctc"),
                call_id: this.id("call"),
                name: call.name,
                input: call.input,
                status: "completed",
              }
            : {
                type: "function_call",
                id: this.id("fc"),
                call_id: this.id("call"),
                name: call.name,
                arguments: JSON.stringify(call.args ?? {}),
                status: "completed",
              },
        )
      : [
          {
            type: "message",
            id: this.id("msg"),
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text: textAnswer(conversation), annotations: [] }],
          },
        ];
    const usage = {
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 20,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 120,
    };
    const response = (status: string, output: Json[]) => ({
      id: responseId,
      object: "response",
      created_at: Math.floor(Date.now() / 1000),
      model,
      status,
      output,
      ...(status === "completed" ? { usage } : {}),
    });
    if (body.stream !== true) return json(res, response("completed", items));
    const sse = startSse(res);
    let sequence = 0;
    const event = (type: string, data: Json) =>
      sse(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...data })}\n\n`);
    event("response.created", { response: response("in_progress", []) });
    items.forEach((item, outputIndex) => {
      event("response.output_item.added", {
        output_index: outputIndex,
        item: { ...item, status: "in_progress" },
      });
      if (item.type === "message") {
        const text = String((asArray(item.content)[0] as Json).text);
        for (const delta of halves(text))
          event("response.output_text.delta", {
            item_id: item.id,
            output_index: outputIndex,
            content_index: 0,
            delta,
          });
      }
      event("response.output_item.done", { output_index: outputIndex, item });
    });
    event("response.completed", { response: response("completed", items) });
    res.end();
  }

  // -------------------------------------------------------------------------------------------------------------------
  // Gemini

  private gemini(body: Json, res: ServerResponse, stream: boolean): void {
    const contents = asArray(body.contents);
    const lastParts = asArray(contents.at(-1)?.parts);
    const declarations = asArray(body.tools).flatMap((t) => asArray(t.functionDeclarations));
    const conversation: Conversation = {
      tools: declarations.map((d) => ({
        name: String(d.name),
        schema: (d.parametersJsonSchema ?? d.parameters) as Json,
      })),
      lastUserText: lastUserText(
        contents,
        (c) => c.role === "user",
        (c) => contentText(c.parts, (part) => typeof part.text === "string"),
      ),
      afterToolResult: lastParts.some((part) => part.functionResponse),
      raw: JSON.stringify(body),
    };
    const config = (body.generationConfig ?? {}) as Json;
    const wantsJson =
      config.responseMimeType === "application/json" || config.responseJsonSchema || config.responseSchema;
    const calls = wantsJson ? undefined : pickCalls(conversation);
    this.record("gemini", stream ? ":streamGenerateContent" : ":generateContent", calls, conversation);
    const parts: Json[] = calls
      ? calls.map((call) => ({ functionCall: { name: call.name, args: call.args ?? {} } }))
      : wantsJson
        ? [{ text: JSON.stringify(routerAnswer(config)) }]
        : [{ text: textAnswer(conversation) }];
    const usageMetadata = { promptTokenCount: 100, candidatesTokenCount: 20, totalTokenCount: 120 };
    const candidate = (candidateParts: Json[], finishReason?: string) => ({
      candidates: [
        {
          content: { role: "model", parts: candidateParts },
          index: 0,
          ...(finishReason ? { finishReason } : {}),
        },
      ],
      usageMetadata,
      modelVersion: "gemini-scripted",
    });
    if (!stream) return json(res, candidate(parts, "STOP"));
    const sse = startSse(res);
    if (parts.length === 1 && typeof parts[0]!.text === "string") {
      const [first, second] = halves(parts[0]!.text);
      sse(`data: ${JSON.stringify(candidate([{ text: first }]))}\n\n`);
      sse(`data: ${JSON.stringify(candidate([{ text: second }], "STOP"))}\n\n`);
    } else {
      sse(`data: ${JSON.stringify(candidate(parts, "STOP"))}\n\n`);
    }
    res.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Scenarios

/** The tool calls the scenario in the latest prompt asks for, or undefined for a text answer. */
function pickCalls(conversation: Conversation): ScriptedCall[] | undefined {
  if (conversation.afterToolResult) return undefined;
  const marker = /\[scenario:(write|run|tee|shell|multi|read|plan|ask)(?::([^\]]+))?\]/.exec(
    conversation.lastUserText,
  );
  if (!marker) return undefined;
  const workspace = findWorkspace(conversation.raw);
  const argument = marker[2]?.trim();
  const write = (file: string, content: string): Intent => ({ kind: "write", file, content });
  const run = (file: string): Intent => ({ kind: "run", command: `echo hi > ${file}` });
  const tee = (file: string): Intent => ({ kind: "run", command: `echo ran ${file} | tee ${file}` });
  const intents: Intent[] = {
    write: () => [write(argument ?? "hello.txt", "hello from the scripted model\n")],
    run: () => [run(argument ?? "out.txt")],
    tee: () => [tee(argument ?? "out.txt")],
    shell: () => [{ kind: "run" as const, command: argument ?? "true" }],
    multi: () => [write("a.txt", "a\n"), write("b.txt", "b\n")],
    read: () => [{ kind: "read" as const, path: argument ?? "/etc/hostname" }],
    plan: () => [{ kind: "plan" as const, plan: "1. Write hello.txt\n2. Run the tests" }],
    ask: () => [{ kind: "ask" as const, questions: [ASKED] }],
  }[marker[1] as "write" | "run" | "tee" | "shell" | "multi" | "read" | "plan" | "ask"]();
  const calls = intents.map((intent) => callFor(intent, conversation.tools, workspace));
  return calls.every((call): call is ScriptedCall => call !== undefined) ? calls : undefined;
}

/** Tool names each agent uses for each intent, in order of preference. */
const TOOL_NAMES: Record<Intent["kind"], string[]> = {
  write: ["Write", "write_file", "create", "apply_patch"],
  run: ["Bash", "run_shell_command", "bash", "shell", "shell_command", "exec_command"],
  read: ["Read", "read_file", "view", "shell", "shell_command", "exec_command"],
  plan: ["exit_plan_mode", "ExitPlanMode"],
  ask: ["ask_user_question", "AskUserQuestion"],
};

/** `[scenario:ask]`'s question, in the shape Qwen's and Claude's question tools take. */
const ASKED: Json = QUESTIONS[0]!;

function callFor(
  intent: Intent,
  tools: OfferedTool[],
  workspace: string | undefined,
): ScriptedCall | undefined {
  const tool = TOOL_NAMES[intent.kind].map((name) => tools.find((t) => t.name === name)).find(Boolean);
  if (!tool) return undefined;
  // Joined as written, not normalised: a model may name `link/../x`, which the OS resolves through the link.
  const absolute = (file: string) => (isAbsolute(file) || !workspace ? file : `${workspace}/${file}`);
  if (intent.kind === "ask") return { name: tool.name, args: { questions: intent.questions } };
  if (tool.name === "apply_patch" && intent.kind === "write") {
    const patch = [
      "*** Begin Patch",
      `*** Add File: ${absolute(intent.file)}`,
      ...intent.content
        .replace(/\n$/, "")
        .split("\n")
        .map((line) => `+${line}`),
      "*** End Patch",
    ].join("\n");
    return tool.freeform ? { name: tool.name, input: patch } : { name: tool.name, args: { input: patch } };
  }
  const command =
    intent.kind === "run" ? intent.command : intent.kind === "read" ? `cat ${intent.path}` : undefined;
  return {
    name: tool.name,
    args: fillArguments(tool.schema, {
      path:
        intent.kind === "write" ? absolute(intent.file) : intent.kind === "read" ? intent.path : undefined,
      content: intent.kind === "write" ? intent.content : undefined,
      command,
      workdir: workspace,
      plan: intent.kind === "plan" ? intent.plan : undefined,
    }),
  };
}

interface ArgumentValues {
  path?: string;
  content?: string;
  command?: string;
  workdir?: string;
  plan?: string;
}

/** Fills a tool's arguments from its JSON schema by what each property's name says it is. */
function fillArguments(schema: Json | undefined, values: ArgumentValues): Json {
  const properties = (schema?.properties ?? {}) as Record<string, Json>;
  const required = new Set(asStrings(schema?.required));
  const args: Json = {};
  for (const [name, property] of Object.entries(properties)) {
    const type = property.type;
    let value: unknown;
    if (/^(file_?path|absolute_path|path|filePath)$/i.test(name)) value = values.path;
    else if (/^(content|file_text|text|contents)$/i.test(name)) value = values.content;
    else if (/^(command|cmd)$/i.test(name))
      value = values.command && (type === "array" ? ["bash", "-lc", values.command] : values.command);
    else if (name === "plan") value = values.plan;
    else if (/^(workdir|cwd|dir_path|directory)$/i.test(name))
      value = required.has(name) ? values.workdir : undefined;
    else if (/description|justification|reason/i.test(name))
      value = values.command ? `Run ${values.command}` : "Scripted";
    // Codex runs commands in a sandbox unless the model asks to escalate, which is what asks the person.
    else if (
      name === "sandbox_permissions" &&
      values.command &&
      asStrings(property.enum).includes("require_escalated")
    )
      value = "require_escalated";
    else if (required.has(name)) value = defaultFor(property);
    if (value !== undefined) args[name] = value;
  }
  return args;
}

function defaultFor(property: Json): unknown {
  if (Array.isArray(property.enum)) return property.enum[0];
  switch (property.type) {
    case "boolean":
      return false;
    case "number":
    case "integer":
      return typeof property.default === "number" ? property.default : 1;
    case "array":
      return [];
    case "object":
      return {};
    default:
      return typeof property.default === "string" ? property.default : "scripted";
  }
}

function textAnswer(conversation: Conversation): string {
  return conversation.afterToolResult ? FINAL_TEXT : PLAIN_TEXT;
}

/** Gemini's model router asks for `{complexity_reasoning, complexity_score}`; other JSON side calls get an object. */
function routerAnswer(config: Json): Json {
  const schema = JSON.stringify(config.responseJsonSchema ?? config.responseSchema ?? {});
  if (schema.includes("complexity_score"))
    return { complexity_reasoning: "A simple, scripted request.", complexity_score: 10 };
  return { reasoning: "scripted", next_speaker: "user" };
}

/** The workspace folder, as the agent tells its model (system prompt or environment context). */
export function findWorkspace(raw: string): string | undefined {
  const text = raw.replace(/\\n/g, "\n").replace(/\\"/g, '"');
  const patterns = [
    /<cwd>([^<]+)<\/cwd>/,
    /Primary working directory: (\/[^\s"]+)/,
    /[Ww]orking directory: (\/[^\s"]+)/,
    /current working directory(?: is)?:? [`']?(\/[^\s"`']+)/i,
    /working in the directory:? [`']?(\/[^\s"`']+)/i,
    /[Ww]orkspace [Dd]irectories:\*\*\n\s*- (\/[^\s"]+)/,
    /(?:^|[\s"'`])(\/tmp\/symposium-(?:client|real)-[A-Za-z0-9]+)/,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) return match[1]!.replace(/[.,;:]+$/, "");
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------------
// Helpers

function asArray(value: unknown): Json[] {
  return Array.isArray(value) ? (value.filter((v) => v && typeof v === "object") as Json[]) : [];
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

function contentText(content: unknown, isText: (part: Json) => boolean): string {
  if (typeof content === "string") return content;
  return asArray(content)
    .filter(isText)
    .map((part) => (typeof part.text === "string" ? part.text : ""))
    .join("\n");
}

/**
 * The text of the last message when the person wrote it: a side call that replays a finished conversation (its last
 * message is the model's) must not replay the scenario's tool call.
 */
function lastUserText(
  messages: Json[],
  isUser: (message: Json) => boolean,
  textOf: (message: Json) => string,
): string {
  // Some agents append context as trailing system messages; those are not the model's turn.
  const last = messages.filter((m) => m.role !== "system" && m.role !== "developer").at(-1);
  return last && isUser(last) ? textOf(last) : "";
}

function halves(text: string): [string, string] {
  const middle = Math.ceil(text.length / 2);
  return [text.slice(0, middle), text.slice(middle)];
}

function startSse(res: ServerResponse): (text: string) => void {
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  return (text) => res.write(text);
}

function json(res: ServerResponse, body: unknown): void {
  end(res, 200, JSON.stringify(body), "application/json");
}

function end(res: ServerResponse, status: number, body: string, type = "application/json"): void {
  res.writeHead(status, { "content-type": type });
  res.end(body);
}
