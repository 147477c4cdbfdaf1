/**
 * One lifetime, one cleanup list: a subclass `_register`s every listener, timer and child it owns, and `dispose`
 * releases them all, newest first, once. Anything registered after disposal is released at once.
 */
export interface IDisposable {
  dispose(): unknown;
}

export class Disposable implements IDisposable {
  private readonly owned: IDisposable[] = [];
  private isDisposed = false;

  protected _register<T extends IDisposable>(disposable: T): T {
    if (this.isDisposed) void disposable.dispose();
    else this.owned.push(disposable);
    return disposable;
  }

  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    for (const disposable of this.owned.splice(0).reverse()) {
      try {
        void disposable.dispose();
      } catch {
        // One failing cleanup must not keep the others from running.
      }
    }
  }
}

export function toDisposable(dispose: () => unknown): IDisposable {
  return { dispose };
}
