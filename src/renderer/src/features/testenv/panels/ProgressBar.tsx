/**
 * What the core is doing on the project now (its record's `activity`): the tool, who called it,
 * the phase, and how far along when the number of steps is known (a moving bar when it is not).
 */
import { PERSON_ORIGIN } from '../../../../../shared/tandem-api';
import { originColor } from '../../../common/origin';
import { formatDuration } from '../model/format';
import { useNow, useShownProject } from '../testenv-context';

export function ProgressBar() {
  const activity = useShownProject()?.activity;
  const now = useNow(500, activity !== undefined);
  if (!activity) return <div className="testenv-progress idle" data-testid="progress" data-state="idle" />;
  const person = activity.origin === PERSON_ORIGIN;
  const known = activity.total !== undefined && activity.total > 0;
  const fraction = known ? Math.min(1, (activity.done ?? 0) / activity.total!) : undefined;
  return (
    <div className="testenv-progress" data-testid="progress" data-state="busy" data-tool={activity.tool} role="status" aria-live="polite">
      <div className="progress-head">
        <span className="origin-chip" data-testid="progress-origin" data-origin={activity.origin} style={{ background: person ? 'var(--person)' : originColor(activity.origin) }}>
          {person ? 'you' : activity.origin}
        </span>
        <span className="progress-tool">{activity.tool}</span>
        <span className="progress-phase" data-testid="progress-phase">
          {activity.phase}
        </span>
        <span className="progress-count">
          {known ? `${activity.done ?? 0}/${activity.total}` : ''} · {formatDuration(Math.max(0, now - activity.startedAt))}
        </span>
      </div>
      <div
        className={`progress-track${known ? '' : ' indeterminate'}`}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={known ? activity.total : undefined}
        aria-valuenow={known ? (activity.done ?? 0) : undefined}
      >
        <div className="progress-fill" style={known ? { width: `${fraction! * 100}%` } : undefined} />
      </div>
    </div>
  );
}
