/**
 * The session of one FCP domain in the studio: the one active document every client shares, and
 * the `{domain}_session` actions (new, open, save, save as, checkpoint, undo, undo to, redo).
 * File access and persistence come from the host, so this stays free of workspace and SQLite.
 */
import type { EntityRecord } from './records';
import type { FcpDomain } from './domain';
import { type Answer, FcpDocument } from './document';
import { ErrorCode, FcpError, formatError, toFcpError } from './errors';
import { parseOp } from './grammar';
import { closestMatches } from './suggest';

export interface ResolvedPath {
  /** Absolute path on disk, inside the workspace. */
  abs: string;
  /** Path relative to the workspace, as shown to clients. */
  rel: string;
}

export interface SessionHost<R extends EntityRecord> {
  /** Resolves a client's path inside the workspace; throws FcpError for paths outside it. */
  resolvePath(path: string, extension: string): ResolvedPath;
  readText(file: ResolvedPath): string;
  /** Writes so that a crash leaves either the old or the new file, never a torn one. */
  writeTextAtomic(file: ResolvedPath, text: string): void;
  /** Makes `doc` the domain's active document: journal its base, hook its commits, announce it. */
  adopt(doc: FcpDocument<R>, origin: string): void;
}

const ACTIONS = ['new', 'open', 'save', 'checkpoint', 'undo', 'redo'];

function ok(lines: string[]): Answer {
  return { ok: true, lines, text: lines.join('\n') };
}

export class FcpSession<R extends EntityRecord = EntityRecord> {
  constructor(
    readonly domain: FcpDomain<R>,
    private readonly host: SessionHost<R>,
    private doc: FcpDocument<R>,
  ) {}

  get document(): FcpDocument<R> {
    return this.doc;
  }

  mutate(ops: readonly string[], origin: string): Promise<Answer> {
    return this.doc.applyBatch(ops, origin);
  }

  query(q: string): Promise<Answer> {
    return this.doc.query(q);
  }

  async action(text: string, origin: string): Promise<Answer> {
    let op;
    try {
      op = parseOp(text);
    } catch (err) {
      return this.fail(err);
    }
    switch (op.verb) {
      case 'undo':
        return op.params.to ? this.doc.undoTo(op.params.to, origin) : this.doc.undo(origin);
      case 'redo':
        return this.doc.redo(origin);
      case 'checkpoint': {
        const name = op.positionals[0];
        if (!name) return this.fail(new FcpError(ErrorCode.missingArg, 'checkpoint needs a name', 'checkpoint before-refactor'));
        return this.doc.checkpoint(name, origin);
      }
      case 'save':
        return this.doc.exclusive(() => this.save(op.params.as, origin));
      case 'new':
      case 'open':
        return this.doc.exclusive(() => this.replace(op.verb, op.positionals, op.params, origin));
      default: {
        const near = closestMatches(op.verb, ACTIONS, 1);
        return this.fail(
          new FcpError(
            ErrorCode.unknownAction,
            `unknown session action "${op.verb}"; actions: new "Title", open PATH, save, save as:PATH, checkpoint NAME, undo, undo to:NAME, redo`,
            near.length ? near[0] : 'new "My diagram"',
          ),
        );
      }
    }
  }

  private save(asPath: string | undefined, origin: string): Answer {
    try {
      const target = asPath ?? this.doc.path;
      if (!target) {
        throw new FcpError(ErrorCode.noFile, 'this document has no file yet', `save as:diagrams/${slug(this.doc.title)}${this.domain.fileExtension}`);
      }
      const file = this.host.resolvePath(target, this.domain.fileExtension);
      this.host.writeTextAtomic(file, this.domain.writeFile(this.doc.store));
      this.doc.markSaved(file.rel, origin);
      return ok([`!saved ${file.rel}`, this.domain.digest(this.doc.store)]);
    } catch (err) {
      return this.fail(err);
    }
  }

  private replace(verb: string, positionals: string[], params: Record<string, string>, origin: string): Answer {
    try {
      if (this.doc.dirty && params.discard !== 'true') {
        throw new FcpError(
          ErrorCode.unsavedChanges,
          `"${this.doc.title}" has unsaved changes`,
          this.doc.path ? `save, then ${verb} again (or add discard:true)` : `save as:PATH, then ${verb} again (or add discard:true)`,
        );
      }
      const { discard: _discard, ...modelParams } = params;
      let next: FcpDocument<R>;
      if (verb === 'new') {
        const title = positionals[0] ?? 'Untitled';
        next = FcpDocument.create(this.domain, { title, params: modelParams });
      } else {
        const path = positionals[0];
        if (!path) throw new FcpError(ErrorCode.missingArg, 'open needs a path', `open diagrams/architecture${this.domain.fileExtension}`);
        const file = this.host.resolvePath(path, this.domain.fileExtension);
        const records = this.domain.readFile(this.host.readText(file), file.rel);
        next = new FcpDocument(this.domain, records, { path: file.rel });
      }
      this.host.adopt(next, origin);
      this.doc = next;
      const what = verb === 'new' ? `!new "${next.title}"` : `!opened ${next.path} "${next.title}"`;
      const notes = verb === 'open' ? (this.domain.openNotes?.(next.store) ?? []) : [];
      return ok([what, ...notes, this.domain.digest(next.store)]);
    } catch (err) {
      return this.fail(err);
    }
  }

  private fail(err: unknown): Answer {
    const lines = formatError(toFcpError(err));
    return { ok: false, lines, text: lines.join('\n') };
  }
}

function slug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'untitled';
}
