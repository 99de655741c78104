/**
 * Light and dark: the window follows the system (`prefers-color-scheme`) unless the person picked
 * one. The choice is studio-wide: the core keeps it in the user's config folder (main/core/
 * appearance-store.ts), so every workspace's window and every `tandem serve` port opens with it.
 * The first paint takes it from the page the core served (`data-theme-choice` on <html>, in a
 * browser tab) or from localStorage, only a cache (the Electron window's page is a file); the
 * core's answer at start then corrects it.
 * The resolved theme is `data-theme` on <html>; app/theme.css defines every colour once per theme.
 */
import { type Appearance, THEME_CHOICES, type ThemeChoice, isThemeChoice } from '../../../shared/appearance';
import type { TandemApi } from '../../../shared/tandem-api';

export { THEME_CHOICES, type ThemeChoice };
export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'tandem.theme';

/** The first paint's choice: what the core wrote on the page it served (a browser tab), else the cache. */
function firstPaintChoice(): ThemeChoice {
  const served = document.documentElement.dataset.themeChoice;
  if (isThemeChoice(served)) return served;
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isThemeChoice(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

function cacheChoice(value: ThemeChoice): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, value);
  } catch {
    // A page without storage still switches; the core keeps the choice.
  }
}

const darkQuery = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;
let choice: ThemeChoice = firstPaintChoice();
/** The core that keeps the choice, once the page has one; and why it could not, when it could not. */
let studio: Pick<TandemApi, 'appearance' | 'chooseAppearance'> | undefined;
let saveProblem: string | undefined;
/** The person chose here: the core's older answer must not undo it. */
let choseHere = false;
const listeners = new Set<() => void>();

function resolve(): Theme {
  if (choice !== 'system') return choice;
  return darkQuery?.matches ? 'dark' : 'light';
}

function apply(): void {
  const theme = resolve();
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  for (const listener of listeners) listener();
}

darkQuery?.addEventListener('change', () => {
  if (choice === 'system') apply();
});
apply();

export function themeChoice(): ThemeChoice {
  return choice;
}

/** The theme in force, light or dark. */
export function currentTheme(): Theme {
  return resolve();
}

function setChoice(next: ThemeChoice): void {
  choice = next;
  cacheChoice(next);
  apply();
}

function failedToSave(err: unknown): void {
  const { code, message } = (err ?? {}) as { code?: string; message?: string };
  saveProblem = `the theme is not saved for other workspaces: ${code ? `${code}: ` : ''}${message ?? String(err)}`;
  apply();
}

/** The person's choice: shown at once, kept by the core for every workspace. */
export function chooseTheme(next: ThemeChoice): void {
  choseHere = true;
  setChoice(next);
  studio?.chooseAppearance(next).then(() => {
    saveProblem = undefined;
    apply();
  }, failedToSave);
}

/** At start: takes the core's studio-wide choice (the cached one drew the first paint) and keeps later choices there. */
export async function followStudioAppearance(api: Pick<TandemApi, 'appearance' | 'chooseAppearance'>): Promise<void> {
  studio = api;
  let kept: Appearance;
  try {
    kept = await api.appearance();
  } catch (err) {
    return failedToSave(err);
  }
  if (!choseHere && isThemeChoice(kept.theme) && kept.theme !== choice) setChoice(kept.theme);
}

/** Why the choice is not kept studio-wide, when the core could not keep it. */
export function themeSaveProblem(): string | undefined {
  return saveProblem;
}

/** Called whenever the theme in force or the choice changes (for canvases that paint colours themselves). */
export function onThemeChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A CSS custom property's value as the theme in force defines it. */
export function themeColor(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}
