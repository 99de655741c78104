/** The Mockups palette's small icons and playback controls, as mxMockupMisc.js draws them. */
import { describe, expect, it } from 'vitest';
import { draw, pointsOf } from './code-shapes-test-kit';

describe('mockup icons', () => {
  it('draws each icon\'s glyph in strokeColor over its box of corners a twentieth of its sides', () => {
    const edit = draw('shape=mxgraph.mockup.misc.editIcon;strokeColor=#999999', 100, 50);
    expect(edit.paths[0].attrs.d).toMatch(/^M5,0 L95,0 A5,2.5 0 0 1 100,2.5 /);
    expect(edit.paths[1].attrs).toMatchObject({ fill: '#999999', stroke: 'none' });
    // The pencil's tip, in fractions of the box.
    expect(pointsOf(edit.paths[1].attrs.d).slice(0, 3)).toEqual([[11, 40], [20, 44.5], [5, 47.5]]);
  });

  it('draws the copyright and registered marks in a circle, the share symbol in the fill over its box, the trash can\'s three bars', () => {
    const copyright = draw('shape=mxgraph.mockup.misc.copyrightIcon;strokeColor=#999999', 100, 100);
    expect(copyright.ellipses).toHaveLength(1);
    expect(copyright.paths[0].attrs.d).toBe('M71.3,28.8 A30,30 0 1 0 71.3,71.2 L78.4,78.3 A40,40 0 1 1 78.4,21.7 Z');
    expect(draw('shape=mxgraph.mockup.misc.registeredIcon', 100, 100).ellipses).toHaveLength(1);
    const share = draw('shape=mxgraph.mockup.misc.shareIcon;strokeColor=#999999', 100, 100, { fill: '#eeeeee' });
    expect(share.paths.map((path) => path.attrs.fill)).toEqual(['#eeeeee', '#999999', '#eeeeee']);
    const trash = draw('shape=mxgraph.mockup.misc.trashcanIcon;strokeColor=#999999', 100, 100);
    // The lid and three bars, each 10 wide with its corners clamped to half its width.
    expect(trash.paths.slice(2).map((path) => pointsOf(path.attrs.d)[0])).toEqual([[31, 30], [49, 30], [67, 30]]);
  });

  it('strokes the volume icon\'s waves in the stroke and fills its speaker in strokeColor', () => {
    const volume = draw('shape=mxgraph.mockup.misc.volumeIcon;strokeColor=#999999', 100, 100, { stroke: '#999999' });
    expect(volume.paths[1].attrs.fill).toBe('#999999');
    expect(volume.paths[2].attrs).toMatchObject({ fill: 'none', stroke: '#999999', d: 'M60,40 A20,20 0 0 1 60,60 M70,30 A30,30 0 0 1 70,70 M80,20 A40,40 0 0 1 80,80' });
  });
});

describe('mockup playback controls', () => {
  it('lays seven round buttons along a 30 px bar across the middle, their symbols in fillColor3', () => {
    const controls = draw('shape=mxgraph.mockup.misc.playbackControls;fillColor2=#99ddff;strokeColor2=none;fillColor3=#ffffff;strokeColor3=none', 100, 50);
    // At least 225 wide.
    expect(controls.rects[0].attrs).toMatchObject({ x: '0', y: '10', width: '225', height: '30' });
    expect(controls.ellipses.map((e) => [Number(e.attrs.cx), Number(e.attrs.cy), e.attrs.fill])).toEqual([21, 51, 81, 111, 141, 171, 201].map((x) => [x, 25, '#99ddff']));
    expect(controls.paths).toHaveLength(7);
    // Play/pause: a bar and a triangle, from the bar's top.
    expect(pointsOf(controls.paths[3].attrs.d)).toEqual([[108, 20], [108, 30], [110, 30], [110, 20], [117, 25], [112, 30], [112, 20]]);
    expect(controls.paths[3].attrs).toMatchObject({ fill: '#ffffff', stroke: 'none' });
  });
});
