/** The diagram's latest batches (see common/ActivityPanel.tsx). */
import { ActivityPanel as DomainActivityPanel } from '../../../common/ActivityPanel';
import { useDrawio } from '../editor/drawio-context';

export function ActivityPanel() {
  const activity = useDrawio((s) => s.activity);
  const documentId = useDrawio((s) => s.documentId);
  return <DomainActivityPanel activity={activity} domain="drawio" documentId={documentId} />;
}
