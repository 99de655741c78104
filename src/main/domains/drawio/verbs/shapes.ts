/** Verbs that make, change and remove shapes: add, remove, resize, swap, label, badge, style. */
import { ErrorCode, StudioError } from '../../../kernel/errors';
import type { Word } from '../args';
import { type DrawioEdit, withoutHtml } from '../edit';
import { capLines, edgeSummary, geometry, plural, quoteText, shapeSummary } from '../format';
import { Palettes, parseStyle, shapeFieldsOfStyle, typeFromStyle } from '../file/drawio-style';
import { type LibraryShape, libraryCatalog } from '../library-catalog';
import { type BadgePosition, DEFAULT_THEME, type ShapeRecord, type StyleOverrides } from '../../../../shared/drawio/model';
import { type PlacementRequest, type Point, parseTarget, placeShape } from '../placement';
import { edgeById, quoteName, resolveGroup, resolveShape } from '../refs';
import { resolveTargets } from '../selectors';
import {
  BADGE_POSITIONS,
  DIRECTIONS,
  type TypeSpec,
  badChoice,
  badParam,
  findType,
  guessType,
  oneOf,
  parseBoolean,
  parseColor,
  parseNumberInRange,
  parsePositiveInt,
  parseSize,
  parseTheme,
  typeNames,
  widthFor,
} from '../values';
import { type DrawioVerb, begin, plainWords } from './common';
import { removeEdgesBetween } from './edges';

/** Answers list at most this many removed things one per line, then a count. */
const MAX_LISTED = 20;
const MAX_COUNT = 500;
const MAX_LABEL_LENGTH = 500;

// ---- add ----------------------------------------------------------------------------------

const ADD_PARAMS = { allowed: ['theme', 'near', 'dir', 'at', 'size', 'label', 'in', 'count'] };
const ADD_SYNTAX =
  'add TYPE|LIBRARY.SHAPE LABEL [theme:T] [near:REF dir:DIR] [at:X,Y|at:REGION] [size:WxH] [label:"Display"] [in:GROUP] [count:N]';

function checkAlias(alias: string): void {
  if (!alias.trim()) throw new StudioError(ErrorCode.missingArg, 'empty LABEL', ADD_SYNTAX);
  if (/^[@#]/.test(alias)) {
    throw badParam(`LABEL "${alias}" may not start with @ or # (those are selectors and ids)`, `add svc ${alias.slice(1) || 'AuthService'}`);
  }
  if (alias.length > MAX_LABEL_LENGTH) throw badParam(`LABEL is over ${MAX_LABEL_LENGTH} characters`, 'use label:"..." for long display text');
}

/** A free alias like `AuthService2`, for the suggestion when the name is taken. */
function freeAlias(edit: DrawioEdit, alias: string): string {
  for (let n = 2; ; n++) if (!edit.page.aliases.has(`${alias}${n}`.toLowerCase())) return `${alias}${n}`;
}

function assertAliasFree(edit: DrawioEdit, alias: string, type: string): void {
  const existingId = edit.page.aliases.get(alias.toLowerCase());
  if (!existingId) return;
  const existing = edit.shape(existingId)!;
  throw new StudioError(
    ErrorCode.conflict,
    `${quoteName(existing.alias)} already exists on page "${edit.activePage.name}" (${existing.type} ${geometry(existing)})`,
    `add ${type} ${quoteName(freeAlias(edit, alias))}, or refer to the existing ${quoteName(existing.alias)}`,
  );
}

/** A type `add` takes: a built-in or defined type, or a library shape (`aws4.lambda`) with its palette style. */
type AddType = TypeSpec & { readonly library?: LibraryShape };

/** A library-qualified name (it has a dot): the library shape it names, else unknown_ref with the nearest names. */
function libraryType(name: string): AddType {
  const catalog = libraryCatalog();
  const shape = catalog.shape(name);
  if (!shape) {
    const near = catalog.nearestShapes(name);
    throw new StudioError(
      ErrorCode.unknownRef,
      `no library shape "${name}"`,
      near.length ? near.join(', ') : 'drawio_query shapes LIBRARY lists a library (drawio_help lists the libraries)',
    );
  }
  const base = typeFromStyle(parseStyle(shape.style));
  return { name: base, base, w: shape.w, h: shape.h, library: shape };
}

function addType(edit: DrawioEdit, word: Word): AddType | undefined {
  if (word.quoted) return undefined;
  return findType(edit, word.text) ?? (word.text.includes('.') ? libraryType(word.text) : undefined);
}

/** TYPE and LABEL from the words: `add svc Auth`, or `add Auth` with the type guessed from the label. */
function typeAndLabel(edit: DrawioEdit, words: Word[], displayLabel: string | undefined): { type: AddType; alias: string } {
  if (words.length === 0) throw new StudioError(ErrorCode.missingArg, 'missing LABEL', ADD_SYNTAX);
  if (words.length === 1) {
    const only = words[0];
    if (addType(edit, only)) {
      throw new StudioError(ErrorCode.missingArg, `missing LABEL after type "${only.text}"`, `add ${only.text.toLowerCase()} MyName`);
    }
    return { type: findType(edit, guessType(only.text))!, alias: only.text };
  }
  if (words.length > 2) {
    const typed = !words[0].quoted && findType(edit, words[0].text) !== undefined;
    const rest = words.slice(typed ? 1 : 0).map((w) => w.text);
    const type = typed ? words[0].text.toLowerCase() : 'svc';
    // `label:Auth Service` lost its second word to the positionals; otherwise the LABEL itself had spaces.
    const fix =
      displayLabel !== undefined
        ? `add ${type} ${rest[0]} label:${quoteText([displayLabel, ...rest.slice(1)].join(' '))}`
        : `add ${type} ${quoteText(rest.join(' '))}`;
    throw badParam(`add takes one TYPE and one LABEL, got ${words.length} words`, `quote text with spaces: ${fix}`);
  }
  const type = addType(edit, words[0]);
  if (!type) throw badChoice('type', words[0].text, typeNames(edit));
  return { type, alias: words[1].text };
}

/** Where the next unplaced shape goes after: the last touched shape on this page, else the newest. */
function lastAnchor(edit: DrawioEdit): ShapeRecord | undefined {
  const touched = edit.meta.lastTouchedId ? edit.shape(edit.meta.lastTouchedId) : undefined;
  if (touched && touched.pageId === edit.meta.activePageId) return touched;
  return edit.newestShape(edit.meta.activePageId);
}

const add: DrawioVerb = {
  name: 'add',
  section: 'Shapes',
  syntax: ADD_SYNTAX,
  summary:
    'add a shape (TYPE optional: guessed from the label; LIBRARY.SHAPE, e.g. aws4.lambda or mxgraph.aws4.lambda, adds a diagrams.net library shape with its palette size and style). Without at:/near: it goes after the last touched shape (below in TB, right in LR); count:N adds LABEL1..LABELN.',
  examples: ['add svc AuthService theme:blue', 'add aws4.lambda Checkout', 'add cisco.routers.router Edge near:Checkout dir:right', 'add db UserDB near:AuthService dir:right', 'add Worker count:3 in:Backend', 'add decision "Valid?" at:center'],
  handler(op, ctx) {
    const { edit, words, params } = begin(op, ctx, ADD_PARAMS);
    const { type, alias } = typeAndLabel(edit, plainWords(op, words, ADD_SYNTAX), params.label);
    checkAlias(alias);
    if (params.at !== undefined && params.near !== undefined) {
      throw badParam('add takes at: or near:, not both', `add ${type.name} ${quoteName(alias)} near:${params.near} dir:right`);
    }
    // A library shape starts as its palette inserts it: the theme nearest its colours, the rest as overrides.
    const library = type.library && shapeFieldsOfStyle(parseStyle(type.library.style), type.base, new Palettes(edit.customThemes()));
    const theme = params.theme !== undefined ? parseTheme(edit, params.theme) : (library?.theme ?? type.theme ?? DEFAULT_THEME);
    const explicitSize = params.size !== undefined ? parseSize('size', params.size) : undefined;
    const count = params.count !== undefined ? parsePositiveInt('count', params.count, MAX_COUNT) : undefined;
    const group = params.in !== undefined ? resolveGroup(edit, params.in) : undefined;
    const dir = params.dir !== undefined ? oneOf('dir', params.dir, DIRECTIONS) : undefined;
    const near = params.near !== undefined ? resolveShape(edit, params.near) : undefined;
    const target = params.at !== undefined ? parseTarget('at', params.at) : undefined;
    if (params.label !== undefined && params.label.length > MAX_LABEL_LENGTH) {
      throw badParam(`label is over ${MAX_LABEL_LENGTH} characters`, 'shorten it');
    }

    const names = count === undefined ? [alias] : Array.from({ length: count }, (_, i) => `${alias}${i + 1}`);
    for (const name of names) assertAliasFree(edit, name, type.name);
    const lines: string[] = [];
    let previous: ShapeRecord | undefined;
    for (const [i, name] of names.entries()) {
      const text = params.label === undefined ? name : count === undefined ? params.label : `${params.label} ${i + 1}`;
      const size = explicitSize ?? (type.library ? { w: type.w, h: type.h } : { w: widthFor(type, text), h: type.h });
      const request: PlacementRequest = previous
        ? { size, near: previous, dir }
        : { size, target, near, dir, after: target || near ? undefined : lastAnchor(edit) };
      const at: Point = placeShape(edit, request);
      const { id, order } = edit.allocate('s', { touch: true });
      const layer = edit.activeLayer;
      const shape: ShapeRecord = {
        id,
        kind: 'shape',
        pageId: edit.meta.activePageId,
        layerId: layer.id,
        type: type.name,
        alias: name,
        text,
        x: at.x,
        y: at.y,
        w: size.w,
        h: size.h,
        theme,
        style: params.theme === undefined ? (library?.style ?? {}) : {},
        badges: [],
        order,
        ...(library?.look !== undefined && { look: library.look }),
        ...(type.library && { paletteStyle: type.library.style }),
      };
      previous = edit.put(group ? { ...shape, groupId: group.id } : shape);
      lines.push(`+${shapeSummary(edit, previous)}`);
    }
    return lines;
  },
};

// ---- remove -------------------------------------------------------------------------------

const REMOVE_SYNTAX = 'remove REF|@SEL';

const remove: DrawioVerb = {
  name: 'remove',
  section: 'Shapes',
  syntax: REMOVE_SYNTAX,
  summary: 'remove shapes and every edge touching them (groups left empty go too); remove SRC -> TGT removes an edge',
  examples: ['remove AuthService', 'remove @type:db @orphan', 'remove Gateway -> AuthService'],
  handler(op, ctx) {
    const { edit, words } = begin(op, ctx, { allowed: [], refs: true, selectors: true });
    if (words.some((w) => w.arrow)) return removeEdgesBetween(edit, words, REMOVE_SYNTAX);
    const targets = resolveTargets(edit, words.map((w) => w.text), op.selectors, REMOVE_SYNTAX);
    const removal = edit.removeShapes(targets.shapes);
    // Edge lines need the shapes' names, which are gone now; the removed records still have them.
    const names = new Map(removal.shapes.map((s) => [s.id, quoteName(s.alias)]));
    const nameOf = (id: string) => names.get(id) ?? quoteName(edit.shape(id)?.alias ?? `#${id}`);
    return [
      ...capLines(
        removal.shapes.map((s) => `-${quoteName(s.alias)}`),
        MAX_LISTED,
        (n) => `-... and ${plural(n, 'more shape')}`,
      ),
      ...capLines(
        removal.edges.map((e) => `-${edgeSummary(edit, e, nameOf)}`),
        MAX_LISTED,
        (n) => `-... and ${plural(n, 'more edge')}`,
      ),
      ...removal.groups.map((g) => `-group ${quoteName(g.name)} (no shapes left)`),
    ];
  },
};

// ---- resize, swap -------------------------------------------------------------------------

const RESIZE_SYNTAX = 'resize REF|@SEL to:WxH';

const resize: DrawioVerb = {
  name: 'resize',
  section: 'Shapes',
  syntax: RESIZE_SYNTAX,
  summary: 'set the size of shapes (the top-left corner stays)',
  examples: ['resize AuthService to:200x80'],
  handler(op, ctx) {
    const { edit, words, params } = begin(op, ctx, { allowed: ['to', 'size'], refs: true, selectors: true });
    const sizeText = params.to ?? params.size;
    if (sizeText === undefined) throw new StudioError(ErrorCode.missingArg, 'missing to:WxH', RESIZE_SYNTAX);
    const size = parseSize(params.to !== undefined ? 'to' : 'size', sizeText);
    const targets = resolveTargets(edit, plainWords(op, words, RESIZE_SYNTAX).map((w) => w.text), op.selectors, RESIZE_SYNTAX);
    for (const shape of targets.shapes) edit.put({ ...shape, ...size });
    if (targets.shapes.length === 1) edit.touch(targets.shapes[0].id);
    return [`*resized ${targets.label} to ${size.w}x${size.h} (${plural(targets.shapes.length, 'shape')})`];
  },
};

const SWAP_SYNTAX = 'swap REF REF';

const swap: DrawioVerb = {
  name: 'swap',
  section: 'Shapes',
  syntax: SWAP_SYNTAX,
  summary: 'exchange the positions (top-left corners) of two shapes',
  handler(op, ctx) {
    const { edit, words } = begin(op, ctx, { allowed: [], refs: true });
    const refs = plainWords(op, words, SWAP_SYNTAX);
    if (refs.length !== 2) throw new StudioError(ErrorCode.missingArg, `swap takes two shapes, got ${refs.length}`, SWAP_SYNTAX);
    const a = resolveShape(edit, refs[0].text);
    const b = resolveShape(edit, refs[1].text);
    if (a.id === b.id) throw badParam(`swap needs two different shapes; both refs name ${quoteName(a.alias)}`, SWAP_SYNTAX);
    const movedA = edit.put({ ...a, x: b.x, y: b.y });
    const movedB = edit.put({ ...b, x: a.x, y: a.y });
    edit.touch(movedB.id);
    return [`@swapped ${quoteName(a.alias)} now (${movedA.x},${movedA.y}) <-> ${quoteName(b.alias)} now (${movedB.x},${movedB.y})`];
  },
};

// ---- label, badge -------------------------------------------------------------------------

const LABEL_SYNTAX = 'label REF "text" | label SRC -> TGT "text" | label #EDGE_ID "text"';

const label: DrawioVerb = {
  name: 'label',
  section: 'Shapes',
  syntax: LABEL_SYNTAX,
  summary: 'set the display text of a shape, a group or an edge ("" clears it); refs keep working with the old alias',
  examples: ['label AuthService "Auth Service v2"', 'label AuthService -> UserDB "reads"', 'label #e12 "events"'],
  handler(op, ctx) {
    const { edit, words } = begin(op, ctx, { allowed: [], refs: true });
    if (words.length < 2) throw new StudioError(ErrorCode.missingArg, 'missing the shape and the text', LABEL_SYNTAX);
    const text = words[words.length - 1].text;
    const refWords = words.slice(0, -1);
    if (text.length > MAX_LABEL_LENGTH) throw badParam(`label text is over ${MAX_LABEL_LENGTH} characters`, 'shorten it');
    if (refWords.some((w) => w.arrow)) return labelEdge(edit, refWords, text);
    if (refWords.length !== 1) {
      throw badParam(`label takes one shape and the text; quote text with spaces`, `label ${refWords[0].text} ${quoteText(refWords.slice(1).map((w) => w.text).concat(text).join(' '))}`);
    }
    const ref = refWords[0].text;
    // An edge by its id: one with a loose end has no SRC -> TGT to name it by.
    const edge = edgeById(edit, ref);
    if (edge && edge.pageId === edit.meta.activePageId) return [`~${edgeSummary(edit, edit.put({ ...withoutHtml(edge), label: text }))}`];
    const shape = resolveShapeOrNull(edit, ref);
    if (!shape) {
      const group = resolveGroup(edit, ref);
      edit.put({ ...withoutHtml(group), text: text || group.name });
      return [`*label group ${quoteName(group.name)} ${quoteText(text || group.name)}`];
    }
    const newText = text || shape.alias;
    // The size stays: diagrams.net wraps the text (whiteSpace=wrap) or the style's autosize decides.
    edit.put({ ...withoutHtml(shape), text: newText });
    edit.touch(shape.id);
    return [`*label ${quoteName(shape.alias)} ${quoteText(newText)}`];
  },
};

/** The shape `ref` names; null when it names none but a group of that name exists (label falls back to it). */
function resolveShapeOrNull(edit: DrawioEdit, ref: string): ShapeRecord | null {
  try {
    return resolveShape(edit, ref);
  } catch (err) {
    if (err instanceof StudioError && err.code === ErrorCode.unknownRef) {
      const hasGroup = [...edit.page.groups.values()].some((g) => g.name.toLowerCase() === ref.toLowerCase());
      if (hasGroup) return null;
    }
    throw err;
  }
}

function labelEdge(edit: DrawioEdit, refWords: Word[], text: string): string[] {
  if (refWords.length !== 3) throw badParam('label takes one edge: SRC -> TGT "text"', LABEL_SYNTAX);
  const source = resolveShape(edit, refWords[0].text);
  const target = resolveShape(edit, refWords[2].text);
  const id = edit.index.edgeBetween(source.id, target.id) ?? edit.index.edgeBetween(target.id, source.id);
  if (!id) {
    throw new StudioError(
      ErrorCode.unknownRef,
      `no edge between ${quoteName(source.alias)} and ${quoteName(target.alias)}`,
      `connect ${quoteName(source.alias)} -> ${quoteName(target.alias)} label:${quoteText(text)}`,
    );
  }
  const edge = edit.put({ ...withoutHtml(edit.edge(id)!), label: text });
  return [`~${edgeSummary(edit, edge)}`];
}

const BADGE_SYNTAX = 'badge REF "text" [pos:top-left|top-right|bottom-left|bottom-right]';

const badge: DrawioVerb = {
  name: 'badge',
  section: 'Shapes',
  syntax: BADGE_SYNTAX,
  summary: 'put a small text badge on a corner of a shape (default top-right; "" removes it)',
  examples: ['badge AuthService "v2"', 'badge UserDB "PII" pos:bottom-left'],
  handler(op, ctx) {
    const { edit, words, params } = begin(op, ctx, { allowed: ['pos'], refs: true });
    const plain = plainWords(op, words, BADGE_SYNTAX);
    if (plain.length !== 2) throw new StudioError(ErrorCode.missingArg, 'badge takes a shape and the text', BADGE_SYNTAX);
    const shape = resolveShape(edit, plain[0].text);
    const text = plain[1].text;
    const pos: BadgePosition = params.pos !== undefined ? oneOf('pos', params.pos, BADGE_POSITIONS) : 'top-right';
    const others = shape.badges.filter((b) => b.pos !== pos);
    edit.put({ ...shape, badges: text ? [...others, { text, pos }] : others });
    edit.touch(shape.id);
    return [text ? `*badge ${quoteName(shape.alias)} ${quoteText(text)} ${pos}` : `*badge ${quoteName(shape.alias)} removed from ${pos}`];
  },
};

// ---- style --------------------------------------------------------------------------------

const STYLE_SYNTAX =
  'style REF|@SEL [fill:C] [stroke:C] [font-color:C] [font-size:N] [opacity:0-100] [rounded:true] [dashed:true] [shadow:true] [theme:T] [bold] [italic] [underline] [no-bold] ...';

type FlagName = 'rounded' | 'dashed' | 'shadow' | 'bold' | 'italic' | 'underline';
const FLAGS: readonly FlagName[] = ['rounded', 'dashed', 'shadow', 'bold', 'italic', 'underline'];

function flagWord(word: Word): { flag: FlagName; on: boolean } | undefined {
  if (word.quoted) return undefined;
  const lower = word.text.toLowerCase();
  const on = !lower.startsWith('no-');
  const flag = FLAGS.find((f) => f === (on ? lower : lower.slice(3)));
  return flag ? { flag, on } : undefined;
}

const style: DrawioVerb = {
  name: 'style',
  section: 'Shapes',
  syntax: STYLE_SYNTAX,
  summary:
    'change the look of shapes. Colours are #hex, none, or a theme name; theme:T switches theme and drops fill/stroke/font-color overrides; flags bold italic underline rounded dashed shadow, no-FLAG turns one off',
  examples: ['style UserDB fill:#ff0000', 'style @type:db theme:green bold', 'style AuthService stroke:red dashed:true font-size:14'],
  handler(op, ctx) {
    const { edit, words, params } = begin(op, ctx, {
      allowed: ['fill', 'stroke', 'font-color', 'font-size', 'opacity', 'theme', ...FLAGS],
      refs: true,
      selectors: true,
    });
    const plain = plainWords(op, words, STYLE_SYNTAX);
    // With no selector the first word is the shape, even one called "bold"; later flag words are flags.
    const refs: string[] = [];
    const flags: Array<{ flag: FlagName; on: boolean }> = [];
    plain.forEach((word, i) => {
      const flag = i === 0 && op.selectors.length === 0 ? undefined : flagWord(word);
      if (flag) flags.push(flag);
      else refs.push(word.text);
    });
    const patch: { -readonly [K in keyof StyleOverrides]: StyleOverrides[K] } = {};
    const changes: string[] = [];
    let theme: string | undefined;
    for (const [key, value] of Object.entries(params)) {
      switch (key) {
        case 'fill':
          patch.fill = parseColor(edit, key, value, 'fill');
          changes.push(`fill:${patch.fill}`);
          break;
        case 'stroke':
          patch.stroke = parseColor(edit, key, value, 'stroke');
          changes.push(`stroke:${patch.stroke}`);
          break;
        case 'font-color':
          patch.fontColor = parseColor(edit, key, value, 'font');
          changes.push(`font-color:${patch.fontColor}`);
          break;
        case 'font-size':
          patch.fontSize = parseNumberInRange(key, value, 1, 200, 'font-size:14');
          changes.push(`font-size:${patch.fontSize}`);
          break;
        case 'opacity':
          patch.opacity = parseNumberInRange(key, value, 0, 100, 'opacity:50 (percent)');
          changes.push(`opacity:${patch.opacity}`);
          break;
        case 'theme':
          theme = parseTheme(edit, value);
          changes.push(`theme:${theme}`);
          break;
        default: {
          const flag = key as FlagName;
          patch[flag] = parseBoolean(key, value);
          changes.push(patch[flag] ? flag : `no-${flag}`);
        }
      }
    }
    for (const { flag, on } of flags) {
      patch[flag] = on;
      changes.push(on ? flag : `no-${flag}`);
    }
    if (changes.length === 0) throw new StudioError(ErrorCode.missingArg, 'style needs at least one key or flag', STYLE_SYNTAX);
    const targets = resolveTargets(edit, refs, op.selectors, STYLE_SYNTAX);
    for (const shape of targets.shapes) {
      let base: StyleOverrides = shape.style;
      if (theme !== undefined) {
        // A new theme brings its own colours, so older colour overrides would hide it.
        const { fill: _fill, stroke: _stroke, fontColor: _fontColor, ...rest } = base;
        base = rest;
      }
      edit.put({ ...shape, theme: theme ?? shape.theme, style: { ...base, ...patch } });
    }
    if (targets.shapes.length === 1) edit.touch(targets.shapes[0].id);
    return [`*styled ${targets.label} ${changes.join(' ')} (${plural(targets.shapes.length, 'shape')})`];
  },
};

export const shapeVerbs: DrawioVerb[] = [add, remove, resize, swap, label, badge, style];
