/**
 * What drawio-read.ts takes back from a file this studio wrote: record orders from its cell ids
 * (`s12` stays shape 12), and the custom types and themes stored on the first page's root cell.
 */
import { isShapeType, type CustomThemeRecord, type CustomTypeRecord } from '../../../../shared/drawio/model';
import { isRecord } from '../../../../shared/json-values';

/**
 * Hands out record orders. An id written by this studio (`s12`) keeps its order when that order
 * is still free; every other record gets a fresh one, above the number of any id in the file that
 * looks like one of this studio's, so that a new record's id never meets a file's cell id.
 */
export class OrderAllocator {
  private readonly claims: { prefix: string; sourceId: string | undefined; order?: number }[] = [];
  private highestSeen = 0;

  /** Registers a record; call `assign` once all are in, then `orderOf`. */
  add(prefix: string, sourceId: string | undefined): number {
    return this.claims.push({ prefix, sourceId }) - 1;
  }

  /** An id of the file that a new record must not take. */
  reserve(id: string | undefined): void {
    const match = id !== undefined ? /^[a-z](\d{1,9})$/.exec(id) : null;
    if (match) this.highestSeen = Math.max(this.highestSeen, Number(match[1]));
  }

  assign(): void {
    const used = new Set<number>();
    let next = this.highestSeen + 1;
    for (const claim of this.claims) {
      const match = claim.sourceId !== undefined ? /^([a-z])(\d{1,9})$/.exec(claim.sourceId) : null;
      if (!match || match[1] !== claim.prefix) continue;
      const order = Number(match[2]);
      if (!used.has(order)) {
        used.add(order);
        claim.order = order;
        next = Math.max(next, order + 1);
      }
    }
    for (const claim of this.claims) if (claim.order === undefined) claim.order = next++;
  }

  orderOf(ticket: number): number {
    const order = this.claims[ticket].order;
    if (order === undefined) throw new Error('orders are not assigned yet');
    return order;
  }

  get nextOrder(): number {
    let highest = this.highestSeen;
    for (const claim of this.claims) highest = Math.max(highest, claim.order ?? 0);
    return highest + 1;
  }
}

// ---------------------------------------------------------------------------------------------
// Definitions stored by this studio: tolerant, since a person may have edited them in diagrams.net


function parseJsonList(text: string | undefined): Record<string, unknown>[] {
  if (text === undefined) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isRecord) : [];
  } catch {
    return [];
  }
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function optionalSize(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

export function parseCustomTypes(text: string | undefined): CustomTypeRecord[] {
  const types: CustomTypeRecord[] = [];
  for (const entry of parseJsonList(text)) {
    const { name, base } = entry;
    if (typeof name !== 'string' || name === '' || typeof base !== 'string' || !isShapeType(base)) continue;
    const theme = optionalString(entry.theme);
    const w = optionalSize(entry.w);
    const h = optionalSize(entry.h);
    types.push({
      id: `type:${name}`,
      kind: 'customType',
      name,
      base,
      ...(theme !== undefined && { theme }),
      ...(w !== undefined && { w }),
      ...(h !== undefined && { h }),
    });
  }
  return types;
}

export function parseCustomThemes(text: string | undefined): CustomThemeRecord[] {
  const themes: CustomThemeRecord[] = [];
  for (const entry of parseJsonList(text)) {
    const { name, fill, stroke } = entry;
    if (typeof name !== 'string' || name === '' || typeof fill !== 'string' || typeof stroke !== 'string') continue;
    const fontColor = optionalString(entry.fontColor);
    themes.push({
      id: `theme:${name}`,
      kind: 'customTheme',
      name,
      fill,
      stroke,
      ...(fontColor !== undefined && { fontColor }),
    });
  }
  return themes;
}
