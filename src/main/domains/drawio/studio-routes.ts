/**
 * The routes the studio writes into the edges it makes (see straight-ports): after every batch,
 * an edge made in this session whose ends are the ones the studio chose for its shapes as they
 * were (floating, or fixed on the shared middle of lined-up shapes) gets the ends the studio
 * chooses for its shapes as they are now. So an edge that was straight and whose shapes no longer
 * line up goes back to floating, which diagrams.net routes from wherever the shapes are, and never
 * keeps fixed points that would loop it round a shape. Ends a person or the AI chose, an edge of a
 * file, an edge with waypoints and one to a container or a loose point are left as they are. No
 * mark of the choice is written: it is recognised by being the one the studio would make.
 */
import type { RecordDiff } from '../../kernel/records';
import type { DrawioRecord, EdgeRecord, Port, ShapeRecord } from '../../../shared/drawio/model';
import { perimeterBox, shapePerimeter } from '../../../shared/drawio/render/edge-perimeter';
import { straightPorts } from '../../../shared/drawio/render/straight-ports';
import type { DrawioEdit } from './edit';

type Ends = Pick<EdgeRecord, 'exit' | 'entry'>;

/** Re-chooses the ends of the edges made here that the batch changed or whose shapes it changed. */
export function routeStudioEdges(edit: DrawioEdit, diff: RecordDiff<DrawioRecord>): void {
  const edgeIds = new Set<string>();
  for (const [id, [before, after]] of Object.entries(diff)) {
    if (after?.kind === 'edge') edgeIds.add(id);
    if (before?.kind === 'shape' || after?.kind === 'shape') for (const edge of edit.edgesOf(id)) edgeIds.add(edge.id);
  }
  const before = (id: string) => (id in diff ? diff[id][0] : edit.store.get(id));
  for (const id of edgeIds) {
    const edge = edit.edge(id);
    const ends = edge && routedShapes(edit, edge);
    if (!edge || !ends) continue;
    const [source, target] = ends;
    const was = before(id) as EdgeRecord | null | undefined;
    const chosen = was
      ? sameEnds(edge, was) && sameEnds(was, chosenEnds(shapeAsWas(before, source), shapeAsWas(before, target)))
      : !edge.exit && !edge.entry;
    if (!chosen) continue;
    const next = chosenEnds(source, target);
    if (sameEnds(edge, next)) continue;
    const { exit: _exit, entry: _entry, ...rest } = edge;
    edit.put<EdgeRecord>({ ...rest, ...next });
  }
}

/**
 * Whether the edge's ends are the ones the studio chose for its shapes as they are (an edge made
 * here, with no waypoints, between two shapes): a verb that moves the shapes leaves such ends to
 * be chosen again after the batch rather than turning them itself.
 */
export function hasStudioRoute(edit: DrawioEdit, edge: EdgeRecord): boolean {
  const ends = routedShapes(edit, edge);
  return ends !== undefined && sameEnds(edge, chosenEnds(...ends));
}

/** The two shapes of an edge whose route the studio may choose: one made here, with no waypoints, between two shapes. */
function routedShapes(edit: DrawioEdit, edge: EdgeRecord): [ShapeRecord, ShapeRecord] | undefined {
  if (edge.file || edge.points?.length || edge.source === edge.target) return undefined;
  const [source, target] = [edit.shape(edge.source), edit.shape(edge.target)];
  return source && target ? [source, target] : undefined;
}

/** The ends the studio chooses between two shapes: fixed on a straight line, or none (floating). */
function chosenEnds(source: ShapeRecord, target: ShapeRecord): Ends {
  const box = (shape: ShapeRecord) => perimeterBox({ x: shape.x, y: shape.y, w: shape.w, h: shape.h }, shapePerimeter(shape));
  return straightPorts(box(source), box(target)) ?? {};
}

/** A shape as it was before the batch (as it is, if the batch made it). */
function shapeAsWas(before: (id: string) => DrawioRecord | null | undefined, shape: ShapeRecord): ShapeRecord {
  const was = before(shape.id);
  return was?.kind === 'shape' ? was : shape;
}

function sameEnds(a: Ends, b: Ends): boolean {
  return samePort(a.exit, b.exit) && samePort(a.entry, b.entry);
}

function samePort(a: Port | undefined, b: Port | undefined): boolean {
  if (!a || !b) return a === b;
  return a.face === b.face && a.at === b.at && a.x === b.x && a.y === b.y && (a.dx ?? 0) === (b.dx ?? 0) && (a.dy ?? 0) === (b.dy ?? 0) && (a.perimeter ?? true) === (b.perimeter ?? true);
}
