/**
 * Updates what is shown in place so that it reads as a freshly built copy: a node of the same kind (text, or an
 * element of the same tag and attributes) is kept and its children updated, anything else replaced. Keeping the nodes
 * keeps what the person has on them: a selection, the focus, a scroll position. Text that grew is appended to, since
 * replacing a text node's data collapses a selection inside it.
 */
export interface MorphHooks {
  /** An old element kept exactly as it is for a fresh one of the same tag (its children are not updated). */
  keepAsIs?(old: Element, fresh: Element): boolean;
  /** `old` stays in place of `fresh` (which is dropped): carry over what lives outside the DOM. */
  kept?(old: Element, fresh: Element): void;
}

/**
 * Makes `parent`'s children from `offset` on (`count` of them, or all) read as `fresh`; extra old ones go, extra fresh
 * ones are added.
 */
export function morphChildren(
  parent: Node,
  offset: number,
  fresh: readonly ChildNode[],
  hooks: MorphHooks = {},
  count?: number,
): void {
  const old = Array.from(parent.childNodes).slice(offset, count === undefined ? undefined : offset + count);
  const next = count === undefined ? null : (parent.childNodes[offset + count] ?? null);
  fresh.forEach((node, i) => {
    const before = old[i];
    if (before === undefined) parent.insertBefore(node, next);
    else morph(before, node, hooks);
  });
  for (const extra of old.slice(fresh.length)) extra.remove();
}

function morph(old: ChildNode, fresh: ChildNode, hooks: MorphHooks): void {
  if (old instanceof Text && fresh instanceof Text) {
    if (!fresh.data.startsWith(old.data)) old.data = fresh.data;
    else if (fresh.data.length > old.data.length) old.appendData(fresh.data.slice(old.data.length));
    return;
  }
  if (old instanceof Element && fresh instanceof Element && old.tagName === fresh.tagName) {
    if (hooks.keepAsIs?.(old, fresh)) return;
    if (sameAttributes(old, fresh)) {
      hooks.kept?.(old, fresh);
      morphChildren(old, 0, Array.from(fresh.childNodes), hooks);
      return;
    }
  }
  old.replaceWith(fresh);
}

/**
 * The same attributes, `tabindex` aside: that one is the page's own, not the Markdown's (`scrollBox.ts` puts a box in
 * the Tab order while it scrolls), and a code block that scrolls as it streams must keep its place and focus.
 */
function sameAttributes(a: Element, b: Element): boolean {
  const names = a.getAttributeNames().filter((name) => name !== "tabindex");
  return (
    names.length === b.getAttributeNames().filter((name) => name !== "tabindex").length &&
    names.every((name) => a.getAttribute(name) === b.getAttribute(name))
  );
}
