/** The test-environment dashboard in the studio's feature table. */
import { lazy } from 'react';
import { once, type Feature } from '../../app/feature';
import { createToolDomainStore } from '../../stores/tool-domain-store';
import { createTestenvActions } from './actions';
import { TESTENV_DOMAIN } from './model/project';
import { createTestenvReveal } from './reveal';
import { type TestenvContextValue } from './testenv-context';
import { createTestenvViewStore } from './view-store';

export const testenvFeature: Feature<TestenvContextValue> = {
  domain: TESTENV_DOMAIN,
  label: 'Test env',
  icon: (
    <svg width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M7.5 2.5h5M8.5 2.5v5L4 15.5a1.5 1.5 0 0 0 1.3 2h9.4a1.5 1.5 0 0 0 1.3-2l-4.5-8v-5M6 12.5h8" />
    </svg>
  ),
  create({ api, connection, navigation }) {
    const testenv = createToolDomainStore(TESTENV_DOMAIN, { api, onReconnect: connection.onReconnect });
    const view = createTestenvViewStore();
    const actions = createTestenvActions({ api, testenv, view });
    navigation.register(TESTENV_DOMAIN, createTestenvReveal({ testenv: testenv.store, view }));
    const start = once(() => {
      testenv.start();
      void actions.loadWorkspace();
    });
    return { value: { testenv, view, actions }, start };
  },
  View: lazy(() => import('./view')),
};
