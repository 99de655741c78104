/** diagrams.net's P&ID valves and their actuators drawn in code (pid2/mxPidValves.js). */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, pointsOf, textsOf, type Element } from './code-shapes-test-kit';

const valve = 'shape=mxgraph.pid2valves.valve;';
const bleed = 'shape=mxgraph.pid2valves.blockBleedValve;';
/** The elements a figure draws, without the groups around them. */
const drawn = (elements: readonly Element[]) => elements.filter((e) => e.tag !== 'g');

describe('P&ID valve bodies', () => {
  it('draws a gate by default, no actuator: two triangles point to point over the whole box, in the fill, lines meeting round', () => {
    const { paths, elements } = draw(valve, 100, 60);
    expect(drawn(elements)).toHaveLength(1);
    expect(pointsOf(paths[0].attrs.d)).toEqual([[0, 0], [50, 30], [0, 60], [100, 0], [50, 30], [100, 60]]);
    expect(paths[0].attrs.fill).toBe('#ffffff');
    expect(paths[0].attrs['stroke-linejoin']).toBe('round');
  });

  it('fills the gate in the stroke colour when its default state is closed', () => {
    expect(draw(`${valve}defState=closed`, 100, 60, { fill: '#dae8fc', stroke: '#6c8ebf' }).paths[0].attrs.fill).toBe('#6c8ebf');
  });

  it('marks a globe over its gate in the stroke colour, a ball in the fill, both drawn under the gate first', () => {
    const globe = draw(`${valve}valveType=globe`, 100, 60);
    expect(circlesOf(globe.ellipses)).toEqual([[50, 30, 20, '#ffffff', '#000000'], [50, 30, 20, '#000000', '#000000']]);
    expect(drawn(globe.elements).map((e) => e.tag)).toEqual(['ellipse', 'path', 'ellipse']);
    expect(circlesOf(draw(`${valve}valveType=ball`, 100, 60).ellipses).map((e) => e[3])).toEqual(['#ffffff', '#ffffff']);
  });

  it('stands a butterfly between two uprights with its diagonal and disc, a check valve with a solid arrowhead', () => {
    const butterfly = draw(`${valve}valveType=butterfly`, 100, 60);
    expect(pointsOf(butterfly.paths[0].attrs.d)).toEqual([[0, 0], [0, 60], [100, 0], [100, 60], [5, 3], [95, 57]]);
    expect(butterfly.ellipses.map((e) => [e.attrs.cx, e.attrs.cy, e.attrs.rx, e.attrs.ry])).toEqual([['50', '29.7', '10', '9.9']]);
    const check = draw(`${valve}valveType=check`, 100, 60).paths[1];
    expect(pointsOf(check.attrs.d)).toEqual([[89.25, 48.9], [95.7, 57.3], [85, 55.68]]);
    expect(check.attrs.fill).toBe('#000000');
  });

  it("sets an angle valve's triangles in the right 80 % and a three-way valve's third pointing down", () => {
    expect(pointsOf(draw(`${valve}valveType=angle`, 100, 80).paths[0].attrs.d)).toEqual([[50, 30], [100, 0], [100, 60], [50, 30], [80, 80], [20, 80]]);
    expect(pointsOf(draw(`${valve}valveType=threeWay`, 100, 80).paths[0].attrs.d).slice(6)).toEqual([[50, 30], [80, 80], [20, 80]]);
  });

  it('draws nothing for an angle blowdown body, as diagrams.net does', () => {
    expect(drawn(draw(`${valve}valveType=angBlow`, 100, 80).elements)).toEqual([]);
  });
});

describe('P&ID valve actuators', () => {
  it('puts a hand wheel over a gate, the gate below 40 % of the height', () => {
    const { paths } = draw(`${valve}actuator=man`, 100, 100);
    expect(pointsOf(paths[0].attrs.d)).toEqual([[25, 15], [75, 15], [50, 15], [50, 70]]);
    expect(pointsOf(paths[1].attrs.d).slice(0, 3)).toEqual([[0, 40], [50, 70], [0, 100]]);
  });

  it("shortens an angle valve's actuator to a third, drawn as for a valve 1/1.2 as high", () => {
    const { paths, ellipses } = draw(`${valve}valveType=angleGlobe;actuator=man`, 100, 120);
    expect(pointsOf(paths[0].attrs.d)).toEqual([[25, 15], [75, 15], [50, 15], [50, 70]]);
    expect(pointsOf(paths[1].attrs.d)[0]).toEqual([50, 70]);
    // The solid globe sits lower and flatter with an actuator than without.
    expect(circlesOf(ellipses)[1]).toEqual([50, 70, 16, '#000000', '#000000']);
    expect(circlesOf(draw(`${valve}valveType=angleGlobe`, 100, 120).ellipses)[1]).toEqual([50, 45, 16, '#000000', '#000000']);
  });

  it('letters a motor and a square actuator in bold black, the size 0.4 of the smaller side of their box', () => {
    const motor = draw(`${valve}actuator=motor`, 100, 100, { fill: '#dae8fc', stroke: '#6c8ebf' });
    expect(circlesOf(motor.ellipses)).toEqual([[50, 17.5, 17.5, '#dae8fc', '#6c8ebf']]);
    expect(textsOf(motor.markup)).toEqual([['M', 50, '#000000', 14]]);
    expect(motor.markup).toContain('font-weight="bold"');
    const key = draw(`${valve}actuator=key`, 100, 100);
    expect(key.rects.map(boxOf)).toEqual([[32.5, 0, 35, 35]]);
    expect(textsOf(key.markup)).toEqual([['K', 50, '#000000', 14]]);
    expect(textsOf(draw(`${valve}actuator=powered`, 100, 100).markup)).toEqual([]);
  });

  it("draws a piston over an acting cylinder's gate, and over a butterfly lower by the actuator's height, as diagrams.net leaves its canvas moved", () => {
    const gate = draw(`${valve}actuator=singActing`, 100, 100);
    expect(pointsOf(gate.paths.at(-1)!.attrs.d)).toEqual([[49.95, 16.1], [49.95, 32.2], [35, 16.1], [64.9, 16.1]]);
    const butterfly = draw(`${valve}valveType=butterfly;actuator=singActing`, 100, 100);
    expect(pointsOf(butterfly.paths.at(-1)!.attrs.d)).toEqual([[49.95, 56.1], [49.95, 72.2], [35, 56.1], [64.9, 56.1]]);
  });

  it('draws no actuator for a name diagrams.net does not know, but keeps its room', () => {
    const { paths } = draw(`${valve}actuator=lever`, 100, 100);
    expect(paths).toHaveLength(1);
    expect(pointsOf(paths[0].attrs.d)[0]).toEqual([0, 40]);
  });
});

describe('P&ID block and bleed valve', () => {
  it('draws a gate over a stem to a solid triangle on a solid open foot, the whole box without an actuator', () => {
    const { paths } = draw(bleed, 100, 130);
    expect(pointsOf(paths[0].attrs.d)).toEqual([[0, 0], [50, 29.9], [0, 59.8], [50, 29.9], [100, 0], [100, 59.8]]);
    expect(pointsOf(paths[1].attrs.d)).toEqual([[50, 29.9], [50, 65]]);
    expect(paths[2].attrs.fill).toBe('#000000');
    expect(paths[3].attrs.d).toBe('M30,130 L50,97.5 L70,130');
    expect(paths[3].attrs.fill).toBe('#000000');
  });

  it("lowers the body by 0.2353 of the height under an actuator placed in the block and bleed valve's own rows", () => {
    const { paths, rects } = draw(`${bleed}actuator=man`, 100, 170);
    expect(pointsOf(paths[0].attrs.d)).toEqual([[25, 14.99], [75, 14.99], [50, 14.99], [50, 69.9]]);
    expect(pointsOf(paths[1].attrs.d)[0]).toEqual([0, 40]);
    expect(draw(`${bleed}actuator=pilot`, 100, 170).rects.map(boxOf)).toEqual([[32.5, 0, 35, 34.95]]);
    expect(rects).toEqual([]);
  });
});
