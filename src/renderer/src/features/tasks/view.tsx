/** The Tasks view, loaded the first time it is shown: the window's first paint does not wait for its code. */
import type { FeatureViewProps } from '../../app/feature';
import { TasksView } from './TasksView';
import { TasksProvider, type TasksContextValue } from './tasks-context';

export default function TasksFeatureView({ value, connection }: FeatureViewProps<TasksContextValue>) {
  return (
    <TasksProvider value={value}>
      <TasksView connection={connection} />
    </TasksProvider>
  );
}
