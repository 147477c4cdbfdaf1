/**
 * What the client answers the agents: each call is routed to its session by connection and the agent's `sessionId`
 * (ids of another connection never match), then handed on: updates to the session, permission requests and forms
 * (`elicitation/create`) to the broker, v1 `fs/*` and `terminal/*` through their gates (protected files ask a person;
 * a terminal needs an approval).
 */
import { formContent, formOf } from "../core/agentForms";
import { EditBases } from "../core/editBases";
import { errorMessage } from "../core/errorMessage";
import { asObject, asString, type Json } from "../core/json";
import type { Logger } from "../core/logger";
import type { PolicyBoundary } from "../core/policy/resolvePath";
import type { AgentConnection, ClientCall, ClientCallbacks } from "./agentConnection";
import type { Runtime } from "./connectionPool";
import type { ConnectionScope } from "./connectionScope";
import type { PermissionBroker, WrittenChange } from "./permissionBroker";
import { LargeAnswers } from "./largeAnswers";
import type { Session } from "./session";

export interface HandlerHost {
  scopeOf(connection: AgentConnection): ConnectionScope | undefined;
  /** The SDK-backed runtime (loaded whenever an agent is connected). */
  runtime(): Runtime;
  broker: PermissionBroker;
  paths(): PolicyBoundary;
  log: Logger;
  /** Opens a link a person accepted on its card (`Environment.openExternal`); without it no link is asked for. */
  openExternal?(url: string): void;
}

export function clientCallbacks(host: HandlerHost): ClientCallbacks {
  const { broker } = host;
  const largeAnswers = new WeakMap<AgentConnection, LargeAnswers>();
  const paced = <T>(connection: AgentConnection, answer: () => Promise<T> | T): Promise<T> => {
    let answers = largeAnswers.get(connection);
    if (!answers) largeAnswers.set(connection, (answers = new LargeAnswers(connection.process.stdin)));
    return answers.build(answer);
  };
  // What each session's open edits were shown against: only v1 agents write through the client.
  const editBases = new WeakMap<Session, EditBases>();
  const basesOf = (session: Session): EditBases => {
    let bases = editBases.get(session);
    if (!bases) editBases.set(session, (bases = new EditBases()));
    return bases;
  };
  const noteToolCall = (connection: AgentConnection, session: Session, fields: Json | undefined): void => {
    if (connection.version !== 1 || !fields) return;
    basesOf(session).noteToolCall(fields, (path) => {
      const check = host.paths().check(path);
      return check.status === "inside" ? check.path : undefined;
    });
  };
  const unknownAsks = new WeakMap<AgentConnection, number>();
  /** The session an agent's call names; the call shows the agent read the message of a turn running there. */
  const route = (connection: AgentConnection, sessionId: unknown): Session | undefined => {
    const session = host.scopeOf(connection)?.route(sessionId);
    session?.heard();
    return session;
  };
  const routeOrThrow = (connection: AgentConnection, sessionId: unknown): Session => {
    const session = route(connection, sessionId);
    if (!session)
      throw host.runtime().sdk.RequestError.sessionNotFound(typeof sessionId === "string" ? sessionId : "");
    return session;
  };
  /**
   * Every `fs/*` path is resolved as the OS will resolve it (symlinks, dangling ones included, then `..`): what is not
   * inside a workspace folder is refused here, before any card. Protected files hold secrets (.env) and repository
   * internals: what leaves them goes to the agent's model, so reading or writing one asks a person; those protected
   * only for what they run (a CI pipeline, a hook manager's configuration) are read without asking.
   */
  const guardPath = async (
    connection: AgentConnection,
    params: Json,
    access: "read" | "write",
    call: ClientCall | undefined,
  ): Promise<{ session: Session; checked: string; asked?: (done: boolean) => void }> => {
    const session = routeOrThrow(connection, params.sessionId);
    const path = asString(params.path) ?? "";
    const check = host.paths().check(path);
    if (check.status !== "inside")
      throw host.runtime().sdk.RequestError.resourceNotFound(path.slice(0, 4096));
    // The agent's own reads come with no request: a deny or ask rule on the path holds them back here.
    const rule = broker.fsRule(connection.name, session, check, access);
    if (rule?.action === "deny")
      throw host.runtime().sdk.RequestError.invalidRequest({ path }, `refused by the rule: ${rule.label}`);
    const protectedAccess = check.protected && !(access === "read" && check.readable);
    if (!protectedAccess && rule === undefined) return { session, checked: check.path };
    // A write is asked about with what it writes: the file as it is against the agent's content. A Stop or the
    // tab's close while that is read answered the session's cards: this one is refused as they were.
    const stops = session.stops;
    const written = access === "write" ? await writtenChange(params, check.path) : undefined;
    const stale = session.stops !== stops || route(connection, params.sessionId) !== session;
    const asked = stale
      ? { allowed: false }
      : await broker.confirmProtectedAccess(
          connection,
          session,
          path,
          check.path,
          access,
          call,
          protectedAccess ? undefined : rule,
          written,
        );
    if (!asked.allowed) {
      throw host
        .runtime()
        .sdk.RequestError.invalidRequest(
          { path },
          `the user did not allow ${access === "read" ? "reading" : "writing"} this ${protectedAccess ? "protected " : ""}file`,
        );
    }
    // The file this check (and the person, for a protected one) saw: the access must reach that one.
    return { session, checked: check.path, ...(asked.done ? { asked: asked.done } : {}) };
  };
  /** The file's text now (or why it cannot be shown) and the content the agent writes. */
  const writtenChange = async (params: Json, checked: string): Promise<WrittenChange> => {
    const content = typeof params.content === "string" ? params.content : "";
    try {
      return { before: await host.runtime().fileSystem.currentText(String(params.path), checked), content };
    } catch (error) {
      return { unreadable: errorMessage(error), content };
    }
  };
  /**
   * Refuses a write over text the agent's open diff for the file did not show (`EditBases`): the file keeps it, the
   * error asks the agent to read the file again (Gemini's model reads any error as "[object Object]"), and the
   * transcript says why.
   */
  const refuseStaleWrite = async (
    connection: AgentConnection,
    session: Session,
    params: Json,
    checked: string,
  ): Promise<void> => {
    const bases = basesOf(session);
    if (!bases.judges(checked)) return;
    let current: string | null;
    try {
      current = await host.runtime().fileSystem.currentText(String(params.path), checked);
    } catch {
      return; // Not text Symposium reads (too large, not UTF-8): the write is judged by the file system alone.
    }
    const stale = bases.staleWrite(checked, current);
    if (stale === undefined) return;
    session.showItems(
      session.model.addNotice(
        "warning",
        `Symposium did not let ${connection.name} write ${checked}: ${stale}, and the write would have replaced what it did not show. The file keeps its text.`,
      ),
    );
    throw host
      .runtime()
      .sdk.RequestError.invalidRequest(
        { path: String(params.path).slice(0, 4096) },
        `${stale} (by the user or another program): read the file again and redo the edit`,
      );
  };
  return {
    requestPermission: (connection, params, request) => {
      const session = route(connection, params.sessionId);
      if (session) {
        noteToolCall(connection, session, asObject(params.toolCall));
        return broker.request(connection, session, params, request);
      }
      // A flood of them (200,000) was as many lines: the first few are logged, then the count at each power of ten.
      const asked = (unknownAsks.get(connection) ?? 0) + 1;
      unknownAsks.set(connection, asked);
      if (asked <= 3 || /^10+$/.test(String(asked)))
        host.log.warn(
          `${connection.name} asked permission for an unknown session (${asked} so far); answered cancelled.`,
        );
      return Promise.resolve({ outcome: "cancelled" });
    },
    elicitation: { form: {}, ...(host.openExternal ? { url: {} } : {}) },
    elicit: async (connection, params, request) => {
      const form = formOf(params);
      const { RequestError } = host.runtime().sdk;
      if ("refused" in form) throw RequestError.invalidParams(undefined, form.refused);
      if (form.url !== undefined && !host.openExternal)
        throw RequestError.invalidParams(undefined, "Symposium was not offered links to open here");
      const session = route(connection, form.sessionId);
      if (!session) throw RequestError.sessionNotFound(String(form.sessionId));
      // A form of no fields is a card of its message alone: no "questions could not be read" on it.
      const questions = form.questions.length > 0 ? form.questions : undefined;
      const outcome = await broker.elicit(connection, session, { ...form, questions }, request);
      if (outcome.outcome !== "selected" || outcome.optionId === "cancel") return { action: "cancel" };
      if (outcome.optionId === "decline") return { action: "decline" };
      if (form.url !== undefined) {
        // Accepting says the page was opened, not that what it is for was done (the agent tells that apart).
        host.openExternal!(form.url);
        return { action: "accept" };
      }
      const content = formContent(form, outcome.answers ?? {});
      return content ? { action: "accept", content } : { action: "cancel" };
    },
    sessionUpdate: (connection, params) => {
      const session = route(connection, params.sessionId);
      const update = asObject(params.update);
      if (!update) return;
      if (!session)
        return host.scopeOf(connection)?.closedSession(params.sessionId)?.applyClosedUpdate(update);
      broker.noteUpdate(session, update);
      session.applyUpdate(update, connection.version);
      if (update.sessionUpdate === "tool_call" || update.sessionUpdate === "tool_call_update")
        noteToolCall(connection, session, update);
    },
    fileSystem: {
      read: async (connection, params, call) => {
        const { session, checked } = await guardPath(connection, params, "read", call);
        return paced(connection, async () => {
          const read = await host
            .runtime()
            .fileSystem.read(
              params as { path: string; line?: number | null; limit?: number | null },
              checked,
            );
          const whole = (params.line ?? null) === null && (params.limit ?? null) === null;
          if (whole) basesOf(session).noteRead(checked, read.content);
          return read;
        });
      },
      write: async (connection, params, call) => {
        const { session, checked, asked } = await guardPath(connection, params, "write", call);
        const content = typeof params.content === "string" ? params.content : "";
        // A person who answered a card for this write saw the file as it is; otherwise its open diff is the check.
        if (!asked) await refuseStaleWrite(connection, session, params, checked);
        try {
          const written = await host
            .runtime()
            .fileSystem.write(params as { path: string; content: string }, checked);
          basesOf(session).noteWritten(checked, content);
          asked?.(true);
          return written;
        } catch (error) {
          asked?.(false);
          throw error;
        }
      },
    },
    terminals: {
      create: (connection, params) => {
        const session = routeOrThrow(connection, params.sessionId);
        if (session.stopping)
          throw host
            .runtime()
            .sdk.RequestError.invalidRequest(
              undefined,
              "the person pressed Stop: this turn runs no more commands",
            );
        // The approval showed a command, not an environment: PATH or NODE_OPTIONS would make it run something else.
        const variables = Array.isArray(params.env) ? params.env.length : 0;
        if (variables > 0) {
          throw host
            .runtime()
            .sdk.RequestError.invalidRequest(
              undefined,
              `the command's environment was not approved: terminal/create may not set environment variables (${variables} given)`,
            );
        }
        // Said as such: an approval never grants a folder outside the workspace, whatever the card showed.
        if (typeof params.cwd === "string" && broker.terminalFolder(params.cwd, session) === undefined)
          throw host
            .runtime()
            .sdk.RequestError.invalidParams(
              { cwd: params.cwd },
              "the terminal's cwd must be inside the workspace",
            );
        const approved = broker.takeApprovedCommand(session, params);
        if (!approved) {
          throw host
            .runtime()
            .sdk.RequestError.invalidRequest(
              undefined,
              `the command was not approved: no approved tool call of this turn runs ${commandLabel(params)}`,
            );
        }
        // Approved on the files as they were: an earlier command may have made a name on its way a link since.
        const changed = approved.recheck?.();
        if (changed !== undefined)
          throw host
            .runtime()
            .sdk.RequestError.invalidRequest(
              undefined,
              `the command was approved, but what it names has changed since: ${changed}. Ask for permission again.`,
            );
        try {
          // In the folder the approval was matched in, as resolved then: the agent's name for it (`params.cwd`) is
          // not resolved again, as a link on its way may lead elsewhere by now (`.git`). `heldFolder` refuses the
          // terminal when that folder is no longer at its path.
          return Promise.resolve(
            host.runtime().terminals.create(session.key, params as never, approved.cwd, session.turn),
          );
        } catch (error) {
          session.approveCommand(approved); // Refused (caps, its folder moved): the approval is not used up.
          throw error;
        }
      },
      output: (connection, params) =>
        paced(connection, () =>
          host
            .runtime()
            .terminals.output(routeOrThrow(connection, params.sessionId).key, String(params.terminalId)),
        ),
      waitForExit: async (connection, params, signal) => {
        const session = routeOrThrow(connection, params.sessionId);
        const exit = host.runtime().terminals.waitForExit(session.key, String(params.terminalId));
        if (!signal) return { ...(await exit) };
        // A wait the agent withdrew is answered now, as ACP asks, not when the command ends (a dev server: never).
        const { RequestError } = host.runtime().sdk;
        let onAbort = (): void => undefined;
        const withdrawn = new Promise<never>((_, reject) => {
          onAbort = () => reject(RequestError.requestCancelled(undefined));
          if (signal.aborted) onAbort();
          else signal.addEventListener("abort", onAbort, { once: true });
        });
        try {
          return { ...(await Promise.race([exit, withdrawn])) };
        } finally {
          signal.removeEventListener("abort", onAbort);
        }
      },
      kill: (connection, params) =>
        host
          .runtime()
          .terminals.kill(routeOrThrow(connection, params.sessionId).key, String(params.terminalId)),
      release: (connection, params) =>
        host
          .runtime()
          .terminals.release(routeOrThrow(connection, params.sessionId).key, String(params.terminalId)),
    },
  };
}

/** `command args… (in cwd)` for the refusal, capped: the agent's text, shown back to it only. */
function commandLabel(params: { command?: unknown; args?: unknown; cwd?: unknown }): string {
  const args = Array.isArray(params.args) ? params.args.map(String) : [];
  const where = typeof params.cwd === "string" ? ` in ${params.cwd}` : "";
  return JSON.stringify([String(params.command), ...args]).slice(0, 200) + where.slice(0, 200);
}
