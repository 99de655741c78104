/** The context domain's store, handed down so panels select narrowly (`useContextRecords(manifestOf)`). */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { ToolDomainState, ToolDomainStore } from '../../stores/tool-domain-store';

const ContextDomain = createContext<ToolDomainStore | null>(null);

export function ContextDomainProvider(props: { value: ToolDomainStore; children: ReactNode }) {
  return <ContextDomain.Provider value={props.value}>{props.children}</ContextDomain.Provider>;
}

export function useContextDomain(): ToolDomainStore {
  const value = useContext(ContextDomain);
  if (!value) throw new Error('useContextDomain outside ContextDomainProvider');
  return value;
}

/**
 * Selects from the context records; the component renders again only when the selection changes
 * (compared shallowly, so a selector may answer a fresh list of the same records).
 */
export function useContextRecords<T>(selector: (state: ToolDomainState) => T): T {
  return useStore(useContextDomain().store, useShallow(selector));
}
