/**
 * Everything an e2e test or benchmark starts (processes, folders, browsers, clients) is registered
 * here as it is created and disposed of in reverse order afterwards, even when the test failed
 * half way. A disposer that fails does not stop the others; the failures are thrown together at
 * the end, so a leak shows up as a failed hook instead of a stray process.
 */
export class Disposables {
  private readonly stack: { what: string; dispose: () => Promise<void> | void }[] = [];

  /** Registers `dispose` and hands `value` back, so creation and registration read as one line. */
  track<T>(value: T, what: string, dispose: (value: T) => Promise<void> | void): T {
    this.stack.push({ what, dispose: () => dispose(value) });
    return value;
  }

  async disposeAll(): Promise<void> {
    const failures: Error[] = [];
    for (let entry = this.stack.pop(); entry; entry = this.stack.pop()) {
      try {
        await entry.dispose();
      } catch (error) {
        failures.push(new Error(`cleaning up ${entry.what} failed: ${(error as Error).message ?? error}`));
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, failures.map((f) => f.message).join('; '));
  }
}
