/** The theme switch at the foot of the domain switcher: System (follows the system), Light or Dark. */
import { useSyncExternalStore } from 'react';
import { THEME_CHOICES, chooseTheme, onThemeChange, themeChoice, themeSaveProblem, type ThemeChoice } from '../common/theme';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function ThemeSwitch() {
  const choice = useSyncExternalStore(onThemeChange, themeChoice);
  const problem = useSyncExternalStore(onThemeChange, themeSaveProblem);
  return (
    <label className="theme-switch" data-unsaved={problem ? 'true' : undefined} title={problem ?? 'Colours: follow the system, or always light or dark (for every workspace)'}>
      <span>Theme</span>
      <select data-testid="theme-switch" value={choice} onChange={(event) => chooseTheme(event.target.value as ThemeChoice)}>
        {THEME_CHOICES.map((value) => (
          <option key={value} value={value}>
            {LABELS[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
