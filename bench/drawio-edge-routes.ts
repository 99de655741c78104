/**
 * What the studio's route choice for the edges it makes costs (studio-routes.ts, run after every
 * batch on the core's event loop, before the commit): 1,500 shapes joined by 1,460 edges made
 * here, every shape moved at once as a layout moves them, and the routes chosen again. Printed,
 * never asserted.
 */
import { performance } from 'node:perf_hooks';
import { drawioDomain } from '../src/main/domains/drawio';
import { DrawioEdit } from '../src/main/domains/drawio/edit';
import { routeStudioEdges } from '../src/main/domains/drawio/studio-routes';
import { FcpDocument } from '../src/main/fcp/document';
import { Transaction } from '../src/main/kernel/records';
import type { ShapeRecord } from '../src/shared/drawio/model';

const SHAPES = 1500;
const COLUMNS = 40;
const BATCH = 500;

export async function edgeRouteBench(report: (name: string, figure: string, target: string) => void): Promise<void> {
  const doc = FcpDocument.create(drawioDomain, { title: 'Routes', params: {} });
  const ops = Array.from({ length: SHAPES }, (_, i) => `add box N${i} at:${(i % COLUMNS) * 200},${Math.floor(i / COLUMNS) * 150}`);
  for (let i = 0; i + COLUMNS < SHAPES; i++) ops.push(`connect N${i} -> N${i + COLUMNS}`);
  for (let start = 0; start < ops.length; start += BATCH) await doc.applyBatch(ops.slice(start, start + BATCH), 'bench');
  const tx = new Transaction(doc.store);
  const edit = new DrawioEdit(tx);
  // Every other row moved half a box sideways: their edges no longer line up, and the routes change.
  for (const shape of doc.store.all<ShapeRecord>('shape')) if (Math.floor(shape.y / 150) % 2 === 1) edit.put({ ...shape, x: shape.x + 60 });
  const diff = tx.diff()!;
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    routeStudioEdges(edit, diff);
    times.push(performance.now() - start);
  }
  tx.rollback();
  report(`route choice after ${SHAPES.toLocaleString('en')} shapes moved (${SHAPES - COLUMNS} edges)`, `first ${times[0].toFixed(1)} ms, then ${Math.min(...times.slice(1)).toFixed(1)} ms`, '-');
}
