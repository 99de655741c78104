/**
 * The worker thread behind OffloadPool: runs one domain task at a time and posts its result, or its
 * error as {code, message, suggestion}, back to the core. Built as its own entry (out/main/offload-worker.js).
 */
import { parentPort } from 'node:worker_threads';
import { fcpDomains, toolDomains } from './domains';
import { toStudioError } from '../kernel/errors';
import { runDomainTask, runOwnTask } from '../fcp/offload';
import type { OffloadReply, OffloadRequest } from '../core/offload-pool';

const port = parentPort;
if (!port) throw new Error('offload-worker runs as a worker thread only');

port.on('message', async (request: OffloadRequest) => {
  let reply: OffloadReply;
  try {
    const fcpDomain = fcpDomains.find((d) => d.name === request.domain);
    const toolDomain = toolDomains.find((d) => d.name === request.domain);
    let output: unknown;
    if (fcpDomain) output = await runDomainTask(fcpDomain, request.task, request.input);
    else if (toolDomain) output = await runOwnTask(toolDomain, request.task, request.input);
    else throw new Error(`no domain ${request.domain} in the worker`);
    reply = { id: request.id, output };
  } catch (err) {
    const { code, message, suggestion } = toStudioError(err);
    reply = { id: request.id, error: { code, message, suggestion } };
  }
  port.postMessage(reply);
});
