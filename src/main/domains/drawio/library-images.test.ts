/**
 * diagrams.net's library images read by the core for the chat view: by the name the canvas gives
 * them (shared imageKey), only inside the library folder and up to a size. A small folder made
 * here (names with spaces, a link that leads out, a file too large, a file that is no image), and
 * the real library the studio ships.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { imageKey, imageSourceOf } from '../../../shared/drawio/render/image-source';
import { libraryImageDataUrl, libraryImageFolder } from './library-images';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>';

describe('library images for the chat view', () => {
  let dir: string;
  let library: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tandem-library-images-'));
    library = join(dir, 'img', 'lib');
    mkdirSync(join(library, 'net work'), { recursive: true });
    writeFileSync(join(library, 'net work', 'Big Router.svg'), SVG);
    writeFileSync(join(library, 'net work', 'huge.png'), Buffer.alloc(2001));
    writeFileSync(join(library, 'net work', 'notes.txt'), 'not an image');
    writeFileSync(join(dir, 'secret.svg'), SVG);
    symlinkSync(join(dir, 'secret.svg'), join(library, 'net work', 'leak.svg'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const read = (image: string) => libraryImageDataUrl(image, 2000, library);

  it('reads an image by the name the canvas gives it, as the style writes it or URL-encoded', async () => {
    const expected = `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`;
    const source = imageSourceOf('shape=image;image=img/lib/net work/Big Router.svg;', 'diagrams/a.drawio')!;
    expect(source).toEqual({ kind: 'library', path: 'net work/Big Router.svg' });
    expect(imageKey(source)).toBe('img/lib/net%20work/Big%20Router.svg');
    expect(await read(imageKey(source))).toBe(expected);
    expect(await read('img/lib/net work/Big Router.svg')).toBe(expected);
    expect(await read('/img/lib/net work/Big Router.svg')).toBe(expected);
  });

  it('reads nothing outside the library, past the size limit, or that is not an image', async () => {
    for (const image of [
      'img/lib/net work/leak.svg', // a link leading out of the folder
      'img/lib/../../secret.svg',
      'img/lib/net%20work/..%2F..%2F..%2Fsecret.svg',
      'img/lib/net work/huge.png',
      'img/lib/net work/notes.txt',
      'img/lib/net work/gone.svg',
      'img/lib/net work', // a folder
      'net work/Big Router.svg', // not a library name: a workspace path
    ]) {
      expect(await read(image), image).toBeUndefined();
    }
    expect(await libraryImageDataUrl('img/lib/net work/Big Router.svg', 2000, undefined)).toBeUndefined();
  });

  it('reads the library the studio ships (AWS, Azure, clip art), as the window loads it', async () => {
    const folder = libraryImageFolder();
    expect(folder).toMatch(/img[\\/]lib$/);
    for (const path of ['clip_art/computers/Antivirus_128x128.png', 'mscae/Azure API for FHIR.svg']) {
      const url = await libraryImageDataUrl(imageKey({ kind: 'library', path }), 2 * 1024 * 1024);
      const type = path.endsWith('.png') ? 'image/png' : 'image/svg+xml';
      expect(url).toBe(`data:${type};base64,${readFileSync(join(folder!, path)).toString('base64')}`);
    }
  });
});
