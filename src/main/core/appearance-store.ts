/**
 * The studio-wide appearance (the theme choice), in `appearance.json` in the studio's config folder
 * (the install record's folder; `$TANDEM_CONFIG_DIR` in tests). Every core reads it, so a choice made
 * in one workspace's window or on one `tandem serve` port is the choice everywhere. A missing file
 * is `system`; a bad or unreadable one is `system` too, with a log line, never a failure.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Appearance, THEME_CHOICES, type ThemeChoice, isThemeChoice } from '../../shared/appearance';
import { ErrorCode, StudioError } from '../kernel/errors';
import { writeFileAtomic } from './files';
import { studioConfigDir } from './install-record';

export const APPEARANCE_FILE_NAME = 'appearance.json';
/** Larger than any appearance file the studio writes: a bigger one is not read. */
const MAX_FILE_BYTES = 64 * 1024;
const DEFAULT: Appearance = { theme: 'system' };

export function appearanceFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(studioConfigDir(process.platform, env), APPEARANCE_FILE_NAME);
}

type Lookup = { appearance: Appearance; stored?: Record<string, unknown>; problem?: string };

function lookUp(file: string): Lookup {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { appearance: DEFAULT };
    return { appearance: DEFAULT, problem: `cannot read it (${(err as Error).message})` };
  }
  if (text.length > MAX_FILE_BYTES) return { appearance: DEFAULT, problem: `it is larger than ${MAX_FILE_BYTES} bytes` };
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch (err) {
    return { appearance: DEFAULT, problem: `it is not JSON (${(err as Error).message})` };
  }
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return { appearance: DEFAULT, problem: 'it is not a JSON object' };
  const theme = (stored as Record<string, unknown>).theme;
  if (theme === undefined) return { appearance: DEFAULT, stored: stored as Record<string, unknown> };
  if (!isThemeChoice(theme)) {
    return { appearance: DEFAULT, stored: stored as Record<string, unknown>, problem: `its theme ${JSON.stringify(theme).slice(0, 60)} is not one of ${THEME_CHOICES.join(', ')}` };
  }
  return { appearance: { theme }, stored: stored as Record<string, unknown> };
}

export interface AppearanceStore {
  readonly file: string;
  /** The appearance as the file holds it now (another core may have changed it). */
  current(): Appearance;
  /** Writes the choice atomically; throws io_error when the file cannot be written. */
  choose(theme: ThemeChoice): Appearance;
}

/** Reads the file once at the start (logging a bad one); reads it again for each `current()`. */
export function openAppearanceStore(log: (message: string) => void, env: NodeJS.ProcessEnv = process.env): AppearanceStore {
  const file = appearanceFile(env);
  // The same bad file is logged once, not on every read.
  let lastProblem: string | undefined;
  const read = (): Lookup => {
    const found = lookUp(file);
    if (found.problem && found.problem !== lastProblem) log(`appearance: ignoring ${file} (${found.problem}); using the system theme`);
    lastProblem = found.problem;
    return found;
  };
  read();
  return {
    file,
    current: () => read().appearance,
    choose(theme) {
      if (!isThemeChoice(theme)) throw new StudioError(ErrorCode.badParam, `theme must be one of ${THEME_CHOICES.join(', ')}`, 'theme: "dark"');
      // Fields a later studio may add are kept; a bad file is replaced.
      const { stored } = lookUp(file);
      const appearance: Appearance = { theme };
      try {
        mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
        writeFileAtomic(file, JSON.stringify({ ...stored, ...appearance }, null, 2) + '\n', 0o600);
      } catch (err) {
        throw new StudioError(ErrorCode.io, `cannot save the theme in ${file}: ${(err as Error).message}`, `check that ${dirname(file)} can be written`);
      }
      lastProblem = undefined;
      return appearance;
    },
  };
}
