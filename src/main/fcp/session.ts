/**
 * The session of one FCP domain in the studio: the one active document every client shares, and
 * the `{domain}_session` actions (new, open, save, save as, checkpoint, undo, undo to, redo, and
 * the domain's own, FcpDomain.sessionActions). File access and persistence come from the host, so
 * this stays free of workspace and SQLite.
 */
import type { EntityRecord } from '../kernel/records';
import { type FcpDomain, type SessionActionSpec, fileExtensionFor } from './domain';
import { type Answer, FcpDocument } from './document';
import { ErrorCode, StudioError } from '../kernel/errors';
import { type ParsedOp, parseOp } from './grammar';
import { READ_FILE_TASK, type ReadFileInput, WRITE_FILE_TASK, type WriteFileInput } from './offload';
import { exampleFile, sessionActionNames, sessionActionSyntaxes } from './reference-card';
import { closestMatches } from '../kernel/suggest';
import type { ResolvedPath } from '../kernel/paths';

export interface SessionHost<R extends EntityRecord> {
  /** Resolves a client's path inside the workspace; throws StudioError for paths outside it. */
  resolvePath(path: string, extension: string): ResolvedPath;
  /** Throws StudioError (file_not_found with similar names, too_large, ...) for a file that cannot be opened. */
  checkReadable(file: ResolvedPath): void;
  /**
   * Makes `doc` the domain's active document: journal its base (with `answer`, the reply to the call),
   * hook its commits, announce it. `baseJson`, when given, is the JSON of the document's records, journaled as it is;
   * `requestId` the id the client gave the call (the journal keeps the answer under it).
   */
  adopt(doc: FcpDocument<R>, origin: string, answer: readonly string[], baseJson?: string, requestId?: string): void;
}

function ok(lines: string[]): Answer {
  return { ok: true, lines, text: lines.join('\n') };
}

const UNDO_TO_EXAMPLE = 'undo to:before-refactor';

export class FcpSession<R extends EntityRecord = EntityRecord> {
  constructor(
    readonly domain: FcpDomain<R>,
    private readonly host: SessionHost<R>,
    private doc: FcpDocument<R>,
  ) {}

  get document(): FcpDocument<R> {
    return this.doc;
  }

  /** `requestId`: the id the client gave the call, if any (the change is journaled under it). */
  mutate(ops: readonly string[], origin: string, requestId?: string): Promise<Answer> {
    return this.doc.applyBatch(ops, origin, requestId);
  }

  query(q: string, origin?: string): Promise<Answer> {
    return this.doc.query(q, origin);
  }

  async action(text: string, origin: string, requestId?: string): Promise<Answer> {
    let op;
    try {
      op = parseOp(text);
    } catch (err) {
      return this.fail(err);
    }
    switch (op.verb) {
      case 'undo':
        if (!('to' in op.params)) return this.doc.undo(origin, requestId);
        if (!op.params.to) return this.fail(new StudioError(ErrorCode.missingArg, 'undo to: needs the name of a checkpoint', UNDO_TO_EXAMPLE));
        return this.doc.undoTo(op.params.to, origin, requestId);
      case 'redo':
        return this.doc.redo(origin, requestId);
      case 'checkpoint': {
        const name = op.positionals[0];
        if (!name) return this.fail(new StudioError(ErrorCode.missingArg, 'checkpoint needs a name', 'checkpoint before-refactor'));
        return this.doc.checkpoint(name, origin, requestId);
      }
      case 'save':
        return this.doc.exclusive(() => this.save(op.params.as, origin), requestId);
      case 'new':
      case 'open':
        return this.doc.exclusive(() => this.replace(op.verb, op.positionals, op.params, origin, requestId), requestId);
      default: {
        const own = this.domain.sessionActions?.find((a) => a.name === op.verb);
        if (own) return this.runOwnAction(own, op, origin, requestId);
        const near = closestMatches(op.verb, sessionActionNames(this.domain), 1);
        return this.fail(
          new StudioError(
            ErrorCode.unknownAction,
            `unknown session action "${op.verb}"; actions: ${sessionActionSyntaxes(this.domain).join(', ')}`,
            near.length ? near[0] : 'new "Untitled"',
          ),
        );
      }
    }
  }

  /** A domain's own action, applied through the document's pipeline as one change (see SessionActionSpec). */
  private runOwnAction(spec: SessionActionSpec<R>, op: ParsedOp, origin: string, requestId: string | undefined): Promise<Answer> {
    const doc = this.doc;
    return doc.applyAction(
      op.raw,
      origin,
      (ctx) =>
        spec.handler(op, {
          ...ctx,
          document: doc.info(),
          resolvePath: (path, extension) => this.host.resolvePath(path, extension),
          checkReadable: (file) => this.host.checkReadable(file),
        }),
      requestId,
    );
  }

  private async save(asPath: string | undefined, origin: string): Promise<Answer> {
    try {
      const target = asPath ?? this.doc.path;
      if (!target) {
        const folder = exampleFile(this.domain).replace(/[^/]*$/, '');
        throw new StudioError(ErrorCode.noFile, 'this document has no file yet', `save as:${folder}${slug(this.doc.title)}${this.domain.fileExtension}`);
      }
      const file = this.host.resolvePath(target, fileExtensionFor(this.domain, target));
      const input: WriteFileInput<R> = { file, records: this.doc.store.snapshot() };
      await this.doc.offstage(WRITE_FILE_TASK, input);
      return this.doc.markSaved(file.rel, origin);
    } catch (err) {
      return this.fail(err);
    }
  }

  private async replace(verb: string, positionals: string[], params: Record<string, string>, origin: string, requestId: string | undefined): Promise<Answer> {
    try {
      if (this.doc.dirty && params.discard !== 'true') {
        throw new StudioError(
          ErrorCode.unsavedChanges,
          `"${this.doc.title}" has unsaved changes`,
          this.doc.path ? `save, then ${verb} again (or add discard:true)` : `save as:PATH, then ${verb} again (or add discard:true)`,
        );
      }
      const { discard: _discard, ...modelParams } = params;
      let next: FcpDocument<R>;
      let baseJson: string | undefined;
      if (verb === 'new') {
        const title = positionals[0] ?? 'Untitled';
        next = FcpDocument.create(this.domain, { title, params: modelParams });
      } else {
        const path = positionals[0];
        if (!path) throw new StudioError(ErrorCode.missingArg, 'open needs a path', `open ${exampleFile(this.domain)}`);
        const file = this.host.resolvePath(path, fileExtensionFor(this.domain, path));
        this.host.checkReadable(file);
        const input: ReadFileInput = { file };
        const json = (await this.doc.offstage(READ_FILE_TASK, input)) as string;
        const records = JSON.parse(json) as R[];
        next = new FcpDocument(this.domain, records, { path: file.rel });
        // The store keeps one record an id: the reader's JSON is the document's base only where none repeats.
        if (next.store.size === records.length) baseJson = json;
      }
      next.offload = this.doc.offload;
      const what = verb === 'new' ? `!new "${next.title}"` : `!opened ${next.path} "${next.title}"`;
      const notes = verb === 'open' ? (this.domain.openNotes?.(next.store) ?? []) : [];
      const lines = [what, ...notes, this.domain.digest(next.store)];
      this.host.adopt(next, origin, lines, baseJson, requestId);
      this.doc = next;
      return ok(lines);
    } catch (err) {
      return this.fail(err);
    }
  }

  /** Every refusal ends with the digest of the document as it stays. */
  private fail(err: unknown): Answer {
    return this.doc.refusal(err);
  }
}

function slug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'untitled';
}
