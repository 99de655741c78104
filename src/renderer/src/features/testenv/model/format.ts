/** How the dashboard words times, ports and log lines. */
import type { PortMapping } from '../../../../../shared/testenv-records';

/** A duration in ms as people read it: `340 ms`, `2.4 s`, `3 m 12 s`, `1 h 5 m`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)} m ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} m`;
}

/** How long something has been up, in whole seconds: `0 s`, `42 s`, `3 m 12 s`. */
export function formatUptime(ms: number): string {
  return ms < 60_000 ? `${Math.max(0, Math.floor(ms / 1000))} s` : formatDuration(ms);
}

/** `127.0.0.1:8080 → 80` for each mapping. */
export function formatPorts(ports: readonly PortMapping[]): string {
  return ports.map((p) => `${p.host}→${p.container}`).join(', ');
}

/**
 * The lines that contain `filter` (case-insensitive), with their numbers in the whole log (the
 * record keeps the last lines of `total`).
 */
export function filterLines(lines: readonly string[], total: number, filter: string): Array<{ n: number; text: string }> {
  const first = total - lines.length + 1;
  const wanted = filter.trim().toLowerCase();
  const numbered = lines.map((text, i) => ({ n: first + i, text }));
  return wanted ? numbered.filter((line) => line.text.toLowerCase().includes(wanted)) : numbered;
}

/** A value as the inspector shows it: text as is, anything else as indented JSON. */
export function formatBody(body: unknown): string {
  if (body === null || body === undefined) return '(empty)';
  if (typeof body === 'string') return body;
  return JSON.stringify(body, null, 2);
}
