/**
 * Light and dark: the window follows the system (`prefers-color-scheme`) unless the person picked
 * one. The choice is kept in the renderer's localStorage: the studio has no settings store, and the
 * Electron window's localStorage lives in its user-data folder, so it survives a restart.
 * The resolved theme is `data-theme` on <html>; app/theme.css defines every colour once per theme.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const STORAGE_KEY = 'tandem.theme';

function storedChoice(): ThemeChoice {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return THEME_CHOICES.includes(value as ThemeChoice) ? (value as ThemeChoice) : 'system';
  } catch {
    return 'system';
  }
}

const darkQuery = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;
let choice: ThemeChoice = storedChoice();
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

export function chooseTheme(next: ThemeChoice): void {
  choice = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // A page without storage still switches; it only forgets the choice on reload.
  }
  apply();
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
