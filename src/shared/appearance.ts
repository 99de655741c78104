/**
 * The studio-wide appearance: the person's theme choice, kept by the core in the user's config
 * folder (main/core/appearance-store.ts) so every workspace and every browser tab opens with it.
 * Shared by main, preload and renderer: no Node imports here.
 */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
/** `system` follows `prefers-color-scheme`; `light` and `dark` override it. */
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export interface Appearance {
  theme: ThemeChoice;
}

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return THEME_CHOICES.includes(value as ThemeChoice);
}
