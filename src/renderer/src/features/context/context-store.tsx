/** The context domain's store, handed down so panels select narrowly (`useContextRecords(manifestOf)`). */
import { useStore } from 'zustand';
import { featureContext } from '../../common/feature-context';
import { useShallow } from 'zustand/react/shallow';
import type { ToolDomainState, ToolDomainStore } from '../../stores/tool-domain-store';

const contextDomain = featureContext<ToolDomainStore>('the context view');
export const ContextDomainProvider = contextDomain.Provider;
export const useContextDomain = contextDomain.use;

/**
 * Selects from the context records; the component renders again only when the selection changes
 * (compared shallowly, so a selector may answer a fresh list of the same records).
 */
export function useContextRecords<T>(selector: (state: ToolDomainState) => T): T {
  return useStore(useContextDomain().store, useShallow(selector));
}
