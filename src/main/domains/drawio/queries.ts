/** The drawio queries (drawio_query): map, stats, describe, list, connections, find, diff. Read-only. */
import { type DiffDescription, diffQuery } from '../../fcp/common-queries';
import type { QuerySpec } from '../../fcp/domain';
import { ErrorCode, StudioError } from '../../kernel/errors';
import { parseOp, tokenize } from '../../fcp/grammar';
import { bindSelected, checkNoArguments, summarizedLines } from '../../fcp/presence';
import type { RecordDiff } from '../../kernel/records';
import { capLines, edgeEnds, edgeSummary, geometry, plural, position, quoteText, shapeBrief, shapeName, shapeSummary, styleSummary } from './format';
import { shapeStyleText, type DrawioRecord, type EdgeRecord, type GroupRecord, type LayerRecord, type MetaRecord, type PageRecord, type ShapeRecord } from '../../../shared/drawio/model';
import { fileNotice } from '../../../shared/drawio/file-notice';
import { canvasOf } from './placement';
import { edgeById, normalizeName, quoteName, resolvePage, resolveShape } from './refs';
import { selectShapes } from './selectors';
import { DrawioView, byOrder } from './view';
import { FRAMED_ICONS, styleEntries } from '../../../shared/drawio/stencils';

type DrawioQuery = QuerySpec<DrawioRecord>;

function countsOf(view: DrawioView, pageId: string): string {
  const page = view.pageIndex(pageId);
  return `${page.shapes.size}s ${page.edges.size}e ${page.groups.size}g`;
}

function hiddenLayerIds(view: DrawioView, pageId: string): Set<string> {
  return new Set(view.layers(pageId).filter((l) => !l.visible).map((l) => l.id));
}

/** The words of a query's arguments, quotes removed (`describe "Auth Service"`). */
function argWords(args: string): string[] {
  return tokenize(args).map((t) => t.text);
}

// ---- map ----------------------------------------------------------------------------------

const map: DrawioQuery = {
  name: 'map',
  syntax: 'map [PAGE]',
  summary: 'the active page (or PAGE): canvas size, flow, counts, then every shape, edge and group',
  handler(args, ctx) {
    const view = new DrawioView(ctx.store);
    const page = args ? resolvePage(view, argWords(args).join(' ')) : view.activePage;
    const index = view.pageIndex(page.id);
    const canvas = canvasOf(index.shapes.values());
    const pages = view.pages();
    const pageNote = pages.length > 1 ? ` | page ${quoteName(page.name)} (${pages.indexOf(page) + 1} of ${pages.length})` : '';
    const out = [`map: ${canvas.w}x${canvas.h} flow:${view.meta.flow} | ${countsOf(view, page.id)}${pageNote}`];
    const hidden = hiddenLayerIds(view, page.id);
    for (const shape of index.shapes.values()) out.push(`  ${shapeBrief(view, shape)}${hidden.has(shape.layerId) ? ' [hidden]' : ''}`);
    for (const edge of index.edges.values()) {
      const style = edge.lineStyle === 'solid' ? '' : ` ${edge.lineStyle}`;
      const label = edge.label ? ` ${quoteText(edge.label)}` : '';
      out.push(`  ${edgeEnds(view, edge)}${label}${style}`);
    }
    for (const group of index.groups.values()) {
      const members = view.membersOf(group.id).map((s) => quoteName(s.alias));
      const parent = group.parentId !== undefined ? view.group(group.parentId) : undefined;
      out.push(`  group ${quoteName(group.name)}${parent ? ` in:${quoteName(parent.name)}` : ''}: ${members.join(', ')}`);
    }
    if (index.shapes.size === 0) out.push('  (empty page: add svc AuthService)');
    return out.join('\n');
  },
};

// ---- stats --------------------------------------------------------------------------------

function tally(values: Iterable<string>): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, n]) => `${k} ${n}`).join(', ') || '-';
}

const stats: DrawioQuery = {
  name: 'stats',
  syntax: 'stats',
  summary: 'counts for the whole document: pages, shapes by type and theme, edges by style, orphans, custom types',
  handler(_args, ctx) {
    const view = new DrawioView(ctx.store);
    const index = view.index;
    const pages = view.pages();
    const shapes: ShapeRecord[] = [];
    const edges: EdgeRecord[] = [];
    for (const page of pages) {
      // Loops, not push(...): a page of a big file would overflow the call stack.
      for (const shape of view.pageIndex(page.id).shapes.values()) shapes.push(shape);
      for (const edge of view.pageIndex(page.id).edges.values()) edges.push(edge);
    }
    const orphans = shapes.filter((s) => !index.edgesByShape.has(s.id)).length;
    const canvas = canvasOf(view.page.shapes.values());
    const out = [
      `stats: ${quoteText(view.meta.title)} | ${plural(index.shapeCount, 'shape')}, ${plural(index.edgeCount, 'edge')}, ${plural(index.groupCount, 'group')} | ${plural(pages.length, 'page')} | flow:${view.meta.flow}`,
    ];
    for (const page of pages) {
      const layers = view.layers(page.id).map((l) => `${quoteName(l.name)}${l.visible ? '' : ' (hidden)'}`);
      const active = page.id === view.meta.activePageId ? ' (active)' : '';
      out.push(`  page ${quoteName(page.name)}${active}: ${countsOf(view, page.id)}, layers: ${layers.join(', ')}`);
    }
    out.push(`  types: ${tally(shapes.map((s) => s.type))}`);
    out.push(`  themes: ${tally(shapes.map((s) => s.theme))}`);
    out.push(`  edges: ${tally(edges.map((e) => e.lineStyle))}`);
    out.push(`  orphans: ${orphans} (shapes without edges) | canvas ${canvas.w}x${canvas.h} (active page)`);
    // What an opened file holds that the studio keeps but does not edit, as `open` said it.
    for (const line of fileNotice(view.store.snapshot())) out.push(`  ${line}`);
    const customTypes = view.customTypes().map((t) => t.name);
    const customThemes = view.customThemes().map((t) => t.name);
    if (customTypes.length || customThemes.length) {
      out.push(`  defined: types ${customTypes.join(', ') || '-'} | themes ${customThemes.join(', ') || '-'}`);
    }
    return out.join('\n');
  },
};

// ---- describe, connections ----------------------------------------------------------------

/** A look, with the icon an AWS 4 frame holds: `mxgraph.aws4.lambda in mxgraph.aws4.resourceIcon`. */
function lookText(look: string, style: string | undefined): string {
  const framed = FRAMED_ICONS[look];
  const icon = framed && style !== undefined ? styleEntries(style).get(framed.iconKey) : undefined;
  return icon ? `${icon} in ${look}` : look;
}

/** What a file gave a record beyond the model: a rich label, custom data, what diagrams.net draws it as. */
function fileLines(record: Pick<ShapeRecord, 'html' | 'file'> & { look?: string; paletteStyle?: string }): string[] {
  const out: string[] = [];
  if (record.html !== undefined) out.push(`  html: ${quoteText(record.html)}`);
  const data = record.file?.data;
  if (data?.length) out.push(`  data: ${data.map(([name, value]) => `${name}=${quoteText(value)}`).join(' ')}`);
  const look = record.look === undefined ? undefined : lookText(record.look, shapeStyleText(record));
  if (record.paletteStyle !== undefined) out.push(`  drawn as: ${look ?? 'its library shape'} (with the style diagrams.net's palette gives it)`);
  else if (look !== undefined) out.push(`  drawn as: ${look} (kept as it is in the file)`);
  return out;
}

function describeShape(view: DrawioView, shape: ShapeRecord): string {
  const page = view.store.get<PageRecord>(shape.pageId);
  const layer = view.store.get<LayerRecord>(shape.layerId);
  const group = shape.groupId ? view.group(shape.groupId) : undefined;
  const out = [`${quoteName(shape.alias)} (${shape.type}) #${shape.id}`];
  if (shape.text !== shape.alias) out.push(`  text: ${quoteText(shape.text)}`);
  out.push(`  ${geometry(shape)} theme:${shape.theme}`);
  const style = styleSummary(shape.style);
  if (style) out.push(`  style: ${style}`);
  if (shape.badges.length) out.push(`  badges: ${shape.badges.map((b) => `${quoteText(b.text)} ${b.pos}`).join(', ')}`);
  out.push(...fileLines(shape));
  out.push(
    `  page ${quoteName(page?.name ?? shape.pageId)}, layer ${quoteName(layer?.name ?? shape.layerId)}${layer && !layer.visible ? ' (hidden)' : ''}` +
      (group ? `, group ${quoteName(group.name)}` : ''),
  );
  const edges = view.edgesOf(shape.id);
  const outgoing = edges.filter((e) => e.source === shape.id);
  const incoming = edges.filter((e) => e.source !== shape.id);
  for (const e of outgoing) out.push(`  out: ${edgeSummary(view, e)}`);
  for (const e of incoming) out.push(`  in: ${edgeSummary(view, e)}`);
  if (edges.length === 0) out.push('  no edges');
  return out.join('\n');
}

function describeGroup(view: DrawioView, group: GroupRecord): string {
  const members = view.membersOf(group.id);
  const bounds = view.groupBounds(group.id);
  const parent = group.parentId !== undefined ? view.group(group.parentId) : undefined;
  const nested = view.childGroups(group.id);
  return [
    `group ${quoteName(group.name)} #${group.id}: ${plural(members.length, 'shape')}${bounds ? ` ${geometry(bounds)}` : ''}`,
    ...(group.text !== group.name ? [`  label: ${quoteText(group.text)}`] : []),
    ...(group.theme ? [`  theme:${group.theme}`] : []),
    ...(group.swimlane ? [`  swimlane (title band ${group.swimlane.header} px${group.swimlane.vertical ? ', at the left' : ''})`] : []),
    ...(parent ? [`  in group ${quoteName(parent.name)}`] : []),
    ...(nested.length ? [`  groups inside: ${nested.map((g) => quoteName(g.name)).join(', ')}`] : []),
    `  members: ${members.map((s) => quoteName(s.alias)).join(', ')}`,
    ...fileLines(group),
  ].join('\n');
}

/** `A->B` (or `A -> B`) in a query: the edge between the two, either way round. */
function findEdgeByWords(view: DrawioView, words: string[]): EdgeRecord | undefined {
  const text = words.join(' ');
  const parts = text.split(/\s*(?:<->|->|--)\s*/);
  if (parts.length !== 2) return undefined;
  const a = resolveShape(view, parts[0], { anyPage: true });
  const b = resolveShape(view, parts[1], { anyPage: true });
  const id = view.index.edgeBetween(a.id, b.id) ?? view.index.edgeBetween(b.id, a.id);
  if (!id) {
    throw new StudioError(ErrorCode.unknownRef, `no edge between ${quoteName(a.alias)} and ${quoteName(b.alias)}`, `connections ${quoteName(a.alias)}`);
  }
  return view.edge(id);
}

function needRef(words: string[], syntax: string): string {
  if (words.length === 0) throw new StudioError(ErrorCode.missingArg, 'missing REF', syntax);
  return words.join(' ');
}

const describe: DrawioQuery = {
  name: 'describe',
  syntax: 'describe REF|GROUP|SRC->TGT|#EDGE_ID',
  summary: 'everything about one shape (geometry, theme, style, badges, page, layer, group, edges), a group or an edge',
  handler(args, ctx) {
    const view = new DrawioView(ctx.store);
    const words = argWords(args);
    const ref = needRef(words, 'describe AuthService');
    const byId = edgeById(view, ref);
    if (byId || /(<->|->|--)/.test(ref)) {
      const edge = byId ?? findEdgeByWords(view, words)!;
      ctx.noteRead([edge.id, edge.source, edge.target].filter((id) => id !== ''));
      const layer = view.store.get<LayerRecord>(edge.layerId);
      return [`edge #${edge.id}: ${edgeSummary(view, edge)}`, `  layer ${quoteName(layer?.name ?? edge.layerId)}`, ...fileLines(edge)].join('\n');
    }
    try {
      const shape = resolveShape(view, ref, { anyPage: true });
      ctx.noteRead([shape.id]);
      return describeShape(view, shape);
    } catch (err) {
      const group = err instanceof StudioError && err.code === ErrorCode.unknownRef ? [...view.page.groups.values()].find((g) => g.name.toLowerCase() === ref.toLowerCase()) : undefined;
      if (group) {
        ctx.noteRead(view.membersOf(group.id).map((m) => m.id));
        return describeGroup(view, group);
      }
      throw err;
    }
  },
};

const connections: DrawioQuery = {
  name: 'connections',
  syntax: 'connections REF',
  summary: 'the edges going out of and coming into a shape',
  handler(args, ctx) {
    const view = new DrawioView(ctx.store);
    const shape = resolveShape(view, needRef(argWords(args), 'connections AuthService'), { anyPage: true });
    const edges = view.edgesOf(shape.id);
    const outgoing = edges.filter((e) => e.source === shape.id);
    const incoming = edges.filter((e) => e.source !== shape.id);
    ctx.noteRead([shape.id, ...edges.map((e) => e.id)]);
    return [
      `connections ${quoteName(shape.alias)}: ${outgoing.length} out, ${incoming.length} in`,
      ...outgoing.map((e) => `  out: ${edgeSummary(view, e)}`),
      ...incoming.map((e) => `  in: ${edgeSummary(view, e)}`),
    ].join('\n');
  },
};

// ---- list, find ---------------------------------------------------------------------------

const list: DrawioQuery = {
  name: 'list',
  syntax: 'list [@SEL...]',
  summary: 'shapes of the active page (or those the selectors pick) with type, geometry, theme, label and group',
  handler(args, ctx) {
    const view = new DrawioView(ctx.store);
    const op = bindSelected(parseOp(`list ${args}`), ctx.selected);
    if (op.positionals.length || Object.keys(op.params).length) {
      throw new StudioError(ErrorCode.badParam, `list takes only selectors, not "${args}"`, 'list @type:db, or describe REF');
    }
    const shapes = op.selectors.length ? selectShapes(view, op.selectors) : [...view.page.shapes.values()];
    if (op.selectors.length) ctx.noteRead(shapes.map((s) => s.id));
    const activePageId = view.meta.activePageId;
    const pageName = (s: ShapeRecord) => view.store.get<PageRecord>(s.pageId)?.name ?? s.pageId;
    const header = op.selectors.length
      ? `list ${op.selectors.map((s) => s.raw).join(' ')}: ${plural(shapes.length, 'shape')}`
      : `list: ${plural(shapes.length, 'shape')} on page ${quoteName(view.activePage.name)}`;
    return [header, ...shapes.map((s) => `  ${s.pageId === activePageId ? '' : `${quoteName(pageName(s))}/`}${shapeSummary(view, s)}`)].join('\n');
  },
};

const find: DrawioQuery = {
  name: 'find',
  syntax: 'find TEXT',
  summary: 'shapes and groups on every page whose name or label contains TEXT (ignoring case, spaces, - and _)',
  handler(args, ctx) {
    const view = new DrawioView(ctx.store);
    const text = argWords(args).join(' ');
    if (!text) throw new StudioError(ErrorCode.missingArg, 'missing TEXT', 'find auth');
    const needle = normalizeName(text);
    const lower = text.toLowerCase();
    const hit = (name: string) => name.toLowerCase().includes(lower) || (needle !== '' && normalizeName(name).includes(needle));
    const lines: string[] = [];
    for (const page of view.pages()) {
      const prefix = page.id === view.meta.activePageId ? '' : `${quoteName(page.name)}/`;
      const index = view.pageIndex(page.id);
      for (const s of index.shapes.values()) if (hit(s.alias) || hit(s.text)) lines.push(`  ${prefix}${shapeBrief(view, s)}`);
      for (const g of index.groups.values()) {
        if (hit(g.name) || hit(g.text)) lines.push(`  ${prefix}group ${quoteName(g.name)} (${plural(view.membersOf(g.id).length, 'shape')})`);
      }
    }
    if (lines.length === 0) return `find ${quoteText(text)}: no matches`;
    return [`find ${quoteText(text)}: ${plural(lines.length, 'match', 'matches')}`, ...capLines(lines, 200, (n) => `  ... and ${n} more`)].join('\n');
  },
};

// ---- diff ---------------------------------------------------------------------------------

const KIND_ORDER = ['meta', 'page', 'layer', 'customType', 'customTheme', 'shape', 'group', 'edge'];

function changedFields(before: ShapeRecord, after: ShapeRecord): string[] {
  const out: string[] = [];
  if (before.alias !== after.alias) out.push(`renamed ${quoteName(before.alias)}->${quoteName(after.alias)}`);
  if (before.x !== after.x || before.y !== after.y) out.push(`moved ${position(before)}->${position(after)}`);
  if (before.w !== after.w || before.h !== after.h) out.push(`resized ${before.w}x${before.h}->${after.w}x${after.h}`);
  if (before.type !== after.type) out.push(`type ${before.type}->${after.type}`);
  if (before.theme !== after.theme) out.push(`theme ${before.theme}->${after.theme}`);
  if (before.text !== after.text) out.push(`label ${quoteText(before.text)}->${quoteText(after.text)}`);
  if (styleSummary(before.style) !== styleSummary(after.style)) out.push(`style ${styleSummary(after.style) || '(none)'}`);
  if (JSON.stringify(before.badges) !== JSON.stringify(after.badges)) out.push('badges changed');
  if (before.groupId !== after.groupId) out.push(after.groupId ? 'group changed' : 'left its group');
  if (before.layerId !== after.layerId) out.push('layer changed');
  return out;
}

/** One line per changed record of a diff, oldest kinds first. */
export function describeDiff(view: DrawioView, diff: RecordDiff<DrawioRecord>): DiffDescription {
  // Names of shapes that no longer exist come from their last known record in the diff.
  const known = new Map<string, ShapeRecord>();
  for (const [before, after] of Object.values(diff)) {
    const record = after ?? before;
    if (record?.kind === 'shape') known.set(record.id, record);
  }
  const nameOf = (id: string) => (view.group(id) ? shapeName(view, id) : quoteName(view.shape(id)?.alias ?? known.get(id)?.alias ?? `#${id}`));
  const entries = Object.values(diff).sort((a, b) => {
    const ra = (a[1] ?? a[0])!;
    const rb = (b[1] ?? b[0])!;
    const byKind = KIND_ORDER.indexOf(ra.kind) - KIND_ORDER.indexOf(rb.kind);
    return byKind || ((ra as ShapeRecord).order ?? 0) - ((rb as ShapeRecord).order ?? 0);
  });
  const lines: string[] = [];
  let added = 0;
  let removed = 0;
  let changed = 0;
  for (const [before, after] of entries) {
    const record = (after ?? before)!;
    const sign = !before ? '+' : !after ? '-' : '*';
    let line: string | undefined;
    switch (record.kind) {
      case 'shape':
        if (!before) line = `+${shapeSummary(view, after as ShapeRecord)}`;
        else if (!after) line = `-${(before as ShapeRecord).type} ${quoteName((before as ShapeRecord).alias)}`;
        else {
          const fields = changedFields(before as ShapeRecord, after as ShapeRecord);
          if (fields.length) line = `*${quoteName((after as ShapeRecord).alias)} ${fields.join(', ')}`;
        }
        break;
      case 'edge':
        line = `${sign === '*' ? '~' : sign}${edgeSummary(view, record as EdgeRecord, nameOf)}`;
        break;
      case 'group':
        line = `${sign}group ${quoteName((record as GroupRecord).name)}`;
        break;
      case 'page':
        line = `${sign}page ${quoteName((record as PageRecord).name)}`;
        break;
      case 'layer': {
        const layer = record as LayerRecord;
        const visibility = before && after && (before as LayerRecord).visible !== layer.visible ? (layer.visible ? ' shown' : ' hidden') : '';
        line = `${sign}layer ${quoteName(layer.name)}${visibility}`;
        break;
      }
      case 'customType':
      case 'customTheme':
        line = `${sign}${record.kind === 'customType' ? 'type' : 'theme'} ${record.name}`;
        break;
      case 'meta': {
        const b = before as MetaRecord | null;
        const a = after as MetaRecord | null;
        const parts: string[] = [];
        if (b && a && b.title !== a.title) parts.push(`title ${quoteText(b.title)}->${quoteText(a.title)}`);
        if (b && a && b.flow !== a.flow) parts.push(`flow ${b.flow}->${a.flow}`);
        if (parts.length) line = `*${parts.join(', ')}`;
        break;
      }
    }
    if (!line) continue;
    lines.push(line);
    if (sign === '+') added++;
    else if (sign === '-') removed++;
    else changed++;
  }
  return { lines, added, removed, changed };
}

const diff = diffQuery<DrawioRecord>('drawio_session', (store, changes) => describeDiff(new DrawioView(store), changes), 200);

const selection: DrawioQuery = {
  name: 'selection',
  syntax: 'selection',
  summary: "what the person has selected in the Diagram view (shapes and edges, and the page they are on); @selected picks the same shapes",
  handler(args, ctx) {
    checkNoArguments('selection', args);
    const view = new DrawioView(ctx.store);
    const selected = ctx.selected();
    const records = [...selected.ids].map((id) => view.store.get(id)).filter((r) => r?.kind === 'shape' || r?.kind === 'edge');
    const shapes = records.filter((r): r is ShapeRecord => r?.kind === 'shape').sort(byOrder);
    const edges = records.filter((r): r is EdgeRecord => r?.kind === 'edge');
    const pageName = (s: ShapeRecord) => view.store.get<PageRecord>(s.pageId)?.name ?? s.pageId;
    const pages = [...new Set(shapes.map(pageName))];
    const gone = selected.ids.size - records.length;
    const header = `selection (${selected.window}): ${plural(shapes.length, 'shape')}, ${plural(edges.length, 'edge')}${pages.length ? ` on page ${pages.map(quoteName).join(', ')}` : ''}`;
    ctx.noteRead(records.map((r) => r!.id));
    const lines = [...shapes.map((s) => `  ${shapeSummary(view, s)}`), ...edges.map((e) => `  edge #${e.id}: ${edgeSummary(view, e)}`)];
    return [
      header,
      ...capLines(lines, 200, (n) => `  ... and ${n} more`),
      ...(gone > 0 ? [`  (${gone} selected thing${gone === 1 ? ' is' : 's are'} no longer in the diagram)`] : []),
      ...summarizedLines(selected),
    ].join('\n');
  },
};

export const drawioQueries: DrawioQuery[] = [map, stats, describe, list, connections, find, selection, diff];
