/**
 * How a running tools/call learns that its client cancelled it (issue 23). Making an AbortSignal
 * costs about 15 us on Node 20 and adding a listener to it about 10 us more, paid on every call in
 * the bridge and again in the core, while nearly no call is ever cancelled and an FCP call never
 * looks at its signal. A LazyCancellation makes its AbortSignal only when something asks for it,
 * and tells its listeners directly; an SDK call's real signal is wrapped the same way.
 */

export interface Cancellation {
  readonly aborted: boolean;
  /** What it was cancelled with (undefined before it is). */
  readonly reason: unknown;
  /** An AbortSignal that follows this cancellation, made on first use. */
  readonly signal: AbortSignal;
  /** Calls `listener` once when the call is cancelled (never if it already was); returns what removes it. */
  onAbort(listener: (reason: unknown) => void): () => void;
}

const noListener = () => undefined;

export class LazyCancellation implements Cancellation {
  private controller?: AbortController;
  private cancelled = false;
  private why: unknown;
  private readonly listeners = new Set<(reason: unknown) => void>();

  get aborted(): boolean {
    return this.cancelled;
  }

  get reason(): unknown {
    return this.why;
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.cancelled) this.controller.abort(this.why);
    }
    return this.controller.signal;
  }

  abort(reason?: unknown): void {
    if (this.cancelled) return;
    this.cancelled = true;
    // As an AbortController does, an AbortError when no reason is given.
    this.why = reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason;
    this.controller?.abort(this.why);
    for (const listener of [...this.listeners]) listener(this.why);
    this.listeners.clear();
  }

  onAbort(listener: (reason: unknown) => void): () => void {
    if (this.cancelled) return noListener;
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** A cancellation that follows an AbortSignal made by someone else (the SDK's, for a call it handles). */
export function signalCancellation(signal: AbortSignal): Cancellation {
  return {
    get aborted() {
      return signal.aborted;
    },
    get reason() {
      return signal.reason;
    },
    signal,
    onAbort(listener) {
      if (signal.aborted) return noListener;
      const onAbort = () => listener(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      return () => signal.removeEventListener('abort', onAbort);
    },
  };
}
