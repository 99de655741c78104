/** The context view in the studio's feature table. */
import { lazy } from 'react';
import { once, type Feature } from '../../app/feature';
import { createToolDomainStore, type ToolDomainStore } from '../../stores/tool-domain-store';
import { CONTEXT_DOMAIN, contextEnvelope } from './model';

export const contextFeature: Feature<ToolDomainStore> = {
  domain: CONTEXT_DOMAIN,
  label: 'Context',
  icon: (
    <svg width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M3.5 4.5l4-1.5 5 2 4-1.5v12l-4 1.5-5-2-4 1.5zM7.5 3v12M12.5 5v12" />
    </svg>
  ),
  create({ api, connection }) {
    const context = createToolDomainStore(CONTEXT_DOMAIN, { api, onReconnect: connection.onReconnect, envelope: contextEnvelope });
    return { value: context, start: once(() => context.start()) };
  },
  View: lazy(() => import('./view')),
};
