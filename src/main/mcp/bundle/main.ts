/**
 * Entry of the Claude Desktop bundle's server (server/index.js in the .mcpb): Claude Desktop runs
 * `node ${__dirname}/server/index.js` with the person's settings (user_config) in the environment:
 * TANDEM_WORKSPACE, TANDEM_TOOLSETS (`all` or `a,b`) and TANDEM_READ_ONLY (`true`/`false`).
 * catalog.json lies beside this file. Its stdout carries JSON-RPC only; its log goes to stderr,
 * which Claude Desktop keeps in its own logs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveWorkspaceDir } from '../../core/endpoint';
import { keepConsoleOffStdout } from '../core-process';
import { runBundleBridge } from './bundle-bridge';
import type { BundleCatalog } from './catalog';

const DEFAULT_WAIT_MS = 30_000;

const log = (message: string) => process.stderr.write(`${new Date().toISOString()} [tandem-bundle ${process.pid}] ${message}\n`);
keepConsoleOffStdout(log);
process.on('uncaughtException', (err) => log(`uncaught: ${err.stack ?? err}`));
process.on('unhandledRejection', (err) => log(`unhandled rejection: ${(err as Error)?.stack ?? err}`));

const env = process.env;
const catalog = JSON.parse(readFileSync(join(__dirname, 'catalog.json'), 'utf8')) as BundleCatalog;
const waitMs = Number(env.TANDEM_BRIDGE_WAIT_MS);

runBundleBridge({
  workspaceDir: resolveWorkspaceDir(undefined, env),
  catalog,
  toolsets: env.TANDEM_TOOLSETS ?? 'all',
  readOnly: env.TANDEM_READ_ONLY === 'true',
  waitLimitMs: Number.isFinite(waitMs) && waitMs > 0 ? waitMs : DEFAULT_WAIT_MS,
  input: process.stdin,
  output: process.stdout,
  env,
  log,
}).then(
  () => process.exit(0),
  (err: Error) => {
    log(`the bridge failed: ${err.stack ?? err}`);
    process.exit(1);
  },
);
