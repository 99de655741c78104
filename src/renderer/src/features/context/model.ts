/**
 * The Context view's reading of the context domain's records (shared/context-records.ts) and of
 * its answers, and the rules editor's draft: pure functions, tested on their own.
 */
import type {
  ContextBlueprintRecord,
  ContextDocRecord,
  ContextGovernanceRecord,
  ContextManifestRecord,
  ForbiddenEntry,
  GovernanceState,
} from '../../../../shared/context-records';
import { type EnvelopeReader, type ToolDomainState, dataOrErrorEnvelope, recordsOf } from '../../stores/tool-domain-store';

export const CONTEXT_DOMAIN = 'context';

/** The context tools' envelope: the data itself as JSON, or `{error: {code, message, suggestion?}}` flagged isError. */
export const contextEnvelope: EnvelopeReader = dataOrErrorEnvelope;

export const manifestOf = (s: Pick<ToolDomainState, 'records'>) => recordsOf<ContextManifestRecord>(s, 'manifest').get('manifest');
export const governanceOf = (s: Pick<ToolDomainState, 'records'>) => recordsOf<ContextGovernanceRecord>(s, 'governance').get('governance');

/** The blueprint log, newest first. */
export function blueprintsOf(s: Pick<ToolDomainState, 'records'>): ContextBlueprintRecord[] {
  return [...recordsOf<ContextBlueprintRecord>(s, 'blueprint').values()].sort((a, b) => b.n - a.n);
}

/** The documentation nodes in the manifest's order. */
export function docsOf(s: Pick<ToolDomainState, 'records'>): ContextDocRecord[] {
  return [...recordsOf<ContextDocRecord>(s, 'doc').values()];
}

/** What the rules editor edits: the three lists and the directories, as rows. */
export interface RulesDraft {
  forbidden: ForbiddenEntry[];
  allowed: string[];
  required: string[];
  directories: { kind: string; path: string }[];
}

export function draftOf(state: GovernanceState | undefined): RulesDraft {
  return {
    forbidden: [...(state?.stack?.forbidden ?? [])],
    allowed: [...(state?.stack?.allowed ?? [])],
    required: [...(state?.stack?.required ?? [])],
    directories: Object.entries(state?.directories ?? {}).map(([kind, path]) => ({ kind, path })),
  };
}

export const entryName = (entry: ForbiddenEntry) => (typeof entry === 'string' ? entry : entry.name);

/** A name added to a list, unless it is blank or already there (in any case). */
export function withName<T extends ForbiddenEntry>(list: readonly T[], name: string): T[] {
  const trimmed = name.trim();
  if (!trimmed || list.some((entry) => entryName(entry).toLowerCase() === trimmed.toLowerCase())) return [...list];
  return [...list, trimmed as T];
}

/** The arguments of context_save_rules for a draft; directory rows without a kind or a path are left out. */
export function saveArguments(draft: RulesDraft): Record<string, unknown> {
  const directories: Record<string, string> = {};
  for (const row of draft.directories) if (row.kind.trim() && row.path.trim()) directories[row.kind.trim()] = row.path.trim();
  return { forbidden: draft.forbidden, allowed: draft.allowed, required: draft.required, directories };
}
