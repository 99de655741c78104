/**
 * The architecture store, the view's own state and its actions, handed down by context so
 * components select narrowly (`useArchitecture(s => s.calls)`) and tests can hand in their own.
 */
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { featureContext } from '../../common/feature-context';
import { useShallow } from 'zustand/react/shallow';
import type { StoreApi } from 'zustand/vanilla';
import type { ArchElementRecord, ArchProjectRecord } from '../../../../shared/architecture-records';
import type { ToolDomainState, ToolDomainStore } from '../../stores/tool-domain-store';
import type { ArchitectureActions } from './actions';
import { useFreshChange } from '../../common/use-fresh-change';
import { ARCHITECTURE_DOMAIN, elementById, elementsOf, shownProject } from './model';
import type { ArchitectureViewState } from './view-store';

export interface ArchitectureContextValue {
  architecture: ToolDomainStore;
  view: StoreApi<ArchitectureViewState>;
  actions: ArchitectureActions;
  /** The address of a built site's file (the browser's API; absent in the Electron window). */
  siteAddress?: (folder: string, file: string) => Promise<string>;
}

const architectureContext = featureContext<ArchitectureContextValue>('the architecture view');
export const ArchitectureProvider = architectureContext.Provider;
const useArchitectureContext = architectureContext.use;

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

/**
 * The address at which the built site `indexHtml` (workspace-relative) opens, once known; undefined
 * where the studio cannot serve it (the Electron window) or while it is being made.
 */
export function useSiteAddress(indexHtml: string | undefined): string | undefined {
  const make = useArchitectureContext().siteAddress;
  const [address, setAddress] = useState<{ of: string; href: string }>();
  useEffect(() => {
    if (!make || !indexHtml) return;
    let live = true;
    const slash = indexHtml.lastIndexOf('/');
    make(indexHtml.slice(0, Math.max(0, slash)), indexHtml.slice(slash + 1)).then(
      (href) => live && setAddress({ of: indexHtml, href }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [make, indexHtml]);
  return address && address.of === indexHtml ? address.href : undefined;
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

/**
 * Who changed a record a moment ago, while that shows: the AI, the disk (an editor), another window.
 * The domain's own background work (diagrams rendered, a project opened) is no one's edit.
 */
export function useChangedBy(id: string | undefined): string | undefined {
  const change = useFreshChange(useArchitecture((s) => (id ? s.lastChanges.get(id) : undefined)));
  return change && change.origin !== ARCHITECTURE_DOMAIN ? change.origin : undefined;
}

/** The selected element, while it exists. */
export function useSelectedElement(): ArchElementRecord | undefined {
  const selected = useArchitectureView((s) => s.selected);
  return useArchitecture((s) => elementById(s, selected));
}
