/**
 * The manifest: the project map as an AI last received it (get_initial_context), which can be older
 * than the files (rules saved since), and on request the map as it is now, side by side with it.
 */
import { useEffect, useState } from 'react';
import type { ProjectManifest } from '../../../../../shared/context-records';
import { manifestOf } from '../model';
import { useContextDomain, useContextRecords } from '../context-store';

function ManifestBody({ manifest }: { manifest: ProjectManifest }) {
  return (
    <>
      <h3 className="manifest-project">{manifest.project.name}</h3>
      {manifest.domains.map((domain) => (
        <div key={domain.domain} className="manifest-domain" data-testid={`manifest-domain-${domain.domain}`}>
          <h4>
            {domain.domain} <span className="hint">{domain.title}</span>
          </h4>
          {domain.error && <p className="hint error">{domain.error}</p>}
          <ul>
            {domain.items.map((item, i) => (
              <li key={`${item.kind}:${item.path ?? item.name}:${i}`}>
                <span className="manifest-item-name">{item.path ?? item.name}</span> <span className="hint">{item.summary}</span>
                {item.state && <span className="manifest-item-state">{item.state}</span>}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <h4 data-testid="manifest-governance">Governance ({manifest.governance.status})</h4>
      <ul className="manifest-directives">
        {manifest.governance.directives.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}

type Showing = { kind: 'received' } | { kind: 'current'; manifest: ProjectManifest; at: number };

export function ManifestPanel() {
  const domain = useContextDomain();
  const received = useContextRecords(manifestOf);
  const [showing, setShowing] = useState<Showing>({ kind: 'received' });
  const [problem, setProblem] = useState<string>();
  const showCurrent = async () => {
    const outcome = await domain.call<{ manifest: ProjectManifest }>('context_current_manifest');
    if (outcome.ok) {
      setProblem(undefined);
      setShowing({ kind: 'current', manifest: outcome.data.manifest, at: Date.now() });
    } else setProblem(outcome.error.message);
  };
  // Until an AI has asked, the map it would get is the one worth seeing.
  const nothingReceived = !received;
  useEffect(() => {
    if (nothingReceived) void showCurrent();
  }, [nothingReceived]);
  // A map an AI has just received is shown as it arrives.
  const receivedAt = received?.at;
  useEffect(() => {
    if (receivedAt !== undefined) setShowing({ kind: 'received' });
  }, [receivedAt]);
  const time = (at: number) => new Date(at).toLocaleTimeString();
  const switcher = (
    <div className="manifest-switch" role="group" aria-label="Which map">
      <button type="button" className={`text-button${showing.kind === 'received' ? ' pressed' : ''}`} aria-pressed={showing.kind === 'received'} disabled={!received} onClick={() => setShowing({ kind: 'received' })} data-testid="manifest-show-received">
        As received
      </button>
      <button type="button" className={`text-button${showing.kind === 'current' ? ' pressed' : ''}`} aria-pressed={showing.kind === 'current'} onClick={() => void showCurrent()} data-testid="manifest-show-current">
        {showing.kind === 'current' ? 'Refresh current' : 'Show current'}
      </button>
    </div>
  );
  return (
    <section className="context-panel manifest-panel" data-testid="context-manifest">
      <h2 className="panel-heading">Project map</h2>
      {switcher}
      {problem && <p className="hint error">{problem}</p>}
      {showing.kind === 'current' ? (
        <>
          <p className="hint" data-testid="manifest-caption">
            The map as it is now ({time(showing.at)}): what an AI gets when it next asks{received ? '' : ' (none has asked yet)'}.
          </p>
          <ManifestBody manifest={showing.manifest} />
        </>
      ) : received ? (
        <>
          <p className="hint" data-testid="manifest-caption">
            The map as {received.origin} last received it, at {time(received.at)} ({received.manifest.mode}): files changed since show as they were then.
          </p>
          <ManifestBody manifest={received.manifest} />
        </>
      ) : (
        <p className="hint" data-testid="manifest-caption">No AI has asked for the project map yet (get_initial_context). Show current to see what it would get.</p>
      )}
    </section>
  );
}
