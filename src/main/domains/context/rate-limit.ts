/**
 * A rolling-window limit per key: at most `limit` calls in any `windowMs`; the next one is told in
 * how many seconds a call passes again. Keys are kept hashed, never as they were presented.
 */
import { createHash } from 'node:crypto';

export type LimitVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

export class RollingLimit {
  private readonly calls = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a call of `key` if it fits the window; otherwise says when the oldest counted call leaves it. */
  take(key: string): LimitVerdict {
    const id = createHash('sha256').update(key).digest('base64url');
    const now = this.now();
    const times = (this.calls.get(id) ?? []).filter((at) => at > now - this.windowMs);
    if (times.length >= this.limit) {
      this.calls.set(id, times);
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((times[0] + this.windowMs - now) / 1000)) };
    }
    times.push(now);
    this.calls.set(id, times);
    return { ok: true };
  }
}
