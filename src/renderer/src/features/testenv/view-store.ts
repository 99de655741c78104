/**
 * The dashboard's own state: the folder typed for init, the project chosen, which log shows and how,
 * the mock request under inspection, the result cases opened or closed by hand, and the toasts.
 * None of it is the environment; that lives in the testenv store.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { MockRequest, TestenvProjectRecord } from '../../../../shared/testenv-records';
import type { ToastState } from '../../common/toasts';

export interface InspectedRequest {
  /** The mock record's id. */
  mockId: string;
  request: MockRequest;
}

export interface TestenvViewState extends ToastState {
  /** The workspace folder (absolute), once the core said; the init field's default. */
  workspace?: string;
  /** What the person typed in the init field; undefined until then (see initFolder). */
  folder?: string;
  /** The project on screen when they typed it (none: the empty dashboard). */
  typedFor?: string;
  /** The project on screen, by its absolute path; the first one when unset or gone. */
  chosenProject?: string;
  /** The service whose log shows; the first one when unset or gone. */
  logService?: string;
  logFilter: string;
  /** Keep the newest log line in view as lines arrive. */
  follow: boolean;
  inspected?: InspectedRequest;
  /** The suite a link opened (`testenv:<project>/<suite>`), marked in the list until another project shows. */
  revealedSuite?: string;
  /** Result cases shown the other way than by default (a failure opens by itself, a pass does not). */
  flippedCases: ReadonlySet<string>;
}

export function createTestenvViewStore(): StoreApi<TestenvViewState> {
  return createStore<TestenvViewState>()(() => ({ logFilter: '', follow: true, flippedCases: new Set(), toasts: [] }));
}

/** The view's state when another project shows: its own log, request and suite picks start afresh. */
export function showingProject(projectPath: string, revealedSuite?: string): Partial<TestenvViewState> {
  return { chosenProject: projectPath, logService: undefined, inspected: undefined, revealedSuite };
}

/** The key of a result case, unique in a project. */
export const caseKey = (suiteId: string, caseName: string) => `${suiteId}\u0000${caseName}`;

/**
 * What the init field holds: what the person typed while the project now on screen showed; else
 * that project's folder (the field follows the project shown, never keeping another's path); else
 * the workspace.
 */
export function initFolder(state: Pick<TestenvViewState, 'folder' | 'typedFor' | 'workspace'>, shown: Pick<TestenvProjectRecord, 'projectPath'> | undefined): string {
  if (state.folder !== undefined && state.typedFor === shown?.projectPath) return state.folder;
  return shown?.projectPath ?? state.workspace ?? '';
}
