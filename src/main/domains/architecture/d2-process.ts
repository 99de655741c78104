/**
 * D2's process: loads D2's WASM build and answers the core's compile and render requests over the
 * IPC channel (see D2Service for why D2 runs in a process of its own). Built as its own entry
 * (out/main/d2-process.js).
 *
 * This file has no import or export statement on purpose (its types come through `import()` type
 * expressions, in a block so nothing is global): the bundler gives any ES module entry in the CommonJS
 * build a require of the chunk that holds its helpers, the 1.1 MB domains chunk, which cost this process
 * 30 MB and a quarter of a second at its start.
 */
{
  type D2Module = typeof import('@terrastruct/d2');
  type D2 = InstanceType<D2Module['D2']>;
  type D2ProcessRequest = import('./d2-protocol').D2ProcessRequest;
  type D2ProcessReply = import('./d2-protocol').D2ProcessReply;
  type D2Operation = import('./d2-protocol').D2Operation;
  type Args<Name extends 'compile' | 'render'> = Parameters<D2[Name]>;

  const send = process.send?.bind(process);
  if (!send) throw new Error('d2-process runs as a child process of the core only');

  // The core is gone (closed, crashed or killed): nothing here is worth keeping, and a plain exit would
  // wait for V8's background compiles of D2's WASM.
  process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));

  const d2: Promise<D2> = import('@terrastruct/d2').then((mod) => new mod.D2());

  const operations: Record<D2Operation, (d2: D2, args: unknown[]) => Promise<unknown>> = {
    compile: (instance, [request]) => instance.compile(request as Args<'compile'>[0]),
    render: (instance, [diagram, options]) => instance.render(diagram as Args<'render'>[0], options as Args<'render'>[1]),
  };

  process.on('message', (message: D2ProcessRequest) => {
    const operation = operations[message.op];
    const answer: Promise<unknown> = operation ? d2.then((instance) => operation(instance, message.args)) : Promise.reject(new Error(`unknown D2 operation ${String(message.op)}`));
    answer.then(
      (result) => send({ id: message.id, result } satisfies D2ProcessReply),
      (err: unknown) => send({ id: message.id, error: err instanceof Error ? err.message : String(err) } satisfies D2ProcessReply),
    );
  });
}
