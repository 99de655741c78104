/**
 * Docker's multiplexed streams (an 8-byte header before each frame, saying stdout or stderr and its
 * length), as the engine layer reads them: a container's log cut into lines, and an exec's output
 * kept whole (bounded).
 */

/** Cuts a multiplexed stream, fed chunk by chunk, into the payloads of its frames (stdout and stderr in the order they came). */
class Frames {
  private pending = Buffer.alloc(0);

  /** The payloads of the frames completed by `chunk`. */
  push(chunk: Buffer): Buffer[] {
    this.pending = Buffer.concat([this.pending, chunk]);
    const payloads: Buffer[] = [];
    while (this.pending.length >= 8) {
      const size = this.pending.readUInt32BE(4);
      if (this.pending.length < 8 + size) break;
      payloads.push(this.pending.subarray(8, 8 + size));
      this.pending = this.pending.subarray(8 + size);
    }
    return payloads;
  }
}

/** Docker's log stream (multiplexed unless the container has a TTY) cut into lines, fed chunk by chunk. */
export class LogLines {
  private readonly frames?: Frames;
  private partial = '';

  constructor(multiplexed: boolean) {
    if (multiplexed) this.frames = new Frames();
  }

  /** The complete lines in `chunk` (and what came before it). */
  push(chunk: Buffer): string[] {
    const text = this.frames ? Buffer.concat(this.frames.push(chunk)).toString('utf8') : chunk.toString('utf8');
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    return lines.map((l) => l.replace(/\r$/, ''));
  }

  /** The last line, if it had no newline. */
  end(): string[] {
    const rest = this.partial;
    this.partial = '';
    return rest ? [rest] : [];
  }
}

/** Largest output of an exec kept (the rest is dropped, and said so). */
export const MAX_EXEC_OUTPUT = 1024 * 1024;

/** An exec's multiplexed output, stdout and stderr kept in the order they came, at most MAX_EXEC_OUTPUT bytes. */
export class ExecOutput {
  private readonly frames = new Frames();
  private readonly parts: Buffer[] = [];
  private size = 0;
  truncated = false;

  push(chunk: Buffer): void {
    for (const payload of this.frames.push(chunk)) {
      const room = MAX_EXEC_OUTPUT - this.size;
      if (payload.length > room) this.truncated = true;
      if (room <= 0) continue;
      this.parts.push(payload.subarray(0, room));
      this.size += Math.min(room, payload.length);
    }
  }

  text(): string {
    return Buffer.concat(this.parts).toString('utf8');
  }
}
