/**
 * What the dashboard's controls do. The five buttons call the same tools as the AI does, through
 * the testenv store, as the person; what they change comes back on the change feed. A refusal
 * shows as a toast with the domain's code, message and suggestion.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { MockRequest } from '../../../../shared/testenv-records';
import type { TandemApi } from '../../../../shared/tandem-api';
import { dismissToast, pushCallError } from '../../common/toasts';
import type { ToolDomainStore, ToolOutcome } from '../../stores/tool-domain-store';
import { TESTENV_TOOLS, projectAt, projectsOf, shownProject, type SessionStep } from './model/project';
import { caseKey, initFolder, showingProject, type TestenvViewState } from './view-store';

export interface TestenvActions {
  /** Asks the core for the workspace folder, the init field's default. */
  loadWorkspace(): Promise<void>;
  setFolder(text: string): void;
  /** The folder the init field holds (view-store.ts initFolder). */
  folder(): string;
  chooseProject(projectPath: string): void;
  init(): Promise<void>;
  /** build, setup, run or clean on the project on screen. */
  step(step: SessionStep): Promise<void>;
  runSuite(suiteId: string): Promise<void>;
  /** Reads and clears a mock's recorded requests (preflight_mock_requests with clear). */
  clearRequests(mockName: string): Promise<void>;
  showLog(service: string): void;
  setLogFilter(text: string): void;
  setFollow(follow: boolean): void;
  inspect(mockId: string, request: MockRequest | undefined): void;
  toggleCase(suiteId: string, caseName: string): void;
  dismissToast(id: number): void;
}

const STEP_TOOLS: Record<SessionStep, string> = {
  build: TESTENV_TOOLS.build,
  setup: TESTENV_TOOLS.setup,
  run: TESTENV_TOOLS.run,
  clean: TESTENV_TOOLS.clean,
};

export function createTestenvActions(deps: { api: Pick<TandemApi, 'info'>; testenv: ToolDomainStore; view: StoreApi<TestenvViewState> }): TestenvActions {
  const { testenv, view } = deps;
  const set = (partial: Partial<TestenvViewState>) => view.setState(partial);
  const shown = () => shownProject(testenv.store.getState(), view.getState().chosenProject);
  const folder = () => initFolder(view.getState(), shown());

  /** Calls the tool; a refusal becomes a toast. Answers the data of a success. */
  const call = async (tool: string, args: Record<string, unknown>): Promise<ToolOutcome> => {
    const outcome = await testenv.call(tool, args);
    if (!outcome.ok) pushCallError(view, tool, outcome.error);
    return outcome;
  };

  return {
    async loadWorkspace() {
      try {
        set({ workspace: (await deps.api.info()).workspace });
      } catch {
        // The field stays empty and says what to type; the feed's own retries show the connection.
      }
    },
    setFolder: (text) => set({ folder: text, typedFor: shown()?.projectPath }),
    folder,
    chooseProject: (projectPath) => set(showingProject(projectPath)),
    async init() {
      const typed = folder();
      const outcome = await call(TESTENV_TOOLS.init, { projectPath: typed });
      if (!outcome.ok) return;
      // The new session's record came on the feed before the answer: show it.
      const created = projectAt(projectsOf(testenv.store.getState()), typed, view.getState().workspace);
      if (created) set({ chosenProject: created.projectPath, logService: undefined, inspected: undefined });
    },
    async step(step) {
      const project = shown();
      if (project) await call(STEP_TOOLS[step], { projectPath: project.projectPath });
    },
    async runSuite(suiteId) {
      const project = shown();
      if (project) await call(TESTENV_TOOLS.runSuite, { projectPath: project.projectPath, suiteId });
    },
    async clearRequests(mockName) {
      const project = shown();
      if (project) await call(TESTENV_TOOLS.mockRequests, { projectPath: project.projectPath, mockName, clear: true });
      set({ inspected: undefined });
    },
    showLog: (service) => set({ logService: service }),
    setLogFilter: (text) => set({ logFilter: text }),
    setFollow: (follow) => set({ follow }),
    inspect: (mockId, request) => set({ inspected: request ? { mockId, request } : undefined }),
    toggleCase(suiteId, caseName) {
      const key = caseKey(suiteId, caseName);
      const flipped = new Set(view.getState().flippedCases);
      if (!flipped.delete(key)) flipped.add(key);
      set({ flippedCases: flipped });
    },
    dismissToast: (id) => dismissToast(view, id),
  };
}
