/** A domain's latest batches, newest first: who acted, the ops as sent and the core's answer lines. */
import { memo, useState } from 'react';
import { PERSON_ORIGIN } from '../../../shared/tandem-api';
import type { ActivityEntry } from '../stores/document-store';
import { originColor } from './origin';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A long batch shows its first lines until asked for all of them. */
const LINES_SHOWN = 6;

function Lines(props: { lines: readonly string[]; className: string; expanded: boolean }) {
  const shown = props.expanded ? props.lines : props.lines.slice(0, LINES_SHOWN);
  return <pre className={props.className}>{shown.join('\n')}</pre>;
}

const ActivityItem = memo(function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const person = entry.origin === PERSON_ORIGIN;
  const [expanded, setExpanded] = useState(false);
  const hidden = Math.max(0, entry.ops.length - LINES_SHOWN) + Math.max(0, entry.lines.length - LINES_SHOWN);
  return (
    <li className="activity-item" data-testid="activity-item" data-origin={entry.origin}>
      <div className="activity-head">
        <span className="origin-chip" style={{ background: person ? 'var(--person)' : originColor(entry.origin) }}>
          {person ? 'you' : entry.origin}
        </span>
        <span className="activity-kind">{entry.kind === 'batch' ? `#${entry.seq}` : entry.kind}</span>
        <time className="activity-time">{timeFormat.format(entry.at)}</time>
      </div>
      <Lines lines={entry.ops} className="activity-ops" expanded={expanded} />
      {entry.lines.length > 0 && <Lines lines={entry.lines} className="activity-lines" expanded={expanded} />}
      {hidden > 0 && (
        <button type="button" className="activity-more" onClick={() => setExpanded(!expanded)}>
          {expanded ? 'show less' : `show all (${hidden} more lines)`}
        </button>
      )}
    </li>
  );
});

export function ActivityPanel({ activity }: { activity: readonly ActivityEntry[] }) {
  const [open, setOpen] = useState(true);
  return (
    <section className={`activity-panel${open ? '' : ' collapsed'}`} data-testid="activity" aria-label="Activity">
      <button type="button" className="activity-toggle" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className="panel-heading">Activity</span>
        <span className="activity-count">{activity.length ? `${activity.length} recent` : 'no edits yet'}</span>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
      </button>
      {open && (
        <ol className="activity-list">
          {activity.map((entry) => (
            <ActivityItem key={entry.key} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}
