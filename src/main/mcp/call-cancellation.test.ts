import { describe, expect, it } from 'vitest';
import { LazyCancellation, signalCancellation } from './call-cancellation';

describe("a call's cancellation", () => {
  it('tells its listeners once, and a signal asked for after the cancel is already aborted with the same reason', () => {
    const cancellation = new LazyCancellation();
    const heard: unknown[] = [];
    cancellation.onAbort((reason) => heard.push(reason));
    const removed = cancellation.onAbort((reason) => heard.push(`removed ${String(reason)}`));
    removed();
    expect(cancellation.aborted).toBe(false);
    cancellation.abort('the client changed its mind');
    cancellation.abort('a second time');
    expect(heard).toEqual(['the client changed its mind']);
    expect(cancellation.signal.aborted).toBe(true);
    expect(cancellation.signal.reason).toBe('the client changed its mind');
    // A listener added after the cancel is not called (the caller checks `aborted` first).
    cancellation.onAbort((reason) => heard.push(reason));
    expect(heard).toHaveLength(1);
  });

  it('aborts a signal made before the cancel, with an AbortError when no reason is given, as an AbortController does', () => {
    const cancellation = new LazyCancellation();
    const signal = cancellation.signal;
    expect(signal.aborted).toBe(false);
    cancellation.abort();
    expect(signal.aborted).toBe(true);
    expect((signal.reason as DOMException).name).toBe('AbortError');
    expect(cancellation.reason).toBe(signal.reason);
  });

  it("follows an AbortSignal made elsewhere (the SDK's), and stops listening when told", () => {
    const controller = new AbortController();
    const cancellation = signalCancellation(controller.signal);
    const heard: unknown[] = [];
    cancellation.onAbort((reason) => heard.push(reason));
    cancellation.onAbort((reason) => heard.push(`removed ${String(reason)}`))();
    controller.abort('stop');
    expect([cancellation.aborted, cancellation.reason, heard]).toEqual([true, 'stop', ['stop']]);
  });
});
