/**
 * What a session with nothing in its transcript yet says: that the agent is starting (or reopening an earlier session)
 * and a message can be written already, or what the person can do now. Nothing once the session has ended (its bar
 * says why).
 */
import type { SessionHeader } from "../../src/shared/protocol";

export function sessionHint(header: SessionHeader): string[] {
  const agent = header.agentName;
  switch (header.status) {
    case "starting":
      if (header.reopening)
        return [
          // Not the agent's title (its text; the tab shows it): the agent's name is the person's own setting.
          `Reopening an earlier ${agent} session…`,
          header.reopening === "with-messages"
            ? `Its earlier messages show here as ${agent} sends them. You can write a message now: it is sent once the session is open.`
            : `${agent} does not send the earlier messages of a session it reopens, so they are not shown here. You can write a message now: it is sent once the session is open.`,
        ];
      return [
        `Starting ${agent}…`,
        "You can write your first message now: it is sent when the agent is ready.",
      ];
    case "ended":
    case "error":
      return [];
    default:
      return [
        `Tell ${agent} what to do.`,
        header.commands.length > 0
          ? "Type @ to add a workspace file, / for the agent's commands."
          : "Type @ to add a workspace file.",
        header.bypassed
          ? "Bypass Permissions is on for this agent: inside the workspace it acts without asking; outside it, and on protected files, it still asks here."
          : "Before it runs a command or changes a file, it asks here, unless one of your rules allows it.",
      ];
  }
}
