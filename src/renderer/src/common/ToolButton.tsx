/** Toolbar buttons and their line icons, drawn inline so the page needs no icon font. */
import type { ReactNode } from 'react';

export function ToolButton(props: {
  id: string;
  label: string;
  title: string;
  onClick(): void;
  disabled?: boolean;
  /** A toggle's state: pressed shows as on. */
  pressed?: boolean;
  /** Shows the icon alone; the label stays its accessible name. */
  iconOnly?: boolean;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`tool-button${props.pressed ? ' pressed' : ''}${props.iconOnly ? ' icon-only' : ''}`}
      data-testid={props.id}
      title={props.title}
      onClick={props.onClick}
      disabled={props.disabled}
      aria-pressed={props.pressed}
      aria-label={props.iconOnly ? props.label : undefined}
    >
      {props.children}
      {!props.iconOnly && <span>{props.label}</span>}
    </button>
  );
}

const ICONS = {
  undo: <path d="M7 5 3 9l4 4M3.5 9H13a4 4 0 0 1 0 8h-3" />,
  redo: <path d="m13 5 4 4-4 4M16.5 9H7a4 4 0 0 0 0 8h3" />,
  checkpoint: <path d="M5 3v15M5 4h10l-2 3.5L15 11H5" />,
  layout: <path d="M3 3h6v5H3zM11 12h6v5h-6zM6 8v6.5h5M14 12V6.5H9" />,
  group: <path d="M2.5 2.5h15v15h-15zM5.5 6h4v4h-4zM10.5 10h4v4h-4z" />,
  open: <path d="M2.5 5.5h5l1.5 2h8.5v9h-15zM2.5 8.5h15" />,
  save: <path d="M3.5 3.5h10l3 3v10h-13zM6.5 3.5v4h6v-4M6.5 16.5v-5h7v5" />,
  export: <path d="M10 12.5V2.5M6.5 6 10 2.5 13.5 6M4 10.5v6.5h12v-6.5" />,
  play: <path d="M6 4v12l10-6z" />,
  pause: <path d="M6 4v12M14 4v12" />,
  stop: <path d="M5 5h10v10H5z" />,
  loop: <path d="M4 8a4 4 0 0 1 4-4h6l-2-2M16 12a4 4 0 0 1-4 4H6l2 2" />,
  metronome: <path d="M7 3h6l3 14H4zM10 13l4-8M6.5 13h7" />,
  pencil: <path d="m4 16 1-4 8-8 3 3-8 8zM11 6l3 3" />,
  select: <path d="M3 3h4M3 3v4M17 3h-4M17 3v4M3 17h4M3 17v-4M17 17h-4M17 17v-4" />,
  quantize: <path d="M3 17V3M8 17V3M13 17V3M18 17V3M5 7h3M10 12h3" />,
  zoomIn: <path d="M9 4a5 5 0 1 0 0 10A5 5 0 0 0 9 4zM13 13l4 4M7 9h4M9 7v4" />,
  zoomOut: <path d="M9 4a5 5 0 1 0 0 10A5 5 0 0 0 9 4zM13 13l4 4M7 9h4" />,
};

export type IconName = keyof typeof ICONS;

export function icon(name: IconName) {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {ICONS[name]}
    </svg>
  );
}
