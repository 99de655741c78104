/**
 * What a bench starts that would outlive it: a background core (`tandem mcp` starts one that stays
 * by design), a `tandem serve`, a socket server. Each is stopped when the bench process exits, also
 * when it is interrupted (Ctrl-C, a kill) or dies of an error such as EPIPE when its output is piped
 * into `head`; a bench that ends normally stops them itself and takes them off the list.
 */
const leftovers = new Set<() => void>();

/** The signals a person or a pipeline ends a bench with; each exits (so that 'exit' runs) with 128 + its number. */
const ENDING_SIGNALS: Array<[NodeJS.Signals, number]> = [
  ['SIGINT', 2],
  ['SIGTERM', 15],
  ['SIGHUP', 1],
];

let installed = false;
function install(): void {
  if (installed) return;
  installed = true;
  process.once('exit', () => {
    for (const stop of leftovers) {
      try {
        stop();
      } catch {
        // Already gone: nothing left to stop.
      }
    }
  });
  for (const [signal, number] of ENDING_SIGNALS) process.once(signal, () => process.exit(128 + number));
}

/**
 * Stops `stop` (synchronous: it runs in 'exit') when the bench exits before calling the function
 * this returns, which the bench calls once it has stopped the thing itself.
 */
export function stopOnExit(stop: () => void): () => void {
  install();
  leftovers.add(stop);
  return () => leftovers.delete(stop);
}
