// Plays one script for one prompt turn. The turn ends with `end_turn` once every step ran and every permission
// request it sent has been answered, or with `cancelled` as soon as `session/cancel` arrives (answers that come
// later are still logged). A `hang` step never ends the turn, whatever happens.
import type { AgentLog } from "./agentLog";
import type { AgentStdio } from "./agentStdio";
import type { ProcessControl } from "./processControl";
import type { JsonObject, Script, Step } from "./script";
import type { TurnWire } from "./turnWire";

export type TurnEnd = "end_turn" | "cancelled";

interface PendingRequest {
  readonly index: number;
  readonly controller: AbortController;
  answered: Promise<void>;
}

/** Process-wide numbering of permission requests (`requestIndex`, from 0) and the ones still unanswered. */
export class PermissionRequests {
  private nextIndex = 0;
  private readonly unanswered: PendingRequest[] = [];

  constructor(private readonly log: AgentLog) {}

  send(wire: TurnWire, params: JsonObject): PendingRequest {
    const index = this.nextIndex++;
    const request: PendingRequest = { index, controller: new AbortController(), answered: Promise.resolve() };
    this.unanswered.push(request);
    request.answered = wire
      .requestPermission({ ...wire.defaultPermissionParams(index), ...params }, request.controller.signal)
      .then(
        (result) => {
          const outcome = (result as { outcome?: unknown } | null)?.outcome;
          this.log.write({
            kind: "outcome",
            requestIndex: index,
            ...(outcome === undefined ? { result } : { outcome }),
          });
        },
        (error: unknown) => {
          const { code, message } = error as { code?: unknown; message?: unknown };
          this.log.write({ kind: "outcome", requestIndex: index, error: { code, message: String(message) } });
        },
      )
      .finally(() => {
        const position = this.unanswered.indexOf(request);
        if (position >= 0) this.unanswered.splice(position, 1);
      });
    return request;
  }

  /** Withdraws the newest unanswered request not withdrawn yet (`$/cancel_request`); false if there is none. */
  cancelNewest(): boolean {
    const newest = this.unanswered.findLast((request) => !request.controller.signal.aborted);
    if (!newest) return false;
    this.log.write({ kind: "cancelRequest", requestIndex: newest.index });
    newest.controller.abort();
    return true;
  }
}

/**
 * Process-wide numbering of client-method calls (`callIndex`, from 0) and their results. A param string of the form
 * `"$result.<key>"` is replaced by `<key>` of the newest successful result that has it (e.g. `"$result.terminalId"`
 * after a `terminal/create`), so a script can name what an earlier call returned.
 */
export class ClientCalls {
  private nextIndex = 0;
  private readonly results: JsonObject[] = [];

  constructor(private readonly log: AgentLog) {}

  /** Calls not answered yet, for `cancelLastCall`. */
  private readonly unanswered: { callIndex: number; controller: AbortController }[] = [];

  send(wire: TurnWire, method: string, params: JsonObject): Promise<void> {
    const callIndex = this.nextIndex++;
    const open = { callIndex, controller: new AbortController() };
    this.unanswered.push(open);
    return wire
      .call(method, this.substitute(params) as JsonObject, open.controller.signal)
      .finally(() => this.unanswered.splice(this.unanswered.indexOf(open), 1))
      .then(
        (result) => {
          if (typeof result === "object" && result !== null && !Array.isArray(result))
            this.results.push(result as JsonObject);
          this.log.write({ kind: "callResult", callIndex, method, result: result ?? null });
        },
        (error: unknown) => {
          const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown };
          this.log.write({
            kind: "callResult",
            callIndex,
            method,
            error: { code, message: String(message), data },
          });
        },
      );
  }

  /** Withdraws the newest unanswered call not withdrawn yet (`$/cancel_request`); false if there is none. */
  cancelNewest(): boolean {
    const newest = this.unanswered.findLast((call) => !call.controller.signal.aborted);
    if (!newest) return false;
    this.log.write({ kind: "cancelCall", callIndex: newest.callIndex });
    newest.controller.abort();
    return true;
  }

  private substitute(value: unknown): unknown {
    if (typeof value === "string") {
      const key = /^\$result\.(\w+)$/.exec(value)?.[1];
      if (key === undefined) return value;
      const found = this.results.findLast((result) => key in result);
      return found ? found[key] : value;
    }
    if (Array.isArray(value)) return value.map((item) => this.substitute(item));
    if (typeof value === "object" && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.substitute(v)]));
    }
    return value;
  }
}

export interface RunnerDeps {
  readonly wire: TurnWire;
  readonly stdio: AgentStdio;
  readonly control: ProcessControl;
  readonly log: AgentLog;
  readonly requests: PermissionRequests;
  readonly calls: ClientCalls;
}

export class ScriptRunner {
  private readonly sent: PendingRequest[] = [];
  /** Client-method calls of this turn that have not been awaited by their step (`wait: false`). */
  private readonly calls: Promise<void>[] = [];
  private readonly cancelled: Promise<void>;

  constructor(
    private readonly deps: RunnerDeps,
    private readonly cancelSignal: AbortSignal,
  ) {
    this.cancelled = new Promise((resolve) => {
      if (cancelSignal.aborted) resolve();
      else cancelSignal.addEventListener("abort", () => resolve(), { once: true });
    });
  }

  async run(script: Script): Promise<TurnEnd> {
    if (script.cancelPending) {
      void this.cancelled.then(() => {
        for (const request of this.sent) if (!request.controller.signal.aborted) request.controller.abort();
      });
    }
    for (const step of script.steps) {
      if (this.cancelSignal.aborted) break;
      await this.perform(step);
    }
    await this.untilCancelled(this.allAnswered());
    return this.cancelSignal.aborted ? "cancelled" : "end_turn";
  }

  private allAnswered(): Promise<unknown> {
    return Promise.all([...this.sent.map((request) => request.answered), ...this.calls]);
  }

  private untilCancelled(work: Promise<unknown>): Promise<void> {
    return Promise.race([work.then(() => undefined), this.cancelled]);
  }

  private times(repeat: number, action: (index: number) => unknown): Promise<void> {
    return (async () => {
      for (let i = 0; i < repeat && !this.cancelSignal.aborted; i++) await action(i);
    })();
  }

  private async perform(step: Step): Promise<void> {
    const { wire, stdio, control, requests } = this.deps;
    switch (step.action) {
      case "request":
        return this.times(step.repeat, async () => {
          const request = requests.send(wire, step.params);
          this.sent.push(request);
          if (step.wait) await this.untilCancelled(request.answered);
        });
      case "waitAll":
        return this.untilCancelled(this.allAnswered());
      case "cancelLast":
        return this.times(step.repeat, () => requests.cancelNewest());
      case "cancelLastCall":
        this.deps.calls.cancelNewest();
        return;
      case "update":
        return this.times(step.repeat, (index) =>
          wire.sendUpdate(numbered(step.update, index), step.sessionId),
        );
      case "say":
        return this.times(step.repeat, () => wire.sendUpdate(wire.chunk("agent_message_chunk", step.text)));
      case "think":
        return this.times(step.repeat, () => wire.sendUpdate(wire.chunk("agent_thought_chunk", step.text)));
      case "sleep":
        return this.untilCancelled(new Promise((resolve) => setTimeout(resolve, step.ms)));
      case "stderr":
        // Each line is handed to the pipe before the next step, so an `exit` right after cannot drop it.
        return this.times(
          step.repeat,
          () => new Promise<void>((resolve) => process.stderr.write(`${step.text}\n`, () => resolve())),
        );
      case "raw":
        return this.times(step.repeat, () =>
          stdio.writeRaw(`${JSON.stringify(step.value)}\n`, { frame: step.value }),
        );
      case "rawLine":
        return this.times(step.repeat, () =>
          stdio.writeRaw(`${step.line}\n`, { line: step.line.slice(0, 1000), length: step.line.length }),
        );
      case "rawBase64":
        return this.times(step.repeat, () => stdio.writeRaw(step.bytes, { byteLength: step.bytes.length }));
      case "bigLine":
        return stdio.writeRaw(this.bigLine(step.bytes), { bigLine: step.bytes });
      case "exit":
        return control.exit(step.code);
      case "kill":
        control.kill(step.signal);
        return;
      case "closeStdout":
        control.keepAlive();
        return stdio.closeStdout();
      case "hang":
        control.keepAlive();
        this.deps.log.write({ kind: "hang", sessionId: wire.sessionId });
        return new Promise<never>(() => undefined);
      case "stayAlive":
        control.keepAlive();
        return;
      case "spawnChild":
        await control.spawnChild(step.ignoreSigterm);
        return;
      case "ignoreSigterm":
        control.ignoreSigterm();
        return;
      case "call":
        return this.times(step.repeat, async () => {
          const call = this.deps.calls.send(wire, step.method, step.params);
          this.calls.push(call);
          if (step.wait) await this.untilCancelled(call);
        });
    }
  }

  /** A valid `session/update` message chunk padded so the line (with its newline) is at least `bytes` long. */
  private bigLine(bytes: number): string {
    const frame = (text: string): string =>
      JSON.stringify({
        jsonrpc: "2.0",
        method: "session/update",
        params: {
          sessionId: this.deps.wire.sessionId,
          update: this.deps.wire.chunk("agent_message_chunk", text),
        },
      }) + "\n";
    const padding = Math.max(0, bytes - Buffer.byteLength(frame("")));
    return frame("x".repeat(padding));
  }
}

/** The update with each "{n}" in its JSON replaced by the repetition's index (one object per repetition). */
function numbered(update: JsonObject, index: number): JsonObject {
  const json = JSON.stringify(update);
  return json.includes("{n}") ? (JSON.parse(json.replaceAll("{n}", String(index))) as JsonObject) : update;
}
