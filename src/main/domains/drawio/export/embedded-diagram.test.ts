/**
 * The diagram inside a picture, in each form diagrams.net writes or reads (raw, URI-encoded and
 * base64 content attributes; tEXt mxfile and the older zTXt mxGraphModel chunks), on small files
 * made here; and refusals of pictures that hold none.
 */
import { deflateRawSync } from 'node:zlib';
import { decode as decodePng, encode as encodePng } from 'fast-png';
import extractChunks from 'png-chunks-extract';
import encodeChunks from 'png-chunks-encode';
import { describe, expect, it } from 'vitest';
import { StudioError } from '../../../kernel/errors';
import { embeddedDiagram, pngWithDiagram } from './embedded-diagram';

const XML = '<mxfile><diagram id="a" name="Page &amp; one"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="2" value="Größe &lt;1&gt;" vertex="1" parent="1"/></root></mxGraphModel></diagram></mxfile>';

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const svgWith = (content: string, before = '') => `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" ${before}content="${attribute(content)}" width="10" height="10"><rect/></svg>`;

function plainPng(): Uint8Array {
  return encodePng({ width: 2, height: 2, data: new Uint8Array(12).fill(200), channels: 3, depth: 8 });
}

function withChunk(png: Uint8Array, name: string, data: Uint8Array): Uint8Array {
  const chunks = extractChunks(png);
  chunks.splice(1, 0, { name, data });
  return encodeChunks(chunks);
}

function refusal(run: () => unknown): StudioError {
  try {
    run();
  } catch (err) {
    return err as StudioError;
  }
  throw new Error('not refused');
}

describe('the diagram in a .drawio.svg', () => {
  it('reads the content attribute raw, URI-encoded, or in base64, with a quoted > before it', () => {
    expect(embeddedDiagram(svgWith(XML), 'a.drawio.svg')).toBe(XML);
    expect(embeddedDiagram(svgWith(encodeURIComponent(XML), 'data-note="a > b" '), 'a.svg')).toBe(XML);
    expect(embeddedDiagram(svgWith(Buffer.from(encodeURIComponent(XML)).toString('base64')), 'a.svg')).toBe(XML);
    expect(embeddedDiagram(svgWith(Buffer.from(XML, 'utf8').toString('base64')), 'a.svg')).toBe(XML);
  });

  it('refuses a plain SVG and a file that is no SVG, with the code and what to try', () => {
    const plain = refusal(() => embeddedDiagram('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>', 'logo.svg'));
    expect(plain.code).toBe('file_invalid');
    expect(plain.message).toBe('logo.svg holds no diagram: its <svg> has no content attribute (a plain SVG picture, not a .drawio.svg)');
    expect(plain.suggestion).toContain('export as:logo.drawio.svg');
    expect(refusal(() => embeddedDiagram('hello', 'x.svg')).message).toBe('x.svg holds no diagram: it is not an SVG file');
  });
});

describe('the diagram in a .drawio.png', () => {
  it('is written as diagrams.net writes it: tEXt mxfile, URI-encoded, before the first IDAT, once', () => {
    const png = pngWithDiagram(pngWithDiagram(plainPng(), '<mxfile>old</mxfile>'), XML);
    const names = extractChunks(png).map((chunk) => chunk.name);
    expect(names.filter((name) => name === 'tEXt')).toHaveLength(1);
    expect(names.indexOf('tEXt')).toBeLessThan(names.indexOf('IDAT'));
    // fast-png, another reader, finds it, and the picture is still the same picture.
    const decoded = decodePng(png);
    expect(decoded.text.mxfile).toBe(encodeURIComponent(XML));
    expect([...decoded.data]).toEqual([...decodePng(plainPng()).data]);
    expect(embeddedDiagram(png, 'a.drawio.png')).toBe(XML);
  });

  it("reads diagrams.net's older forms: tEXt mxGraphModel, and zTXt of deflated URI-encoded XML", () => {
    const latin1 = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));
    const text = withChunk(plainPng(), 'tEXt', latin1(`mxGraphModel\0${encodeURIComponent(XML)}`));
    expect(embeddedDiagram(text, 'old.png')).toBe(XML);
    const compressed = deflateRawSync(Buffer.from(encodeURIComponent(XML), 'latin1'));
    const ztxt = withChunk(plainPng(), 'zTXt', Uint8Array.from([...latin1('mxGraphModel'), 0, 0, ...compressed]));
    expect(embeddedDiagram(ztxt, 'old.png')).toBe(XML);
  });

  it('refuses a plain PNG and bytes that are no PNG', () => {
    expect(refusal(() => embeddedDiagram(plainPng(), 'photo.png')).message).toBe('photo.png holds no diagram: the PNG has no mxfile text chunk (a plain picture, not a .drawio.png)');
    const broken = refusal(() => embeddedDiagram(Uint8Array.from([1, 2, 3, 4]), 'x.drawio.png'));
    expect(broken.code).toBe('file_invalid');
    expect(broken.message).toMatch(/^x\.drawio\.png holds no diagram: it is not a readable PNG file/);
  });
});
