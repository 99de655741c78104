/**
 * diagrams.net's shape libraries in the reference card (families with their sizes) and the
 * `shapes LIBRARY [FILTER]` query (a library's shapes with their palette sizes, or the libraries
 * of a family such as `cisco`).
 */
import type { CardSection, QuerySpec } from '../../fcp/domain';
import { ErrorCode, StudioError } from '../../kernel/errors';
import { capLines, plural } from './format';
import { type Library, type LibraryCatalog, libraryCatalog, searchable } from './library-catalog';
import type { DrawioRecord } from '../../../shared/drawio/model';

/** A query answer lists at most this many shapes, then a count of the rest. */
const MAX_SHAPES_LISTED = 60;
const CARD_LINE_WIDTH = 110;

/** Libraries by their first name part: `cisco` holds `cisco.routers`, `cisco.switches`... */
function families(catalog: LibraryCatalog): Map<string, Library[]> {
  const byFamily = new Map<string, Library[]>();
  for (const library of catalog.libraries) {
    const family = library.name.split('.')[0];
    byFamily.set(family, [...(byFamily.get(family) ?? []), library]);
  }
  return byFamily;
}

const shapeTotal = (libraries: readonly Library[]) => libraries.reduce((sum, library) => sum + library.shapes.length, 0);

/** `aws4 700`, or `cisco.* 612 in 27` for a family of several libraries. */
function familyEntry(family: string, libraries: readonly Library[]): string {
  if (libraries.length === 1 && libraries[0].name === family) return `${family} ${libraries[0].shapes.length}`;
  return `${family}.* ${shapeTotal(libraries)} in ${libraries.length}`;
}

function wrap(entries: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const entry of entries) {
    const next = line === '' ? entry : `${line}, ${entry}`;
    if (next.length > width && line !== '') {
      lines.push(`${line},`);
      line = entry;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The card's section, read from the catalog when the card is asked for. */
export const librarySection: CardSection = {
  title: "Shape libraries (diagrams.net's; library or family, shape count)",
  get lines() {
    const catalog = libraryCatalog();
    const entries = [...families(catalog)].map(([family, libraries]) => familyEntry(family, libraries));
    return [
      `${catalog.libraries.length} libraries, ${catalog.shapeCount} shapes: add LIBRARY.SHAPE LABEL adds one with the size and style diagrams.net's palette gives it`,
      '  (add aws4.lambda Checkout; the stencil key mxgraph.aws4.lambda works too). drawio_query shapes LIBRARY [FILTER] lists a library;',
      '  shapes FAMILY lists the libraries of a family (shapes cisco).',
      ...wrap(entries, CARD_LINE_WIDTH).map((line) => `  ${line}`),
    ];
  },
};

function libraryLines(library: Library, filter: string): string[] {
  const needle = searchable(filter);
  const shapes = library.shapes.filter((shape) => needle === '' || searchable(shape.name.slice(library.name.length + 1)).includes(needle));
  const header = `shapes ${library.name}${filter ? ` "${filter}"` : ''}: ${plural(shapes.length, 'shape')}${filter ? ` of ${library.shapes.length}` : ''}`;
  const lines = shapes.map((shape) => `  ${shape.name} ${shape.w}x${shape.h}`);
  return [header, ...capLines(lines, MAX_SHAPES_LISTED, (n) => `  ... and ${n} more (narrow with a filter: shapes ${library.name} WORD)`)];
}

export const shapesQuery: QuerySpec<DrawioRecord> = {
  name: 'shapes',
  syntax: 'shapes LIBRARY [FILTER]',
  summary: "a diagrams.net library's shapes with their palette sizes (FILTER: a part of the name), or the libraries of a family (shapes cisco)",
  handler(args) {
    const [name = '', ...rest] = args.split(/\s+/).filter(Boolean);
    const filter = rest.join(' ');
    if (!name) throw new StudioError(ErrorCode.missingArg, 'missing LIBRARY', 'shapes aws4 lambda (drawio_help lists the libraries)');
    const catalog = libraryCatalog();
    const library = catalog.library(name);
    if (library) return libraryLines(library, filter).join('\n');
    const family = families(catalog).get(name.toLowerCase());
    if (family) {
      return [`shapes ${name.toLowerCase()}: ${plural(family.length, 'library', 'libraries')}`, ...family.map((l) => `  ${l.name} ${plural(l.shapes.length, 'shape')}`)].join('\n');
    }
    const near = catalog.nearestLibraries(name);
    throw new StudioError(ErrorCode.unknownRef, `no shape library "${name}"`, near.length ? near.map((n) => `shapes ${n}`).join(', ') : 'drawio_help lists the libraries');
  },
};

/** A search lists this many shapes unless it asks for fewer (limit:N), never more than MAX_SHAPES_LISTED. */
const DEFAULT_SEARCH_LIMIT = 30;

/**
 * `search-shapes WORDS [limit:N] [with:style]`: the shapes of every library whose names hold the
 * words, as diagrams.net's "Search shapes" does (the palette's search field asks this, with:style
 * to draw each result as its palette inserts it).
 */
export const searchShapesQuery: QuerySpec<DrawioRecord> = {
  name: 'search-shapes',
  syntax: 'search-shapes WORDS [limit:N] [with:style]',
  summary: "diagrams.net's library shapes whose names hold the words, across every library (search-shapes lambda), best first",
  handler(args) {
    const words: string[] = [];
    let limit = DEFAULT_SEARCH_LIMIT;
    let withStyle = false;
    for (const token of args.split(/\s+/).filter(Boolean)) {
      const [key, value] = token.split(':', 2);
      if (value === undefined) words.push(token);
      else if (key === 'limit' && /^\d+$/.test(value) && Number(value) >= 1) limit = Math.min(Number(value), MAX_SHAPES_LISTED);
      else if (key === 'with' && value === 'style') withStyle = true;
      else throw new StudioError(ErrorCode.badParam, `search-shapes does not take "${token}"`, 'search-shapes lambda limit:10 with:style');
    }
    if (words.length === 0) throw new StudioError(ErrorCode.missingArg, 'missing WORDS', 'search-shapes lambda');
    const { shapes, total } = libraryCatalog().search(words.join(' '), limit);
    const header = `search-shapes "${words.join(' ')}": ${plural(total, 'shape')}${total > shapes.length ? `, the first ${shapes.length}` : ''}`;
    const lines = shapes.map((shape) => `  ${shape.name} ${shape.w}x${shape.h} ${shape.library}${withStyle ? ` ${shape.style}` : ''}`);
    return [header, ...lines].join('\n');
  },
};
