/** Every ask_cortex, newest first: who asked, the intent, the decision and why. */
import { originColor } from '../../../common/origin';
import { blueprintsOf } from '../model';
import { useContextRecords } from '../context-store';

export function BlueprintLog() {
  const blueprints = useContextRecords(blueprintsOf);
  return (
    <section className="context-panel blueprint-log" data-testid="blueprint-log">
      <h2 className="panel-heading">Blueprint log</h2>
      {blueprints.length === 0 && <p className="hint">No blueprint asked for yet (ask_cortex).</p>}
      <ol>
        {blueprints.map((b) => (
          <li key={b.id} className={`blueprint ${b.type.toLowerCase()}`} data-testid="blueprint-entry">
            <div className="blueprint-head">
              <span className="blueprint-type">{b.type}</span>
              <span className="blueprint-origin" style={{ color: originColor(b.origin) }}>
                {b.origin}
              </span>
              <time className="hint">{new Date(b.at).toLocaleTimeString()}</time>
            </div>
            <div className="blueprint-intent">{b.intent}</div>
            <div className="hint">{b.allowed ? b.targetFile : b.reason}</div>
          </li>
        ))}
      </ol>
    </section>
  );
}
