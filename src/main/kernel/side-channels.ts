/**
 * What a domain offers the studio's window besides its records, verbs and tools: files it serves
 * by name (midi's SoundFonts for the player, drawio's image files for the canvas) and folders it built as websites (architecture's
 * docs sites). A domain declares them in its own table (`channels`); the host's HTTP routes, the
 * Electron bridge and the renderer's API serve every domain's the same way, so none of them names
 * a domain, and a new domain with assets touches only its own folder.
 */
import type { ResolvedPath } from './paths';

/** What an asset's resolver may use of the studio. */
export interface AssetContext {
  /** Resolves a client's path inside the workspace (with `extension`, a file of that type); throws for one outside. */
  resolvePath(path: string, extension?: string): ResolvedPath;
}

/**
 * A file the domain serves to its view by name, e.g. `soundfont`: the window asks for
 * `(domain, name, path?)`, gets the bytes (over IPC, or `GET /asset/<domain>/<name>?path=` with the
 * token in a browser tab). `resolve` picks the file and checks it; it throws the studio's error
 * (path outside the workspace, not found, not that kind of file) for one it will not serve.
 */
export interface DomainAsset {
  readonly name: string;
  /** One line for the docs: what the file is. */
  readonly title: string;
  resolve(context: AssetContext, path: string | undefined): ResolvedPath;
}

/**
 * Folders of the workspace the domain builds into websites (a docs site): served read-only under
 * `/site/`, each behind a key only the token makes. Only a folder holding `marker` (a file the
 * domain's build writes) is served, never sources or anything else.
 */
export interface DomainSites {
  readonly marker: string;
  /** How a person makes one, for the error when a folder holds none (`build the docs first ...`). */
  readonly howToBuild: string;
}

export interface DomainChannels {
  readonly assets?: readonly DomainAsset[];
  readonly sites?: DomainSites;
}
