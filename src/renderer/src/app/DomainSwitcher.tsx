/** The window's domain switcher: one button per view, down the left edge. */
import type { ReactNode } from 'react';

export interface DomainChoice {
  /** The core's domain name: `drawio`, `midi`. */
  domain: string;
  label: string;
  icon: ReactNode;
}

export function DomainSwitcher(props: { choices: readonly DomainChoice[]; active: string; onSelect(domain: string): void; footer?: ReactNode }) {
  return (
    <nav className="domain-switcher" aria-label="Domains" data-testid="domain-switcher">
      {props.choices.map((choice) => (
        <button
          key={choice.domain}
          type="button"
          className={`domain-button${choice.domain === props.active ? ' active' : ''}`}
          data-testid={`domain-${choice.domain}`}
          aria-pressed={choice.domain === props.active}
          title={choice.label}
          onClick={() => props.onSelect(choice.domain)}
        >
          {choice.icon}
          <span>{choice.label}</span>
        </button>
      ))}
      {props.footer}
    </nav>
  );
}
