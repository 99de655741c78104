/** Verbs about the document rather than single shapes: define, page, layer, title. */
import { ErrorCode, StudioError } from '../../../kernel/errors';
import type { DrawioEdit } from '../edit';
import { plural, quoteText } from '../format';
import { type CustomThemeRecord, type CustomTypeRecord, type LayerRecord, type PageRecord, SHAPE_TYPES, THEMES, isShapeType } from '../../../../shared/drawio/model';
import { quoteName, resolveLayer, resolvePage } from '../refs';
import { type Word } from '../args';
import { badParam, oneOf, parseColor, parseSize, parseTheme, parseType } from '../values';
import { CUSTOM_THEME_PREFIX, CUSTOM_TYPE_PREFIX } from '../view';
import { type DrawioVerb, begin, plainWords } from './common';

// ---- define -------------------------------------------------------------------------------

const DEFINE_SYNTAX = 'define NAME base:TYPE [theme:T] [size:WxH] | define theme NAME fill:#hex stroke:#hex [font-color:#hex]';

/**
 * Param keys of the drawio verbs. A custom type may not take one of these names: `db:UserDB` is
 * read as a type-qualified ref, so a type called `label` would swallow every `label:` param.
 */
export const RESERVED_NAMES = new Set([
  'theme', 'near', 'dir', 'at', 'size', 'label', 'in', 'count', 'style', 'exit', 'entry', 'source-arrow',
  'target-arrow', 'stroke', 'fill', 'font-color', 'font-size', 'opacity', 'rounded', 'dashed', 'shadow', 'bold',
  'italic', 'underline', 'pos', 'to', 'strict', 'as', 'algo', 'spacing', 'base', 'keep', 'flow', 'checkpoint',
]);
const NAME_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

function definedName(word: Word | undefined, what: string, example: string): string {
  if (!word) throw new StudioError(ErrorCode.missingArg, `missing the ${what} name`, example);
  const name = word.text.toLowerCase();
  if (!NAME_PATTERN.test(name)) {
    throw badParam(`bad ${what} name "${word.text}": use a letter, then letters, digits or -`, example);
  }
  return name;
}

function defineTheme(edit: DrawioEdit, words: Word[], params: Record<string, string>): string[] {
  const example = 'define theme brand fill:#e3f2fd stroke:#1565c0';
  const name = definedName(words[1], 'theme', example);
  if (Object.prototype.hasOwnProperty.call(THEMES, name)) throw badParam(`"${name}" is a built-in theme`, example);
  if (params.fill === undefined || params.stroke === undefined) {
    throw new StudioError(ErrorCode.missingArg, 'define theme needs fill: and stroke:', example);
  }
  const fill = parseColor(edit, 'fill', params.fill, 'fill');
  const stroke = parseColor(edit, 'stroke', params.stroke, 'stroke');
  const fontColor = params['font-color'] !== undefined ? parseColor(edit, 'font-color', params['font-color'], 'font') : undefined;
  const record: CustomThemeRecord = {
    id: CUSTOM_THEME_PREFIX + name,
    kind: 'customTheme',
    name,
    fill,
    stroke,
    ...(fontColor ? { fontColor } : {}),
  };
  const existed = edit.store.has(record.id);
  edit.put(record);
  return [`!define theme ${name} fill:${fill} stroke:${stroke}${fontColor ? ` font-color:${fontColor}` : ''}${existed ? ' (redefined)' : ''}`];
}

function defineType(edit: DrawioEdit, words: Word[], params: Record<string, string>): string[] {
  const example = 'define pipeline base:queue theme:orange size:160x60';
  if (words.length !== 1) throw new StudioError(ErrorCode.missingArg, 'define takes one NAME', DEFINE_SYNTAX);
  const name = definedName(words[0], 'type', example);
  if (isShapeType(name)) throw badParam(`"${name}" is a built-in type`, example);
  if (RESERVED_NAMES.has(name)) throw badParam(`"${name}" is a parameter name and cannot name a type`, example);
  if (params.base === undefined) throw new StudioError(ErrorCode.missingArg, 'define needs base:TYPE', example);
  // A custom base flattens to its own base, taking its theme and size unless given here.
  const base = parseType(edit, params.base, 'base');
  if (base.name === name) throw badParam(`type "${name}" cannot be its own base`, example);
  const theme = params.theme !== undefined ? parseTheme(edit, params.theme) : base.theme;
  const size = params.size !== undefined ? parseSize('size', params.size) : { w: base.w, h: base.h };
  const builtIn = SHAPE_TYPES[base.base];
  const record: CustomTypeRecord = {
    id: CUSTOM_TYPE_PREFIX + name,
    kind: 'customType',
    name,
    base: base.base,
    ...(theme ? { theme } : {}),
    ...(size.w !== builtIn.w || size.h !== builtIn.h ? { w: size.w, h: size.h } : {}),
  };
  const existed = edit.store.has(record.id);
  edit.put(record);
  return [`!define ${name} base:${base.base} ${size.w}x${size.h}${theme ? ` theme:${theme}` : ''}${existed ? ' (redefined)' : ''}`];
}

const define: DrawioVerb = {
  name: 'define',
  section: 'Document',
  syntax: DEFINE_SYNTAX,
  summary: 'make a custom shape type (used like a built-in: add pipeline Orders) or a custom theme; redefining replaces it',
  examples: ['define pipeline base:queue theme:orange size:160x60', 'define theme brand fill:#e3f2fd stroke:#1565c0'],
  handler(op, ctx) {
    const { edit, words, params } = begin(op, ctx, { allowed: ['base', 'theme', 'size', 'fill', 'stroke', 'font-color'] });
    const plain = plainWords(op, words, DEFINE_SYNTAX);
    if (plain[0] && !plain[0].quoted && plain[0].text.toLowerCase() === 'theme') return defineTheme(edit, plain, params);
    return defineType(edit, plain, params);
  },
};

// ---- page ---------------------------------------------------------------------------------

const PAGE_SYNTAX = 'page add|switch|remove|list [NAME]';
const PAGE_ACTIONS = ['add', 'switch', 'remove', 'list'] as const;

function checkNewName(kind: string, name: string | undefined, existing: readonly string[], example: string): string {
  const trimmed = name?.trim();
  if (!trimmed) throw new StudioError(ErrorCode.missingArg, `missing the ${kind} name`, example);
  if (/^[@#]/.test(trimmed) || trimmed.includes('/')) throw badParam(`${kind} name "${trimmed}" may not contain / or start with @ or #`, example);
  const taken = existing.find((n) => n.toLowerCase() === trimmed.toLowerCase());
  if (taken !== undefined) {
    throw new StudioError(ErrorCode.conflict, `there is already a ${kind} "${taken}"`, `${kind} switch ${quoteName(taken)}`);
  }
  return trimmed;
}

function addLayer(edit: DrawioEdit, pageId: string, name: string): LayerRecord {
  const { id, order } = edit.allocate('l');
  return edit.put<LayerRecord>({ id, kind: 'layer', pageId, name, visible: true, order });
}

function pageCounts(edit: DrawioEdit, pageId: string): string {
  const page = edit.pageIndex(pageId);
  return `${page.shapes.size}s ${page.edges.size}e ${page.groups.size}g`;
}

const page: DrawioVerb = {
  name: 'page',
  section: 'Document',
  syntax: PAGE_SYNTAX,
  summary: 'pages of the document: add (and switch to it), switch, remove (with everything on it; not the last page), list. Verbs act on the active page',
  examples: ['page add Backend', 'page switch Page-1', 'page list'],
  handler(op, ctx) {
    const { edit, words } = begin(op, ctx, { allowed: [] });
    const plain = plainWords(op, words, PAGE_SYNTAX);
    if (plain.length === 0) throw new StudioError(ErrorCode.missingArg, 'missing the page action', PAGE_SYNTAX);
    const action = oneOf('page action', plain[0].text, PAGE_ACTIONS);
    const name = plain.slice(1).map((w) => w.text).join(' ');
    const pages = edit.pages();
    switch (action) {
      case 'list':
        return [`!pages: ${pages.map((p) => `${quoteName(p.name)}${p.id === edit.meta.activePageId ? '*' : ''} (${pageCounts(edit, p.id)})`).join(' | ')}`];
      case 'add': {
        const pageName = checkNewName('page', name, pages.map((p) => p.name), 'page add Backend');
        const { id, order } = edit.allocate('p');
        const layer = addLayer(edit, id, 'Default');
        edit.put<PageRecord>({ id, kind: 'page', name: pageName, order, activeLayerId: layer.id });
        edit.setMeta({ activePageId: id });
        return [`+page ${quoteName(pageName)} (now active)`];
      }
      case 'switch': {
        if (!name) throw new StudioError(ErrorCode.missingArg, 'missing the page name', 'page switch Page-1');
        const target = resolvePage(edit, name);
        edit.setMeta({ activePageId: target.id });
        return [`!page switch ${quoteName(target.name)} (${pageCounts(edit, target.id)})`];
      }
      case 'remove': {
        if (!name) throw new StudioError(ErrorCode.missingArg, 'missing the page name', 'page remove Backend');
        const target = resolvePage(edit, name);
        if (pages.length === 1) throw badParam('cannot remove the only page', 'page add NAME first, or remove @all');
        const index = edit.pageIndex(target.id);
        const counts = `${plural(index.shapes.size, 'shape')}, ${plural(index.edges.size, 'edge')}, ${plural(index.groups.size, 'group')}`;
        edit.removeShapes([...index.shapes.values()]);
        for (const groupId of [...index.groups.keys()]) edit.remove(groupId);
        for (const edgeId of [...index.edges.keys()]) edit.remove(edgeId);
        for (const layer of edit.layers(target.id)) edit.remove(layer.id);
        edit.remove(target.id);
        let note = '';
        if (edit.meta.activePageId === target.id) {
          const next = pages.find((p) => p.id !== target.id)!;
          edit.setMeta({ activePageId: next.id });
          note = `; now on ${quoteName(next.name)}`;
        }
        return [`-page ${quoteName(target.name)} (${counts}${note})`];
      }
    }
  },
};

// ---- layer --------------------------------------------------------------------------------

const LAYER_SYNTAX = 'layer create|switch|show|hide|list [NAME]';
const LAYER_ACTIONS = ['create', 'switch', 'show', 'hide', 'list'] as const;

const layer: DrawioVerb = {
  name: 'layer',
  section: 'Document',
  syntax: LAYER_SYNTAX,
  summary: 'layers of the active page: create (and switch to it), switch (new shapes and edges go on the active layer), show, hide, list',
  examples: ['layer create Annotations', 'layer hide Annotations'],
  handler(op, ctx) {
    const { edit, words } = begin(op, ctx, { allowed: [] });
    const plain = plainWords(op, words, LAYER_SYNTAX);
    if (plain.length === 0) throw new StudioError(ErrorCode.missingArg, 'missing the layer action', LAYER_SYNTAX);
    const action = oneOf('layer action', plain[0].text, LAYER_ACTIONS);
    const name = plain.slice(1).map((w) => w.text).join(' ');
    const activePage = edit.activePage;
    const layers = edit.layers(activePage.id);
    if (action === 'list') {
      const counts = new Map<string, number>();
      for (const s of edit.page.shapes.values()) counts.set(s.layerId, (counts.get(s.layerId) ?? 0) + 1);
      const items = layers.map(
        (l) => `${quoteName(l.name)}${l.id === activePage.activeLayerId ? '*' : ''}${l.visible ? '' : ' hidden'} (${counts.get(l.id) ?? 0}s)`,
      );
      return [`!layers on ${quoteName(activePage.name)}: ${items.join(' | ')}`];
    }
    if (action === 'create') {
      const layerName = checkNewName('layer', name, layers.map((l) => l.name), 'layer create Annotations');
      const created = addLayer(edit, activePage.id, layerName);
      edit.put({ ...activePage, activeLayerId: created.id });
      return [`+layer ${quoteName(layerName)} on ${quoteName(activePage.name)} (now active)`];
    }
    if (!name) throw new StudioError(ErrorCode.missingArg, 'missing the layer name', `layer ${action} Default`);
    const target = resolveLayer(edit, activePage.id, name);
    if (action === 'switch') {
      edit.put({ ...activePage, activeLayerId: target.id });
      return [`!layer switch ${quoteName(target.name)}${target.visible ? '' : ' (hidden: new shapes will not show until layer show)'}`];
    }
    const visible = action === 'show';
    if (target.visible !== visible) edit.put({ ...target, visible });
    return [`*layer ${quoteName(target.name)} ${visible ? 'shown' : 'hidden'}`];
  },
};

// ---- title --------------------------------------------------------------------------------

const TITLE_SYNTAX = 'title "T"';

const title: DrawioVerb = {
  name: 'title',
  section: 'Document',
  syntax: TITLE_SYNTAX,
  summary: 'rename the document',
  handler(op, ctx) {
    const { edit, words } = begin(op, ctx, { allowed: [] });
    const text = plainWords(op, words, TITLE_SYNTAX).map((w) => w.text).join(' ').trim();
    if (!text) throw new StudioError(ErrorCode.missingArg, 'missing the title', 'title "Payment platform"');
    edit.setMeta({ title: text });
    return [`!title ${quoteText(text)}`];
  },
};

export const documentVerbs: DrawioVerb[] = [define, page, layer, title];
