/**
 * A diagram's image file, for the canvas: an image inside the workspace (PNG, JPEG, GIF, SVG, WebP)
 * read as a data: URL, which the page's CSP allows and which an <img> draws (an SVG in an <img>
 * runs no script). Read-only; paths outside the workspace, other file types and files past the
 * size limit are refused with an error naming why.
 */
import { readFile } from 'node:fs/promises';
import { extname, sep } from 'node:path';
import type { StudioCore } from '../core/studio-api';
import { ErrorCode, StudioError } from '../kernel/errors';
import { fileInFolder } from './renderer-files';
import { IMAGE_MEDIA_TYPES, MAX_IMAGE_BYTES } from '../../shared/drawio/render/image-source';

const IMAGE_TYPES = IMAGE_MEDIA_TYPES;

/** The image at `path` (workspace-relative) as a data: URL; throws StudioError. */
export async function readWorkspaceImage(studio: Pick<StudioCore, 'resolvePath' | 'workspace'>, path: string): Promise<string> {
  const type = IMAGE_TYPES[extname(path).toLowerCase()];
  if (!type) {
    throw new StudioError(ErrorCode.badParam, `"${path}" is not an image the canvas draws`, `a ${Object.keys(IMAGE_TYPES).join(', ')} file`);
  }
  const { rel } = studio.resolvePath(path, extname(path).toLowerCase());
  // Also no link leading out of the workspace, and no directory.
  const found = await fileInFolder(studio.workspace, `/${rel.split(sep).map(encodeURIComponent).join('/')}`);
  if (!found) {
    throw new StudioError(ErrorCode.fileNotFound, `no image file "${rel}" in the workspace`, 'put the image beside the diagram, or fix its path in the style');
  }
  const { real, size } = found;
  if (size > MAX_IMAGE_BYTES) {
    throw new StudioError(ErrorCode.tooLarge, `"${path}" is ${size} bytes; the canvas draws images up to ${MAX_IMAGE_BYTES} bytes`, 'shrink the image');
  }
  return `data:${type};base64,${(await readFile(real)).toString('base64')}`;
}
