/**
 * When the extension host hands a permission answer to an agent's stdin, on the host's fine clock: a tap on
 * `net.Socket`'s write (a child's stdin pipe is a socket) that stamps each chunk carrying an ACP permission outcome
 * (`{"outcome":{"outcome":…`; nothing else this host writes has that shape). Installed only while a click phase runs.
 */
import { Socket } from "node:net";

const MARK = '{"outcome":{"outcome":';

export class AnswerWrites {
  readonly at: number[] = [];
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, on the same prototype
  private readonly original = Socket.prototype.write;

  constructor(now: () => number) {
    const original = this.original;
    const at = this.at;
    const decoder = new TextDecoder();
    Socket.prototype.write = function (this: Socket, chunk: unknown, ...rest: unknown[]) {
      // An answer is a line of about 100 bytes; larger chunks are not read (the tap costs the host next to nothing).
      const text =
        typeof chunk === "string"
          ? chunk.slice(0, 400)
          : chunk instanceof Uint8Array && chunk.length <= 400
            ? decoder.decode(chunk)
            : "";
      if (text.includes(MARK)) at.push(now());
      return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    };
  }

  /** The first write at or after each of `after` (NaN where none). */
  firstAfter(after: readonly number[]): number[] {
    return after.map((from) => this.at.find((at) => at >= from) ?? Number.NaN);
  }

  dispose(): void {
    Socket.prototype.write = this.original;
  }
}
