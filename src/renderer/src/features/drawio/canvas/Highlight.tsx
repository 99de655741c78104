/** The outline and origin tag around a record someone else just changed. */
import { originColor } from './recent-change';

export function Highlight(props: { origin: string; round?: boolean }) {
  const color = originColor(props.origin);
  return (
    <div className={`change-highlight${props.round ? ' round' : ''}`} style={{ borderColor: color }} data-testid="change-highlight">
      <span className="change-origin" style={{ background: color }}>
        {props.origin}
      </span>
    </div>
  );
}
