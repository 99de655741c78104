/** Verbs for edges: connect (which also updates an existing edge) and disconnect. */
import { ErrorCode, StudioError } from '../../../kernel/errors';
import type { ArrowToken, Word } from '../args';
import { type DrawioEdit, withoutHtml } from '../edit';
import { edgeSummary } from '../format';
import type { ArrowHead, EdgeRecord, Port } from '../../../../shared/drawio/model';
import { edgeById, quoteName, resolveEnd, resolveShape } from '../refs';
import { ARROW_HEADS, EDGE_STYLES, badParam, oneOf, parseColor, parsePoint, parsePort, parseWaypoints } from '../values';
import { type DrawioVerb, begin, chainPairs } from './common';

const CONNECT_SYNTAX =
  'connect SRC ARROW TGT [ARROW TGT...] [label:"t"] [style:solid|dashed|dotted|curved|orthogonal|animated] [exit:FACE[@f]|X,Y[,P[,DX,DY]]] [entry:FACE[@f]|X,Y[,P[,DX,DY]]] [source-arrow:H] [target-arrow:H] [stroke:C] [via:X,Y;X,Y|none] | connect #EDGE_ID [keys] [source:REF|X,Y] [target:REF|X,Y]';

type EdgeChange = { -readonly [K in keyof EdgeRecord]?: EdgeRecord[K] };

function withoutKey<T extends object, K extends keyof T>(record: T, key: K): T {
  const { [key]: _dropped, ...rest } = record;
  return rest as T;
}

/** The heads an arrow token draws: `->` one, `<->` both, `--` none. */
function headsOf(arrow: ArrowToken): { sourceArrow: ArrowHead; targetArrow: ArrowHead } {
  if (arrow === '<->') return { sourceArrow: 'arrow', targetArrow: 'arrow' };
  if (arrow === '--') return { sourceArrow: 'none', targetArrow: 'none' };
  return { sourceArrow: 'none', targetArrow: 'arrow' };
}

/**
 * The edge an op means by SRC ARROW TGT: the one from SRC to TGT, or for `<->` and `--` (which
 * have no direction) also the one from TGT to SRC. `reversed` says which was found.
 */
function findEdge(edit: DrawioEdit, sourceId: string, targetId: string, arrow: string): { edge: EdgeRecord; reversed: boolean } | undefined {
  const forward = edit.index.edgeBetween(sourceId, targetId);
  if (forward) return { edge: edit.edge(forward)!, reversed: false };
  if (arrow === '->') return undefined;
  const backward = edit.index.edgeBetween(targetId, sourceId);
  return backward ? { edge: edit.edge(backward)!, reversed: true } : undefined;
}

const connect: DrawioVerb = {
  name: 'connect',
  section: 'Edges',
  syntax: CONNECT_SYNTAX,
  summary:
    'connect shapes; a chain A -> B -> C connects each pair. One edge per pair: connecting a connected pair updates its edge (only the keys given change, the arrow sets the heads). via: sets the waypoints. connect #EDGE_ID [keys] updates that edge (describe shows the id); there source:/target: attach an end to a shape or container, or loosen it to a point X,Y',
  examples: [
    'connect AuthService -> UserDB label:queries',
    'connect Client -> Gateway -> AuthService style:dashed',
    'connect A <-> B exit:right entry:left@0.25',
    'connect A -> B via:300,200;300,400',
    'connect #e12 target:Lambda',
    'connect #e12 source:120,340',
  ],
  handler(op, ctx) {
    const { edit, words, params } = begin(op, ctx, {
      allowed: ['label', 'style', 'exit', 'entry', 'source-arrow', 'target-arrow', 'stroke', 'via', 'source', 'target'],
      refs: true,
    });
    const lineStyle = params.style !== undefined ? oneOf('style', params.style, EDGE_STYLES) : undefined;
    const exit = params.exit !== undefined ? parsePort('exit', params.exit) : undefined;
    const entry = params.entry !== undefined ? parsePort('entry', params.entry) : undefined;
    const sourceHead = params['source-arrow'] !== undefined ? oneOf('source-arrow', params['source-arrow'], ARROW_HEADS) : undefined;
    const targetHead = params['target-arrow'] !== undefined ? oneOf('target-arrow', params['target-arrow'], ARROW_HEADS) : undefined;
    const stroke = params.stroke !== undefined ? parseColor(edit, 'stroke', params.stroke, 'stroke') : undefined;
    const via = params.via !== undefined ? parseWaypoints('via', params.via) : undefined;

    /** The keys of the op, from its point of view: a reversed edge has its ends swapped. */
    const keysFor = (reversed: boolean): EdgeChange => {
      const change: EdgeChange = {};
      const source = reversed ? targetHead : sourceHead;
      const target = reversed ? sourceHead : targetHead;
      if (source) change.sourceArrow = source;
      if (target) change.targetArrow = target;
      if (params.label !== undefined) change.label = params.label;
      if (lineStyle) change.lineStyle = lineStyle;
      const exitPort: Port | undefined = reversed ? entry : exit;
      const entryPort: Port | undefined = reversed ? exit : entry;
      if (exitPort) change.exit = exitPort;
      if (entryPort) change.entry = entryPort;
      if (stroke) change.stroke = stroke;
      if (via?.length) change.points = reversed ? [...via].reverse() : via;
      return change;
    };
    /** An existing edge with the op's heads and keys: only what the op says changes. */
    const updated = (edge: EdgeRecord, reversed: boolean, heads: Partial<Pick<EdgeRecord, 'sourceArrow' | 'targetArrow'>>): EdgeRecord => {
      let next: EdgeRecord = { ...(params.label !== undefined ? withoutHtml(edge) : edge), ...heads, ...keysFor(reversed) };
      // Routed on purpose: a straight edge from a file becomes orthogonal or curved as asked.
      if (next.straight && (lineStyle === 'orthogonal' || lineStyle === 'curved')) next = withoutKey(next, 'straight');
      if (via?.length === 0) next = withoutKey(next, 'points');
      return next;
    };

    const byId = words.length === 1 ? edgeById(edit, words[0].text) : undefined;
    if (byId) {
      if (byId.pageId !== edit.meta.activePageId) throw badParam(`edge ${words[0].text} is not on the active page`, 'page switch PAGE, then connect again');
      let next = updated(byId, false, {});
      if (params.source !== undefined) next = withEnd(edit, next, 'source', params.source);
      if (params.target !== undefined) next = withEnd(edit, next, 'target', params.target);
      // A port the op gives holds at the end it attaches (withEnd drops the old one).
      if (exit) next = { ...next, exit };
      if (entry) next = { ...next, entry };
      const edge = edit.put(next);
      return [`~${edgeSummary(edit, edge)} (updated)`];
    }
    if (params.source !== undefined || params.target !== undefined) {
      throw badParam('source: and target: move an end of one edge named by its id', 'connect #EDGE_ID target:SHAPE (describe shows the id)');
    }
    const pairs = chainPairs(words, CONNECT_SYNTAX);
    const lines: string[] = [];
    for (const pair of pairs) {
      const source = resolveShape(edit, pair.source);
      const target = resolveShape(edit, pair.target);
      const found = findEdge(edit, source.id, target.id, pair.arrow);
      const heads = headsOf(pair.arrow);
      if (found) {
        const edge = edit.put(updated(found.edge, found.reversed, heads));
        lines.push(`~${edgeSummary(edit, edge)} (updated)`);
        continue;
      }
      const change = keysFor(false);
      const { id, order } = edit.allocate('e');
      const edge = edit.put<EdgeRecord>({
        id,
        kind: 'edge',
        pageId: edit.meta.activePageId,
        layerId: edit.activeLayer.id,
        source: source.id,
        target: target.id,
        label: '',
        lineStyle: 'solid',
        sourceArrow: heads.sourceArrow,
        targetArrow: heads.targetArrow,
        order,
        ...change,
      });
      lines.push(`~${edgeSummary(edit, edge)}`);
    }
    return lines;
  },
};

/**
 * The edge with one end attached to the shape or container `value` names, or loose at the point
 * X,Y: a loose end keeps its point only while loose (the file's sourcePoint/targetPoint). An end
 * that leaves its cell loses its port (exitX/entryX...), as in diagrams.net, where an end dropped
 * on a shape connects to it floating.
 */
function withEnd(edit: DrawioEdit, edge: EdgeRecord, end: 'source' | 'target', value: string): EdgeRecord {
  const pointKey = end === 'source' ? 'sourcePoint' : 'targetPoint';
  const portKey = end === 'source' ? 'exit' : 'entry';
  if (/^[\s(]*-?\d/.test(value)) return withoutKey({ ...edge, [end]: '', [pointKey]: parsePoint(end, value) }, portKey);
  const attached = resolveEnd(edit, value);
  const moved = withoutKey({ ...edge, [end]: attached.id }, pointKey);
  return attached.id === edge[end] ? moved : withoutKey(moved, portKey);
}

const DISCONNECT_SYNTAX = 'disconnect SRC -> TGT [-> TGT...] | disconnect #EDGE_ID';

/** Removes the edge of each pair in `A -> B [-> C]`; shared by disconnect and `remove A -> B`. */
export function removeEdgesBetween(edit: DrawioEdit, words: Word[], syntax: string): string[] {
  const lines: string[] = [];
  for (const pair of chainPairs(words, syntax)) {
    const source = resolveShape(edit, pair.source);
    const target = resolveShape(edit, pair.target);
    const found = findEdge(edit, source.id, target.id, pair.arrow);
    if (!found) {
      const backward = edit.index.edgeBetween(target.id, source.id);
      const src = quoteName(source.alias);
      const tgt = quoteName(target.alias);
      throw new StudioError(
        ErrorCode.unknownRef,
        backward ? `no edge ${src}->${tgt}; there is one the other way, ${tgt}->${src}` : `no edge between ${src} and ${tgt}`,
        backward ? `disconnect ${tgt} -> ${src}` : `connections ${src} (drawio_query)`,
      );
    }
    lines.push(`-${edgeSummary(edit, found.edge)}`);
    edit.remove(found.edge.id);
  }
  return lines;
}

const disconnect: DrawioVerb = {
  name: 'disconnect',
  section: 'Edges',
  syntax: DISCONNECT_SYNTAX,
  summary: 'remove the edge between each pair (with <-> or -- either direction)',
  examples: ['disconnect AuthService -> UserDB', 'disconnect #e12'],
  handler(op, ctx) {
    const { edit, words } = begin(op, ctx, { allowed: [], refs: true });
    // An edge by its id: one with a loose end has no SRC -> TGT.
    const byId = words.length === 1 ? edgeById(edit, words[0].text) : undefined;
    if (byId && byId.pageId === edit.meta.activePageId) {
      edit.remove(byId.id);
      return [`-${edgeSummary(edit, byId)}`];
    }
    return removeEdgesBetween(edit, words, DISCONNECT_SYNTAX);
  },
};

export const edgeVerbs: DrawioVerb[] = [connect, disconnect];
