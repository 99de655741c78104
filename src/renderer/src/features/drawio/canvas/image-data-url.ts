/**
 * A diagram's image file as the canvas draws it: the bytes drawio's `image` asset serves, made a
 * data: URL of the file's type, which the page's CSP allows and an <img> draws (an SVG in an <img>
 * runs no script).
 */
import { IMAGE_MEDIA_TYPES } from '../../../../../shared/drawio/render/image-source';

/** Bytes per String.fromCharCode call: well under any engine's argument limit. */
const CHUNK = 0x8000;

export function imageDataUrl(bytes: ArrayBuffer, path: string): string {
  const extension = /\.[^./]+$/.exec(path)?.[0].toLowerCase() ?? '';
  const type = IMAGE_MEDIA_TYPES[extension] ?? 'application/octet-stream';
  const view = new Uint8Array(bytes);
  let binary = '';
  for (let start = 0; start < view.length; start += CHUNK) binary += String.fromCharCode(...view.subarray(start, start + CHUNK));
  return `data:${type};base64,${btoa(binary)}`;
}
