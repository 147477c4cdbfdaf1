/**
 * The answers of one connection that can be megabytes (`fs/read_text_file`, `terminal/output`): a few built at a
 * time, each once the agent has read most of what was written to it. An agent that asked for a hundred 8 MiB files
 * and stopped reading its input made the host hold every answer (1.7 GB); its asks now wait, small, until it reads.
 */
import type { Writable } from "node:stream";

const AT_ONCE = 4;
/** Unread bytes in the agent's input past which the next large answer waits. */
const UNREAD_BYTES = 1024 * 1024;

export class LargeAnswers {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly input: Writable) {}

  async build<T>(answer: () => Promise<T> | T): Promise<T> {
    if (this.running < AT_ONCE) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      await read(this.input);
      return await answer();
    } finally {
      // After the SDK has written this answer (in the tasks after the handler's), so the next one sees it unread.
      setImmediate(() => {
        const next = this.waiting.shift();
        if (next) next();
        else this.running--;
      });
    }
  }
}

/** Resolves once at most `most` bytes wait in `input`, or it closed. */
export function read(input: Writable, most = UNREAD_BYTES): Promise<void> {
  if (input.writableLength <= most || input.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      input.off("drain", done);
      input.off("close", done);
      resolve();
    };
    input.on("drain", done);
    input.on("close", done);
  });
}
