/** The architecture view in the studio's feature table; its built sites open through the API's site channel. */
import { lazy } from 'react';
import { once, type Feature } from '../../app/feature';
import { createToolDomainStore, dataOrErrorEnvelope } from '../../stores/tool-domain-store';
import { createArchitectureActions } from './actions';
import { type ArchitectureContextValue } from './architecture-context';
import { ARCHITECTURE_DOMAIN } from './model';
import { createArchitectureViewStore } from './view-store';

export const architectureFeature: Feature<ArchitectureContextValue> = {
  domain: ARCHITECTURE_DOMAIN,
  label: 'Architecture',
  icon: (
    <svg width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M7 2.5h6v4H7zM2.5 13.5h5v4h-5zM12.5 13.5h5v4h-5zM10 6.5v3.5M5 13.5V10h10v3.5" />
    </svg>
  ),
  create({ api, connection, navigation }) {
    const architecture = createToolDomainStore(ARCHITECTURE_DOMAIN, { api, onReconnect: connection.onReconnect, envelope: dataOrErrorEnvelope });
    const view = createArchitectureViewStore();
    const openSite = api.openSite && ((folder: string) => api.openSite!(ARCHITECTURE_DOMAIN, folder));
    const siteAddress = api.siteAddress && ((folder: string, file: string) => api.siteAddress!(ARCHITECTURE_DOMAIN, folder, file));
    const actions = createArchitectureActions({ architecture, view, openSite });
    navigation.register(ARCHITECTURE_DOMAIN, actions.reveal);
    return { value: { architecture, view, actions, siteAddress }, start: once(() => architecture.start()) };
  },
  View: lazy(() => import('./view')),
};
