/**
 * The right column: the validation (run it; each finding goes to its element, a D2 one to its line)
 * and the docs build (its progress while it runs, who ran it, the last result and the site to open:
 * served read-only by the core in a browser tab, its path where the studio cannot serve it).
 */
import type { Finding } from '../../../../../shared/architecture-records';
import { PERSON_ORIGIN } from '../../../../../shared/tandem-api';
import { originColor } from '../../../common/origin';
import { useArchitecture, useArchitectureActions, useShownProject, useSiteAddress } from '../architecture-context';
import { ARCH_TOOLS, validationOf } from '../model';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function OriginChip({ origin }: { origin: string }) {
  const person = origin === PERSON_ORIGIN;
  return (
    <span className="origin-chip small" style={{ background: person ? 'var(--person)' : originColor(origin) }}>
      {person ? 'you' : origin}
    </span>
  );
}

function FindingRow({ finding, severity }: { finding: Finding; severity: 'error' | 'warning' }) {
  const actions = useArchitectureActions();
  return (
    <li>
      <button
        type="button"
        className={`arch-finding ${severity}`}
        data-testid="arch-finding"
        data-code={finding.code}
        disabled={!finding.element}
        title={finding.element ? 'Go to it' : finding.location}
        onClick={() => actions.goToFinding(finding)}
      >
        <span className="arch-finding-code">{finding.code}</span>
        <span className="arch-finding-message">{finding.message}</span>
        <span className="arch-finding-location">{finding.location}</span>
      </button>
    </li>
  );
}

function ValidationSection() {
  const actions = useArchitectureActions();
  const project = useShownProject();
  const validation = useArchitecture((s) => validationOf(s, project?.project));
  const running = useArchitecture((s) => s.calls.some((c) => c.tool === ARCH_TOOLS.validate));
  return (
    <section className="side-section" data-testid="arch-validation">
      <div className="pane-head">
        <h2 className="panel-heading">Validation</h2>
        <button type="button" className="text-button" data-testid="arch-validate" disabled={!project || running} onClick={() => void actions.validate()}>
          {running ? 'Validating…' : 'Validate'}
        </button>
      </div>
      {!validation ? (
        <p className="hint">Not validated since the studio started.</p>
      ) : (
        <>
          <p className={`arch-verdict ${validation.success ? 'passed' : 'failed'}`} data-testid="arch-verdict" data-success={validation.success}>
            {validation.success ? 'Passed' : 'Failed'}: {validation.errors.length} error{validation.errors.length === 1 ? '' : 's'}, {validation.warnings.length} warning
            {validation.warnings.length === 1 ? '' : 's'}
          </p>
          <p className="hint arch-when">
            <OriginChip origin={validation.origin} /> {timeFormat.format(validation.at)}
          </p>
          <ul className="arch-findings">
            {validation.errors.map((f, i) => (
              <FindingRow key={`e${i}`} finding={f} severity="error" />
            ))}
            {validation.warnings.map((f, i) => (
              <FindingRow key={`w${i}`} finding={f} severity="warning" />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function BuildSection() {
  const actions = useArchitectureActions();
  const project = useShownProject();
  const calling = useArchitecture((s) => s.calls.some((c) => c.tool === ARCH_TOOLS.build));
  const building = project?.building;
  const last = project?.lastBuild;
  const site = useSiteAddress(last?.indexHtml);
  const siteFolder = last?.indexHtml?.slice(0, Math.max(0, last.indexHtml.lastIndexOf('/')));
  const fraction = building && building.total > 0 ? Math.min(1, building.done / building.total) : undefined;
  return (
    <section className="side-section" data-testid="arch-build">
      <div className="pane-head">
        <h2 className="panel-heading">Docs</h2>
        <button type="button" className="text-button" data-testid="arch-build-docs" disabled={!project || calling || !!building} onClick={() => void actions.buildDocs()}>
          {building || calling ? 'Building…' : 'Build docs'}
        </button>
      </div>
      {building && (
        <div className="arch-progress" data-testid="arch-build-progress" data-done={building.done} data-total={building.total} role="status">
          <div className="progress-head">
            <OriginChip origin={building.origin} />
            <span className="progress-tool">build_docs</span>
            <span className="progress-count">
              {building.done}/{building.total}
            </span>
          </div>
          <div className="progress-track" role="progressbar" aria-valuemin={0} aria-valuemax={building.total} aria-valuenow={building.done}>
            <div className="progress-fill" style={{ width: `${(fraction ?? 0) * 100}%` }} />
          </div>
        </div>
      )}
      {last ? (
        <div data-testid="arch-last-build">
          <dl className="facts">
            <dt>Built</dt>
            <dd>
              <OriginChip origin={last.origin} /> {timeFormat.format(last.at)}
            </dd>
            <dt>Formats</dt>
            <dd>{last.formats.join(', ')}</dd>
            <dt>Files</dt>
            <dd>
              {last.filesGenerated} written, {last.cacheHits} up to date
            </dd>
            <dt>Diagrams</dt>
            <dd>{last.diagramsRendered} rendered</dd>
            <dt>Output</dt>
            <dd>{project ? `${project.project}/${last.outputDir}` : last.outputDir}</dd>
          </dl>
          {last.indexHtml &&
            (site ? (
              <a className="primary-button arch-open-site" data-testid="arch-open-site" href={site} target="_blank" rel="noopener noreferrer">
                Open the site
              </a>
            ) : actions.canOpenSite && siteFolder ? (
              <button type="button" className="primary-button arch-open-site" data-testid="arch-open-site" onClick={() => void actions.openSite(siteFolder)}>
                Open the site
              </button>
            ) : (
              <p className="hint" data-testid="arch-site-path">
                The site: <code>{last.indexHtml}</code>
              </p>
            ))}
        </div>
      ) : (
        !building && <p className="hint">Not built since the studio started.</p>
      )}
    </section>
  );
}

export function ProjectPanel() {
  return (
    <aside className="side-panel arch-side" aria-label="Validation and docs">
      <ValidationSection />
      <BuildSection />
    </aside>
  );
}
