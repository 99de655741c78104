/**
 * The testenv store, the dashboard's own state and its actions, handed down by context so
 * components select narrowly (`useTestenv(s => s.calls)`) and tests can hand in their own.
 */
import { useStore } from 'zustand';
import { featureContext } from '../../common/feature-context';
import type { StoreApi } from 'zustand/vanilla';
import type { TestenvProjectRecord } from '../../../../shared/testenv-records';
import type { ToolDomainState, ToolDomainStore } from '../../stores/tool-domain-store';
import type { TestenvActions } from './actions';
import { busyWith, projectParts, shownProject, type Busy, type ProjectParts } from './model/project';
import type { TestenvViewState } from './view-store';

export interface TestenvContextValue {
  testenv: ToolDomainStore;
  view: StoreApi<TestenvViewState>;
  actions: TestenvActions;
}

const testenvContext = featureContext<TestenvContextValue>('the test-environment view');
export const TestenvProvider = testenvContext.Provider;
export const useTestenvContext = testenvContext.use;

/** Selects from the testenv records; the component renders again only when the selection changes. */
export function useTestenv<T>(selector: (state: ToolDomainState) => T): T {
  return useStore(useTestenvContext().testenv.store, selector);
}

export function useTestenvView<T>(selector: (state: TestenvViewState) => T): T {
  return useStore(useTestenvContext().view, selector);
}

export function useTestenvActions(): TestenvActions {
  return useTestenvContext().actions;
}

/** The project on screen (the chosen one, else the first), or undefined when there is no session. */
export function useShownProject(): TestenvProjectRecord | undefined {
  const chosen = useTestenvView((s) => s.chosenProject);
  return useTestenv((s) => shownProject(s, chosen));
}

export function useProjectParts(): ProjectParts {
  const projectPath = useShownProject()?.projectPath;
  return useTestenv((s) => projectParts(s, projectPath));
}

/** What is at work on the project on screen, if anything. */
export function useBusy(): Busy | undefined {
  const project = useShownProject();
  const calls = useTestenv((s) => s.calls);
  return busyWith(project, calls, project?.projectPath);
}

export { useNow } from '../../common/use-now';
