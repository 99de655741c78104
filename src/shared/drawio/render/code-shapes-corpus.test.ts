/**
 * Every shape name the drawio corpus uses, and what draws it: a stencil of diagrams.net's
 * libraries, a code shape (code-shapes.ts), or the studio's own types (plain rectangles, text,
 * images, and the types it draws itself). A name none of them draws fails here, so the list is
 * the to-do of shapes still drawn simplified, and a guard against losing one.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawioOfflineDir } from '../../../main/domains/drawio/library-catalog';
import { readStencilIndex } from '../../../../scripts/drawio-stencils';
import { readDrawioFile } from '../../../main/domains/drawio/file/drawio-file';
import { STYLE_NAME_TYPES } from '../../../main/domains/drawio/file/drawio-style';
import { fileStyleText } from '../model';
import { corpusFiles } from '../../../main/testing/corpora';
import { StencilCatalog, styleEntries } from '../stencils';
import { codeShapeName, containerStyle } from './code-shapes';

const STENCILS_DIR = join(drawioOfflineDir()!, 'stencils');
/** Names the studio draws as its own: plain boxes (and containers' frames), text, images, an invisible group. */
const STUDIO_DRAWN = new Set(['(plain)', 'rect', 'rectangle', 'label', 'text', 'image', 'group', ...Object.keys(STYLE_NAME_TYPES)]);

/**
 * The name a style is drawn by: its `shape=`, else a named style that sets a shape (`swimlane;`,
 * `ellipse;`), else a plain box, as diagrams.net ignores a named style its stylesheet lacks.
 */
function baseName(style: ReadonlyMap<string, string>): string {
  const shape = style.get('shape');
  if (shape) return shape;
  for (const [key, value] of style) if (value === '' && (STUDIO_DRAWN.has(key) || codeShapeName(new Map([[key, '']])))) return key;
  return '(plain)';
}

type Drawer = 'stencil' | 'code' | 'studio' | 'nothing';

let catalog: StencilCatalog;
beforeAll(() => {
  catalog = new StencilCatalog(readStencilIndex(STENCILS_DIR));
});

describe('what draws each shape of the drawio corpus', () => {
  it('draws every name the corpus uses, on shapes and on containers', () => {
    const drawers = new Map<string, { drawer: Drawer; files: Set<string> }>();
    for (const file of corpusFiles('drawio', ['.xml', '.drawio'])) {
      for (const record of readDrawioFile(readFileSync(file, 'utf8'), file)) {
        if (record.kind !== 'shape' && record.kind !== 'group') continue;
        const style = styleEntries(fileStyleText(record.file) ?? '');
        const name = baseName(style);
        // A container is drawn by GroupNode: its code shape (a plain box when it names none), its stencil, or the studio's frame.
        const drawn = record.kind === 'group' ? containerStyle(style) : style;
        const drawer: Drawer =
          drawn && codeShapeName(drawn) !== undefined ? 'code'
          : record.kind === 'shape' && record.look === 'image' ? 'studio'
          : catalog.drawsStyle(style) ? 'stencil'
          : STUDIO_DRAWN.has(name) ? 'studio'
          : 'nothing';
        const key = `${record.kind}:${name}`;
        const entry = drawers.get(key) ?? { drawer, files: new Set<string>() };
        // One cell of a name left undrawn makes the name undrawn.
        if (drawer === 'nothing') entry.drawer = drawer;
        entry.files.add(basename(file));
        drawers.set(key, entry);
      }
    }
    const undrawn = [...drawers].filter(([, { drawer }]) => drawer === 'nothing').map(([key, { files }]) => `${key} (${[...files].join(', ')})`);
    expect(undrawn).toEqual([]);
    const byDrawer = (drawer: Drawer) => [...drawers].filter(([, entry]) => entry.drawer === drawer).map(([key]) => key);
    // The shapes diagrams.net draws in code that the corpus uses, on shapes and on containers.
    expect(byDrawer('code')).toEqual(
      expect.arrayContaining([
        'shape:mxgraph.floorplan.wall', 'shape:umlFrame', 'shape:mxgraph.bpmn.shape', 'shape:curlyBracket', 'shape:partialRectangle',
        'group:swimlane', 'group:table', 'group:tableRow', 'group:umlState', 'group:umlLifeline', 'group:mxgraph.sysml.itemFlowLeft',
        'shape:document', 'shape:hexagon', 'shape:parallelogram', 'shape:process', 'shape:rhombus', 'shape:line', 'group:(plain)',
      ]),
    );
    expect(byDrawer('stencil').length).toBeGreaterThan(80);
  });
});
