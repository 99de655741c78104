/**
 * File access for clients' documents: reads bounded in size, and writes that survive a crash (the
 * old file or the new one, never a torn one). Failures are FcpErrors that name the file as the
 * client wrote it. Synchronous: documents are read and written in a worker thread (offload).
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ErrorCode, StudioError } from '../kernel/errors';
import type { FileData, FileEncoding } from '../fcp/domain';
import type { ResolvedPath } from '../kernel/paths';

/** Largest document file the studio opens; bigger ones are refused before they are read. */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;

/** Throws file_not_found / bad_param / too_large / io_error as a client should see them. */
export function checkReadable(file: ResolvedPath, maxBytes = MAX_DOCUMENT_BYTES, nearby: () => string[] = () => []): void {
  let size: number;
  try {
    const stat = statSync(file.abs);
    if (stat.isDirectory()) throw new StudioError(ErrorCode.badParam, `${file.rel} is a folder, not a file`);
    size = stat.size;
  } catch (err) {
    if (err instanceof StudioError) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      const near = nearby();
      throw new StudioError(
        ErrorCode.fileNotFound,
        `no file ${file.rel} in the workspace`,
        near.length ? `open ${near.join(' | open ')}` : `new "Title", then save as:${file.rel}`,
      );
    }
    throw new StudioError(ErrorCode.io, `cannot read ${file.rel}: ${(err as Error).message}`);
  }
  if (size > maxBytes) {
    throw new StudioError(
      ErrorCode.tooLarge,
      `${file.rel} is ${(size / 1048576).toFixed(1)} MB, over the limit of ${Math.round(maxBytes / 1048576)} MB`,
      'split the file into smaller ones',
    );
  }
}

/** Reads a document file, bounded in size: a string for `utf8`, the bytes for `binary`. */
export function readDocumentFile(file: ResolvedPath, encoding: FileEncoding = 'utf8', maxBytes = MAX_DOCUMENT_BYTES): FileData {
  checkReadable(file, maxBytes);
  try {
    return encoding === 'binary' ? new Uint8Array(readFileSync(file.abs)) : readFileSync(file.abs, 'utf8');
  } catch (err) {
    throw new StudioError(ErrorCode.io, `cannot read ${file.rel}: ${(err as Error).message}`);
  }
}

/** Writes a document file atomically; a string is written as UTF-8. */
export function writeDocumentFile(file: ResolvedPath, data: FileData): void {
  try {
    writeFileAtomic(file.abs, data);
  } catch (err) {
    throw new StudioError(ErrorCode.io, `cannot write ${file.rel}: ${(err as Error).message}; the document is unchanged and still unsaved`);
  }
}

export function writeFileAtomic(path: string, data: FileData, mode = 0o644): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${basename(path)}.${process.pid}.tmp`);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const fd = openSync(tmp, 'w', mode);
  try {
    for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    unlinkSync(tmp);
    throw err;
  }
  closeSync(fd);
  renameSync(tmp, path);
  // Persist the rename itself (no-op where directories cannot be opened, as on Windows).
  try {
    const dirFd = openSync(dir, 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    /* best effort */
  }
}
