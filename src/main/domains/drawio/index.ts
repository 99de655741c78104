/**
 * The drawio domain: draw.io diagrams edited through the verb DSL of drawio-reference.md.
 * One table of verbs, one of queries, the card vocabulary, the model and the file format.
 */
import { commonQueries } from '../../fcp/common-queries';
import type { DocumentSummary, FcpDomain } from '../../fcp/domain';
import { ErrorCode, StudioError } from '../../kernel/errors';
import type { RecordStore } from '../../kernel/records';
import { cardSections, sessionCard } from './card';
import { readDrawioFile, writeDrawioFile } from './file/drawio-file';
import { fileNotice } from '../../../shared/drawio/file-notice';
import { imageAsset } from './image-asset';
import { changesFile, sessionOnlyWarnings } from './session-only';
import type { DrawioRecord, LayerRecord, MetaRecord, PageRecord } from '../../../shared/drawio/model';
import { LAYOUT_TASK, computeLayout } from './layout';
import { librarySection, searchShapesQuery, shapesQuery } from './library-help';
import { drawioQueries } from './queries';
import { EXPORT_PICTURE_TASK, exportAction, exportPictureTask } from './export/export-action';
import { embeddedDiagram, pictureKind } from './export/embedded-diagram';
import { writePictureDocument } from './export/picture-file';
import { parseFlow } from './values';
import { DrawioView } from './view';
import { DrawioEdit } from './edit';
import { routeStudioEdges } from './studio-routes';
import { diagramViewAssets } from './view-assets';
import { arrangeVerbs } from './verbs/arrange';
import { documentVerbs } from './verbs/document';
import { edgeVerbs } from './verbs/edges';
import { shapeVerbs } from './verbs/shapes';

export const drawioVerbs = [...shapeVerbs, ...edgeVerbs, ...arrangeVerbs, ...documentVerbs];

/** meta, page `p1` "Page-1" and its layer `l2` "Default"; `flow:` is the only parameter. */
export function createDrawioModel(title: string, params: Record<string, string>): DrawioRecord[] {
  for (const key of Object.keys(params)) {
    if (key !== 'flow') throw new StudioError(ErrorCode.badParam, `a new diagram does not take ${key}:`, 'new "Title" flow:TB|LR|BT|RL');
  }
  const flow = params.flow !== undefined ? parseFlow('flow', params.flow) : 'TB';
  const page: PageRecord = { id: 'p1', kind: 'page', name: 'Page-1', order: 1, activeLayerId: 'l2' };
  const layer: LayerRecord = { id: 'l2', kind: 'layer', pageId: 'p1', name: 'Default', visible: true, order: 2 };
  const meta: MetaRecord = { id: 'meta', kind: 'meta', title, flow, activePageId: page.id, nextOrder: 3 };
  return [meta, page, layer];
}

/**
 * `digest: 3s 1e 0g`: shapes, edges and groups of the whole document, so the count does not jump
 * on a page switch; with several pages, the active page and the page count follow.
 */
export function drawioDigest(store: RecordStore<DrawioRecord>): string {
  const view = new DrawioView(store);
  const { shapeCount, edgeCount, groupCount } = view.index;
  const line = `digest: ${shapeCount}s ${edgeCount}e ${groupCount}g`;
  const pages = store.all('page').length;
  return pages > 1 ? `${line} | page:${view.activePage.name} (${pages} pages)` : line;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `12 shapes, 9 edges, 2 groups on 1 page`, for the project map. */
export function drawioSummary(store: RecordStore<DrawioRecord>): DocumentSummary {
  const { shapeCount: shapes, edgeCount: edges, groupCount: groups } = new DrawioView(store).index;
  const pages = store.all('page').length;
  return { summary: `${plural(shapes, 'shape')}, ${plural(edges, 'edge')}, ${plural(groups, 'group')} on ${plural(pages, 'page')}`, counts: { shapes, edges, groups, pages } };
}

export const drawioDomain: FcpDomain<DrawioRecord> = {
  name: 'drawio',
  title: 'draw.io diagram',
  fileExtension: '.drawio',
  // diagrams.net's template library saves diagrams as .xml; other .xml files are not diagrams.
  // Its .drawio.svg and .drawio.png pictures hold the diagram too (see export/embedded-diagram.ts).
  otherFileTypes: [
    { extension: '.xml', holds: /<mxfile[\s>]|<mxGraphModel[\s>]/ },
    { extension: '.svg', shownAs: '.drawio.svg', holds: /<svg[\s\S]*\scontent=["'](?:&lt;|%3C|[A-Za-z0-9+/])/ },
    { extension: '.png', shownAs: '.drawio.png', holds: /tEXtmxfile|tEXtmxGraphModel|zTXtmxGraphModel/, encoding: 'binary' },
  ],
  exampleFile: 'diagrams/architecture.drawio',
  apps: [
    {
      view: 'diagram',
      title: 'Diagram',
      description: "The live diagram's page as the studio draws it (stencils, images), the AI's edits marked; drag a shape to move it, click to select it, add a note where you click.",
      shownBy: ['drawio'],
      assets: diagramViewAssets,
    },
  ],
  channels: { assets: [imageAsset] },
  verbs: drawioVerbs,
  queries: [...drawioQueries, shapesQuery, searchShapesQuery, ...commonQueries],
  sections: [...cardSections, librarySection],
  createModel: createDrawioModel,
  titleOf: (store) => new DrawioView(store).meta.title,
  digest: drawioDigest,
  warnings: (store, diff) => sessionOnlyWarnings(store.get<MetaRecord>('meta'), diff),
  settle: (tx, diff) => routeStudioEdges(new DrawioEdit(tx), diff),
  changesFile,
  readFile: (data, fileName) => readDrawioFile(pictureKind(fileName) ? embeddedDiagram(data, fileName) : (data as string), fileName),
  writeFile: (records, target) => (target && pictureKind(target.rel) ? writePictureDocument(records, target) : writeDrawioFile(records)),
  tasks: { [LAYOUT_TASK]: computeLayout, [EXPORT_PICTURE_TASK]: exportPictureTask },
  sessionActions: [exportAction],
  sessionCard,
  openNotes: (store) => fileNotice(store.snapshot()).map((line) => `! ${line}`),
  summarize: drawioSummary,
};
