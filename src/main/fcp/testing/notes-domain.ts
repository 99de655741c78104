/**
 * A minimal FCP domain for testing the engine and the core on their own: named notes with text.
 * Small on purpose; the drawio domain's own tests exercise a real vocabulary.
 */
import { statSync } from 'node:fs';
import type { FcpDomain } from '../domain';
import { ErrorCode, StudioError } from '../../kernel/errors';
import { commonQueries } from '../common-queries';
import type { EntityRecord } from '../../kernel/records';

export interface NoteRecord extends EntityRecord {
  readonly kind: 'note' | 'meta';
  readonly text: string;
}

const need = (name: string | undefined): string => {
  if (!name) throw new StudioError(ErrorCode.missingArg, 'a note name is needed', 'add NAME text:"..."');
  return name;
};

export const notesDomain: FcpDomain<NoteRecord> = {
  name: 'notes',
  title: 'named notes (engine tests)',
  fileExtension: '.notes',
  verbs: [
    {
      name: 'add',
      syntax: 'add NAME [text:T]',
      summary: 'add a note',
      section: 'notes',
      handler: (op, { tx }) => {
        const id = `n:${need(op.positionals[0])}`;
        if (tx.get(id)) throw new StudioError(ErrorCode.badParam, `note ${op.positionals[0]} exists`);
        tx.put({ id, kind: 'note', text: op.params.text ?? '' });
        return [`+note ${op.positionals[0]}`];
      },
    },
    {
      name: 'set',
      syntax: 'set NAME text:T',
      summary: 'change a note',
      section: 'notes',
      handler: (op, { tx }) => {
        const id = `n:${need(op.positionals[0])}`;
        if (!tx.get(id)) throw new StudioError(ErrorCode.unknownRef, `unknown ref "${op.positionals[0]}"`);
        tx.update<NoteRecord>(id, { text: op.params.text ?? '' });
        return [`*note ${op.positionals[0]}`];
      },
    },
    {
      name: 'wait',
      syntax: 'wait MS',
      summary: 'an async verb, to test serialization',
      section: 'notes',
      handler: async (op, { tx }) => {
        await new Promise((r) => setTimeout(r, Number(op.positionals[0] ?? 5)));
        tx.put({ id: `n:waited-${op.positionals[1] ?? 'x'}`, kind: 'note', text: '' });
        return ['@waited'];
      },
    },
  ],
  queries: [
    { name: 'map', syntax: 'map', summary: 'all notes', handler: (_a, { store }) => store.all('note').map((n) => n.id).join('\n') || '(empty)' },
    ...commonQueries,
  ],
  sections: [{ title: 'Notes', lines: ['a note has a NAME and a text'] }],
  createModel: (title) => [{ id: 'meta', kind: 'meta', text: title }],
  titleOf: (store) => store.get('meta')?.text ?? '',
  digest: (store) => `digest: ${store.all('note').length}n`,
  readFile: (text) => {
    try {
      return JSON.parse(text as string) as NoteRecord[];
    } catch {
      throw new StudioError(ErrorCode.fileInvalid, 'not a notes file');
    }
  },
  writeFile: (records) => JSON.stringify(records),
};

/** The first bytes of a binary notes file; 0xff is not valid UTF-8, so a text round trip would break it. */
export const BINARY_NOTES_MAGIC = [0x4e, 0x4f, 0xff, 0x00];

/**
 * The notes domain with binary files (magic bytes, then the records as JSON) and two session
 * actions of its own: `retitle TEXT` changes the model, `measure PATH` only reads a file.
 */
export const binaryNotesDomain: FcpDomain<NoteRecord> = {
  ...notesDomain,
  name: 'bnotes',
  fileExtension: '.bnotes',
  fileEncoding: 'binary',
  newParams: '[mood:M]',
  readFile: (data) => {
    const bytes = data as Uint8Array;
    if (!BINARY_NOTES_MAGIC.every((b, i) => bytes[i] === b)) throw new StudioError(ErrorCode.fileInvalid, 'not a binary notes file');
    return JSON.parse(Buffer.from(bytes.subarray(BINARY_NOTES_MAGIC.length)).toString('utf8')) as NoteRecord[];
  },
  writeFile: (records) => new Uint8Array([...BINARY_NOTES_MAGIC, ...Buffer.from(JSON.stringify(records), 'utf8')]),
  tasks: { byteLength: (input: { abs: string }) => statSync(input.abs).size },
  sessionActions: [
    {
      name: 'retitle',
      syntax: 'retitle TEXT',
      summary: 'change the title (undoable)',
      handler: (op, { tx }) => {
        const text = op.positionals[0];
        if (!text) throw new StudioError(ErrorCode.missingArg, 'retitle needs a text', 'retitle "New title"');
        tx.update<NoteRecord>('meta', { text });
        return [`!retitled "${text}"`];
      },
    },
    {
      name: 'measure',
      syntax: 'measure PATH',
      summary: 'the size of a .txt file in the workspace',
      handler: async (op, { resolvePath, checkReadable, offload, document }) => {
        const file = resolvePath(op.positionals[0] ?? '', '.txt');
        checkReadable(file);
        const size = (await offload('byteLength', { abs: file.abs })) as number;
        return [`!measured ${file.rel}: ${size} bytes (document "${document.title}")`];
      },
    },
  ],
};
