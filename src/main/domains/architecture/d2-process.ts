/**
 * D2's process: loads D2's WASM build and answers the core's compile and render requests over the
 * IPC channel (see D2Service for why D2 runs in a process of its own). Built as its own entry
 * (out/main/d2-process.js).
 */
import type { CompileRequest, D2, Diagram, RenderOptions } from '@terrastruct/d2';

export type D2Operation = 'compile' | 'render';
export interface D2ProcessRequest {
  id: number;
  op: D2Operation;
  args: unknown[];
}
export type D2ProcessReply = { id: number; result: unknown } | { id: number; error: string };

const send = process.send?.bind(process);
if (!send) throw new Error('d2-process runs as a child process of the core only');

// The core is gone (closed, crashed or killed): nothing here is worth keeping, and a plain exit would
// wait for V8's background compiles of D2's WASM.
process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));

const d2: Promise<D2> = import('@terrastruct/d2').then((mod) => new mod.D2());

const operations: Record<D2Operation, (d2: D2, args: unknown[]) => Promise<unknown>> = {
  compile: (instance, [request]) => instance.compile(request as CompileRequest),
  render: (instance, [diagram, options]) => instance.render(diagram as Diagram, options as RenderOptions),
};

process.on('message', (message: D2ProcessRequest) => {
  const operation = operations[message.op];
  const answer: Promise<unknown> = operation ? d2.then((instance) => operation(instance, message.args)) : Promise.reject(new Error(`unknown D2 operation ${String(message.op)}`));
  answer.then(
    (result) => send({ id: message.id, result } satisfies D2ProcessReply),
    (err: unknown) => send({ id: message.id, error: err instanceof Error ? err.message : String(err) } satisfies D2ProcessReply),
  );
});
