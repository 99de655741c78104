/**
 * The rendered diagrams of a project: D2 results kept by content hash (source, theme, layout), so
 * that a diagram is compiled once however many tools, builds and views ask for it, and the build
 * manifest of the output folder (`.loko-build.json`: each file the build wrote with the hash of what
 * it was built from), which makes builds incremental across restarts.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../../core/files';
import { D2SyntaxError } from './d2-common';
import { installedNativeD2 } from './d2-native';
import type { D2Service } from './d2-service';
import { resolveInstalled } from '../../kernel/packages';
import type { ElementData, LokoConfig } from './project';

export const MANIFEST_FILE = '.loko-build.json';
/** Bumped when what a build writes changes shape, so that every file is built again. */
export const BUILD_VERSION = 2;
/** D2 results kept in memory, the oldest dropped first. */
const CACHE_LIMIT = 2_000;

export type DiagramResult = { svg: string } | { error: D2SyntaxError };

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Where an element's rendered diagram goes, relative to the output folder: `diagrams/system-Payments.svg`. */
export const svgFileOf = (element: Pick<ElementData, 'kind' | 'key'>) => `diagrams/${element.kind}-${element.key.replaceAll('/', '.')}.svg`;

/**
 * The D2 releases installed (the WASM build's package and the native binary's): what a render is
 * kept by, so that a studio updated to another D2 renders again what the last one built.
 */
let installedReleases: string | undefined;
function d2Releases(): string {
  if (installedReleases === undefined) {
    // Its package.json is not among the package's exports: found from its entry, up.
    let dir = dirname(resolveInstalled('@terrastruct/d2'));
    while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
    let native = 'none';
    try {
      native = installedNativeD2().version;
    } catch {
      /* this platform has none: the WASM build renders everything */
    }
    installedReleases = `${version}/${native}`;
  }
  return installedReleases;
}

/** What a diagram's render is kept by (in memory and in the build manifest): its source, its config and D2's release. */
export function diagramHash(source: string, config: Pick<LokoConfig, 'theme' | 'layout'>): string {
  return sha256(`${BUILD_VERSION}\0${d2Releases()}\0${config.theme}\0${config.layout}\0${source}`);
}

/** The salt of a diagram's SVG ids (D2's --salt): as before releases were in the hash, so that each diagram is drawn as it was. */
export const diagramSalt = (source: string, config: Pick<LokoConfig, 'theme' | 'layout'>) => sha256(`${BUILD_VERSION}\0${config.theme}\0${config.layout}\0${source}`).slice(0, 8);

export class DiagramCache {
  private readonly results = new Map<string, DiagramResult>();
  private readonly pending = new Map<string, { result: Promise<DiagramResult>; background: boolean }>();

  constructor(readonly d2: D2Service) {}

  /** The cached result for this source and config, if there is one. */
  peek(source: string, config: Pick<LokoConfig, 'theme' | 'layout'>): DiagramResult | undefined {
    return this.results.get(diagramHash(source, config));
  }

  /**
   * Renders (or answers from the cache); a D2 error is a result, not a throw. `background`: behind
   * callers' requests. A caller asking for a diagram already waiting in the background gets a
   * render of its own rather than a place at the back of the queue.
   */
  render(source: string, config: Pick<LokoConfig, 'theme' | 'layout'>, background = false): Promise<DiagramResult> {
    const hash = diagramHash(source, config);
    const cached = this.results.get(hash);
    if (cached) return Promise.resolve(cached);
    const waiting = this.pending.get(hash);
    if (waiting && (background || !waiting.background)) return waiting.result;
    const result = this.d2
      .render(source, { theme: config.theme, layout: config.layout, salt: diagramSalt(source, config) }, background)
      .then(
        (svg): DiagramResult => ({ svg }),
        (err): DiagramResult => {
          if (err instanceof D2SyntaxError) return { error: err };
          throw err;
        },
      )
      .then((rendered) => {
        this.remember(hash, rendered);
        return rendered;
      })
      .finally(() => {
        if (this.pending.get(hash)?.result === result) this.pending.delete(hash);
      });
    this.pending.set(hash, { result, background });
    return result;
  }

  /** Takes a diagram rendered earlier (by a build, before a restart) from its SVG file. */
  loadRendered(source: string, config: Pick<LokoConfig, 'theme' | 'layout'>, svgFile: string): void {
    try {
      this.remember(diagramHash(source, config), { svg: readFileSync(svgFile, 'utf8') });
    } catch {
      /* gone meanwhile: rendered again when asked */
    }
  }

  /** Keeps a rendered SVG (update_diagram's) for the view and the build. */
  store(source: string, config: Pick<LokoConfig, 'theme' | 'layout'>, result: DiagramResult): void {
    this.remember(diagramHash(source, config), result);
  }

  private remember(hash: string, result: DiagramResult): void {
    this.results.set(hash, result);
    if (this.results.size > CACHE_LIMIT) this.results.delete(this.results.keys().next().value!);
  }
}

export interface BuildManifest {
  version: number;
  /** Output file (relative to the output folder) → hash of what it was built from. */
  files: Record<string, string>;
}

export function readManifest(outDir: string): BuildManifest {
  try {
    const manifest = JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), 'utf8')) as BuildManifest;
    if (manifest.version === BUILD_VERSION && manifest.files && typeof manifest.files === 'object') return manifest;
  } catch {
    /* none yet, or unreadable: build everything */
  }
  return { version: BUILD_VERSION, files: {} };
}

export function writeManifest(outDir: string, manifest: BuildManifest): void {
  // In name order: files are built several at once, and finish in any order.
  const files = Object.fromEntries(Object.entries(manifest.files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileAtomic(join(outDir, MANIFEST_FILE), JSON.stringify({ ...manifest, files }, null, 1));
}

/** Whether `file` (relative to the output folder) is there and was built from `hash`. */
export function upToDate(outDir: string, manifest: BuildManifest, file: string, hash: string): boolean {
  return manifest.files[file] === hash && existsSync(join(outDir, file));
}
