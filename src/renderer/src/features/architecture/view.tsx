/** The Architecture view, loaded the first time it is shown: the window's first paint does not wait for its code. */
import type { FeatureViewProps } from '../../app/feature';
import { ArchitectureView } from './ArchitectureView';
import { ArchitectureProvider, type ArchitectureContextValue } from './architecture-context';

export default function ArchitectureFeatureView({ value, connection }: FeatureViewProps<ArchitectureContextValue>) {
  return (
    <ArchitectureProvider value={value}>
      <ArchitectureView connection={connection} />
    </ArchitectureProvider>
  );
}
