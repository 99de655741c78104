/** The task board in the studio's feature table. */
import { lazy } from 'react';
import { once, type Feature } from '../../app/feature';
import { createToolDomainStore, dataOrErrorEnvelope } from '../../stores/tool-domain-store';
import { createTasksActions } from './actions';
import { TASKS_DOMAIN } from './model/board';
import { type TasksContextValue } from './tasks-context';
import { createTasksViewStore } from './view-store';

export const tasksFeature: Feature<TasksContextValue> = {
  domain: TASKS_DOMAIN,
  label: 'Tasks',
  icon: (
    <svg width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M3.5 3.5h4v4h-4zM3.5 12.5h4v4h-4zM10.5 5.5h6M10.5 14.5h6M4.5 14.5l1 1 2-2.5" />
    </svg>
  ),
  create({ api, connection, navigation }) {
    const tasks = createToolDomainStore(TASKS_DOMAIN, { api, onReconnect: connection.onReconnect, envelope: dataOrErrorEnvelope });
    const view = createTasksViewStore();
    const actions = createTasksActions({ tasks, view, navigation });
    return { value: { tasks, view, actions }, start: once(() => tasks.start()) };
  },
  View: lazy(() => import('./view')),
};
