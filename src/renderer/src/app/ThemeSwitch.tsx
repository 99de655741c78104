/** The theme switch at the foot of the domain switcher: System (follows the system), Light or Dark. */
import { useSyncExternalStore } from 'react';
import { THEME_CHOICES, chooseTheme, onThemeChange, themeChoice, type ThemeChoice } from '../common/theme';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function ThemeSwitch() {
  const choice = useSyncExternalStore(onThemeChange, themeChoice);
  return (
    <label className="theme-switch" title="Colours: follow the system, or always light or dark">
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
