/**
 * Writing to stdout and stderr when whoever reads them may have gone away (`tandem serve | head -1`,
 * a client that quits). A stream whose write failed (EPIPE, EOF, reset) is marked dead and written
 * no more, and its 'error' events are handled: otherwise each one is an uncaught exception, whose
 * log line fails on the same stream, and so on, with the process busy forever.
 */
type StandardStream = NodeJS.WriteStream;

/** stdout or stderr after a failed write (EPIPE, EOF, reset): whoever read it is gone. */
const deadStreams = new Set<StandardStream>();
let guarded = false;

/** Handles 'error' on stdout and stderr by marking the stream dead. Call before anything is written. */
export function guardStandardStreams(): void {
  if (guarded) return;
  guarded = true;
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => deadStreams.add(stream));
}

/**
 * Writes to stdout or stderr unless that stream is dead; a failure marks it dead. Never throws.
 * `done` is called once the text is written, or at once if it never will be.
 */
export function writeStandard(stream: StandardStream, text: string, done?: () => void): void {
  if (deadStreams.has(stream) || !stream.writable) {
    deadStreams.add(stream);
    done?.();
    return;
  }
  try {
    stream.write(text, (err) => {
      if (err) deadStreams.add(stream);
      done?.();
    });
  } catch {
    deadStreams.add(stream);
    done?.();
  }
}

