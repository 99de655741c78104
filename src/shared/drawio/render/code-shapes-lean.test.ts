/**
 * The Lean Mapping shapes of mxLeanMap.js: their geometry as fractions of the box or in px, the
 * title band 1.5 x the fontSize, the parts filled in the stroke colour, the kanbans' dashed posts
 * and the timeline's steps and names.
 */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, elementsOf, pointsOf } from './code-shapes-test-kit';

const lean = 'shape=mxgraph.lean_mapping.';

describe('places and processes', () => {
  it('draws a factory with a saw-tooth roof, a boat with its sail and hull, a work cell and an inventory triangle', () => {
    expect(pointsOf(draw(`${lean}outside_sources`, 100, 70).paths[0].attrs.d)).toEqual([[0, 70], [0, 21], [33, 1.4], [33, 21], [67, 1.4], [67, 21], [100, 1.4], [100, 70]]);
    expect(pointsOf(draw(`${lean}boat_shipment`, 100, 70).paths[0].attrs.d)).toEqual([[15, 53.9], [50, 0], [85, 53.9], [20, 70], [0, 56], [100, 56], [80, 70]]);
    expect(pointsOf(draw(`${lean}work_cell`, 100, 70).paths[0].attrs.d)).toEqual([[0, 0], [100, 0], [100, 70], [65, 70], [65, 28], [35, 28], [35, 70], [0, 70]]);
    const inventory = draw(`${lean}inventory_box`, 100, 80);
    expect(pointsOf(inventory.paths[1].attrs.d)).toEqual([[40, 36], [60, 36], [50, 36], [50, 68], [40, 68], [60, 68]]);
  });

  it('draws a process title band 1.5 x the fontSize (12 unless set) down', () => {
    expect(pointsOf(draw(`${lean}manufacturing_process`, 100, 70).paths[0].attrs.d)).toEqual([[0, 18], [100, 18]]);
    expect(pointsOf(draw(`${lean}manufacturing_process;fontSize=20`, 100, 70).paths[0].attrs.d)).toEqual([[0, 30], [100, 30]]);
    expect(pointsOf(draw(`${lean}manufacturing_process;fontSize=80`, 100, 70).paths[0].attrs.d)).toEqual([[0, 70], [100, 70]]);
  });

  it('hatches a shared process below its band every 10 px, half the strokeWidth (2 unless set) thick', () => {
    const shared = draw(`${lean}manufacturing_process_shared;fontSize=8`, 100, 70);
    const hatch = shared.paths[1];
    expect(hatch.attrs['stroke-width']).toBe('1');
    const points = pointsOf(hatch.attrs.d);
    expect(points.slice(0, 4)).toEqual([[0, 20], [8, 12], [0, 30], [18, 12]]);
    expect(points.at(-2)).toEqual([90, 70]);
    expect(points.at(-1)).toEqual([100, 60]);
    expect(draw(`${lean}manufacturing_process_shared;strokeWidth=4`, 100, 70).paths[1].attrs['stroke-width']).toBe('2');
  });

  it('draws a FIFO lane between its band and floor: a box, a circle and a triangle 4 px inside', () => {
    const lane = draw(`${lean}fifo_lane`, 100, 50);
    expect(pointsOf(lane.paths[0].attrs.d)).toEqual([[0, 18], [100, 18], [0, 50], [100, 50]]);
    expect(lane.rects.map(boxOf)).toEqual([[2, 22, 26, 24]]);
    expect(circlesOf(lane.ellipses)).toEqual([[48, 34, 13, '#ffffff', '#000000']]);
    expect(pointsOf(lane.paths[1].attrs.d)).toEqual([[69, 22], [98, 22], [83.5, 46]]);
  });

  it('rules a safety stock, a data box open at the bottom, and a supermarket open on the left', () => {
    expect(pointsOf(draw(`${lean}buffer_or_safety_stock`, 40, 100).paths[0].attrs.d)).toEqual([[0, 34], [40, 34], [0, 66], [40, 66]]);
    const data = draw(`${lean}data_box`, 80, 100);
    expect(data.paths[0].attrs.d).not.toContain('Z');
    expect(pointsOf(data.paths[1].attrs.d).map(([, y]) => y)).toEqual([20, 20, 40, 40, 60, 60, 80, 80]);
    expect(pointsOf(draw(`${lean}supermarket`, 60, 100).paths[0].attrs.d)).toEqual([[0, 0], [60, 0], [60, 100], [0, 100], [0, 33], [60, 33], [0, 67], [60, 67]]);
  });

  it('draws a warehouse door with its knob, a cross dock with its one route, orders and a control center', () => {
    const warehouse = draw(`${lean}warehouse`, 100, 100);
    expect(pointsOf(warehouse.paths[0].attrs.d).slice(2)).toEqual([[15, 100], [15, 55], [30, 55], [30, 100]]);
    expect(circlesOf(warehouse.ellipses)).toEqual([[28, 76, 1, 'none', '#000000']]);
    const dock = draw(`${lean}crossDock`, 100, 100);
    expect(dock.paths).toHaveLength(1);
    expect(dock.paths[0].attrs.d).toContain('A15,15 0 0 1 50,50 A15,15 0 0 0 65,60 L90,60');
    const orders = draw(`${lean}orders`, 100, 60);
    expect(orders.rects.map(boxOf)).toEqual([[0, 33.6, 100, 26.4]]);
    expect(pointsOf(orders.paths[0].attrs.d)).toHaveLength(36);
    expect(draw(`${lean}control_center`, 100, 100).rects.map(boxOf)).toEqual([[15, 0, 70, 80], [0, 80, 100, 20]]);
  });
});

describe('shipments, arrows and kanbans', () => {
  it('fills a truck’s wheels, a push arrow’s bars and a pull ball’s disc in the stroke colour', () => {
    const truck = draw(`${lean}truck_shipment`, 100, 100, { stroke: '#d79b00' });
    expect(truck.rects.map(boxOf)).toEqual([[0, 0, 60, 80], [60, 35, 40, 45]]);
    expect(circlesOf(truck.ellipses)).toEqual([[25, 90, 10, '#d79b00', '#d79b00'], [75, 90, 10, '#d79b00', '#d79b00']]);
    const push = draw(`${lean}push_arrow;strokeColor=#d79b00`, 100, 30, { stroke: '#d79b00' });
    expect(push.rects.map((r) => [...boxOf(r), r.attrs.fill, r.attrs.stroke])).toEqual([
      [0, 5.1, 12, 19.8, '#d79b00', 'none'],
      [24, 5.1, 12, 19.8, '#d79b00', 'none'],
      [48, 5.1, 12, 19.8, '#d79b00', 'none'],
    ]);
    const ball = draw(`${lean}sequenced_pull_ball`, 60, 40, { stroke: '#d79b00' });
    expect(circlesOf(ball.ellipses)).toEqual([[30, 20, 30, '#ffffff', '#d79b00'], [30, 20, 21, '#d79b00', '#d79b00']]);
  });

  it('draws a train of two wagons on four wheels, and a physical pull’s circle with its head', () => {
    const rail = draw(`${lean}rail_shipment`, 100, 20);
    expect(rail.rects.map(boxOf)).toEqual([[10, 0, 35, 16], [55, 0, 35, 16]]);
    expect(circlesOf(rail.ellipses).map(([cx]) => cx)).toEqual([18, 37, 63, 82]);
    const pull = draw(`${lean}physical_pull`, 100, 100);
    expect(pull.paths[0].attrs.d).toBe('M73.2,7.36 A48.27,49.59 0 1 0 95.53,61.91');
    expect(pointsOf(pull.paths[1].attrs.d)).toEqual([[90.71, 61.91], [97.94, 49.51], [100, 64.38]]);
  });

  it('posts kanban cards on a dashed line with the arrowhead filled at the bottom', () => {
    const kanban = draw(`${lean}production_kanban`, 100, 100);
    expect(kanban.paths.map((p) => p.attrs['stroke-dasharray'])).toEqual(['3 3', undefined, undefined]);
    expect(pointsOf(kanban.paths[0].attrs.d)).toEqual([[4, 90], [4, 25], [100, 25]]);
    expect(pointsOf(kanban.paths[1].attrs.d)).toEqual([[25, 0], [70, 0], [85, 15], [85, 50], [25, 50]]);
    expect(kanban.paths[2].attrs.fill).toBe('#000000');
    const withdrawal = draw(`${lean}withdrawal_kanban`, 130, 80);
    expect(pointsOf(withdrawal.paths[2].attrs.d).slice(0, 2)).toEqual([[55, 45], [60, 50]]);
    expect(pointsOf(withdrawal.paths[2].attrs.d)).toHaveLength(18);
    const signal = draw(`${lean}signal_kanban`, 100, 90);
    expect(pointsOf(signal.paths[0].attrs.d)).toEqual([[4, 80], [4, 15], [100, 15]]);
    expect(pointsOf(signal.paths[1].attrs.d)).toEqual([[35, 0], [75, 0], [55, 45]]);
  });

  it('stacks a batched kanban’s three cards about the middle of a box at least 110 wide', () => {
    const batched = draw(`${lean}batched_kanban`, 80, 80);
    expect(pointsOf(batched.paths[0].attrs.d)).toEqual([[4, 40], [110, 40]]);
    expect(pointsOf(batched.paths[1].attrs.d)[0]).toEqual([35, 5]);
    expect(pointsOf(batched.paths[3].attrs.d)[0]).toEqual([15, 25]);
    expect(pointsOf(batched.paths[4].attrs.d)).toEqual([[100, 36], [110, 40], [100, 44]]);
  });

  it('draws a FIFO sequence’s sides, dashes and its open head filled in the stroke colour', () => {
    const fifo = draw(`${lean}fifo_sequence_flow`, 100, 50);
    expect(pointsOf(fifo.paths[0].attrs.d)).toEqual([[0, 0], [100, 0], [0, 50], [100, 50], [5, 25], [15, 25], [75, 25], [88, 25]]);
    expect(fifo.paths[1].attrs).toMatchObject({ d: 'M88,19.5 L98,25 L88,30.5', fill: '#000000' });
  });
});

describe('timeline', () => {
  it('steps between the bottom and 1.5 x the fontSize, each step its share of mainText, named in its middle', () => {
    const timeline = draw(`${lean}timeline;mainText=10,Wait,30,Cut,20,Weld;fontSize=16`, 240, 60);
    expect(pointsOf(timeline.paths[0].attrs.d)).toEqual([[0, 60], [40, 60], [40, 24], [160, 24], [160, 60], [240, 60], [240, 24]]);
    const names = elementsOf(timeline.markup).filter((e) => e.tag === 'text').map((e) => [Number(e.attrs.x), e.attrs.y]);
    expect(names.map(([x]) => x)).toEqual([20, 100, 200]);
    expect(timeline.markup).toContain('font-size="11px"');
    const plain = draw(`${lean}timeline`, 600, 50);
    expect(pointsOf(plain.paths[0].attrs.d)).toHaveLength(15);
    expect(plain.markup).toContain('>Time 7<');
  });

  it('runs the second timeline through dx2..dx5, at the top where dy is at most 0.5, stepping where it changes', () => {
    const timeline = draw(`${lean}timeline2;dy1=1;dx2=30;dy2=0;dx3=160;dy3=1;dx4=230;dy4=0;dx5=310;dy5=1;dy6=0`, 400, 40);
    expect(pointsOf(timeline.paths[0].attrs.d)).toEqual([
      [0, 40], [30, 40], [30, 0], [160, 0], [160, 40], [230, 40], [230, 0], [310, 0], [310, 40], [400, 40], [400, 0],
    ]);
    expect(pointsOf(draw(`${lean}timeline2`, 400, 40).paths[0].attrs.d)).toEqual([[0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [400, 0]]);
  });
});
