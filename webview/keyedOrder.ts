/**
 * The fewest node moves that turn a keyed list's current order into the next one, so a list of 1,000 rows that
 * gained or lost one row changes one node, not 1,000 (pure: the caller owns the nodes).
 */
export interface OrderPlan {
  /** Keys to drop (in `current`, not in `next`). */
  remove: string[];
  /** In this order: put `key` (new, or moved) before the node of `before`, or at the end when it is undefined. */
  insert: { key: string; before: string | undefined }[];
}

/** `current` and `next` hold unique keys. Applying `remove` then `insert` in order gives `next`. */
export function planOrder(current: readonly string[], next: readonly string[]): OrderPlan {
  const wanted = new Set(next);
  const remove = current.filter((key) => !wanted.has(key));
  // The nodes that stay, in their current order: each key of `next` either is the first of them not yet placed
  // (left where it is) or goes in before it.
  const staying = current.filter((key) => wanted.has(key));
  const placed = new Set<string>();
  const insert: OrderPlan["insert"] = [];
  let at = 0;
  for (const key of next) {
    while (at < staying.length && placed.has(staying[at]!)) at++;
    placed.add(key);
    if (staying[at] === key) at++;
    else insert.push({ key, before: staying[at] });
  }
  return { remove, insert };
}
