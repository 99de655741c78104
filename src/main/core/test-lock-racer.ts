/**
 * For the workspace lock tests (not part of the app; started by startLockRacer in mcp/test-fixtures):
 * one process racing others for a workspace. On each `go` line on stdin it tries to take the lock
 * of the workspace named in argv[2] and prints `won` or `lost CODE`; a winner keeps the lock until
 * it is killed.
 */
import { createInterface } from 'node:readline';
import { Workspace } from './workspace';

const dir = process.argv[2];
/** Kept, so that the lock is not collected with it. */
const held: Workspace[] = [];
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line !== 'go') return;
  Workspace.acquire(dir).then(
    (workspace) => {
      held.push(workspace);
      process.stdout.write('won\n');
    },
    (err: { code?: string }) => process.stdout.write(`lost ${err.code}\n`),
  );
});
process.stdout.write('ready\n');
