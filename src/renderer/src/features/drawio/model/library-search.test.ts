/** The palette's "Search shapes": the query it sends for what was typed, and its answer read back. */
import { describe, expect, it } from 'vitest';
import { librarySearchQuery, parseLibrarySearch } from './library-search';
import { paletteAlias } from './ops';

describe('the palette search of library shapes', () => {
  it('asks the core for the typed words, without anything that would read as a parameter', () => {
    expect(librarySearchQuery('  lambda ', 24)).toBe('search-shapes lambda limit:24 with:style');
    expect(librarySearchQuery('aws4.lambda  function', 5)).toBe('search-shapes aws4.lambda function limit:5 with:style');
    expect(librarySearchQuery('limit:900 with:x', 5)).toBe('search-shapes limit 900 with x limit:5 with:style');
    expect(librarySearchQuery(' :; ', 5)).toBeUndefined();
    expect(librarySearchQuery('x'.repeat(5000), 5)!.length).toBeLessThan(140);
  });

  it("reads the core's answer into results with their sizes and styles", () => {
    const answer = [
      'search-shapes "lambda": 6 shapes, the first 2',
      '  aws4.lambda 78x78 aws4 sketch=0;shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lambda;fontFamily=Helvetica Neue;',
      '  cisco.routers.router 79x53 cisco.routers shape=mxgraph.cisco.routers.router;',
      '  aws3.lambda 76.5x93 aws3 shape=mxgraph.aws3.lambda;',
    ].join('\n');
    const found = parseLibrarySearch(answer);
    expect(found.total).toBe(6);
    expect(found.hits).toEqual([
      { name: 'aws4.lambda', library: 'aws4', w: 78, h: 78, style: 'sketch=0;shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lambda;fontFamily=Helvetica Neue;' },
      { name: 'cisco.routers.router', library: 'cisco.routers', w: 79, h: 53, style: 'shape=mxgraph.cisco.routers.router;' },
      { name: 'aws3.lambda', library: 'aws3', w: 76.5, h: 93, style: 'shape=mxgraph.aws3.lambda;' },
    ]);
    expect(parseLibrarySearch('search-shapes "zzq": 0 shapes')).toEqual({ hits: [], total: 0 });
  });

  it("names a library shape added from the palette by the shape's own name", () => {
    expect(paletteAlias('aws4.lambda', new Set())).toBe('Lambda1');
    expect(paletteAlias('cisco.routers.router', new Set(['router1']))).toBe('Router2');
    expect(paletteAlias('box', new Set())).toBe('Box1');
  });
});
