/**
 * Turns the path a person chose in the native open/save dialog into the workspace-relative path the
 * core expects, or a clear error when it is outside the workspace (also through a symbolic link),
 * inside the studio's runtime folder, or of another file type. Pure apart from reading the file
 * system; no electron import.
 */
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ApiError } from '../../shared/api-schema';

/** The runtime folder a core keeps in the workspace (core/workspace.ts RUNTIME_DIR). */
const RUNTIME_DIR = '.tandem';

export type WorkspacePathResult = { ok: true; path: string } | { ok: false; error: ApiError };

/** The real path of `path`, following links of its nearest existing ancestor (the file may not exist yet). */
function realPathOf(path: string): string {
  let existing = path;
  while (!existsSync(existing)) {
    const parent = dirname(existing);
    if (parent === existing) return path;
    existing = parent;
  }
  return join(realpathSync(existing), relative(existing, path));
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/**
 * `chosenPath` (absolute, from the dialog) as a workspace-relative path with forward slashes.
 * `extension` (like `.drawio`) is added when the name has none, as the core would.
 */
export function workspaceRelativePath(workspaceRoot: string, chosenPath: string, extension: string): WorkspacePathResult {
  const example = `diagrams/architecture${extension}`;
  const lexicalRoot = resolve(workspaceRoot);
  const root = realPathOf(lexicalRoot);
  let chosen = resolve(chosenPath);
  const chosenExtension = extname(chosen);
  if (!chosenExtension) chosen += extension;
  else if (chosenExtension.toLowerCase() !== extension.toLowerCase()) {
    return {
      ok: false,
      error: {
        code: 'bad_param',
        message: `${basename(chosen)} is not a ${extension} file`,
        suggestion: `choose a ${extension} file, e.g. ${example}`,
      },
    };
  }
  const real = realPathOf(chosen);
  const namedInside = isInside(lexicalRoot, chosen) || isInside(root, chosen);
  if (!isInside(root, real) && !namedInside) {
    return {
      ok: false,
      error: {
        code: 'path_outside_workspace',
        message: `${chosen} is outside the workspace ${root}`,
        suggestion: `choose a file inside ${root}, e.g. ${example}; to work on another folder, start the studio with --workspace DIR`,
      },
    };
  }
  if (!isInside(root, real)) {
    return {
      ok: false,
      error: {
        code: 'path_outside_workspace',
        message: `${chosen} leads outside the workspace ${root} through a link`,
        suggestion: `choose a file inside ${root}, e.g. ${example}`,
      },
    };
  }
  const rel = relative(root, real);
  if (rel.split(sep)[0] === RUNTIME_DIR) {
    return {
      ok: false,
      error: {
        code: 'path_outside_workspace',
        message: `${chosen} is inside the studio's runtime folder ${RUNTIME_DIR}/`,
        suggestion: `choose a file elsewhere in the workspace, e.g. ${example}`,
      },
    };
  }
  return { ok: true, path: rel.split(sep).join('/') };
}
