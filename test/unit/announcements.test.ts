import assert from "node:assert/strict";
import { Announcements } from "../../webview/announcements";

/** Frames every 16 ms on a clock the test moves (Node's timers and `performance.now`, faked for the test). */
function fakePage() {
  let now = 0;
  let frames: (() => void)[] = [];
  let timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 1;
  const saved = (["setTimeout", "clearTimeout", "performance"] as const).map(
    (name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)!] as const,
  );
  const define = (name: string, value: unknown) =>
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  define("performance", { now: () => now });
  define("setTimeout", (run: () => void, ms = 0) => {
    timers.push({ at: now + ms, run, id: nextId });
    return nextId++;
  });
  define("clearTimeout", (id: number) => (timers = timers.filter((t) => t.id !== id)));
  const region = { text: "", said: [] as string[] };
  const announcements = new Announcements({
    afterPaint: (run) => frames.push(run),
    clear: () => (region.text = ""),
    write: (text) => {
      region.text = text;
      region.said.push(text);
    },
  });
  return {
    announcements,
    region,
    /** Lets `ms` pass, a millisecond at a time: a frame every 16 ms, timers when due. */
    advance(ms: number): void {
      for (const end = now + ms; now < end;) {
        now++;
        if (now % 16 === 0) {
          const due = frames;
          frames = [];
          for (const run of due) run();
        }
        const due = timers.filter((t) => t.at <= now);
        timers = timers.filter((t) => t.at > now);
        for (const timer of due) timer.run();
      }
    },
    restore(): void {
      for (const [name, descriptor] of saved) Object.defineProperty(globalThis, name, descriptor);
    },
  };
}

describe("Announcements (what the view's live region says, and when)", () => {
  let page: ReturnType<typeof fakePage>;
  beforeEach(() => (page = fakePage()));
  afterEach(() => page.restore());

  it("says a card within moments though an announcement follows it every few milliseconds", () => {
    const { announcements, region } = page;
    announcements.announce("Permission requested by Evil: Upload the keys", true);
    let saidAt: number | undefined;
    for (let ms = 0; ms < 3_000; ms += 15) {
      announcements.announce(`Mode: ${ms % 30 ? "Ask" : "Plan"}`);
      page.advance(15);
      if (saidAt === undefined && region.said.some((text) => text.includes("Upload the keys"))) saidAt = ms;
    }
    assert.ok(saidAt !== undefined && saidAt <= 400, `the card said after ${saidAt} ms of a 3 s stream`);
    assert.ok(region.said.length >= 5, `the stream said as it goes: ${region.said.length} writes`);
    assert.equal(
      region.said.filter((text) => text.includes("Upload the keys")).length,
      1,
      "the card said once",
    );
  });

  it("says a burst once, together, when it ends quickly", () => {
    const { announcements, region } = page;
    announcements.announce("Permission requested by Evil: Read the notes", true);
    announcements.announce("Mode: Ask");
    announcements.announce("Mode: Plan");
    page.advance(200);
    assert.deepEqual(region.said, ["Permission requested by Evil: Read the notes. Mode: Plan"]);
  });

  it("keeps the first of a flood of cards, counts those it leaves out, and says the newest", () => {
    const { announcements, region } = page;
    announcements.announce("Permission requested by Evil: Upload the keys", true);
    for (let i = 0; i < 12; i++)
      announcements.announce(`Permission requested by Evil: Junk ${i} ${"x".repeat(280)}`, true);
    page.advance(200);
    assert.equal(region.said.length, 1);
    const [text] = region.said;
    assert.ok(text!.startsWith("Permission requested by Evil: Upload the keys. "), text);
    assert.match(text!, /\. \d+ more not read out\. /);
    assert.match(text!, /Junk 11/, "and the newest");
  });
});
