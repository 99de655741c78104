import { describe, expect, it } from 'vitest';
import { batch, edge, group, layer, meta, page, shape, snapshotOf } from '../../../testing/drawio-fixtures';
import { createFakeApi, settle, type FakeApi } from '../../../testing/fake-api';
import { createGestureActions } from '../canvas/gesture-actions';
import { createDrawioStore } from '../store/drawio-store';
import { createDrawioActions, type CanvasControls } from './actions';
import { createEditorStore } from './editor-store';

/** Plays the core for adds: each `add TYPE ALIAS at:X,Y` of a batch comes back as a change with the new shape. */
function echoAdds(api: FakeApi): void {
  let seq = 1;
  let next = 100;
  const record = api.mutate;
  api.mutate = async (domain, ops) => {
    const answer = await record(domain, ops);
    const put = ops.flatMap((op) => {
      const add = /^add (\S+) (\S+) at:(-?\d+),(-?\d+)/.exec(op);
      return add ? [shape(`s${next++}`, { type: add[1], alias: add[2], text: add[2], x: Number(add[3]), y: Number(add[4]) })] : [];
    });
    if (!answer.isError && put.length) api.emit(batch(++seq, { put }));
    return answer;
  };
}

async function setup(options: { echoAdds?: boolean } = {}) {
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
  const selected: string[][] = [];
  const canvas: CanvasControls = {
    viewportCenter: () => ({ x: 400, y: 300 }),
    selectAll: () => undefined,
    // As the real canvas does, the selection goes on to the editor's store.
    select: (ids) => {
      selected.push([...ids]);
      editor.setState({ selection: { shapeIds: [...ids], groupIds: [], edgeIds: [] } });
    },
    reveal: (ids) => void selected.push([...ids]),
    resetNodes: (ids) => void resets.push([...ids]),
  };
  const actions = createDrawioActions({ api, drawio: drawio.store, editor, canvas: () => canvas });
  const gestures = createGestureActions({ drawio: drawio.store, editor, actions });
  const select = (shapeIds: string[], more: { groupIds?: string[]; edgeIds?: string[] } = {}) =>
    editor.setState({ selection: { shapeIds, groupIds: more.groupIds ?? [], edgeIds: more.edgeIds ?? [] } });
  if (options.echoAdds) echoAdds(api);
  return { api, actions, gestures, editor, select, resets, selected, drawio: drawio.store };
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
    expect(api.mutations).toEqual([['label #s4 "Users DB"'], ['label #e5 "reads"']]);
    expect(editor.getState().renaming).toBeUndefined();
  });

  it("outlines the cell under a dragged edge end, and sends the end's move as one connect op when it is let go", async () => {
    const { api, gestures, editor } = await setup();
    // e5 runs from Auth (s3, 100,100 140x60) to DB (s4, 100,300 140x60).
    gestures.edgeEndDragging({ x: 150, y: 120 });
    expect(editor.getState().edgeDrop).toMatchObject({ cellId: 's3', box: { x: 100, y: 100, w: 140, h: 60 } });
    // Its connection points are shown: a rectangle's, the corners and every quarter along each side.
    expect(editor.getState().edgeDrop?.points).toHaveLength(16);
    expect(editor.getState().edgeDrop?.points).toContainEqual({ x: 135, y: 100 });
    expect(editor.getState().edgeDrop?.points).toContainEqual({ x: 240, y: 145 });
    // Inside, away from its points: it would attach floating, to Auth's box.
    const floating = gestures.edgeEndDragging({ x: 150, y: 120 });
    expect(floating?.under.cell).toEqual({ x: 100, y: 100, w: 140, h: 60 });
    expect(floating?.port).toBeUndefined();
    expect(editor.getState().edgeDrop?.fixedAt).toBeUndefined();
    // Near its top's first quarter (135,100): fixed there, that point ringed.
    const fixed = gestures.edgeEndDragging({ x: 137, y: 103 });
    expect(fixed?.under.cell).toEqual({ x: 100, y: 100, w: 140, h: 60 });
    expect(fixed?.port).toEqual({ face: 'top', at: 0.25 });
    expect(editor.getState().edgeDrop).toMatchObject({ cellId: 's3', fixedAt: { x: 135, y: 100 } });
    expect(gestures.edgeEndDragging({ x: 600, y: 600 })).toBeUndefined();
    expect(editor.getState().edgeDrop).toBeUndefined();
    // Let go over Auth: the target moves from DB to Auth; then on empty canvas: the source is left loose.
    await gestures.edgeEndMoved('e5', 'target', { x: 150, y: 120 }, { cellId: 's4' });
    await gestures.edgeEndMoved('e5', 'source', { x: 600.4, y: 599.6 }, { cellId: 's3' });
    // Let go on the cell it is on: nothing to send.
    expect(await gestures.edgeEndMoved('e5', 'target', { x: 120, y: 330 }, { cellId: 's4' })).toBeUndefined();
    expect(api.mutations).toEqual([['connect #e5 target:#s3'], ['connect #e5 source:600,600']]);
    expect(editor.getState().edgeDrop).toBeUndefined();
  });

  it('copies and pastes with new labels, 20 px further each time, and selects what it pasted', async () => {
    const { api, actions, select, selected, drawio } = await setup({ echoAdds: true });
    select(['s3', 's4']);
    actions.copy();
    await actions.paste();
    await actions.paste();
    expect(api.mutations[0]).toEqual([
      'add svc Auth2 at:120,120 size:140x60 theme:blue',
      'add svc DB2 at:120,320 size:140x60 theme:blue',
      'connect Auth2 -> DB2',
    ]);
    // Auth2 exists by now, so the second paste is Auth3.
    expect(api.mutations[1][0]).toBe('add svc Auth3 at:140,140 size:140x60 theme:blue');
    const aliasesOf = (ids: string[]) => ids.map((id) => drawio.getState().shapes.get(id)?.alias);
    expect(selected.map(aliasesOf)).toEqual([
      ['Auth2', 'DB2'],
      ['Auth3', 'DB3'],
    ]);
  });

  it('cuts, duplicates and pastes where the menu opened', async () => {
    const { api, actions, select, editor, selected, drawio } = await setup({ echoAdds: true });
    select(['s4']);
    await actions.duplicate();
    expect(editor.getState().clipboard).toBeUndefined();
    // The copy is the selection once the duplicate is answered.
    expect(editor.getState().selection.shapeIds.map((id) => drawio.getState().shapes.get(id)?.alias)).toEqual(['DB2']);
    select(['s4']);
    await actions.cut();
    expect(editor.getState().clipboard?.shapes.map((s) => s.id)).toEqual(['s4']);
    await actions.paste({ x: 500, y: 40 });
    expect(api.mutations).toEqual([
      ['add svc DB2 at:120,320 size:140x60 theme:blue'],
      ['remove #s4'],
      ['add svc DB3 at:500,40 size:140x60 theme:blue'],
    ]);
    expect(selected).toHaveLength(2);
    // A paste at a point does not move the next keyboard paste on.
    await actions.paste();
    expect(api.mutations[3]).toEqual(['add svc DB4 at:120,320 size:140x60 theme:blue']);
  });

  it('adds a shape centred where asked, selected, and leaves the selection alone when refused', async () => {
    const { api, actions, selected, drawio } = await setup({ echoAdds: true });
    await actions.addShapeAt('box', { x: 300, y: 300 });
    expect(api.mutations).toEqual([['add box Box1 at:240,270']]);
    expect(selected.map((ids) => ids.map((id) => drawio.getState().shapes.get(id)?.alias))).toEqual([['Box1']]);
    api.answer = { text: '! op 1 failed [bad_param]', isError: true };
    await actions.addShapeAt('box', { x: 0, y: 0 });
    expect(selected).toHaveLength(1);
  });

  it('nudges the selection with one strict move per key, from where the records have it', async () => {
    const { api, actions, select } = await setup();
    select(['s4']);
    await actions.nudge('right', false);
    // The fake core echoes no moves: the records still have #s4 at 100,300.
    await actions.nudge('down', true);
    expect(api.mutations).toEqual([['move #s4 to:101,300 strict:true'], ['move #s4 to:100,310 strict:true']]);
    // A group moves as its members.
    select([], { groupIds: ['g9'] });
    await actions.nudge('up', false);
    expect(api.mutations.at(-1)).toEqual(['move @group:Backend to:100,99 strict:true']);
  });

  it('aligns, orders and ungroups the selection', async () => {
    const { api, actions, select } = await setup();
    select(['s3', 's4']);
    await actions.align('left'); // both at x 100 already: nothing to send
    await actions.align('bottom');
    await actions.order('front');
    select([], { groupIds: ['g9'] });
    await actions.order('back');
    await actions.ungroupSelection();
    expect(api.mutations).toEqual([
      ['move #s3 to:100,300 strict:true'],
      ['order #s3 #s4 to:front'],
      ['order @group:Backend to:back'],
      ['ungroup Backend'],
    ]);
  });

  it('renames the one selected shape or edge, and opens and closes the context menu', async () => {
    const { actions, select, editor } = await setup();
    select(['s4']);
    actions.renameSelection();
    expect(editor.getState().renaming).toEqual({ kind: 'shape', id: 's4' });
    select([], { edgeIds: ['e5'] });
    actions.renameSelection();
    expect(editor.getState().renaming).toEqual({ kind: 'edge', id: 'e5' });
    actions.openContextMenu({ target: 'canvas', x: 10, y: 20, at: { x: 5, y: 6 } });
    expect(editor.getState().contextMenu).toEqual({ target: 'canvas', x: 10, y: 20, at: { x: 5, y: 6 } });
    actions.closeContextMenu();
    expect(editor.getState().contextMenu).toBeUndefined();
  });

  it('shows a refused edit as a toast and puts a refused drag back', async () => {
    const { api, gestures, editor, resets } = await setup();
    api.answer = { text: '! op 1 failed: no room [conflict]\n  try: move #s4 to:0,0 strict:true', isError: true };
    const node = { id: 's4', type: 'shape' as const, position: { x: 150, y: 300 }, data: { record: shape('s4', { x: 100, y: 300 }) } };
    await gestures.dragEnded([node]);
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

  it("asks the core for a diagram's image file and remembers the ones it did not serve", async () => {
    const { api, actions, editor } = await setup();
    const asked: unknown[][] = [];
    api.asset = async (...args) => {
      asked.push(args);
      return args[2] === 'd/ok.png' ? new Uint8Array([1, 2, 3]).buffer : Promise.reject(new Error(`no image file "${args[2]}"`));
    };
    expect(await actions.loadImage('d/ok.png')).toBe('data:image/png;base64,AQID');
    expect(asked).toEqual([['drawio', 'image', 'd/ok.png']]);
    expect(editor.getState().unservedImages).toBeUndefined();
    await expect(actions.loadImage('d/gone.png')).rejects.toThrow('no image file "d/gone.png"');
    expect([...(editor.getState().unservedImages ?? [])]).toEqual(['d/gone.png']);
  });
});
