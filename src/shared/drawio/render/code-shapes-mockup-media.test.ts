/** The Mockups palette's video player, group box and colour picker, as mxMockupContainers.js and mxMockupForms.js draw them. */
import { describe, expect, it } from 'vitest';
import { boxOf, circlesOf, draw, pointsOf } from './code-shapes-test-kit';

describe('mockup video player', () => {
  const player = 'shape=mxgraph.mockup.containers.videoPlayer;strokeColor=#666666;strokeColor2=#008cff;strokeColor3=#c4c4c4;fillColor2=#008cff;textColor=#666666;barHeight=30;';

  it('draws the progress line along the top of the bar, done up to barPos in strokeColor2, the rest in strokeColor3, the knob there', () => {
    const video = draw(`${player}barPos=50`, 300, 200);
    const [frame, done, rest] = video.paths;
    expect(pointsOf(frame.attrs.d)).toEqual([[0, 0], [300, 0], [300, 200], [0, 200]]);
    // The knob's middle from 8 to 292 px: half way, 150.
    expect(pointsOf(done.attrs.d)).toEqual([[0, 170], [150, 170]]);
    expect(done.attrs.stroke).toBe('#008cff');
    expect(pointsOf(rest.attrs.d)).toEqual([[150, 170], [300, 170]]);
    expect(rest.attrs.stroke).toBe('#c4c4c4');
    expect(circlesOf(video.ellipses).map(([x, y, r]) => [x, y, r])).toEqual([[150, 170, 8], [150, 170, 4]]);
  });

  it('draws the play button, the sound waves and the full-screen corners in fillColor2, and the time, sized by the bar', () => {
    const video = draw(`${player}barPos=0;barHeight=20`, 200, 100);
    const icons = video.paths.filter((path) => path.attrs.stroke === '#008cff' && path !== video.paths[1]);
    // A 6 px play triangle 6 px in, mid-bar; two arcs; four corners.
    expect(pointsOf(icons[0].attrs.d)).toEqual([[6, 87], [12, 90], [6, 93]]);
    expect(icons[0].attrs.fill).toBe('#008cff');
    expect(icons[1].attrs.d).toBe('M28,87 A4,6 0 0 1 28,93 M28.5,85 A4.5,7 0 0 1 28.5,95');
    expect(pointsOf(icons[2].attrs.d)).toHaveLength(12);
    expect(video.markup).toMatch(/font-size="10px"><text x="38" y="[\d.]+">0:00\/3:53<\/text>/);
    // No speaker: diagrams.net never begins its path.
    expect(icons).toHaveLength(3);
    // At least five bars wide.
    expect(pointsOf(draw(player, 50, 10).paths[0].attrs.d)[1]).toEqual([150, 0]);
  });
});

describe('mockup group box and colour picker', () => {
  it('hangs a group box from half its name\'s height, its name on a tab of fillColor2 as wide as the name plus 6 px', () => {
    const group = draw('shape=mxgraph.mockup.containers.group;mainText=Go;textSize=10;fillColor2=#666666;textColor=#ffffff', 100, 60);
    // "Go" is 13 px wide at 10 px.
    expect(group.rects.map(boxOf)).toEqual([[0, 5, 100, 55], [3, 0, 19, 15]]);
    expect(group.rects[1].attrs).toMatchObject({ fill: '#666666', stroke: 'none', rx: '2.5' });
    expect(group.markup).toMatch(/<g fill="#ffffff"[^>]*><text x="6" y="9">Go<\/text>/);
    // No name: an 80 px tab.
    expect(boxOf(draw('shape=mxgraph.mockup.containers.group;mainText=', 10, 10).rects[1])[2]).toBe(86);
  });

  it('fills a colour picker with chosenColor inside a #999999 frame, a white corner and a grey arrow at the bottom right', () => {
    const picker = draw('shape=mxgraph.mockup.forms.colorPicker;chosenColor=#ff8800', 40, 40);
    expect(picker.paths[0].attrs).toMatchObject({ stroke: '#999999', fill: '#ffffff' });
    expect(boxOf(picker.rects[0])).toEqual([4, 4, 32, 32]);
    expect(picker.rects[0].attrs.fill).toBe('#ff8800');
    expect(picker.paths.map((path) => path.attrs.fill)).toEqual(['#ffffff', '#ffffff', '#999999', 'none']);
    expect(pointsOf(picker.paths[2].attrs.d)).toEqual([[30.8, 30.8], [35, 39.2], [39.2, 30.8]]);
  });
});
