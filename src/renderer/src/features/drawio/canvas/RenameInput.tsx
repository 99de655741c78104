/** The inline text field of a rename: Enter or leaving the field commits, Escape cancels. */
import { useEffect, useRef } from 'react';

export function RenameInput(props: { initial: string; onCommit(text: string): void; onCancel(): void; className?: string }) {
  const input = useRef<HTMLInputElement>(null);
  // Enter commits and unmounts the field; the blur that may follow must not commit again.
  const finished = useRef(false);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const commit = () => {
    if (finished.current) return;
    finished.current = true;
    props.onCommit(input.current?.value ?? props.initial);
  };
  return (
    <input
      ref={input}
      data-testid="rename-input"
      className={`rename-input nodrag nopan nowheel ${props.className ?? ''}`}
      defaultValue={props.initial}
      aria-label="New label"
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') {
          finished.current = true;
          props.onCancel();
        }
      }}
      onBlur={commit}
      onDoubleClick={(event) => event.stopPropagation()}
    />
  );
}
