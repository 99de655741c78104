/**
 * The studio's icons (resources/icons: the app, the bundle, one per domain) as MCP icons: the
 * server and every tool carry them (`icons`, protocol 2025-11-25), each tool its domain's. They are
 * small SVGs sent inline as data: URIs, since a client may not reach any file or URL of ours.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resourceDir } from '../kernel/resources';
import type { Icon } from '@modelcontextprotocol/sdk/types.js';

/** resources/icons, found by walking up from this module (out/main when built, src/main/mcp in tests). */
export function iconsDir(from = __dirname): string | undefined {
  return resourceDir('icons', 'app.svg', from);
}

export const svgDataUri = (svg: string | Buffer): string => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const cache = new Map<string, Icon[] | undefined>();

/** `name`.svg as an MCP icon list, or undefined when there is no such icon (a test domain's). */
export function studioIcons(name: string): Icon[] | undefined {
  if (!cache.has(name)) {
    const dir = iconsDir();
    const file = dir && join(dir, `${name}.svg`);
    cache.set(name, file && existsSync(file) ? [{ src: svgDataUri(readFileSync(file)), mimeType: 'image/svg+xml', sizes: ['any'] }] : undefined);
  }
  return cache.get(name);
}
