/**
 * `Include` in ~/.ssh/config, as ssh_config(5) reads it: each argument a file or a wildcard pattern
 * (`*`, `?`, in any part of the path), `~` for the home folder, a relative path taken from ~/.ssh;
 * the files found read in order, as if written in place, up to 16 deep; a pattern that finds
 * nothing is no error. The `ssh-config` package parses Include lines but does not follow them, so
 * the text is expanded before it parses it.
 *
 * An Include inside a Host or Match block counts only where that block matches. After the included
 * lines the block's own line is written again (a top-level Include gets `Host *`), so the lines that
 * follow keep their block. An included file with Host or Match lines of its own inside a block
 * would need both to match, which this text cannot say: it is refused as unsupported.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { wildcardRegExp } from './known-hosts';

/** ssh's own limit on nested Include (READCONF_MAX_DEPTH). */
const MAX_DEPTH = 16;

const INCLUDE = /^\s*include(?:\s*=\s*|\s+)(.*)$/i;
const BLOCK = /^\s*(host|match)(?:\s*=\s*|\s+)/i;

export interface ExpandedConfig {
  text: string;
  /** What the files ask for that this cannot follow, if anything. */
  unsupported?: string;
}

/** The config text with every Include replaced by the files it names. */
export function expandIncludes(text: string, home: string, depth = 0): ExpandedConfig {
  const out: string[] = [];
  let block: string | undefined;
  let unsupported: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (BLOCK.test(line)) block = line.trim();
    const include = INCLUDE.exec(line);
    if (!include) {
      out.push(line);
      continue;
    }
    if (depth >= MAX_DEPTH) return { text: out.join('\n'), unsupported: `Include nested more than ${MAX_DEPTH} deep` };
    for (const pattern of includeArguments(include[1])) {
      for (const file of matchingFiles(includePath(pattern, home))) {
        const included = expandIncludes(readFileSync(file, 'utf8'), home, depth + 1);
        unsupported ??= included.unsupported;
        if (block && included.text.split(/\r?\n/).some((l) => BLOCK.test(l))) unsupported ??= `Include ${file}, whose Host or Match blocks sit inside "${block}"`;
        out.push(included.text, block ?? 'Host *');
      }
    }
  }
  return { text: out.join('\n'), ...(unsupported ? { unsupported } : {}) };
}

/** Include's arguments: words, or "quoted words" holding spaces. */
function includeArguments(rest: string): string[] {
  return [...rest.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]).filter((arg) => arg && !arg.startsWith('#'));
}

function includePath(pattern: string, home: string): string {
  const expanded = pattern.replace(/^~(?=\/|$)/, home);
  return isAbsolute(expanded) ? expanded : join(home, '.ssh', expanded);
}

/** The files a path with wildcards names, sorted as glob(3) sorts them; names starting with a dot only when the pattern's part does. */
function matchingFiles(pattern: string): string[] {
  let found = ['/'];
  for (const part of pattern.split('/').filter(Boolean)) {
    if (!/[*?]/.test(part)) {
      found = found.map((dir) => join(dir, part)).filter((path) => existsSync(path));
      continue;
    }
    const matches = wildcardRegExp(part);
    found = found.flatMap((dir) => {
      let names: string[];
      try {
        names = readdirSync(dir).sort();
      } catch {
        return [];
      }
      return names.filter((name) => (!name.startsWith('.') || part.startsWith('.')) && matches.test(name)).map((name) => join(dir, name));
    });
  }
  return found.filter((path) => statSync(path, { throwIfNoEntry: false })?.isFile());
}
