/** The Context view, loaded the first time it is shown: the window's first paint does not wait for its code. */
import type { FeatureViewProps } from '../../app/feature';
import { ContextView } from './ContextView';
import { ContextDomainProvider } from './context-store';
import type { ToolDomainStore } from '../../stores/tool-domain-store';

export default function ContextFeatureView({ value, connection }: FeatureViewProps<ToolDomainStore>) {
  return (
    <ContextDomainProvider value={value}>
      <ContextView connection={connection} />
    </ContextDomainProvider>
  );
}
