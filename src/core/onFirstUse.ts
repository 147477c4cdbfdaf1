/**
 * A value built when first asked for, then kept. For what activation does not need: zod builds each schema's parts as
 * it is declared, which every window paid for in its `require` of the extension, before any view or agent needed them.
 */
export function onFirstUse<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
