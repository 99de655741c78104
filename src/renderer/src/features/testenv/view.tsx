/** The Test env view, loaded the first time it is shown: the window's first paint does not wait for its code. */
import type { FeatureViewProps } from '../../app/feature';
import { TestenvView } from './TestenvView';
import { TestenvProvider, type TestenvContextValue } from './testenv-context';

export default function TestenvFeatureView({ value, connection }: FeatureViewProps<TestenvContextValue>) {
  return (
    <TestenvProvider value={value}>
      <TestenvView connection={connection} />
    </TestenvProvider>
  );
}
