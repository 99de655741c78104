/** A domain's latest batches and reads, newest first: who acted, the ops as sent and the core's answer lines. */
import { memo, useMemo, useState } from 'react';
import type { ReadEvent } from '../../../shared/presence';
import { PERSON_ORIGIN } from '../../../shared/tandem-api';
import type { ActivityEntry } from '../stores/document-store';
import { originColor } from './origin';
import { usePresence } from './presence';

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

/** Reads by one client in a row, shown as one line so they do not drown the edits. */
interface ReadGroup {
  key: string;
  origin: string;
  /** The queries, newest first. */
  reads: string[];
  at: number;
}

type ActivityRow = { edit: ActivityEntry } | { reads: ReadGroup };

/** Edits and reads newest first, each run of reads by one client folded into one row. */
export function foldActivity(activity: readonly ActivityEntry[], reads: readonly ReadEvent[]): ActivityRow[] {
  const rows: ActivityRow[] = [];
  const newestReads = [...reads].reverse();
  let e = 0;
  let r = 0;
  while (e < activity.length || r < newestReads.length) {
    const read = newestReads[r];
    if (e < activity.length && (!read || activity[e].at >= read.at)) {
      rows.push({ edit: activity[e++] });
      continue;
    }
    r++;
    const last = rows.at(-1);
    if (last && 'reads' in last && last.reads.origin === read.origin) last.reads.reads.push(read.what);
    else rows.push({ reads: { key: `read:${read.at}:${r}`, origin: read.origin, reads: [read.what], at: read.at } });
  }
  return rows;
}

const ReadItem = memo(function ReadItem({ group }: { group: ReadGroup }) {
  const [expanded, setExpanded] = useState(false);
  const color = originColor(group.origin);
  return (
    <li className="activity-item activity-read" data-testid="activity-read" data-origin={group.origin}>
      <div className="activity-head">
        <span className="origin-chip read" style={{ color, borderColor: color }}>
          {group.origin}
        </span>
        <span className="activity-kind">read{group.reads.length > 1 ? ` ×${group.reads.length}` : ''}</span>
        <time className="activity-time">{timeFormat.format(group.at)}</time>
      </div>
      <Lines lines={expanded ? group.reads : group.reads.slice(0, 1)} className="activity-ops" expanded={expanded} />
      {group.reads.length > 1 && (
        <button type="button" className="activity-more" onClick={() => setExpanded(!expanded)}>
          {expanded ? 'show less' : `show all ${group.reads.length} reads`}
        </button>
      )}
    </li>
  );
});

/**
 * A domain's activity: its edits (`activity`) and, when `documentId` is given, what AI clients read
 * of that document (from the window's presence), newest first.
 */
export function ActivityPanel({ activity, domain, documentId }: { activity: readonly ActivityEntry[]; domain?: string; documentId?: string }) {
  const [open, setOpen] = useState(true);
  const readLog = usePresence((s) => s.readLog);
  const reads = useMemo(() => (domain ? readLog.filter((r) => r.domain === domain && r.documentId === documentId) : []), [readLog, domain, documentId]);
  const rows = useMemo(() => foldActivity(activity, reads), [activity, reads]);
  return (
    <section className={`activity-panel${open && rows.length > 0 ? '' : ' collapsed'}`} data-testid="activity" aria-label="Activity">
      <button type="button" className="activity-toggle" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className="panel-heading">Activity</span>
        <span className="activity-count">{activity.length ? `${activity.length} recent` : 'no edits yet'}</span>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
      </button>
      {open && (
        <ol className="activity-list">
          {rows.map((row) => ('edit' in row ? <ActivityItem key={row.edit.key} entry={row.edit} /> : <ReadItem key={row.reads.key} group={row.reads} />))}
        </ol>
      )}
    </section>
  );
}
