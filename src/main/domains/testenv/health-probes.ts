/**
 * What the studio checks from this machine about an environment's services: that the ports they
 * will be published on are free here, and that a service answers its health path (probed until it
 * does, its container stops, the retries run out or the time does). With a remote engine the same
 * probes go through the SSH forwards, to the same 127.0.0.1 ports.
 */
import { request } from 'node:http';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { portConflict } from './errors';

/** How long one health probe may take. */
const PROBE_TIMEOUT_MS = 2_000;

export interface HealthProbe {
  url: string;
  intervalMs: number;
  /** How long the service has to turn healthy in all. */
  timeoutMs: number;
  /** Failed probes (after the start period) after which it is unhealthy; none: only the timeout. */
  retries?: number;
  /** Failures in this first stretch do not count against `retries`. */
  startPeriodMs: number;
}

export type HealthOutcome = { healthy: true; duration: number } | { healthy: false; duration: number; reason: string };

/** Throws PORT_CONFLICT for the first of `ports` that something already listens on at 127.0.0.1. */
export async function assertPortsFree(ports: ReadonlyArray<{ port: number; who: string }>): Promise<void> {
  for (const { port, who } of ports) {
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
    });
    if (!free) throw portConflict(port, who);
  }
}

/** One health probe: a GET that answers 2xx or 3xx within the probe timeout. */
function probeOnce(url: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      resolve((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 400);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

/**
 * Probes `probe.url` from the host until it answers, the retries are used up, the timeout passes,
 * or `gone()` says the container stopped (its reason).
 */
export async function waitHealthy(probe: HealthProbe, gone: () => Promise<string | undefined>, signal: AbortSignal): Promise<HealthOutcome> {
  const started = Date.now();
  let failures = 0;
  for (;;) {
    signal.throwIfAborted();
    const elapsed = Date.now() - started;
    if (await probeOnce(probe.url, Math.max(200, Math.min(PROBE_TIMEOUT_MS, probe.timeoutMs - elapsed)))) return { healthy: true, duration: Date.now() - started };
    const reason = await gone();
    if (reason) return { healthy: false, duration: Date.now() - started, reason };
    if (Date.now() - started >= probe.startPeriodMs) failures++;
    if (probe.retries !== undefined && failures >= probe.retries) {
      return { healthy: false, duration: Date.now() - started, reason: `${failures} health probes of ${probe.url} failed` };
    }
    const left = probe.timeoutMs - (Date.now() - started);
    if (left <= 0) return { healthy: false, duration: Date.now() - started, reason: `${probe.url} did not answer 2xx/3xx within ${probe.timeoutMs} ms` };
    await delay(Math.min(probe.intervalMs, left), undefined, { signal });
  }
}
