/**
 * The welcome a new person sees (a workspace the studio just made): what the studio is, what each
 * view is for, how to connect Claude Desktop, and the example workspace to see every view with
 * content (copied into the workspace or a folder of it the person names or picks, overwriting
 * nothing). Closed for good with "Start empty".
 */
import { useEffect, useState } from 'react';
import type { ExampleState, TandemApi } from '../../../shared/tandem-api';
import { Modal } from '../common/Dialogs';
import { errorMessage } from '../stores/document-store';
import { ConnectDialog } from './ConnectClaudeDesktop';

/** What each view is for, by domain; a view the studio does not host is left out. */
const VIEW_PURPOSES: Record<string, string> = {
  drawio: 'Diagram: draw.io diagrams, edited by you and the AI at once.',
  midi: 'Music: a piano roll and tracks; the AI writes notes, you hear them.',
  testenv: 'Test env: build, start and test services in Docker, and read the results.',
  tasks: 'Tasks: a board of todos you and the AI share.',
  architecture: 'Architecture: the C4 model of a system, as loko files and diagrams.',
  context: 'Context: the project map an AI reads first, and the rules its code must follow.',
};

/** How long the folder field waits after a keystroke before asking what is there. */
const FOLDER_CHECK_MS = 300;

/**
 * The folder the example goes into, as the person names it (the workspace by default), and what
 * is there: its state once checked, or why it cannot be used (outside the workspace...).
 */
function useExampleFolder(api: TandemApi) {
  const [folder, setFolder] = useState<string>();
  const [state, setState] = useState<ExampleState>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    const timer = setTimeout(
      () =>
        api.describeExample(folder).then(
          (next) => {
            setState(next);
            setProblem(undefined);
          },
          (error: unknown) => setProblem(errorMessage(error)),
        ),
      folder === undefined ? 0 : FOLDER_CHECK_MS,
    );
    return () => clearTimeout(timer);
  }, [api, folder]);
  // Until the person types, the field shows the default the core answered (the workspace).
  return { folder, shown: folder ?? state?.folder ?? '', setFolder, state, problem };
}

export function Welcome(props: { api: TandemApi; domains: readonly { domain: string; label: string }[]; onShow(domain: string): void }) {
  const { api } = props;
  const { folder, shown, setFolder, state, problem } = useExampleFolder(api);
  const [closed, setClosed] = useState(false);
  const [connecting, setConnecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error?: boolean }>();
  // While the example opens the welcome stays, though a check of the folder answers that it is no longer due.
  if (!state || (!state.welcome && !busy) || closed) return null;
  if (connecting) return <ConnectDialog api={api} onClose={() => setConnecting(false)} />;

  const close = () => {
    setClosed(true);
    void api.dismissWelcome().catch(() => undefined);
  };
  const openExample = async () => {
    setBusy(true);
    try {
      const opened = await api.openExample(folder);
      if (opened.problems.length) {
        setMessage({ text: `Copied into ${opened.folder}; some of it did not open: ${opened.problems.join('; ')}`, error: true });
      } else {
        setClosed(true);
        props.onShow('drawio');
      }
    } catch (error) {
      setMessage({ text: errorMessage(error), error: true });
    } finally {
      setBusy(false);
    }
  };
  const pickFolder = async () => {
    try {
      const picked = await api.pickExampleFolder?.();
      if (picked) setFolder(picked);
    } catch (error) {
      setMessage({ text: errorMessage(error), error: true });
    }
  };
  const blocked = !state.available
    ? 'This studio has no example workspace.'
    : problem
      ? problem
      : state.conflicts.length
        ? `${state.folder} already has ${state.conflicts.join(', ')}: the example would overwrite them. Pick another folder (a new one is made).`
        : undefined;
  return (
    <Modal title="Welcome to Tandem Studio" onClose={close}>
      <div className="welcome" data-testid="welcome">
        <p>You and an AI work on the same diagrams, music, tests, tasks and architecture, at the same time: each sees the other&apos;s edits as they happen.</p>
        <h3>The views</h3>
        <ul className="welcome-views">
          {props.domains.map(({ domain, label }) => (
            <li key={domain}>{VIEW_PURPOSES[domain] ?? label}</li>
          ))}
        </ul>
        <h3>Connect an AI</h3>
        <p className="hint">
          No AI is connected yet. Install the studio in Claude Desktop (or add it to its config), then ask Claude to work in the studio. The
          <strong> Claude</strong> button in the left rail opens this again.
        </p>
        <div className="modal-actions start">
          <button type="button" className="text-button" data-testid="welcome-connect" onClick={() => setConnecting(true)}>
            Connect Claude Desktop…
          </button>
        </div>
        <h3>See it with content</h3>
        <p className="hint" id="welcome-folder-hint">
          The example (a small shop: a diagram, a song, a test project, todos, a C4 model and rules) is copied into the folder below and opened in every view; it never
          replaces a file that is there. Any folder inside the workspace will do; its rules show in Context when it is the workspace itself (the default).
        </p>
        <div className="welcome-folder">
          <label className="field wide">
            <span>Copy the example into (inside {state.workspace})</span>
            <input value={shown} onChange={(e) => setFolder(e.target.value)} data-testid="welcome-example-folder" spellCheck={false} aria-describedby="welcome-folder-hint" />
          </label>
          {api.pickExampleFolder && (
            <button type="button" className="text-button" data-testid="welcome-pick-folder" onClick={() => void pickFolder()}>
              Choose…
            </button>
          )}
        </div>
        {blocked && (
          <p className="hint warning" data-testid="welcome-blocked">
            {blocked}
          </p>
        )}
        {message && (
          <p className={`hint${message.error ? ' error' : ''}`} role="status" data-testid="welcome-message">
            {message.text}
          </p>
        )}
      </div>
      {/* Outside the scrolling text: the choice stays in sight on a short window. */}
      <div className="modal-actions">
        <button type="button" className="text-button" data-testid="welcome-close" onClick={close}>
          Start empty
        </button>
        <button type="button" className="primary-button" data-testid="welcome-open-example" disabled={busy || blocked !== undefined} onClick={() => void openExample()}>
          {busy ? 'Opening…' : 'Open the example'}
        </button>
      </div>
    </Modal>
  );
}
