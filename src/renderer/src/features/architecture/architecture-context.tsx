/**
 * The architecture store, the view's own state and its actions, handed down by context so
 * components select narrowly (`useArchitecture(s => s.calls)`) and tests can hand in their own.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { StoreApi } from 'zustand/vanilla';
import type { ArchElementRecord, ArchProjectRecord } from '../../../../shared/architecture-records';
import type { ToolDomainState, ToolDomainStore } from '../../stores/tool-domain-store';
import type { ArchitectureActions } from './actions';
import { elementById, elementsOf, shownProject } from './model';
import type { ArchitectureViewState } from './view-store';

export interface ArchitectureContextValue {
  architecture: ToolDomainStore;
  view: StoreApi<ArchitectureViewState>;
  actions: ArchitectureActions;
}

const ArchitectureContext = createContext<ArchitectureContextValue | null>(null);

export function ArchitectureProvider(props: { value: ArchitectureContextValue; children: ReactNode }) {
  return <ArchitectureContext.Provider value={props.value}>{props.children}</ArchitectureContext.Provider>;
}

function useArchitectureContext(): ArchitectureContextValue {
  const value = useContext(ArchitectureContext);
  if (!value) throw new Error('useArchitectureContext outside ArchitectureProvider');
  return value;
}

/** Selects from the architecture records (compared shallowly, so a selector may answer a fresh list). */
export function useArchitecture<T>(selector: (state: ToolDomainState) => T): T {
  return useStore(useArchitectureContext().architecture.store, useShallow(selector));
}

export function useArchitectureView<T>(selector: (state: ArchitectureViewState) => T): T {
  return useStore(useArchitectureContext().view, selector);
}

export function useArchitectureActions(): ArchitectureActions {
  return useArchitectureContext().actions;
}

/** The project on screen, or undefined when none is open. */
export function useShownProject(): ArchProjectRecord | undefined {
  const chosen = useArchitectureView((s) => s.chosenProject);
  return useArchitecture((s) => shownProject(s, chosen));
}

/** The elements of the project on screen. */
export function useElements(): ArchElementRecord[] {
  const project = useShownProject()?.project;
  return useArchitecture((s) => elementsOf(s, project));
}

/** The selected element, while it exists. */
export function useSelectedElement(): ArchElementRecord | undefined {
  const selected = useArchitectureView((s) => s.selected);
  return useArchitecture((s) => elementById(s, selected));
}
