/**
 * The test results inside the chat: each project of the testenv toolset with its services' state
 * and health and its suites' latest results (failed cases with their summary, suggested fix and
 * failed assertions), live as runs finish, the AI's runs marked with its name. A person runs a
 * suite again (preflight_run_suite, as the dashboard's Run does) and a click on a service selects
 * it, as on the dashboard (`container: "@selected"` in the AI's preflight_logs).
 */
import type { TestenvProjectRecord, TestenvRecord, TestenvServiceRecord, TestenvSuiteRecord } from '../../shared/testenv-records';
import { element, recordView } from '../common/view-app';
import './results.css';

const results = document.getElementById('results')!;
let selected: string | undefined;

const { view, records } = recordView<TestenvRecord>('testenv', 'results', draw);

const ofKind = <K extends TestenvRecord['kind']>(kind: K) => [...records.byId.values()].filter((r): r is Extract<TestenvRecord, { kind: K }> => r.kind === kind);

function draw(): void {
  const projects = ofKind('project');
  if (!projects.length) {
    results.replaceChildren(element('p', { className: 'view-hint', textContent: 'No test environment yet: preflight_init starts one.' }));
    return;
  }
  results.replaceChildren(...projects.map(project));
}

function project(p: TestenvProjectRecord): HTMLElement {
  const services = ofKind('service').filter((s) => s.projectPath === p.projectPath);
  const suites = ofKind('suite').filter((s) => s.projectPath === p.projectPath);
  const activity = p.activity ? ` · ${p.activity.tool} ${p.activity.phase} (${p.activity.origin})` : '';
  return element(
    'div',
    { className: 'project' },
    element('h3', { textContent: `${p.name} · ${p.state}${activity}` }),
    element('div', { className: 'services' }, ...services.map(service)),
    ...suites.map(suite),
  );
}

function service(s: TestenvServiceRecord): HTMLElement {
  const el = element('span', { className: `service${selected === s.id ? ' selected' : ''}`, textContent: `${s.name}: ${s.status}${s.health !== 'none' ? `, ${s.health}` : ''}` });
  el.dataset.health = s.health;
  el.dataset.service = s.name;
  el.addEventListener('click', () => {
    selected = selected === s.id ? undefined : s.id;
    draw();
    void view.select(selected ? [selected] : []);
  });
  return el;
}

function suite(s: TestenvSuiteRecord): HTMLElement {
  const run = element('button', { type: 'button', textContent: 'Run' });
  run.addEventListener('click', () => {
    void view.callAsPerson('preflight_run_suite', { projectPath: s.projectPath, suiteId: s.suiteId });
  });
  const last = s.last;
  const counts = last ? ` ${last.passed}/${last.passed + last.failed + last.skipped}` : '';
  const el = element(
    'div',
    { className: 'suite' },
    element('div', { className: 'suite-head' }, element('span', { className: 'name', textContent: s.name }), element('span', { className: `status ${s.status}`, textContent: `${s.status}${counts}` }), run),
    ...(last?.cases ?? []).map((c) => {
      const failure = c.failure;
      const failed = failure?.assertions?.filter((a) => !a.passed).map((a) => `${a.target} ${a.matcher} ${JSON.stringify(a.expected)}, got ${JSON.stringify(a.actual)}`) ?? [];
      const detail = failure ? [failure.summary, failure.suggestedFix && `try: ${failure.suggestedFix}`, ...failed].filter(Boolean).join('\n') : '';
      return element('div', { className: `case ${c.status}`, textContent: `${c.status === 'passed' ? '✓' : c.status === 'failed' ? '✗' : '-'} ${c.name}` }, ...(detail ? [element('div', { className: 'detail', textContent: detail })] : []));
    }),
  );
  el.dataset.suite = s.suiteId;
  el.dataset.status = s.status;
  view.markEdit(el, s.id);
  return el;
}

void view.connect();
