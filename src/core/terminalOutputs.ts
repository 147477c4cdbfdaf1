/**
 * The output of a session's terminals, as the tool calls that embed them show it: the tail of each
 * (`LIMITS.terminalOutputChars`), within a budget of characters over all of them and a number of terminals. An agent
 * names terminals freely (v2 `terminal_update`), and 1,000 of them held 89 MiB before these bounds. The least recently
 * updated give up their output first (it then reads as no longer kept: empty and truncated), then their place.
 */
import { LIMITS } from "../shared/limits";
import { ownCopy } from "./fullTextCache";

export interface TerminalState {
  output: string;
  truncated: boolean;
  exitCode?: number | null;
}

export class TerminalOutputs {
  /** Least recently updated first. */
  private readonly states = new Map<string, TerminalState>();
  private chars = 0;

  constructor(
    private readonly budgetChars: number,
    private readonly maxTerminals: number,
  ) {}

  get(terminalId: string): Readonly<TerminalState> | undefined {
    return this.states.get(terminalId);
  }

  /** Changes a terminal's state (a new one starts empty), makes it the most recent, and keeps the bounds. */
  update(terminalId: string, change: (state: TerminalState) => void): void {
    const state = this.states.get(terminalId) ?? { output: "", truncated: false };
    this.chars -= state.output.length;
    this.states.delete(terminalId);
    change(state);
    this.states.set(terminalId, state);
    this.chars += state.output.length;
    for (const [id, oldest] of this.states) {
      if (this.chars <= this.budgetChars && this.states.size <= this.maxTerminals) return;
      if (id === terminalId) return;
      this.chars -= oldest.output.length;
      if (this.states.size > this.maxTerminals) this.states.delete(id);
      else if (oldest.output !== "") {
        oldest.output = "";
        oldest.truncated = true;
      }
    }
  }
}

/**
 * Appends to a terminal's output, keeping the tail (the latest output is what matters for a running command) in a
 * string of its own: a slice of the agent's decoded text would keep all of it alive (V8 slices point into their source).
 */
export function appendOutput(state: TerminalState, text: string): void {
  const joined = state.output + text;
  if (joined.length <= LIMITS.terminalOutputChars) {
    state.output = joined;
    return;
  }
  state.output = ownCopy(joined.slice(joined.length - LIMITS.terminalOutputChars));
  state.truncated = true;
}
