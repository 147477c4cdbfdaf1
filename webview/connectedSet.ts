/**
 * Nodes kept by reference instead of found by a query: a query of a document with 1,000 cards walks every node.
 * A node is forgotten once it is seen out of the document (pure: anything with `isConnected`).
 */
export class ConnectedSet<T extends { readonly isConnected: boolean }> {
  private readonly nodes = new Set<T>();

  add(node: T): void {
    this.nodes.add(node);
  }

  /** The nodes in the document now; the ones that left it are dropped. */
  connected(): T[] {
    const shown: T[] = [];
    for (const node of this.nodes) {
      if (node.isConnected) shown.push(node);
      else this.nodes.delete(node);
    }
    return shown;
  }

  get size(): number {
    return this.nodes.size;
  }
}
