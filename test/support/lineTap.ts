// Splits newline-delimited byte streams into lines without changing them. Tests and the scripted agent use it to
// see exactly what crossed the wire, before any SDK parsing or validation.

export interface LineSplitter {
  push(chunk: Uint8Array): void;
  /** Hands over a last line that had no newline. */
  end(): void;
}

export function createLineSplitter(onLine: (line: string) => void): LineSplitter {
  const decoder = new TextDecoder();
  // Pieces of the line not yet ended; kept as a list so a multi-megabyte line costs linear time.
  let pending: string[] = [];
  const finish = (): void => {
    const line = pending.join("").replace(/\r$/, "");
    pending = [];
    if (line.trim() !== "") onLine(line);
  };
  const take = (text: string): void => {
    const parts = text.split("\n");
    for (let i = 0; i < parts.length - 1; i++) {
      pending.push(parts[i]!);
      finish();
    }
    pending.push(parts[parts.length - 1]!);
  };
  return {
    push: (chunk) => take(decoder.decode(chunk, { stream: true })),
    end: () => {
      take(decoder.decode());
      finish();
    },
  };
}

/** A pass-through stream that hands each complete line to `onLine`. */
export function lineTap(onLine: (line: string) => void): TransformStream<Uint8Array, Uint8Array> {
  const splitter = createLineSplitter(onLine);
  return new TransformStream({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      splitter.push(chunk);
    },
    flush() {
      splitter.end();
    },
  });
}
