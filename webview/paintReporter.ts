/**
 * Benchmarks only (`BootData.reportPaint`): reports when each card became visible, measured the way a person sees it.
 * A MutationObserver stamps the moment a card's node went into the document; the first paint after it is stamped
 * by a `requestAnimationFrame` callback (which runs just before the frame is rendered) followed by a message-channel
 * tick (which runs once that frame's rendering task is done). Each card is reported once, by its `data-key`.
 */
export interface PaintReport {
  key: string;
  /**
   * Date.now() when the view's message listener began handling the host message that came last before the insertion
   * (the message that brought the card, when it was inserted in that message's task). A listener the benchmark adds
   * to the page runs after the view's own, so only the view can stamp the start of its handling.
   */
  messageAt: number | undefined;
  /** Date.now() when the card's node was inserted (end of the inserting task: observers run as its microtask). */
  insertedAt: number;
  /** Date.now() when that frame began (its requestAnimationFrame callbacks ran; style, layout and paint follow). */
  frameAt: number;
  /** Date.now() after the first frame that followed the insertion was rendered. */
  paintedAt: number;
}

export function reportPaints(
  root: Node,
  lastMessageAt: () => number | undefined,
  report: (paint: PaintReport) => void,
  now: () => number = Date.now,
): MutationObserver {
  const reported = new Set<string>();
  const observer = new MutationObserver((records) => {
    const insertedAt = now();
    const messageAt = lastMessageAt();
    const keys: string[] = [];
    const take = (element: Element) => {
      const key = element instanceof HTMLElement ? element.dataset.key : undefined;
      if (key === undefined || reported.has(key) || !element.isConnected) return;
      reported.add(key);
      keys.push(key);
    };
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(".card")) take(node);
        for (const card of node.querySelectorAll(".card")) take(card);
      }
    }
    if (keys.length === 0) return;
    requestAnimationFrame(() => {
      const frameAt = now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        const paintedAt = now();
        for (const key of keys) report({ key, messageAt, insertedAt, frameAt, paintedAt });
      };
      channel.port2.postMessage(undefined);
    });
  });
  observer.observe(root, { childList: true, subtree: true });
  return observer;
}
