/**
 * The governance rules, edited by the person: the forbidden, allowed and required lists and the
 * directories, saved to logic64-state.json through context_save_rules (a tool only the studio calls).
 * The draft follows the file while it is untouched; once edited it is kept until saved or reset.
 */
import { useEffect, useState } from 'react';
import type { ForbiddenEntry } from '../../../../../shared/context-records';
import { type RulesDraft, draftOf, entryName, governanceOf, saveArguments, withName } from '../model';
import { useContextDomain, useContextRecords } from '../context-store';

function NameList(props: { label: string; testId: string; names: readonly ForbiddenEntry[]; onChange(next: ForbiddenEntry[]): void }) {
  const [typed, setTyped] = useState('');
  const add = () => {
    props.onChange(withName(props.names, typed));
    setTyped('');
  };
  return (
    <div className="rules-list" data-testid={props.testId}>
      <h3>{props.label}</h3>
      <ul>
        {props.names.map((entry) => (
          <li key={entryName(entry)} className="rule-chip">
            <span>{entryName(entry)}</span>
            {typeof entry !== 'string' && entry.instead && <span className="hint"> → {entry.instead}</span>}
            <button type="button" className="chip-remove" aria-label={`Remove ${entryName(entry)}`} onClick={() => props.onChange(props.names.filter((e) => e !== entry))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <input className="text-input" value={typed} placeholder="name or package" aria-label={`Add to ${props.label}`} onChange={(e) => setTyped(e.target.value)} />
        <button type="submit" className="text-button" disabled={!typed.trim()}>
          Add
        </button>
      </form>
    </div>
  );
}

export function RulesPanel() {
  const domain = useContextDomain();
  const governance = useContextRecords(governanceOf);
  const [draft, setDraft] = useState<RulesDraft>(() => draftOf(governance?.state));
  const [edited, setEdited] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!edited) setDraft(draftOf(governance?.state));
  }, [governance, edited]);

  const change = (next: Partial<RulesDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setEdited(true);
    setMessage(undefined);
  };
  const save = async () => {
    setSaving(true);
    const outcome = await domain.call('context_save_rules', saveArguments(draft));
    setSaving(false);
    if (outcome.ok) {
      setEdited(false);
      setMessage({ text: 'Saved to logic64-state.json', error: false });
    } else setMessage({ text: `${outcome.error.message}${outcome.error.suggestion ? ` (${outcome.error.suggestion})` : ''}`, error: true });
  };

  return (
    <section className="context-panel rules-panel" data-testid="context-rules">
      <h2 className="panel-heading">Governance rules</h2>
      {governance?.status === 'broken' && <p className="hint error">{governance.error}</p>}
      {governance?.status === 'missing' && <p className="hint">No logic64-state.json yet: saving writes one.</p>}
      <NameList label="Forbidden" testId="rules-forbidden" names={draft.forbidden} onChange={(forbidden) => change({ forbidden })} />
      <NameList label="Allowed" testId="rules-allowed" names={draft.allowed} onChange={(allowed) => change({ allowed: allowed.map(entryName) })} />
      <NameList label="Required" testId="rules-required" names={draft.required} onChange={(required) => change({ required: required.map(entryName) })} />
      <div className="rules-directories" data-testid="rules-directories">
        <h3>Directories</h3>
        {draft.directories.map((row, i) => (
          <div key={i} className="directory-row">
            <input className="text-input" value={row.kind} aria-label="Kind" placeholder="components" onChange={(e) => change({ directories: draft.directories.map((r, j) => (j === i ? { ...r, kind: e.target.value } : r)) })} />
            <input className="text-input" value={row.path} aria-label={`Directory for ${row.kind}`} placeholder="components/ui" onChange={(e) => change({ directories: draft.directories.map((r, j) => (j === i ? { ...r, path: e.target.value } : r)) })} />
            <button type="button" className="chip-remove" aria-label={`Remove directory ${row.kind}`} onClick={() => change({ directories: draft.directories.filter((_, j) => j !== i) })}>
              ×
            </button>
          </div>
        ))}
        <button type="button" className="text-button" onClick={() => change({ directories: [...draft.directories, { kind: '', path: '' }] })}>
          Add directory
        </button>
      </div>
      <div className="rules-actions">
        <button type="button" className="primary-button" disabled={!edited || saving} onClick={() => void save()} data-testid="rules-save">
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="text-button" disabled={!edited || saving} onClick={() => (setEdited(false), setMessage(undefined))}>
          Reset
        </button>
        {message && <span className={`hint${message.error ? ' error' : ''}`} data-testid="rules-message">{message.text}</span>}
      </div>
    </section>
  );
}
