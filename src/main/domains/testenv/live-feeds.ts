/**
 * Chatty sources (container logs, mock requests) as the dashboard follows them: republished at
 * most once per interval, so they never flood the change feed.
 */
import { LOG_RECORD_LINES } from '../../../shared/testenv-records';

/** How often a log or mock record is republished at most while lines or requests arrive. */
export const LIVE_RECORD_INTERVAL_MS = 200;

/** Runs `publish` at most once per interval while `poke()` is called; `flush()` runs it now if pending. */
export class Throttle {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly publish: () => void,
    private readonly intervalMs = LIVE_RECORD_INTERVAL_MS,
  ) {}

  poke(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.publish();
    }, this.intervalMs);
  }

  flush(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.publish();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** A service's container log as the dashboard follows it: the last lines kept, republished throttled. */
export class LogFeed {
  private readonly lines: string[] = [];
  private total = 0;
  private readonly throttle: Throttle;

  constructor(publish: (lines: readonly string[], total: number) => void) {
    this.throttle = new Throttle(() => publish(this.lines, this.total));
  }

  push(line: string): void {
    this.lines.push(line);
    this.total++;
    if (this.lines.length > LOG_RECORD_LINES) this.lines.splice(0, this.lines.length - LOG_RECORD_LINES);
    this.throttle.poke();
  }

  flush(): void {
    this.throttle.flush();
  }

  stop(): void {
    this.throttle.stop();
  }
}
