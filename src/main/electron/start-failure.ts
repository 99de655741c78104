/**
 * What the app tells a person when it cannot start: the better-sqlite3 addon built for Electron is
 * missing or built for another version, the workspace is held by a core that will not let go, or
 * anything else. Pure: main.ts shows the result in a dialog and on stderr.
 */
import { join } from 'node:path';
import type { ApiError } from '../../shared/api-schema';

export const REBUILD_COMMAND = 'npm run rebuild:electron';

/**
 * Where `npm run rebuild:electron` puts the better-sqlite3 addon built for Electron's ABI, apart
 * from node_modules' build for Node (which the CLI and the tests use).
 */
export function electronSqliteBindingPath(projectRoot: string): string {
  return join(projectRoot, 'build', 'electron', 'better_sqlite3.node');
}

export interface StartFailure {
  title: string;
  /** Message, code and what to do, for the dialog and stderr. */
  detail: string;
}

function describe(error: ApiError): string {
  return `${error.message} [${error.code}]${error.suggestion ? `\n\ntry: ${error.suggestion}` : ''}`;
}

export function missingBindingFailure(bindingPath: string): StartFailure {
  return {
    title: 'Tandem Studio: the database addon for Electron is not built',
    detail: describe({
      code: 'electron_addon_missing',
      message: `the studio keeps its journal in SQLite, and Electron needs its own build of better-sqlite3 at ${bindingPath}`,
      suggestion: `run "${REBUILD_COMMAND}" in the project folder (it fetches Electron's headers or a prebuilt addon, so it needs the network once), then start again; "npm start" without a display runs "tandem serve" instead`,
    }),
  };
}

/** Any error thrown while starting the host, worded for the person at the window. */
export function startFailure(err: unknown, bindingPath: string): StartFailure {
  const fields = (err ?? {}) as { code?: unknown; message?: unknown; suggestion?: unknown };
  const message = typeof fields.message === 'string' ? fields.message : String(err);
  // The addon exists but was built for another Node or Electron version.
  if (/NODE_MODULE_VERSION|was compiled against a different|invalid ELF header|not a valid Win32 application|wrong ELF class/i.test(message)) {
    return {
      title: 'Tandem Studio: the database addon for Electron does not fit this Electron',
      detail: describe({
        code: 'electron_addon_mismatch',
        message: `${bindingPath} cannot be loaded: ${message}`,
        suggestion: `run "${REBUILD_COMMAND}" to build it for the installed Electron, then start again`,
      }),
    };
  }
  const code = typeof fields.code === 'string' ? fields.code : 'internal_error';
  const suggestion = typeof fields.suggestion === 'string' ? fields.suggestion : undefined;
  return {
    title: code === 'workspace_locked' ? 'Tandem Studio: the workspace is in use' : 'Tandem Studio could not start',
    detail: describe({ code, message, suggestion }),
  };
}

export function badRendererUrlFailure(message: string): StartFailure {
  return {
    title: 'Tandem Studio could not start',
    detail: describe({ code: 'bad_renderer_url', message, suggestion: 'unset ELECTRON_RENDERER_URL, or start with "npm start"' }),
  };
}

/**
 * `npm run rebuild:electron` records which Electron it built for (better_sqlite3.json beside the
 * addon); a different running Electron gets a clear failure instead of a loader error.
 */
export function bindingVersionFailure(metadataText: string | undefined, runningElectron: string, bindingPath: string): StartFailure | undefined {
  if (metadataText === undefined) return undefined;
  let builtFor: unknown;
  try {
    builtFor = (JSON.parse(metadataText) as { electron?: unknown }).electron;
  } catch {
    return undefined;
  }
  if (typeof builtFor !== 'string' || builtFor === runningElectron) return undefined;
  return {
    title: 'Tandem Studio: the database addon for Electron does not fit this Electron',
    detail: describe({
      code: 'electron_addon_mismatch',
      message: `${bindingPath} was built for Electron ${builtFor}, but this is Electron ${runningElectron}`,
      suggestion: `run "${REBUILD_COMMAND}" to build it for the installed Electron, then start again`,
    }),
  };
}
