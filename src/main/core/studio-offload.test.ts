/**
 * Heavy work runs in worker threads (OffloadPool): while a big layout runs, other clients' reads
 * are answered from the last committed model, and file limits are clear errors, not a stalled core.
 */
import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { Studio } from './studio';
import { temporaryWorkspace } from '../testing/temporary-studio';

const temp = temporaryWorkspace('tandem-offload-');
let studio: Studio;

beforeEach(async () => {
  studio = await temp.open();
});

/** `count` shapes in a chain of edges, added in batches. */
async function chain(count: number): Promise<void> {
  const drawio = studio.fcp('drawio');
  for (let start = 0; start < count; start += 100) {
    const ops: string[] = [];
    for (let i = start; i < Math.min(count, start + 100); i++) {
      ops.push(`add box S${i} at:${(i % 40) * 150},${Math.floor(i / 40) * 100}`);
      if (i > 0) ops.push(`connect S${i - 1} -> S${i}`);
    }
    const answer = await drawio.mutate(ops, 'setup');
    expect(answer.isError, answer.text).toBe(false);
  }
}

describe('offloaded work', () => {
  it('answers another client again and again while a layout runs, from the model as last committed', async () => {
    await chain(800);
    const drawio = studio.fcp('drawio');
    // A first small layout loads ELK, so what follows is the layout itself, not the loading.
    expect((await drawio.mutate(['layout S0 S1'], 'claude')).isError).toBe(false);
    const before = (await drawio.query('describe S799', 'reader')).text;
    let layoutDone = false;
    const layout = drawio.mutate(['layout @all algo:layered dir:LR'], 'claude').then((answer) => {
      layoutDone = true;
      return answer;
    });
    // Another client reads every 20 ms. Were the layout on the core's thread, it would get at most
    // an answer or two in before the layout ends; with the layout in a worker it keeps getting them.
    let answeredDuring = 0;
    while (!layoutDone) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const during = await drawio.query('describe S799', 'reader');
      const snapshot = await studio.snapshot('drawio');
      if (layoutDone) break;
      answeredDuring++;
      expect(during.text).toBe(before); // the committed model, not the half-done layout
      expect(snapshot.records.length).toBeGreaterThan(0);
    }
    expect(answeredDuring).toBeGreaterThanOrEqual(5);
    const done = await layout;
    expect(done.isError, done.text).toBe(false);
    expect(done.text).toContain('@layout @all layered LR');
    expect((await drawio.query('describe S799', 'reader')).text).not.toBe(before);
  });

  it('queues a second edit behind a running layout, so edits stay in order', async () => {
    await chain(150);
    const drawio = studio.fcp('drawio');
    const layout = drawio.mutate(['layout @all algo:layered'], 'claude');
    const edit = drawio.mutate(['move S0 to:5000,5000 strict:true'], 'person');
    const [laidOut, moved] = await Promise.all([layout, edit]);
    expect(laidOut.isError, laidOut.text).toBe(false);
    expect(moved.isError, moved.text).toBe(false);
    // The move came second, so the layout did not overwrite it.
    expect((await drawio.query('describe S0', 'x')).text).toContain('5000');
  });

  it('opens and saves files through the workers, and refuses a file past the size limit', async () => {
    const drawio = studio.fcp('drawio');
    await chain(20);
    const saved = await drawio.session('save as:big/chain.drawio', 'claude');
    expect(saved.isError, saved.text).toBe(false);
    const reopened = await drawio.session('open big/chain.drawio', 'claude');
    expect(reopened.isError, reopened.text).toBe(false);
    expect(reopened.text).toContain('digest: 20s 19e');

    const huge = join(temp.dir, 'huge.drawio');
    writeFileSync(huge, '');
    truncateSync(huge, 40 * 1024 * 1024); // sparse: 40 MB on paper, nothing to read
    const refused = await drawio.session('open huge.drawio', 'claude');
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/huge\.drawio is 40\.0 MB, over the limit of 32 MB \[too_large\]/);
    expect(refused.text.split('\n').at(-1)).toContain('digest: 20s 19e');
  });

  it('turns a file the parser rejects into a clear error and keeps the document', async () => {
    const drawio = studio.fcp('drawio');
    await chain(3);
    writeFileSync(join(temp.dir, 'broken.drawio'), '<mxfile><diagram>not base64 %%%</diagram>');
    const answer = await drawio.session('open broken.drawio discard:true', 'claude');
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/\[file_invalid\]/);
    expect((await drawio.query('list', 'x')).text).toContain('S2');
  });
});

describe('a worker started ahead', () => {
  const warmTemp = temporaryWorkspace('tandem-offload-warm-');

  it('starts as the studio opens when the host asks, and reads the first file opened', async () => {
    // Without the option (tests, benches), no worker runs before the first task.
    expect(studio.offloadWorkers).toBe(0);
    writeFileSync(
      join(warmTemp.dir, 'first.drawio'),
      '<mxfile><diagram id="p1" name="Page-1"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>' +
        '<mxCell id="a" value="A" style="rounded=1;" vertex="1" parent="1"><mxGeometry x="10" y="10" width="80" height="40" as="geometry"/></mxCell>' +
        '</root></mxGraphModel></diagram></mxfile>',
    );
    const warm = await warmTemp.open({ warmOffload: true });
    expect(warm.offloadWorkers).toBe(1);
    const opened = await warm.fcp('drawio').session('open first.drawio', 'claude');
    expect(opened.isError, opened.text).toBe(false);
    expect(opened.text).toContain('digest: 1s 0e');
    // The open took the waiting worker rather than starting a second.
    expect(warm.offloadWorkers).toBe(1);
  });
});
