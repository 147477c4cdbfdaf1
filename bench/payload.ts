/**
 * The requests every benchmark sends. The standard one is the floors' payload: a v2 `session/request_permission`
 * whose params serialize to exactly 571 bytes (a command in the workspace, allow-once and reject-once), so the raw,
 * SDK and extension-host figures time the same bytes. The large ones feed the card-build and render benchmarks.
 */

export const PARAMS_BYTES = 571;
export const ALLOW_ONCE = "allow-once";
export const REJECT_ONCE = "reject-once";

export interface PermissionParams {
  sessionId: string;
  title: string;
  description?: string;
  subject?: Record<string, unknown>;
  options: { optionId: string; name: string; kind: string }[];
}

export const STANDARD_OPTIONS = [
  { optionId: ALLOW_ONCE, name: "Allow once", kind: "allow_once" },
  { optionId: REJECT_ONCE, name: "Reject", kind: "reject_once" },
];

const FILLER =
  "Runs the project's unit tests once, without watching, and reports the results in the terminal. ";

/** The standard request: 571 bytes of params (unless `cwd` alone is longer than that allows). */
export function standardParams(sessionId: string, cwd: string, title: string): PermissionParams {
  const params: PermissionParams = {
    sessionId,
    title,
    description: "",
    subject: { type: "command", command: "npm test -- --watch=false", cwd },
    options: STANDARD_OPTIONS,
  };
  const missing = PARAMS_BYTES - Buffer.byteLength(JSON.stringify(params));
  if (missing > 0) params.description = FILLER.repeat(Math.ceil(missing / FILLER.length)).slice(0, missing);
  return params;
}

/** `lines` lines of a plausible source file. */
export function sourceLines(lines: number, seed = 0): string[] {
  return Array.from(
    { length: lines },
    (_, i) => `  const value${i} = compute(${i + seed}, "line ${i} of the generated module");`,
  );
}

/** A git patch that rewrites every line of a `lines`-line file: `2 * lines` changed lines plus headers. */
export function gitPatch(path: string, lines: number): string {
  const before = sourceLines(lines);
  const after = sourceLines(lines, 1);
  return [
    `diff --git a/${path} b/${path}`,
    `--- a/${path}`,
    `+++ b/${path}`,
    `@@ -1,${lines} +1,${lines} @@`,
    ...before.map((line) => `-${line}`),
    ...after.map((line) => `+${line}`),
  ].join("\n");
}

/** A v2 tool call announcing an edit of `src/generated/<name>.ts` whose `lines` lines all change (a git patch). */
function editToolCall(cwd: string, name: string, toolCallId: string, lines: number): Record<string, unknown> {
  const relative = `src/generated/${name}.ts`;
  const path = `${cwd}/${relative}`;
  return {
    toolCallId,
    title: `Edit ${name}.ts`,
    kind: "edit",
    status: "pending",
    locations: [{ path }],
    content: [
      {
        type: "diff",
        changes: [{ operation: "modify", path, fileType: "text" }],
        patch: { format: "git_patch", text: gitPatch(relative, lines) },
      },
    ],
  };
}

/** The tool call a paint probe announces before its request. */
export function probeToolCall(cwd: string, id: string, lines: number): Record<string, unknown> {
  return editToolCall(cwd, id, `probe-edit-${id}`, lines);
}

/** A v2 request about an edit whose tool call carries a `lines`-line git patch (the render benchmark's card). */
export function diffParams(sessionId: string, cwd: string, index: number, lines: number): PermissionParams {
  return {
    sessionId,
    title: `Apply the generated edit #${index}`,
    subject: {
      type: "tool_call",
      toolCall: editToolCall(cwd, `module${index}`, `bench-edit-${index}`, lines),
    },
    options: STANDARD_OPTIONS,
  };
}
