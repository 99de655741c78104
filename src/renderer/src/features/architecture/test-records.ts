/** Element records for the view's tests: a shop with two systems, as the core would publish them. */
import { type ArchElementRecord, type ElementKind, elementRecordId } from '../../../../shared/architecture-records';

export function element(kind: ElementKind, key: string, fields: Partial<ArchElementRecord> = {}, project = 'architecture'): ArchElementRecord {
  const parentKey = key.includes('/') ? key.slice(0, key.lastIndexOf('/')) : undefined;
  const parentKind: ElementKind = kind === 'component' ? 'container' : 'system';
  return {
    id: elementRecordId(kind, project, key),
    kind,
    project,
    elementId: key.split('/').pop()!,
    key,
    ...(parentKey ? { parent: elementRecordId(parentKind, project, parentKey) } : {}),
    path: `src/${key}`,
    name: key.split('/').pop()!,
    description: '',
    tags: [],
    relationships: [],
    body: '',
    ...fields,
  };
}

export const SHOP = [
  element('system', 'Payments', { name: 'Payments' }),
  element('container', 'Payments/API', { name: 'Payments API' }),
  element('container', 'Payments/Db', { name: 'Ledger' }),
  element('component', 'Payments/API/Handler', { name: 'Handler' }),
  element('system', 'Accounts', { name: 'Accounts' }),
  element('container', 'Accounts/API', { name: 'Accounts API' }),
];

