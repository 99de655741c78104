/** The markup shapes, position controls, margin boxes and link of the Mockups palette, as mxMockup*.js draws them. */
import { describe, expect, it } from 'vitest';
import { styleEntries } from '../stencils';
import { codeShapeLabelStyle } from './code-shapes';
import { boxOf, draw, pointsOf, textsOf } from './code-shapes-test-kit';

const m = 'shape=mxgraph.mockup.';

describe('mockup markup shapes', () => {
  it('draws a curly brace of quarter turns (radius an eighth of its width, at most half its height), a line across the middle', () => {
    expect(draw(`${m}markup.curlyBrace`, 160, 40).paths[0].attrs).toMatchObject({
      d: 'M0,40 A20,20 0 0 1 20,20 L60,20 A20,20 0 0 0 80,0 A20,20 0 0 0 100,20 L140,20 A20,20 0 0 1 160,40',
      fill: 'none',
    });
    expect(draw(`${m}markup.curlyBrace`, 160, 10).paths[0].attrs.d.startsWith('M0,10 A5,5 0 0 1 5,5')).toBe(true);
    expect(draw(`${m}markup.line`, 100, 20).paths[0].attrs).toMatchObject({ d: 'M0,10 L100,10', fill: 'none' });
  });

  it('draws the scratch-out as one stroked scribble of fifteen curves, and the red X filled', () => {
    const scratch = draw(`${m}markup.scratchOut`, 100, 100).paths[0].attrs;
    expect(scratch.d.startsWith('M3.8,9.5 C3.8,9.5 28.9,-4.5 18.6,5')).toBe(true);
    expect(scratch.d.match(/C/g)).toHaveLength(14);
    expect(scratch.d.endsWith('28.6,96.2 66.1,93.1')).toBe(true);
    const x = draw(`${m}markup.redX`, 50, 100, { fill: '#ff0000' }).paths[0].attrs;
    expect(x.fill).toBe('#ff0000');
    expect(pointsOf(x.d)).toEqual([[5, 0], [25, 40], [45, 0], [50, 10], [30, 50], [50, 90], [45, 100], [25, 60], [5, 100], [0, 90], [20, 50], [0, 10]]);
  });
});

describe('mockup controls with a position', () => {
  it('fills a progress bar in fillColor2 up to barPos % (80 unless set, kept within 0-100)', () => {
    const bar = draw(`${m}misc.progressBar;fillColor2=#008cff;barPos=25`, 200, 20).rects;
    expect(bar.map(boxOf)).toEqual([[0, 5, 200, 10], [0, 5, 50, 10]]);
    expect(bar[1].attrs).toMatchObject({ fill: '#008cff', rx: '5' });
    expect(boxOf(draw(`${m}misc.progressBar`, 200, 20).rects[1])[2]).toBe(160);
    expect(boxOf(draw(`${m}misc.progressBar;barPos=140`, 200, 20).rects[1])[2]).toBe(200);
  });

  it("draws a basic slider's line coloured up to its position and a round handle there; a fancy one's pill and its other handles", () => {
    const basic = draw(`${m}forms.horSlider;sliderPos=50;fillColor2=#008cff;strokeColor=#999999`, 210, 20);
    expect(basic.paths.map((p) => [p.attrs.d, p.attrs.stroke])).toEqual([['M0,10 L210,10', '#000000'], ['M0,10 L105,10', '#008cff']]);
    expect(basic.ellipses[0].attrs).toMatchObject({ cx: '105', cy: '10', rx: '10', stroke: '#999999' });
    const fancy = draw(`${m}forms.horSlider;sliderStyle=fancy;sliderPos=0;handleStyle=triangle`, 110, 30);
    expect(fancy.rects.map(boxOf)).toEqual([[0, 10, 110, 10], [0, 10, 10, 10]]);
    expect(pointsOf(fancy.paths[0].attrs.d)).toEqual([[-5, 25], [5, 5], [15, 25]]);
    expect(pointsOf(draw(`${m}forms.horSlider;handleStyle=handle;sliderPos=100`, 110, 30).paths[2].attrs.d)).toEqual([[98, 25], [98, 15], [105, 5], [112, 15], [112, 25]]);
  });

  it('draws a scroll bar 20 px high with its buttons, arrows and a 60 px thumb at barPos % in fillColor2', () => {
    const bar = draw(`${m}navigation.scrollBar;barPos=50`, 200, 50);
    expect(boxOf(bar.rects[0])).toEqual([0, 0, 200, 20]);
    expect(bar.paths[0].attrs.d).toBe('M20,0 L20,20 M180,0 L180,20');
    expect(pointsOf(bar.paths[1].attrs.d)).toEqual([[4, 10], [16, 4], [16, 16], [196, 10], [184, 4], [184, 16]]);
    expect(bar.paths[1].attrs).toMatchObject({ fill: '#99ddff', stroke: 'none' });
    expect(boxOf(bar.rects[1])).toEqual([70, 3, 60, 14]);
    // At least 40 wide: the thumb shrinks to nothing between the buttons.
    expect(boxOf(draw(`${m}navigation.scrollBar`, 10, 20).rects[0])).toEqual([0, 0, 40, 20]);
  });
});

describe('mockup margin boxes and link', () => {
  it('draws a box inside its margins, rounded (marginRect) or square (marginRect2), and nothing when the margins leave none', () => {
    const rounded = draw(`${m}containers.marginRect;rectMargin=5;rectMarginTop=10;rectMarginLeft=2`, 100, 60).rects[0];
    expect(boxOf(rounded)).toEqual([7, 15, 88, 40]);
    expect(rounded.attrs.rx).toBe('10');
    const square = draw(`${m}containers.marginRect2;rectMarginRight=20`, 100, 60).rects[0];
    expect(boxOf(square)).toEqual([0, 0, 80, 60]);
    expect(square.attrs.rx).toBeUndefined();
    expect(draw(`${m}containers.marginRect;rectMargin=40`, 100, 60).rects).toHaveLength(0);
  });

  it('writes a link in textColor, centred, underlined as wide as its text', () => {
    const link = draw(`${m}text.link;linkText=Read more;textColor=#0000ee;textSize=14`, 120, 30);
    expect(link.markup).toContain('>Read more</text>');
    expect(link.markup).toMatch(/fill="#0000ee"[^>]*font-size="14px"[^>]*text-anchor="middle"/);
    const [[x1, y1], [x2, y2]] = pointsOf(link.paths[0].attrs.d);
    expect([y1, y2]).toEqual([22, 22]);
    expect(x1 + x2).toBeCloseTo(120);
    expect(x2 - x1).toBeGreaterThan(50);
    expect(x2 - x1).toBeLessThan(80);
    expect(link.paths[0].attrs.stroke).toBe('#0000ee');
    expect(draw(`${m}text.link`, 60, 30).markup).toContain('>Link</text>');
    // A pagination is a link whose text, unless set, is the alphabet's index.
    const pages = draw(`${m}navigation.pagination;linkText=1 2 3;textColor=#0000ff`, 100, 30);
    expect(pages.markup).toContain('>1 2 3</text>');
    expect(pages.paths[0].attrs.stroke).toBe('#0000ff');
    expect(draw(`${m}navigation.pagination`, 400, 30).markup).toContain('>0-9 A B C D E F G H I J K L M N O P Q R S T U V X Y Z</text>');
  });
});

describe('mockup rating and bulleted list', () => {
  it('draws ratingScale stars 1.5 heights apart, the first grade in the fill and the rest in emptyFillColor', () => {
    const stars = draw(`${m}misc.rating;grade=2;ratingScale=3;emptyFillColor=#eeeeee`, 225, 20, { fill: '#ffff00' }).paths;
    expect(stars.map((star) => star.attrs.fill)).toEqual(['#ffff00', '#ffff00', '#eeeeee']);
    expect(pointsOf(stars[1].attrs.d).slice(0, 3)).toEqual([[30, 6.6], [37.28, 6.6], [39.5, 0]]);
    expect(pointsOf(stars[2].attrs.d)).toHaveLength(10);
    // Unset: ten, five of them full; hearts are curves.
    expect(draw(`${m}misc.rating`, 300, 20).paths.map((p) => p.attrs.fill).filter((f) => f === '#ffffff')).toHaveLength(10);
    const hearts = draw(`${m}misc.rating;ratingStyle=heart;grade=1;ratingScale=2`, 100, 20, { fill: '#ff0000' }).paths;
    expect(hearts.map((heart) => [heart.attrs.fill, heart.attrs.d.match(/C/g)?.length])).toEqual([['#ff0000', 5], ['#ffffff', 5]]);
    expect(hearts[1].attrs.d.startsWith('M40.38,18.94 C')).toBe(true);
    expect(draw(`${m}misc.rating;ratingStyle=smiley`, 100, 20).paths).toHaveLength(0);
  });

  it("writes a bulleted list's lines 1.5 x textSize apart, led as bulletStyle says", () => {
    const lineOf = (style: string) => [...draw(`${m}text.bulletedList;mainText=Eggs,Milk;textSize=10;${style}`, 150, 100).markup.matchAll(/<text x="10" y="([\d.]+)">([^<]*)</g)].map(([, y, text]) => [Number(y), text]);
    expect(lineOf('bulletStyle=number')).toEqual([[11.5, '1) Eggs'], [26.5, '2) Milk']]);
    expect(lineOf('bulletStyle=hyphen').map(([, text]) => text)).toEqual(['- Eggs', '- Milk']);
    expect(lineOf('bulletStyle=dot').map(([, text]) => text)).toEqual(['\u2022 Eggs', '\u2022 Milk']);
    expect(lineOf('').map(([, text]) => text)).toEqual(['  Eggs', '  Milk']);
    // The palette's list leaves its lines empty: only the box, its text the cell's label.
    const palette = draw(`${m}text.bulletedList;mainText=,,,,;bulletStyle=none`, 150, 135);
    expect(palette.rects.map(boxOf)).toEqual([[0, 0, 150, 135]]);
    expect(palette.markup).not.toContain('<text');
  });
});

describe('mockup pin and sticky notes', () => {
  it('draws a pin: a grey 3 px needle, its head shaded from fillColor2 to fillColor3 at 90 %, a white highlight at half', () => {
    const pin = draw(`${m}misc.pin;fillColor2=#00dd00;fillColor3=#004400;strokeColor=#006600`, 20, 50);
    expect(pin.paths[0].attrs).toMatchObject({ d: 'M10,20 L10,50', stroke: '#666666', 'stroke-width': '3' });
    expect(pin.markup).toMatch(/<stop offset="0" stop-color="#00dd00"\/><stop offset="1" stop-color="#004400"\/>/);
    const gradient = /<linearGradient id="([^"]+)"/.exec(pin.markup)![1];
    expect(pin.ellipses[0].attrs).toMatchObject({ cx: '10', cy: '10', rx: '10', ry: '10', fill: `url(#${gradient})`, stroke: '#006600', 'stroke-width': '2', 'fill-opacity': '0.9', 'stroke-opacity': '0.9' });
    expect(pin.ellipses[1].attrs).toMatchObject({ fill: '#ffffff', stroke: 'none', 'fill-opacity': '0.5' });
  });

  it("draws a sticky note's bowed sheet and tape, its own lines centred; the palette's takes its fill and its stroke for the tape", () => {
    const note = draw(`${m}text.stickyNote;mainText=Buy milk,Call Bo;textSize=10`, 100, 100);
    expect(note.paths[0].attrs).toMatchObject({ fill: '#ffffcc', stroke: 'none' });
    expect(note.paths[0].attrs.d).toBe('M3,7 L89,6 A281,292 1 0 0 99,98 L9,99 A281,292 1 0 1 3,7 Z');
    expect(note.paths[1].attrs.fill).toBe('#ff3300');
    // Two lines of 15 px round the middle: centred on 42.5 and 57.5, each baseline size/2 - 1 under it.
    expect(note.markup).toContain('<text x="50" y="46.5">Buy milk</text>');
    expect(note.markup).toContain('<text x="50" y="61.5">Call Bo</text>');
    const palette = draw(`${m}text.stickyNote2;fillColor=#ffffcc;strokeColor=#F62E00`, 200, 200, { fill: '#ffffcc' });
    expect(palette.paths.map((p) => p.attrs.fill)).toEqual(['#ffffcc', '#F62E00']);
    expect(palette.markup).not.toContain('<text');
  });
});

describe('mockup splitter and page control', () => {
  it('draws a splitter: its filled band, its two edges and three dots in strokeColor, at least 35 wide', () => {
    const split = draw(`${m}forms.splitter;strokeColor=#999999`, 350, 10, { fill: '#eeeeee' });
    expect(split.paths.map((p) => [p.attrs.d, p.attrs.fill, p.attrs.stroke])).toEqual([
      ['M0,0 L350,0 L350,10 L0,10 Z', '#eeeeee', 'none'],
      ['M0,0 L350,0 M350,10 L0,10', 'none', '#000000'],
    ]);
    expect(split.ellipses.map((e) => [Number(e.attrs.cx), e.attrs.fill])).toEqual([[160, '#999999'], [175, '#999999'], [190, '#999999']]);
    expect(draw(`${m}forms.splitter`, 10, 10).paths[0].attrs.d).toBe('M0,0 L35,0 L35,10 L0,10 Z');
  });

  it("draws a page control's four dots, the first in strokeColor", () => {
    const dots = draw(`${m}navigation.pageControl;fillColor=#999999;strokeColor=#ddeeff`, 200, 10).ellipses;
    expect(dots.map((e) => [Number(e.attrs.cx), Number(e.attrs.rx), e.attrs.fill])).toEqual([[5, 5, '#ddeeff'], [70, 5, '#999999'], [130, 5, '#999999'], [195, 5, '#999999']]);
  });
});

describe('mockup ruler with numbers (ruler2)', () => {
  const ruler2 = `${m}misc.ruler2;dx=100;fontColor=#999999;spacingLeft=96;align=left;spacing=0`;

  it('ticks every tenth of dx from the bottom, 10, 6 or 4 px long, and numbers every tenth tick past the first by the label', () => {
    const down = draw(`${ruler2};rulerOrient=down`, 350, 30, { label: '1' });
    const ticks = pointsOf(down.paths[0].attrs.d);
    // 34 ticks (10 to 340), two points each.
    expect(ticks).toHaveLength(68);
    expect(ticks.slice(0, 4)).toEqual([[10, 26], [10, 30], [20, 26], [20, 30]]);
    expect(ticks.slice(8, 10)).toEqual([[50, 24], [50, 30]]);
    expect(ticks.slice(18, 20)).toEqual([[100, 20], [100, 30]]);
    // The first tenth is the label's place; 200 and 300 are 2 and 3 units, centred 10 px down (the middle of the 20 px left; baseline 14.5).
    expect(textsOf(down.markup)).toEqual([['2', 200, '#999999', 11], ['3', 300, '#999999', 11]]);
    expect(down.markup).toMatch(/<text x="200" y="14.5">2<\/text>/);
  });

  it('faces up with rulerOrient=up (ticks from the top, numbers below them), and draws no ticks for any other side', () => {
    const up = draw(`${ruler2};rulerOrient=up`, 350, 30, { label: '1' });
    expect(pointsOf(up.paths[0].attrs.d).slice(18, 20)).toEqual([[100, 10], [100, 0]]);
    expect(up.markup).toMatch(/<text x="200" y="24.5">2<\/text>/);
    expect(draw(`${ruler2};rulerOrient=left`, 350, 30, { label: '1' }).paths).toHaveLength(0);
  });

  it("numbers by the label's hundredths (1.5 units: 3, 4.5 ...), nothing for a label that is no number, and steps by 1 px at least", () => {
    expect(textsOf(draw(`${ruler2};dx=50`, 350, 30, { label: '1.5' }).markup).map(([text, x]) => [text, x])).toEqual([['3', 100], ['4.5', 150], ['6', 200], ['7.5', 250], ['9', 300]]);
    expect(textsOf(draw(ruler2, 350, 30, { label: 'cm' }).markup)).toEqual([]);
    expect(textsOf(draw(ruler2, 350, 30).markup)).toEqual([]);
    expect(pointsOf(draw(`${ruler2};dx=0`, 5, 30).paths[0].attrs.d)).toHaveLength(8);
  });

  it('moves its label 4 px left of its first unit, within its length, as diagrams.net writes spacingLeft when painting it', () => {
    expect(codeShapeLabelStyle(styleEntries(`${ruler2};dx=150`), 350, 30).get('spacingLeft')).toBe('146');
    expect(codeShapeLabelStyle(styleEntries(`${ruler2};dx=150`), 120, 30).get('spacingLeft')).toBe('116');
    const other = styleEntries(`${m}misc.ruler;spacingLeft=96`);
    expect(codeShapeLabelStyle(other, 350, 30)).toBe(other);
  });
});
