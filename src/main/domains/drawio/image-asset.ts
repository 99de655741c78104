/**
 * drawio's asset for the canvas: a diagram's image file (a `shape=image` cell's `image=` path)
 * inside the workspace, a PNG, JPEG, GIF, SVG or WebP up to MAX_IMAGE_BYTES. Served read-only
 * like every domain's asset (kernel/side-channels.ts); the view makes a data: URL of the bytes,
 * which the page's CSP allows and an <img> draws (an SVG in an <img> runs no script).
 */
import { statSync } from 'node:fs';
import { extname } from 'node:path';
import { IMAGE_MEDIA_TYPES, MAX_IMAGE_BYTES } from '../../../shared/drawio/render/image-source';
import { ErrorCode, StudioError } from '../../kernel/errors';
import type { ResolvedPath } from '../../kernel/paths';
import type { AssetContext, DomainAsset } from '../../kernel/side-channels';

const IMAGE_EXTENSIONS = Object.keys(IMAGE_MEDIA_TYPES);

/** The image file at `path` (workspace-relative), checked; throws StudioError. */
export function resolveImage(context: AssetContext, path: string | undefined): ResolvedPath {
  const extension = extname(path ?? '').toLowerCase();
  if (!path || !IMAGE_MEDIA_TYPES[extension]) {
    throw new StudioError(ErrorCode.badParam, `"${path ?? ''}" is not an image the canvas draws`, `a ${IMAGE_EXTENSIONS.join(', ')} file`);
  }
  const file = context.resolvePath(path, extension);
  let size: number;
  try {
    const stat = statSync(file.abs);
    if (!stat.isFile()) throw new Error('not a file');
    size = stat.size;
  } catch {
    throw new StudioError(ErrorCode.fileNotFound, `no image file "${file.rel}" in the workspace`, 'put the image beside the diagram, or fix its path in the style');
  }
  if (size > MAX_IMAGE_BYTES) {
    throw new StudioError(ErrorCode.tooLarge, `"${path}" is ${size} bytes; the canvas draws images up to ${MAX_IMAGE_BYTES} bytes`, 'shrink the image');
  }
  return file;
}

export const imageAsset: DomainAsset = {
  name: 'image',
  title: "a diagram's image file for the canvas: ?path= a workspace PNG, JPEG, GIF, SVG or WebP",
  resolve: resolveImage,
};
