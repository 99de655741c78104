/**
 * "Connect Claude Desktop": the bundle first (opened, which installs it in Claude Desktop, or shown
 * in its folder: the Electron window; a browser tab shows where it is), then, for people who prefer
 * the config file, the entry `tandem mcp-config` prints, written into Claude Desktop's config only
 * after it has been shown here (the studio keeps a backup of the file it changes).
 */
import { useEffect, useState } from 'react';
import type { ClaudeDesktopInfo, TandemApi } from '../../../shared/tandem-api';
import { Modal } from '../common/Dialogs';
import { errorMessage } from '../stores/document-store';

const CONFIG_STATE: Record<ClaudeDesktopInfo['config']['state'], string> = {
  absent: 'does not exist yet: it will be created',
  'without-entry': 'has no Tandem entry yet: it will be added, everything else kept',
  connected: 'already has this entry',
  'other-entry': 'has another Tandem entry (another workspace or folder): it will be replaced',
  invalid: 'is not valid JSON and will not be touched',
};

export function ConnectDialog(props: { api: TandemApi; onClose(): void }) {
  const { api } = props;
  const [info, setInfo] = useState<ClaudeDesktopInfo>();
  const [message, setMessage] = useState<{ text: string; error?: boolean }>();
  const failed = (error: unknown) => setMessage({ text: errorMessage(error), error: true });
  const load = () => api.describeClaudeDesktop().then(setInfo, failed);
  useEffect(() => void load(), [api]);
  const openBundle = (mode: 'open' | 'reveal') => api.openClaudeBundle?.(mode).then(() => setMessage({ text: mode === 'open' ? 'Opened the bundle: confirm the install in Claude Desktop.' : 'Shown in its folder.' }), failed);
  const writeConfig = () =>
    api.connectClaudeDesktop().then((written) => {
      setMessage({
        text: written.changed
          ? `Written to ${written.configFile}${written.backupFile ? ` (the previous file is kept as ${written.backupFile})` : ''}. Restart Claude Desktop.`
          : `${written.configFile} already had this entry.`,
      });
      void load();
    }, failed);
  if (!info) return <Modal title="Connect Claude Desktop" onClose={props.onClose}>{message ? <p className="hint error">{message.text}</p> : <p className="hint">Looking…</p>}</Modal>;
  return (
    <Modal title="Connect Claude Desktop" onClose={props.onClose}>
      <div className="connect-claude" data-testid="connect-claude">
        <h3>1. Install the bundle (recommended)</h3>
        {info.bundleFile ? (
          <>
            <p className="hint">
              <code data-testid="claude-bundle-path">{info.bundleFile}</code>: open it and Claude Desktop installs Tandem Studio; choose the workspace in its settings.
            </p>
            {api.openClaudeBundle && (
              <div className="modal-actions start">
                <button type="button" className="primary-button" data-testid="claude-bundle-open" onClick={() => openBundle('open')}>Open in Claude Desktop</button>
                <button type="button" className="text-button" onClick={() => openBundle('reveal')}>Show in folder</button>
              </div>
            )}
          </>
        ) : (
          <p className="hint">The bundle has not been built: run <code>npm run bundle</code> in the studio&apos;s folder.</p>
        )}
        <h3>2. Or add it to the config file</h3>
        <p className="hint">
          <code>{info.configFile}</code> <span data-testid="claude-config-state">{CONFIG_STATE[info.config.state]}</span>
          {info.config.state === 'invalid' ? ` (${info.config.problem})` : ''}.
        </p>
        <pre className="config-entry" data-testid="claude-config-entry">{JSON.stringify(info.entry, null, 2)}</pre>
        <div className="modal-actions start">
          <button type="button" className="text-button" data-testid="claude-config-write" disabled={info.config.state === 'invalid' || info.config.state === 'connected'} onClick={writeConfig}>
            Write this entry
          </button>
        </div>
        {message && (
          <p className={`hint${message.error ? ' error' : ''}`} role="status" data-testid="claude-connect-message">
            {message.text}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="text-button" onClick={props.onClose}>Close</button>
        </div>
      </div>
    </Modal>
  );
}

export function ConnectClaudeDesktop({ api }: { api: TandemApi }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="domain-button connect-claude-button" data-testid="connect-claude-open" title="Connect Claude Desktop" onClick={() => setOpen(true)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M7 7h4v4H7zM13 13h4v4h-4zM11 9h4v4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
        <span>Claude</span>
      </button>
      {open && <ConnectDialog api={api} onClose={() => setOpen(false)} />}
    </>
  );
}
