/** Verbs that arrange shapes: move, layout, orient, group, ungroup. */
import { ErrorCode, StudioError } from '../../../kernel/errors';
import type { Selector } from '../../../fcp/grammar';
import type { DrawioEdit } from '../edit';
import { plural, position, quoteText } from '../format';
import { LAYOUT_TASK, type LayoutInput, type LayoutPositions } from '../layout';
import type { EdgeRecord, GroupRecord, ShapeRecord } from '../../../../shared/drawio/model';
import {
  besidePosition,
  canvasOf,
  findFreeSpot,
  flowDirection,
  parseTarget,
  pushAlong,
  regionPosition,
  reorientPort,
  reorientShapes,
  type Point,
} from '../placement';
import { quoteName, resolveGroup, resolveShape } from '../refs';
import { type Targets, resolveTargets } from '../selectors';
import { DIRECTIONS, LAYOUT_ALGOS, badParam, oneOf, parseBoolean, parseFlow, parsePositiveInt, parseTheme } from '../values';
import { boundsOf, byOrder } from '../view';
import { type DrawioVerb, begin, plainWords } from './common';
import { hasStudioRoute } from '../studio-routes';

/**
 * Targets of a verb that may also name a group by its name (`move Backend to:...`): a ref that
 * matches no shape but exactly matches a group stands for the group's members.
 */
function targetsWithGroups(edit: DrawioEdit, refs: string[], selectors: readonly Selector[], syntax: string): Targets & { groups: GroupRecord[] } {
  const namedGroups: GroupRecord[] = [];
  const shapeRefs: string[] = [];
  for (const ref of refs) {
    const isShape = edit.page.aliases.has(ref.toLowerCase());
    // `#g12`, the stable id form, names a group as `#s3` names a shape.
    const byId = ref.startsWith('#') ? edit.page.groups.get(ref.slice(1)) : undefined;
    const group = byId ?? (isShape ? undefined : [...edit.page.groups.values()].find((g) => g.name.toLowerCase() === ref.toLowerCase()));
    if (group) namedGroups.push(group);
    else shapeRefs.push(ref);
  }
  if (namedGroups.length === 0) return { ...resolveTargets(edit, shapeRefs, selectors, syntax), groups: [] };
  const byId = new Map<string, ShapeRecord>();
  const labels: string[] = [];
  if (shapeRefs.length || selectors.length) {
    const rest = resolveTargets(edit, shapeRefs, selectors, syntax);
    for (const s of rest.shapes) byId.set(s.id, s);
    labels.push(rest.label);
  }
  for (const group of namedGroups) {
    for (const s of edit.shapesWithin(group.id)) byId.set(s.id, s);
    labels.push(`@group:${quoteName(group.name)}`);
  }
  return { shapes: [...byId.values()].sort(byOrder), label: labels.join(' '), groups: namedGroups };
}

function withoutWaypoints(edge: EdgeRecord): EdgeRecord {
  const { points: _points, ...rest } = edge;
  return rest;
}

// ---- move ---------------------------------------------------------------------------------

const MOVE_SYNTAX = 'move REF|@SEL to:X,Y|to:REGION|near:REF [dir:DIR] [strict:true]';

const move: DrawioVerb = {
  name: 'move',
  section: 'Layout',
  syntax: MOVE_SYNTAX,
  summary:
    'move shapes (several move together, by their bounding box). Unless strict:true, shapes they now overlap downstream in the flow are pushed along, and the answer says how many',
  examples: ['move AuthService to:300,400', 'move @group:Backend near:Gateway dir:below', 'move UserDB to:bottom-right strict:true'],
  async handler(op, ctx) {
    const { edit, words, params } = begin(op, ctx, { allowed: ['to', 'at', 'near', 'dir', 'strict'], refs: true, selectors: true });
    const refs = plainWords(op, words, MOVE_SYNTAX).map((w) => w.text);
    const targets = targetsWithGroups(edit, refs, op.selectors, MOVE_SYNTAX);
    const strict = params.strict !== undefined && parseBoolean('strict', params.strict);
    const toKey = params.to !== undefined ? 'to' : 'at';
    const toText = params.to ?? params.at;
    if (toText !== undefined && params.near !== undefined) throw badParam('move takes to: or near:, not both', MOVE_SYNTAX);
    // Containers named by name move by their own bounds (a swimlane is placed, not its contents).
    const bounds = boundsOf([...targets.shapes, ...targets.groups.flatMap((g) => edit.groupBounds(g.id) ?? [])]);
    if (!bounds) throw new StudioError(ErrorCode.emptySelection, `${targets.label} holds nothing to move`, MOVE_SYNTAX);
    const size = { w: bounds.w, h: bounds.h };
    const movedIds = new Set(targets.shapes.map((s) => s.id));
    let destination: Point;
    if (toText !== undefined) {
      const target = parseTarget(toKey, toText);
      destination = 'point' in target ? target.point : regionPosition(target.region, canvasOf(edit.page.shapes.values()), size);
    } else if (params.near !== undefined) {
      const anchor = resolveShape(edit, params.near);
      if (movedIds.has(anchor.id)) throw badParam(`cannot move ${quoteName(anchor.alias)} near itself`, MOVE_SYNTAX);
      const dir = params.dir !== undefined ? oneOf('dir', params.dir, DIRECTIONS) : flowDirection(edit.meta.flow);
      destination = findFreeSpot(edit.page, besidePosition(anchor, size, dir), size, dir, movedIds);
    } else {
      throw new StudioError(ErrorCode.missingArg, 'missing where to: to:X,Y, to:REGION or near:REF', MOVE_SYNTAX);
    }
    const dx = destination.x - bounds.x;
    const dy = destination.y - bounds.y;
    const moved = targets.shapes.map((s) => edit.put({ ...s, x: s.x + dx, y: s.y + dy }));
    // The containers the op names, by name, id or @group:, go with their shapes.
    const selectedGroups = op.selectors
      .filter((s) => s.kind === 'group' && !s.negated && s.value)
      .map((s) => resolveGroup(edit, s.value!.trim(), edit.meta.activePageId));
    edit.carryAlong(moved, dx, dy, [...targets.groups, ...selectedGroups]);
    const shifted = strict ? new Set<string>() : pushAlong(edit, moved, movedIds, edit.meta.flow);
    if (moved.length === 1) edit.touch(moved[0].id);
    const notes = [
      ...(moved.length > 1 ? [plural(moved.length, 'shape')] : []),
      ...(shifted.size ? [`shifted ${plural(shifted.size, 'item')}`] : []),
    ];
    return [`@moved ${targets.label} to ${position(destination)}${notes.length ? ` (${notes.join(', ')})` : ''}`];
  },
};

// ---- order ----------------------------------------------------------------------------------

const ORDER_SYNTAX = 'order REF|@SEL to:front|back';
const Z_PLACES = ['front', 'back'] as const;

const order: DrawioVerb = {
  name: 'order',
  section: 'Layout',
  syntax: ORDER_SYNTAX,
  summary: 'bring shapes to the front of their page (drawn over every other) or send them to the back; they keep their order among themselves',
  examples: ['order AuthService to:front', 'order @type:db to:back'],
  handler(op, ctx) {
    const { edit, words, params } = begin(op, ctx, { allowed: ['to'], refs: true, selectors: true });
    if (params.to === undefined) throw new StudioError(ErrorCode.missingArg, 'missing to:front or to:back', ORDER_SYNTAX);
    const place = oneOf('to', params.to, Z_PLACES);
    const targets = targetsWithGroups(edit, plainWords(op, words, ORDER_SYNTAX).map((w) => w.text), op.selectors, ORDER_SYNTAX);
    if (place === 'front') {
      // Past every order handed out so far, as if the shapes had just been added.
      let next = edit.meta.nextOrder;
      for (const shape of targets.shapes) edit.put({ ...shape, order: next++ });
      edit.setMeta({ nextOrder: next });
    } else {
      const pages = new Set(targets.shapes.map((s) => s.pageId));
      let lowest = Infinity;
      for (const pageId of pages) for (const s of edit.pageIndex(pageId).shapes.values()) lowest = Math.min(lowest, s.order);
      let next = lowest - targets.shapes.length;
      for (const shape of targets.shapes) edit.put({ ...shape, order: next++ });
    }
    return [`*ordered ${targets.label} to ${place} (${plural(targets.shapes.length, 'shape')})`];
  },
};

// ---- layout, orient -----------------------------------------------------------------------

const LAYOUT_SYNTAX = 'layout [@all|@group:G|REF...] [algo:layered|force|tree] [dir:TB|LR|BT|RL] [spacing:N]';

const layout: DrawioVerb = {
  name: 'layout',
  section: 'Layout',
  syntax: LAYOUT_SYNTAX,
  summary:
    'arrange shapes automatically (ELK) along their edges, keeping the top-left corner of the selection; default @all, algo:layered, dir: the flow, spacing:60',
  examples: ['layout @all algo:layered dir:LR', 'layout @group:Backend algo:tree spacing:40'],
  async handler(op, ctx) {
    const { edit, words, params } = begin(op, ctx, { allowed: ['algo', 'dir', 'spacing'], refs: true, selectors: true });
    const refs = plainWords(op, words, LAYOUT_SYNTAX).map((w) => w.text);
    const algo = params.algo !== undefined ? oneOf('algo', params.algo, LAYOUT_ALGOS) : 'layered';
    const dir = params.dir !== undefined ? parseFlow('dir', params.dir) : edit.meta.flow;
    const spacing = params.spacing !== undefined ? parsePositiveInt('spacing', params.spacing, 1000) : 60;
    const allSelector: Selector = { kind: 'all', negated: false, raw: '@all' };
    const targets =
      refs.length || op.selectors.length ? targetsWithGroups(edit, refs, op.selectors, LAYOUT_SYNTAX) : resolveTargets(edit, [], [allSelector], LAYOUT_SYNTAX);
    const ids = new Set(targets.shapes.map((s) => s.id));
    const edges = [...new Set(targets.shapes.flatMap((s) => edit.edgesOf(s.id)))].filter((e) => ids.has(e.source) && ids.has(e.target));
    const bounds = boundsOf(targets.shapes)!;
    const input: LayoutInput = {
      nodes: targets.shapes.map((s) => ({ id: s.id, w: s.w, h: s.h })),
      edges: edges.map((e) => ({ id: e.id, source: e.source, target: e.target })),
      algo,
      dir,
      spacing,
      origin: { x: bounds.x, y: bounds.y },
    };
    // ELK takes seconds on big diagrams: it runs in a worker, and other clients' reads go on meanwhile.
    const positions = (await ctx.offload(LAYOUT_TASK, input)) as LayoutPositions;
    for (const shape of targets.shapes) {
      const p = positions.get(shape.id);
      if (p) edit.put({ ...shape, x: Math.round(p.x), y: Math.round(p.y) });
    }
    // Waypoints drawn for the old places would send the laid-out edges astray.
    for (const edge of edges) if (edge.points) edit.put(withoutWaypoints(edge));
    return [`@layout ${targets.label} ${algo} ${dir} spacing:${spacing} (${plural(targets.shapes.length, 'shape')}, ${plural(edges.length, 'edge')})`];
  },
};

const ORIENT_SYNTAX = 'orient TB|LR|BT|RL [keep:true]';

const orient: DrawioVerb = {
  name: 'orient',
  section: 'Layout',
  syntax: ORIENT_SYNTAX,
  summary:
    'set the flow direction (where new shapes go and which way moves push). Existing shapes on every page turn with it (a top-down column becomes a left-right row, edge ports turn too); keep:true leaves them where they are',
  examples: ['orient LR'],
  handler(op, ctx) {
    const { edit, words, params } = begin(op, ctx, { allowed: ['keep'] });
    const plain = plainWords(op, words, ORIENT_SYNTAX);
    if (plain.length !== 1) throw new StudioError(ErrorCode.missingArg, 'orient takes one direction', ORIENT_SYNTAX);
    const to = parseFlow('flow', plain[0].text);
    const keep = params.keep !== undefined && parseBoolean('keep', params.keep);
    const from = edit.meta.flow;
    if (from === to) return [`!orient ${to} (already)`];
    edit.setMeta({ flow: to });
    if (keep) return [`!orient ${to} (was ${from}; shapes kept in place)`];
    let turned = 0;
    for (const page of edit.pages()) {
      const shapes = [...edit.pageIndex(page.id).shapes.values()];
      // Ends the studio chose are chosen again for the turned shapes after the batch (studio-routes).
      const studioRouted = new Set([...edit.pageIndex(page.id).edges.values()].filter((edge) => hasStudioRoute(edit, edge)).map((edge) => edge.id));
      const positions = reorientShapes(shapes, from, to);
      const moved = shapes.map((s) => edit.put({ ...s, ...positions.get(s.id)! }));
      // Shapes keep their size when the diagram turns, so neighbours can now overlap; push them apart.
      const alongFlow = (s: ShapeRecord) => (to === 'TB' ? s.y : to === 'BT' ? -s.y : to === 'LR' ? s.x : -s.x);
      pushAlong(edit, [...moved].sort((a, b) => alongFlow(a) - alongFlow(b)), new Set(), to);
      for (const edge of [...edit.pageIndex(page.id).edges.values()]) {
        if ((!edge.exit && !edge.entry && !edge.points) || studioRouted.has(edge.id)) continue;
        edit.put({
          ...withoutWaypoints(edge),
          ...(edge.exit ? { exit: reorientPort(edge.exit, from, to) } : {}),
          ...(edge.entry ? { entry: reorientPort(edge.entry, from, to) } : {}),
        });
      }
      turned += shapes.length;
    }
    return [`!orient ${to} (was ${from}; ${plural(turned, 'shape')} turned to match)`];
  },
};

// ---- group, ungroup -----------------------------------------------------------------------

const GROUP_SYNTAX = 'group REF...|@SEL as:NAME [label:"Display Name"] [theme:T]';

const group: DrawioVerb = {
  name: 'group',
  section: 'Groups',
  syntax: GROUP_SYNTAX,
  summary:
    'put shapes in a named group (drawn as a container around them; a shape is in one group at most). An existing NAME gains the shapes',
  examples: ['group AuthService UserDB as:Backend label:"Backend services"', 'group @type:db as:Data theme:green'],
  handler(op, ctx) {
    const { edit, words, params } = begin(op, ctx, { allowed: ['as', 'label', 'theme'], refs: true, selectors: true });
    const name = params.as?.trim();
    if (!name) throw new StudioError(ErrorCode.missingArg, 'missing as:NAME', GROUP_SYNTAX);
    if (/[/]/.test(name) || /^[@#]/.test(name)) {
      throw badParam(`group name "${name}" may not contain / or start with @ or #`, `group ... as:${name.replace(/[/@#]/g, '') || 'Backend'}`);
    }
    const theme = params.theme !== undefined ? parseTheme(edit, params.theme) : undefined;
    const targets = resolveTargets(edit, plainWords(op, words, GROUP_SYNTAX).map((w) => w.text), op.selectors, GROUP_SYNTAX);
    const elsewhere = targets.shapes.find((s) => s.pageId !== edit.meta.activePageId);
    if (elsewhere) {
      throw badParam(`a group holds shapes of one page; ${quoteName(elsewhere.alias)} is not on the active page`, `page switch, then ${GROUP_SYNTAX}`);
    }
    let record: GroupRecord | undefined = [...edit.page.groups.values()].find((g) => g.name.toLowerCase() === name.toLowerCase());
    if (record) {
      record = edit.put({
        ...record,
        ...(params.label !== undefined ? { text: params.label } : {}),
        ...(theme !== undefined ? { theme } : {}),
      });
    } else {
      const { id, order } = edit.allocate('g');
      record = edit.put<GroupRecord>({
        id,
        kind: 'group',
        pageId: edit.meta.activePageId,
        layerId: edit.activeLayer.id,
        name,
        text: params.label ?? name,
        order,
        ...(theme !== undefined ? { theme } : {}),
      });
    }
    const groupId = record.id;
    const leftGroups = new Set<string>();
    for (const shape of targets.shapes) {
      if (shape.groupId === groupId) continue;
      if (shape.groupId) leftGroups.add(shape.groupId);
      edit.put({ ...shape, groupId });
    }
    const lines = [`!group ${quoteName(record.name)} (${plural(edit.membersOf(groupId).length, 'shape')})${record.text !== record.name ? ` label:${quoteText(record.text)}` : ''}`];
    for (const oldId of leftGroups) {
      const old = edit.group(oldId);
      if (old && !edit.index.membersByGroup.has(oldId)) {
        edit.removeGroup(old);
        lines.push(`-group ${quoteName(old.name)} (no shapes left)`);
      }
    }
    return lines;
  },
};

const UNGROUP_SYNTAX = 'ungroup NAME';

const ungroup: DrawioVerb = {
  name: 'ungroup',
  section: 'Groups',
  syntax: UNGROUP_SYNTAX,
  summary: 'dissolve a group; its shapes stay where they are',
  handler(op, ctx) {
    const { edit, words } = begin(op, ctx, { allowed: [] });
    const plain = plainWords(op, words, UNGROUP_SYNTAX);
    if (plain.length !== 1) throw new StudioError(ErrorCode.missingArg, 'ungroup takes one group name', UNGROUP_SYNTAX);
    const record = resolveGroup(edit, plain[0].text);
    const members = edit.membersOf(record.id);
    const bounds = edit.groupBounds(record.id);
    // What it held goes to the group around it, if it was nested in one.
    const outer = record.parentId !== undefined ? edit.group(record.parentId) : undefined;
    for (const shape of members) {
      const { groupId: _groupId, ...rest } = shape;
      edit.put(outer ? { ...rest, groupId: outer.id } : rest);
    }
    for (const inner of edit.childGroups(record.id)) {
      const { parentId: _parentId, ...rest } = inner;
      edit.put(outer ? { ...rest, parentId: outer.id } : rest);
    }
    edit.removeGroup(record, bounds);
    return [`!ungroup ${quoteName(record.name)} (${plural(members.length, 'shape')})`];
  },
};

export const arrangeVerbs: DrawioVerb[] = [move, order, layout, orient, group, ungroup];
