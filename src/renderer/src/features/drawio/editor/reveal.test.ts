/** A `drawio:` link: the shape it names found by id, name or label, its page shown, then selected and centred. */
import { describe, expect, it } from 'vitest';
import { batch, meta, page, shape, snapshotOf } from '../../../testing/drawio-fixtures';
import { createFakeApi, settle } from '../../../testing/fake-api';
import { createDrawioStore } from '../store/drawio-store';
import { createDrawioReveal, findShape } from './reveal';

const records = [meta(), page('p1', 'Page-1'), page('p2', 'Backend'), shape('s1', { alias: 'Gateway', text: 'API Gateway' }), shape('s2', { alias: 'Auth', pageId: 'p2' }), shape('s3', { alias: 'Auth', pageId: 'p1' })];

describe('findShape', () => {
  it('finds by id, then by name or label in any case, on the page on screen first', () => {
    const state = { shapes: new Map(records.filter((r) => r.kind === 'shape').map((r) => [r.id, r as never])), meta: meta() };
    expect(findShape(state, 's2')?.id).toBe('s2');
    expect(findShape(state, 'gateway')?.id).toBe('s1');
    expect(findShape(state, 'api gateway')?.id).toBe('s1');
    expect(findShape(state, 'AUTH')?.id).toBe('s3');
    expect(findShape({ ...state, meta: meta({ activePageId: 'p2' }) }, 'Auth')?.id).toBe('s2');
    expect(findShape(state, 'Nowhere')).toBeUndefined();
  });
});

describe('the drawio reveal', () => {
  async function setup(activePageId = 'p1') {
    const api = createFakeApi(snapshotOf([...records.filter((r) => r.kind !== 'meta'), meta({ activePageId })]));
    const drawio = createDrawioStore({ api });
    drawio.start();
    await settle();
    const revealed: string[][] = [];
    const switched: string[] = [];
    const reveal = createDrawioReveal({
      drawio: drawio.store,
      // The core answers a page switch with the meta record's new active page on the feed.
      switchPage: async (name) => {
        switched.push(name);
        api.emit(batch(1, { put: [meta({ activePageId: name === 'Backend' ? 'p2' : 'p1' })] }));
        return { text: '', isError: false };
      },
      canvas: () => ({ viewportCenter: () => ({ x: 0, y: 0 }), selectAll: () => undefined, select: () => undefined, resetNodes: () => undefined, reveal: (ids) => void revealed.push([...ids]) }),
    });
    return { reveal, revealed, switched, drawio };
  }

  it('shows the page that has the shape, then selects and centres it', async () => {
    const { reveal, revealed, switched, drawio } = await setup('p1');
    expect(await reveal('Gateway')).toEqual({ ok: true });
    expect(switched).toEqual([]);
    // Auth is on both pages: the one on screen wins.
    expect(await reveal('Auth')).toEqual({ ok: true });
    expect(revealed).toEqual([['s1'], ['s3']]);
    expect(await reveal('s2')).toEqual({ ok: true });
    expect(switched).toEqual(['Backend']);
    expect(drawio.store.getState().meta?.activePageId).toBe('p2');
    expect(revealed.at(-1)).toEqual(['s2']);
  });

  it('says which shapes there are when the link names none', async () => {
    const { reveal, revealed } = await setup();
    expect(await reveal('Billing')).toEqual({ ok: false, message: 'No shape \'Billing\' in Architecture', suggestion: 'shapes there: Gateway, Auth, Auth' });
    expect(revealed).toEqual([]);
  });
});
