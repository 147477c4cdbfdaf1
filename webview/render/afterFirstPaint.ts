/**
 * Work put off until the view has painted its next frame: the lines of a long code box past its first screenful
 * (firstScreen.ts), settling the list elements behind a new one (settledEnd.ts).
 */
import { inBackground } from "../dom";

/** The longest stretch of put-off work in one task; the next waits for a new task, so input and frames get in. */
const SLICE_MS = 8;
/** Put off until the next paint. */
let waiting: (() => void)[] = [];
/** Painted, to run in order from `next`. */
let ready: (() => void)[] = [];
let next = 0;
let paintAwaited = false;
let draining = false;

/**
 * Runs `work` in a task after the next frame has been painted, in order with every other piece put off, in tasks of
 * about `SLICE_MS` (a snapshot with many long boxes does not build them all in one task). A piece put off while
 * earlier ones still run waits for a paint of its own, so its box's first frame never pays for it.
 */
export function afterFirstPaint(work: () => void): void {
  waiting.push(work);
  if (paintAwaited) return;
  paintAwaited = true;
  // An animation-frame callback runs before its frame's paint; a task queued from it runs after.
  requestAnimationFrame(() => inBackground(painted));
}

function painted(): void {
  paintAwaited = false;
  ready = ready.slice(next).concat(waiting);
  next = 0;
  waiting = [];
  if (draining) return;
  draining = true;
  drain();
}

function drain(): void {
  const until = performance.now() + SLICE_MS;
  while (next < ready.length) {
    const work = ready[next++];
    try {
      work?.();
    } catch (error) {
      // One box's failure must not keep every later box short; the error still reaches the console.
      setTimeout(() => {
        throw error;
      }, 0);
    }
    if (next < ready.length && performance.now() >= until) {
      inBackground(drain);
      return;
    }
  }
  ready = [];
  next = 0;
  draining = false;
}
