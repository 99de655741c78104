/**
 * Opens a `testenv:` link (common/navigation.ts), `testenv:<project>/<suite>` or `testenv:<project>`:
 * shows that project's session (by its name or folder) and marks the suite (by its id or name).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { TestenvProjectRecord, TestenvSuiteRecord } from '../../../../shared/testenv-records';
import { REVEAL_WAIT_MS, whenFound, type RevealHandler } from '../../common/navigation';
import { findByIdOrName, someNames } from '../../common/reveal-target';
import type { ToolDomainState } from '../../stores/tool-domain-store';
import { projectParts, projectsOf } from './model/project';
import { showingProject, type TestenvViewState } from './view-store';

const projectNames = (p: TestenvProjectRecord) => [p.name, p.displayPath, p.projectPath];

/** The project and suite a link's target names: the whole target as a project, else project/suite. */
export function findSuite(state: Pick<ToolDomainState, 'records'>, target: string): { project: TestenvProjectRecord; suite?: TestenvSuiteRecord } | { missing: string } {
  const projects = projectsOf(state);
  const whole = findByIdOrName(projects, target, projectNames);
  if (whole) return { project: whole };
  const slash = target.lastIndexOf('/');
  const project = slash > 0 ? findByIdOrName(projects, target.slice(0, slash), projectNames) : undefined;
  if (!project) return { missing: `No test session for '${slash > 0 ? target.slice(0, slash) : target}'; sessions: ${someNames(projects.map((p) => p.name))}` };
  const { suites } = projectParts(state, project.projectPath);
  const suite = findByIdOrName(suites, target.slice(slash + 1), (s) => [s.suiteId, s.name]);
  if (!suite) return { missing: `No suite '${target.slice(slash + 1)}' in ${project.name}; suites: ${someNames(suites.map((s) => s.suiteId))}` };
  return { project, suite };
}

export function createTestenvReveal(deps: { testenv: StoreApi<ToolDomainState>; view: StoreApi<TestenvViewState> }): RevealHandler {
  return async (target) => {
    const state = await whenFound(deps.testenv, (s) => (s.status === 'ready' ? s : undefined), REVEAL_WAIT_MS);
    if (!state) return { ok: false, message: 'The test environments have not loaded, so the link has nothing to show', suggestion: 'click the link again in a moment' };
    const found = findSuite(state, target);
    if ('missing' in found) return { ok: false, message: found.missing, suggestion: 'preflight_init the project first, or fix the link' };
    deps.view.setState(showingProject(found.project.projectPath, found.suite?.suiteId));
    return { ok: true };
  };
}
