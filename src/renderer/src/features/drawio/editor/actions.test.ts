import { describe, expect, it } from 'vitest';
import { edge, group, layer, meta, page, shape, snapshotOf } from '../../../testing/drawio-fixtures';
import { createFakeApi, settle } from '../../../testing/fake-api';
import { createDrawioStore } from '../store/drawio-store';
import { createDrawioActions, type CanvasControls } from './actions';
import { createEditorStore } from './editor-store';

async function setup() {
  const records = [
    meta(),
    page(),
    layer(),
    group('g9', 'Backend'),
    shape('s3', { alias: 'Auth', text: 'Auth', x: 100, y: 100, groupId: 'g9' }),
    shape('s4', { alias: 'DB', text: 'DB', x: 100, y: 300 }),
    edge('e5', 's3', 's4'),
  ];
  const api = createFakeApi(snapshotOf(records, { seq: 1 }));
  const drawio = createDrawioStore({ api });
  drawio.start();
  await settle();
  const editor = createEditorStore();
  const resets: string[][] = [];
  const canvas: CanvasControls = {
    viewportCenter: () => ({ x: 400, y: 300 }),
    selectAll: () => undefined,
    resetNodes: (ids) => void resets.push([...ids]),
  };
  const actions = createDrawioActions({ api, drawio: drawio.store, editor, canvas: () => canvas });
  const select = (shapeIds: string[], more: { groupIds?: string[]; edgeIds?: string[] } = {}) =>
    editor.setState({ selection: { shapeIds, groupIds: more.groupIds ?? [], edgeIds: more.edgeIds ?? [] } });
  return { api, actions, editor, select, resets, drawio: drawio.store };
}

describe('editor actions send ops, never state', () => {
  it('adds from the palette at the centre of the view', async () => {
    const { api, actions, drawio } = await setup();
    const before = drawio.getState();
    await actions.addShape('box');
    expect(api.mutations).toEqual([['add box Box1 at:340,270']]);
    expect(drawio.getState()).toBe(before);
  });

  it('deletes the selection in one batch', async () => {
    const { api, actions, select } = await setup();
    select(['s4'], { edgeIds: ['e5'] });
    await actions.deleteSelection();
    // The edge goes with DB, so it is not named again.
    expect(api.mutations).toEqual([['remove #s4']]);
  });

  it('groups and restyles the selection', async () => {
    const { api, actions, select } = await setup();
    select(['s3', 's4']);
    await actions.groupSelection();
    await actions.restyle({ theme: 'green' });
    expect(api.mutations).toEqual([['group #s3 #s4 as:Group1'], ['style #s3 #s4 theme:green']]);
  });

  it('renames through a label op, only when the text changed', async () => {
    const { api, actions, editor } = await setup();
    actions.startRename('shape', 's4');
    expect(editor.getState().renaming).toEqual({ kind: 'shape', id: 's4' });
    await actions.finishRename('DB');
    actions.startRename('shape', 's4');
    await actions.finishRename('Users DB');
    actions.startRename('edge', 'e5');
    await actions.finishRename('reads');
    expect(api.mutations).toEqual([['label #s4 "Users DB"'], ['label #s3 -> #s4 "reads"']]);
    expect(editor.getState().renaming).toBeUndefined();
  });

  it('copies and pastes with new labels, 20 px further each time', async () => {
    const { api, actions, select } = await setup();
    select(['s3', 's4']);
    actions.copy();
    await actions.paste();
    await actions.paste();
    expect(api.mutations[0]).toEqual([
      'add svc Auth2 at:120,120 size:140x60 theme:blue',
      'add svc DB2 at:120,320 size:140x60 theme:blue',
      'connect Auth2 -> DB2',
    ]);
    expect(api.mutations[1][0]).toBe('add svc Auth2 at:140,140 size:140x60 theme:blue');
  });

  it('shows a refused edit as a toast and puts a refused drag back', async () => {
    const { api, actions, editor, resets } = await setup();
    api.answer = { text: '! op 1 failed: no room [conflict]\n  try: move #s4 to:0,0 strict:true', isError: true };
    const node = { id: 's4', type: 'shape' as const, position: { x: 150, y: 300 }, data: { record: shape('s4', { x: 100, y: 300 }) } };
    await actions.dragEnded([node]);
    expect(api.mutations).toEqual([['move #s4 to:150,300 strict:true']]);
    expect(resets).toEqual([['s4']]);
    expect(editor.getState().toasts).toMatchObject([{ message: '! op 1 failed: no room [conflict]', hints: ['move #s4 to:0,0 strict:true'] }]);
  });

  it('turns a failed call into a toast too', async () => {
    const { api, actions, editor } = await setup();
    api.mutate = () => Promise.reject(Object.assign(new Error('the connection to the studio was lost'), { suggestion: 'wait' }));
    const answer = await actions.layout();
    expect(answer.isError).toBe(true);
    expect(editor.getState().toasts.at(-1)).toMatchObject({ message: 'the connection to the studio was lost', hints: ['wait'] });
  });

  it('runs history and files as session actions', async () => {
    const { api, actions, editor } = await setup();
    await actions.undo();
    await actions.redo();
    await actions.checkpoint('before-refactor');
    await actions.save(); // no path yet: the browser asks where
    expect(editor.getState().dialog).toBe('save-as');
    await actions.saveToPath('diagrams/arch.drawio');
    await actions.openPath('my file.drawio');
    expect(api.sessions).toEqual(['undo', 'redo', 'checkpoint before-refactor', 'save as:diagrams/arch.drawio', 'open "my file.drawio"']);
  });

  it('uses the native dialogs where the host has them', async () => {
    const { api, actions } = await setup();
    api.pickFile = async (_domain, mode) => (mode === 'open' ? 'a.drawio' : undefined);
    await actions.open();
    await actions.saveAs(); // cancelled
    expect(api.sessions).toEqual(['open a.drawio']);
  });

  it('asks before the native open drops unsaved changes', async () => {
    const { api, drawio, editor } = await setup();
    drawio.setState({ dirty: true });
    api.pickFile = async () => 'b.drawio';
    const answers = [false, true];
    const actions = createDrawioActions({
      api,
      drawio,
      editor,
      canvas: () => undefined,
      confirmDiscard: () => answers.shift() ?? false,
    });
    await actions.open(); // declined
    await actions.open(); // accepted
    expect(api.sessions).toEqual(['open b.drawio discard:true']);
  });

  it('switches pages and adds one with a free name', async () => {
    const { api, actions } = await setup();
    await actions.switchPage('Page-1');
    await actions.addPage();
    expect(api.mutations).toEqual([['page switch Page-1'], ['page add Page-2']]);
  });
});
