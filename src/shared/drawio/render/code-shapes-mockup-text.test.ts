/** The Mockups palette's callout, captcha, status bar, text box, alphanumeric index, link bar and calendar, as diagrams.net draws them. */
import { describe, expect, it } from 'vitest';
import { boxOf, draw, pointsOf } from './code-shapes-test-kit';

/** Each text the figure sets: its words, colour and x, y. */
function textsOf(markup: string): Array<[string, string, number, number]> {
  return [...markup.matchAll(/<g fill="([^"]+)"[^>]*><text x="([\d.]+)" y="([\d.]+)">([^<]*)<\/text><\/g>/g)].map(([, fill, x, y, text]) => [text, fill, Number(x), Number(y)]);
}

describe('mockup callout', () => {
  // "Tip" at 10 px: 14 px wide (rounded), 16.8 with its room; the callout 15 px high.
  const callout = (turn: string) => draw(`shape=mxgraph.mockup.text.callout;linkText=Tip;textSize=10;textColor=#333333;${turn}`, 100, 60);

  it('underlines its text in the corner it names and points from there to the opposite corner', () => {
    expect(pointsOf(callout('callDir=NW;callStyle=line').paths[0].attrs.d)).toEqual([[0, 15], [16.8, 15], [100, 60]]);
    expect(pointsOf(callout('callDir=NE;callStyle=line').paths[0].attrs.d)).toEqual([[100, 15], [83.2, 15], [0, 60]]);
    // South: the line still under the text, at the bottom.
    expect(pointsOf(callout('callDir=SE;callStyle=line').paths[0].attrs.d)).toEqual([[100, 60], [83.2, 60], [0, 0]]);
    expect(pointsOf(callout('callDir=SW;callStyle=line').paths[0].attrs.d)).toEqual([[0, 60], [16.8, 60], [100, 0]]);
    expect(textsOf(callout('callDir=SW').markup)).toEqual([['Tip', '#333333', 8.4, 56.5]]);
  });

  it('boxes its text with callStyle=rect or roundRect, the pointer leaving the box\'s middle', () => {
    const box = callout('callDir=SE;callStyle=rect');
    expect(boxOf(box.rects[0])).toEqual([83.2, 45, 16.8, 15]);
    expect(pointsOf(box.paths[0].attrs.d)).toEqual([[91.6, 45], [0, 0]]);
    const round = callout('callDir=NW;callStyle=roundRect');
    expect(round.rects[0].attrs).toMatchObject({ x: '0', y: '0', rx: '3.75' });
    expect(pointsOf(round.paths[0].attrs.d)).toEqual([[8.4, 15], [100, 60]]);
    // No text: a 70 px box.
    expect(boxOf(draw('shape=mxgraph.mockup.text.callout;linkText=;callStyle=rect;textSize=10', 100, 60).rects[0])).toEqual([0, 0, 70, 15]);
  });
});

describe('mockup captcha, status bar, text box and alphanumeric index', () => {
  it('draws a captcha: its box, two pale blue smudges, its text in the middle and its outline over them', () => {
    const captcha = draw('shape=mxgraph.mockup.text.captcha;mainText=xK7;textColor=#666666', 100, 50);
    expect(captcha.rects.map((rect) => rect.attrs.fill)).toEqual(['#ffffff', 'none']);
    expect(captcha.paths.map((path) => path.attrs.fill)).toEqual(['#88aaff', '#88aaff']);
    expect(pointsOf(captcha.paths[0].attrs.d)).toEqual([[0, 0], [35, 0], [55, 42.5], [40, 37.5]]);
    expect(textsOf(captcha.markup)).toEqual([['xK7', '#666666', 50, 36.5]]);
  });

  it('draws a status bar: a 30 px band, three boxes in fillColor2 sharing the width left of 75 px, their texts, a ring and a line in strokeColor2', () => {
    const bar = draw('shape=mxgraph.mockup.misc.statusBar;mainText=Ready,Ln 3,99%;fillColor2=#ddeeff;strokeColor2=#008cff;textColor=#999999;textSize=10', 175, 40);
    expect(boxOf(bar.rects[0])).toEqual([0, 5, 175, 30]);
    expect(bar.rects.slice(1).map(boxOf)).toEqual([[5, 10, 46, 20], [56, 10, 23, 20], [84, 10, 27.6, 20]]);
    expect(bar.rects[1].attrs).toMatchObject({ fill: '#ddeeff', stroke: 'none' });
    expect(textsOf(bar.markup).map(([text, , x]) => [text, x])).toEqual([['Ready', 10], ['Ln 3', 67.5], ['99%', 97.8]]);
    expect(bar.ellipses[0].attrs).toMatchObject({ cx: '160', cy: '20', stroke: '#008cff', fill: 'none' });
    expect(pointsOf(bar.paths[0].attrs.d)).toEqual([[120, 30], [140, 30]]);
    // At least 105 wide.
    expect(boxOf(draw('shape=mxgraph.mockup.misc.statusBar', 50, 40).rects[0])[2]).toBe(105);
  });

  it('sets a text box\'s lines 5 px in, 1.5 x textSize apart, and underlines an alphanumeric index in its colour', () => {
    const box = draw('shape=mxgraph.mockup.text.textBox;mainText=One,Two;textSize=10;textColor=#666666', 100, 50);
    expect(boxOf(box.rects[0])).toEqual([0, 0, 100, 50]);
    expect(textsOf(box.markup)).toEqual([['One', '#666666', 5, 11.5], ['Two', '#666666', 5, 26.5]]);
    const index = draw('shape=mxgraph.mockup.text.alphanumeric;textColor=#0000ff;textSize=10', 300, 30);
    expect(textsOf(index.markup).map(([text, fill]) => [text, fill])).toEqual([['0-9 A B C D E F G H I J K L M N O P Q R S T U V X Y Z', '#0000ff']]);
    expect(index.paths[0].attrs.stroke).toBe('#0000ff');
  });
});

describe('mockup link bar', () => {
  it('spreads its links as a menu bar does, empty ones 42 px, each underlined in its own colour', () => {
    const bar = draw('shape=mxgraph.mockup.text.linkBar;mainText=,+Go,;textSize=10;textColor=#0000ff;textColor2=#ffffff;fillColor2=#008cff', 10, 10);
    // 52 + 23 (Go, 13 px) + 52: the chosen link filled from 52 to 75.
    expect(bar.rects.map(boxOf)).toEqual([[0, 0, 127, 20], [52, 0, 23, 20], [0, 0, 127, 20]]);
    // Only the named link is underlined, in the chosen colour, (h + size) / 2 down.
    const underlines = bar.paths.filter((path) => path.attrs.stroke === '#ffffff');
    expect(underlines.map((path) => pointsOf(path.attrs.d))).toEqual([[[57, 15], [70, 15]]]);
  });
});

describe('mockup calendar', () => {
  const cal = 'shape=mxgraph.mockup.forms.calendar;strokeColor=#999999;fillColor=#ffffff;fillColor2=#ddeeff;strokeColor2=#008cff;textColor=#999999;textColor2=#ffffff;textSize=10;';

  it('lays six weeks of days from the month\'s first weekday, the days around the month in fillColor2, the chosen day in strokeColor2 ringed in red', () => {
    // Cells of 40 x 40 (w 320 x 0.875 / 7; h 350 x 0.1143), from x 20 and y 94.01.
    const month = draw(`${cal}mainText=May;firstDay=3;startOn=0;days=31;prevDays=30;selDay=15`, 320, 350);
    const days = month.rects.map((rect) => [rect.attrs.fill, ...boxOf(rect).map((n) => Math.round(n * 100) / 100)]);
    expect(days).toHaveLength(42);
    // Three days of the previous month (28, 29, 30), Monday to Wednesday.
    expect(days.slice(0, 3).map(([fill, x]) => [fill, x])).toEqual([['#ddeeff', 20], ['#ddeeff', 60], ['#ddeeff', 100]]);
    expect(textsOf(month.markup).map(([text]) => text).slice(0, 11)).toEqual(['May', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su', '28', '29', '30']);
    // The 1st on Thursday; 31 days end on the fifth row's Saturday, then eight days of the next month (the chosen day drawn last).
    expect(days[3].slice(0, 3)).toEqual(['#ffffff', 140, 94.01]);
    expect(days.slice(3, 33).every(([fill]) => fill === '#ffffff')).toBe(true);
    expect(days.slice(33, 41).every(([fill]) => fill === '#ddeeff')).toBe(true);
    // The 15th (Thursday of the third week) drawn last: filled in strokeColor2, outlined 2 px in red.
    const chosen = month.rects.at(-1)!;
    expect(chosen.attrs).toMatchObject({ fill: '#008cff', stroke: '#ff0000', 'stroke-width': '2' });
    expect(boxOf(chosen).map((n) => Math.round(n * 100) / 100)).toEqual([140, 174.02, 40, 40.01]);
    expect(textsOf(month.markup).at(-1)).toEqual(['15', '#ffffff', 160, 198.02]);
  });

  it('draws the buttons\' chevrons 2 px in strokeColor2 and starts the week on Sunday by default', () => {
    const month = draw(cal, 200, 200);
    expect(month.paths.find((path) => path.attrs.stroke === '#008cff')?.attrs['stroke-width']).toBe('2');
    // Sunday first; the month from Monday, so one day of the previous month (31).
    const texts = textsOf(month.markup).map(([text]) => text);
    expect(texts.slice(0, 8)).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', '31']);
  });
});

describe('mockup sign-in and e-mail forms', () => {
  it('lays a sign-in form\'s fields, rules, underlined link and buttons out in fractions of its box', () => {
    const form = draw('shape=mxgraph.mockup.forms.signIn;strokeColor2=#ddeeff;fillColor2=#66bbff;textColor=#666666;textColor2=#ffffff;textSize=10;textSize2=15', 200, 100);
    expect(form.rects.map(boxOf)).toEqual([[0, 0, 200, 100], [18, 52, 72, 9], [18, 84, 72, 9], [10, 22, 150, 8], [10, 40, 150, 8]]);
    expect(form.rects[1].attrs.fill).toBe('#66bbff');
    expect(form.paths[0].attrs).toMatchObject({ stroke: '#ddeeff', 'stroke-width': '2', d: 'M10,12 L190,12 M10,72 L190,72' });
    // The title set bottom-aligned at 10 % down: its baseline 2 px above.
    expect(textsOf(form.markup)[0]).toEqual(['Sign In', '#666666', 10, 8]);
    // "Forgot Password?" (81 px at 10) underlined in #9999ff.
    expect(form.paths[1].attrs).toMatchObject({ stroke: '#9999ff', d: 'M10,70 L91,70' });
    expect(form.markup).toMatch(/font-weight="bold" text-anchor="middle"><text x="54" y="[\d.]+">SIGN IN<\/text>/);
  });

  it('stacks an e-mail form\'s rows (CC and BCC unless turned off) above its message box', () => {
    const form = draw('shape=mxgraph.mockup.forms.emailForm;textSize=10;textColor=#666666;mainText=a,b,c,d,e,hello', 200, 100);
    // Five rows 30 px apart from 40 px in, the message from 150 down (the box at least 165 high).
    expect(form.rects.map(boxOf)).toEqual([[40, 0, 160, 15], [40, 30, 160, 15], [40, 60, 160, 15], [40, 90, 160, 15], [40, 120, 160, 15], [0, 150, 200, 15]]);
    expect(textsOf(form.markup).filter((_, i) => i % 2 === 0).map(([text, , x]) => [text, x])).toEqual([['From', 35], ['Subject', 35], ['To', 35], ['CC', 35], ['BCC', 35], ['hello', 5]]);
    const short = draw('shape=mxgraph.mockup.forms.emailForm;textSize=10;showCC=false;showBCC=false', 200, 100);
    expect(short.rects.map(boxOf).at(-1)).toEqual([0, 90, 200, 15]);
  });
});

describe('mockup revision table and ruler', () => {
  it('splits a revision table into a title row and two rows of three cells, each part centred in its cell', () => {
    const table = draw('shape=mxgraph.mockup.misc.revisionTable;mainText=T,a,b,c,d,e,f;textColor=#999999;textSize=10', 800, 100);
    expect(pointsOf(table.paths[0].attrs.d)).toEqual([[0, 33], [800, 33], [0, 67], [800, 67], [100, 33], [100, 100], [400, 33], [400, 100]]);
    expect(textsOf(table.markup).map(([text, , x]) => [text, x])).toEqual([['T', 400], ['a', 50], ['b', 250], ['c', 600], ['d', 50], ['e', 250], ['f', 600]]);
  });

  it('ticks a ruler every unitSize, every tenth half its height and every fifth three tenths, from the side it faces', () => {
    const down = draw('shape=mxgraph.mockup.misc.ruler;unitSize=10;rulerOrient=down', 105, 20);
    const ticks = pointsOf(down.paths[0].attrs.d);
    expect(ticks).toHaveLength(20);
    expect(ticks.slice(8, 10)).toEqual([[50, 14], [50, 20]]);
    expect(ticks.slice(18, 20)).toEqual([[100, 10], [100, 20]]);
    expect(ticks.slice(0, 2)).toEqual([[10, 16], [10, 20]]);
    const up = draw('shape=mxgraph.mockup.misc.ruler;unitSize=10;rulerOrient=up', 101, 20);
    expect(pointsOf(up.paths[0].attrs.d).slice(18, 20)).toEqual([[100, 10], [100, 0]]);
  });
});
