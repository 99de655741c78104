/** The theme swatches (built-in and the document's own), as the style panel and the context menu show them. */
import { useMemo } from 'react';
import { useDrawio } from '../editor/drawio-context';
import { THEMES } from '../../../../../shared/drawio/model';

export function ThemeSwatches(props: { active?: string; testIdPrefix: string; onPick(theme: string): void }) {
  const customThemes = useDrawio((s) => s.customThemes);
  const themes = useMemo(
    () => [
      ...Object.entries(THEMES).map(([name, t]) => ({ name, fill: t.fill, stroke: t.stroke })),
      ...[...customThemes.values()].map((t) => ({ name: t.name, fill: t.fill, stroke: t.stroke })),
    ],
    [customThemes],
  );
  return (
    <div className="swatches" role="group" aria-label="Theme">
      {themes.map((t) => (
        <button
          key={t.name}
          type="button"
          className={`swatch${t.name === props.active ? ' active' : ''}`}
          style={{ background: t.fill, borderColor: t.stroke }}
          title={t.name}
          aria-label={`theme ${t.name}`}
          data-testid={`${props.testIdPrefix}${t.name}`}
          onClick={() => props.onPick(t.name)}
        />
      ))}
    </div>
  );
}
