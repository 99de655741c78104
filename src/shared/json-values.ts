/** Checks on parsed JSON of unknown shape, before it is read as something known. */

/** A JSON object (not null, not an array): its keys may be read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
