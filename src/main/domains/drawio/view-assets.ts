/**
 * What the diagram's chat view asks for to draw a page as the canvas does (kernel/chat-apps.ts
 * `assets`): `stencil:NAME` the `<shape>` XML of a diagrams.net stencil (the view draws it with the
 * canvas's own code, shared/drawio/render/stencil-figure.ts), `image:PATH` an image as a data: URL,
 * up to VIEW_ASSET_LIMITS.maxImageBytes (a larger one stays a placeholder): PATH read as the canvas
 * reads a style's image (shared imageKey), an image of diagrams.net's library (`img/lib/...`,
 * library-images.ts) before a workspace file.
 * Files are read asynchronously; each library is inflated once per call, whatever it is asked for.
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { VIEW_ASSET_LIMITS } from '../../../shared/chat-views';
import { IMAGE_MEDIA_TYPES, libraryImagePath } from '../../../shared/drawio/render/image-source';
import type { AssetContext } from '../../kernel/side-channels';
import { libraryXml, shapeElementText, stencilCatalog } from './export/stencil-source';
import { resolveImage } from './image-asset';
import { libraryImageDataUrl } from './library-images';

export const STENCIL_ASSET = 'stencil:';
export const IMAGE_ASSET = 'image:';

async function stencilAssets(names: readonly string[]): Promise<Map<string, string>> {
  const catalog = stencilCatalog();
  const byLibrary = new Map<string, Array<{ name: string; shape: string }>>();
  for (const name of names) {
    const entry = catalog.resolve(name);
    if (entry) byLibrary.set(entry.library, [...(byLibrary.get(entry.library) ?? []), { name, shape: entry.name }]);
  }
  const found = new Map<string, string>();
  for (const [library, wanted] of byLibrary) {
    const xml = await libraryXml(library);
    for (const { name, shape } of wanted) {
      const text = xml && shapeElementText(xml, shape);
      if (text) found.set(name, text);
    }
  }
  return found;
}

async function imageAsset(context: AssetContext, path: string): Promise<string | undefined> {
  if (libraryImagePath(path) !== undefined) return libraryImageDataUrl(path, VIEW_ASSET_LIMITS.maxImageBytes);
  try {
    const file = resolveImage(context, path);
    const bytes = await readFile(file.abs);
    if (bytes.length > VIEW_ASSET_LIMITS.maxImageBytes) return undefined;
    return `data:${IMAGE_MEDIA_TYPES[extname(file.abs).toLowerCase()]};base64,${bytes.toString('base64')}`;
  } catch {
    return undefined; // missing, outside the workspace, too large, not an image: the view draws its placeholder
  }
}

export async function diagramViewAssets(keys: readonly string[], context: AssetContext): Promise<Record<string, string>> {
  const answer: Record<string, string> = {};
  const stencils = await stencilAssets(keys.filter((key) => key.startsWith(STENCIL_ASSET)).map((key) => key.slice(STENCIL_ASSET.length)));
  for (const [name, xml] of stencils) answer[STENCIL_ASSET + name] = xml;
  for (const key of keys.filter((k) => k.startsWith(IMAGE_ASSET))) {
    const url = await imageAsset(context, key.slice(IMAGE_ASSET.length));
    if (url !== undefined) answer[key] = url;
  }
  return answer;
}
