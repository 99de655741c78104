/**
 * The worker thread behind OffloadPool: runs one domain task at a time and posts its result, or its
 * error as {code, message, suggestion}, back to the core. Built as its own entry (out/main/offload-worker.js).
 */
import { parentPort } from 'node:worker_threads';
import { fcpDomains } from '../domains';
import { toFcpError } from '../fcp/errors';
import { runDomainTask } from '../fcp/offload';
import type { OffloadReply, OffloadRequest } from './offload-pool';

const port = parentPort;
if (!port) throw new Error('offload-worker runs as a worker thread only');

port.on('message', async (request: OffloadRequest) => {
  let reply: OffloadReply;
  try {
    const domain = fcpDomains.find((d) => d.name === request.domain);
    if (!domain) throw new Error(`no domain ${request.domain} in the worker`);
    reply = { id: request.id, output: await runDomainTask(domain, request.task, request.input) };
  } catch (err) {
    const { code, message, suggestion } = toFcpError(err);
    reply = { id: request.id, error: { code, message, suggestion } };
  }
  port.postMessage(reply);
});
