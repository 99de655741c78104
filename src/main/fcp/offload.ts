/**
 * The heavy work of a domain, by name: its file reader and writer and its own `tasks` (layout,
 * renders). The same function runs it in a worker thread (src/main/core/offload-pool.ts) and,
 * where no pool is given (unit tests of one document), inline.
 */
import { readDocumentFile, writeDocumentFile } from '../core/files';
import { type FcpDomain, type Offload, fileEncodingFor } from './domain';
import { ErrorCode, StudioError } from '../kernel/errors';
import type { EntityRecord } from '../kernel/records';
import type { ResolvedPath } from '../kernel/paths';

export const READ_FILE_TASK = 'readFile';
export const WRITE_FILE_TASK = 'writeFile';
export const FILE_DATA_TASK = 'fileData';

/**
 * Reads and parses the file: its content never crosses to the core's thread, only the records, as
 * their JSON. One string crosses faster than a structured clone of many small records, and the core
 * journals that same text as the document's base rather than serialising the records again.
 */
export interface ReadFileInput {
  file: ResolvedPath;
}

/** Writes the records to the file; answers the size written. */
export interface WriteFileInput<R extends EntityRecord = EntityRecord> {
  file: ResolvedPath;
  records: readonly R[];
}

/** The records as the domain's file would hold them, without writing one (a studio document's link read). */
export interface FileDataInput<R extends EntityRecord = EntityRecord> {
  records: readonly R[];
}

export function runDomainTask(domain: FcpDomain<any>, task: string, input: unknown): unknown {
  if (task === READ_FILE_TASK) {
    const { file } = input as ReadFileInput;
    return Promise.resolve(domain.readFile(readDocumentFile(file, fileEncodingFor(domain, file.rel)), file.rel)).then((records) => JSON.stringify(records));
  }
  if (task === WRITE_FILE_TASK) {
    const { file, records } = input as WriteFileInput;
    return Promise.resolve(domain.writeFile(records, file)).then((data) => {
      writeDocumentFile(file, data);
      return typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    });
  }
  if (task === FILE_DATA_TASK) return domain.writeFile((input as FileDataInput).records);
  return runOwnTask(domain, task, input);
}

/** One of the domain's own `tasks` (FCP and tool domains alike), by name. */
export function runOwnTask(domain: { name: string; tasks?: Record<string, (input: any) => unknown> }, task: string, input: unknown): unknown {
  const run = domain.tasks && Object.hasOwn(domain.tasks, task) ? domain.tasks[task] : undefined;
  if (!run) throw new StudioError(ErrorCode.internal, `domain ${domain.name} has no task "${task}"`);
  return run(input);
}

/** Runs the domain's tasks in this thread: for documents hosted without a worker pool. */
export function inlineOffload(domain: FcpDomain<any>): Offload {
  return async (task, input) => runDomainTask(domain, task, input);
}
