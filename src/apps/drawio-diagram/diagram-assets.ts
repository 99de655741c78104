/**
 * What the diagram's chat view draws with besides the records: diagrams.net's stencils (their
 * `<shape>` XML, drawn by maxGraph with the canvas's own code, shared/drawio/render/stencil-figure.ts)
 * and images, the workspace's files and diagrams.net's library (data: URLs), asked of the core through tandem_view_assets
 * (an app may fetch nothing itself). A page is drawn once with what is at hand; what it asked for
 * and did not find is then fetched, and the page drawn again.
 */
import type { App } from '@modelcontextprotocol/ext-apps';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { StencilShape, SvgCanvas2D } from '../../renderer/src/features/drawio/canvas/stencil-engine';
import { VIEW_ASSETS_TOOL, VIEW_ASSET_LIMITS, type ViewAssets } from '../../shared/chat-views';
import { imageKey, type ImageSource } from '../../shared/drawio/render/image-source';
import { stencilMarkup, type StencilEngine } from '../../shared/drawio/render/stencil-figure';
import type { PageStencils } from '../../shared/drawio/render/svg-page';

const STENCIL = 'stencil:';
const IMAGE = 'image:';

const engine: StencilEngine = { Canvas: SvgCanvas2D, group: () => document.createElementNS('http://www.w3.org/2000/svg', 'g') };

export class DiagramAssets {
  /** By key: the stencil or the image's URL, or null when the core has none (asked once). */
  private readonly stencils = new Map<string, StencilShape | null>();
  private readonly images = new Map<string, string | null>();
  /** What a drawing asked for and did not have, and what is being fetched. */
  private readonly wanted = new Set<string>();
  private readonly asked = new Set<string>();

  constructor(private readonly app: App) {}

  readonly pageStencils: PageStencils = {
    stencil: (name) => {
      const shape = this.stencils.get(STENCIL + name);
      if (shape === undefined) this.want(STENCIL + name);
      return shape ? { key: name, draw: (box, paint) => stencilMarkup(engine, shape, box, paint) } : undefined;
    },
  };

  /**
   * The URL an image is drawn from: a data: image as it is; a workspace file or an image of
   * diagrams.net's library once the core sent it, asked for by the name the canvas gives it (imageKey).
   */
  readonly image = (source: ImageSource): string | undefined => {
    if (source.kind === 'data') return source.url;
    if (source.kind !== 'file' && source.kind !== 'library') return undefined;
    const key = IMAGE + imageKey(source);
    const url = this.images.get(key);
    if (url === undefined) this.want(key);
    return url ?? undefined;
  };

  private want(key: string): void {
    if (!this.asked.has(key)) this.wanted.add(key);
  }

  /** Fetches what the drawings wanted (a call's worth at a time); true when something arrived to draw with. */
  async fetchWanted(): Promise<boolean> {
    const keys = [...this.wanted].slice(0, VIEW_ASSET_LIMITS.maxKeys);
    if (!keys.length) return false;
    for (const key of keys) {
      this.wanted.delete(key);
      this.asked.add(key);
    }
    const result = (await this.app.callServerTool({ name: VIEW_ASSETS_TOOL, arguments: { document: 'drawio', keys } }).catch(() => undefined)) as CallToolResult | undefined;
    if (!result || result.isError) return false;
    const { assets, missing } = result.structuredContent as unknown as ViewAssets;
    for (const [key, text] of Object.entries(assets)) {
      if (key.startsWith(IMAGE)) this.images.set(key, text);
      else this.stencils.set(key, parseStencil(text));
    }
    for (const key of missing) (key.startsWith(IMAGE) ? this.images : this.stencils).set(key, null);
    return Object.keys(assets).length > 0;
  }
}

function parseStencil(xml: string): StencilShape | null {
  const element = new DOMParser().parseFromString(xml, 'application/xml').documentElement;
  return element.nodeName === 'shape' ? new StencilShape(element) : null;
}
