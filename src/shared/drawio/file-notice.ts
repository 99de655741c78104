/**
 * What an opened file held that the studio does not fully represent, in words: cells kept as they
 * were but not editable (foreign records), which `open` answers with and the editor shows over the
 * page, and for the editor alone, shapes its canvas draws simplified. Pure, so the browser bundle
 * uses it too.
 */
import type { DrawioRecord, ShapeRecord } from './model';

/**
 * The kinds of foreign cell, as one and as many. An unattached edge is one with an end that is
 * neither a cell nor a point (one with a point is an edge of the model, as is an edge to a
 * container): `edgeToContainer` is no longer made, and stays for records an older version read.
 */
export const FOREIGN_KINDS = {
  unattachedEdge: ['unattached edge', 'unattached edges'],
  edgeToContainer: ['edge to a container', 'edges to containers'],
  edgeToEdge: ['edge to an edge', 'edges to edges'],
  edgeToKept: ['edge to a kept cell', 'edges to kept cells'],
  nestedEdge: ['edge inside a shape', 'edges inside shapes'],
  parentLoop: ['cell in a parent loop', 'cells in parent loops'],
  repeatedId: ['cell with a repeated id', 'cells with repeated ids'],
  plainCell: ['cell that is neither shape nor edge', 'cells that are neither shapes nor edges'],
} as const satisfies Record<string, readonly [string, string]>;

export type ForeignKind = keyof typeof FOREIGN_KINDS;

const NAMES_SHOWN = 3;

function counted(n: number, [one, many]: readonly [string, string]): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * What the file holds that the studio keeps but cannot edit (foreign cells), as `open` answers it
 * and the editor shows it; empty when everything is represented.
 */
export function fileNotice(records: Iterable<DrawioRecord>): string[] {
  const foreign = new Map<string, number>();
  for (const record of records) {
    if (record.kind === 'foreign' && record.what !== undefined) foreign.set(record.what, (foreign.get(record.what) ?? 0) + 1);
  }
  const kept = [...foreign].flatMap(([what, n]) =>
    Object.hasOwn(FOREIGN_KINDS, what) ? [counted(n, FOREIGN_KINDS[what as ForeignKind])] : [],
  );
  return kept.length ? [`kept unchanged, not editable here: ${kept.join(', ')}`] : [];
}

/**
 * What the canvas draws simplified (a shape whose `look` it cannot draw: an image it cannot show, a shape that
 * diagrams.net draws in code rather than from a stencil), for the editor's notice. `draws` says
 * whether the canvas draws a shape's look, as only the canvas knows (its stencil catalog).
 */
export function simplifiedNotice(records: Iterable<DrawioRecord>, draws: (shape: ShapeRecord) => boolean): string[] {
  let images = 0;
  const looks = new Map<string, number>();
  for (const record of records) {
    if (record.kind !== 'shape' || record.look === undefined || draws(record)) continue;
    if (record.look === 'image') images++;
    else looks.set(record.look, (looks.get(record.look) ?? 0) + 1);
  }
  const simplified: string[] = [];
  if (images) simplified.push(counted(images, ['image', 'images']));
  if (looks.size) {
    const total = [...looks.values()].reduce((a, b) => a + b, 0);
    const names = [...looks.keys()].slice(0, NAMES_SHOWN).join(', ') + (looks.size > NAMES_SHOWN ? ', ...' : '');
    simplified.push(`${counted(total, ['custom shape', 'custom shapes'])} (${names})`);
  }
  return simplified.length ? [`drawn simplified here, kept as they are in the file: ${simplified.join(', ')}`] : [];
}
