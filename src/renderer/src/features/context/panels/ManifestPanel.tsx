/** The manifest as the AI last received it: the project, every domain's things, the documentation and the rules. */
import { manifestOf } from '../model';
import { useContextRecords } from '../context-store';

export function ManifestPanel() {
  const shown = useContextRecords(manifestOf);
  if (!shown) {
    return (
      <section className="context-panel manifest-panel" data-testid="context-manifest">
        <h2 className="panel-heading">Manifest</h2>
        <p className="hint">No AI has asked for the project map yet (get_initial_context).</p>
      </section>
    );
  }
  const { manifest } = shown;
  return (
    <section className="context-panel manifest-panel" data-testid="context-manifest">
      <h2 className="panel-heading">Manifest</h2>
      <p className="hint">
        As {shown.origin} received it at {new Date(shown.at).toLocaleTimeString()} ({manifest.mode})
      </p>
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
      <h4>Governance ({manifest.governance.status})</h4>
      <ul className="manifest-directives">
        {manifest.governance.directives.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
