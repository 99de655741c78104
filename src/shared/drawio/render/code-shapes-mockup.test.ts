/** Mockup shapes as diagrams.net's mxMockup*.js files draw them, with their own text, in made-up boxes. */
import { describe, expect, it } from 'vitest';
import { boxOf, draw, elementsOf, pointsOf } from './code-shapes-test-kit';

/** The text elements of a figure with their position and words. */
function texts(markup: string): Array<{ x: number; y: number; text: string }> {
  return [...markup.matchAll(/<text x="([\d.-]+)" y="([\d.-]+)">([^<]*)<\/text>/g)].map(([, x, y, text]) => ({ x: Number(x), y: Number(y), text }));
}

describe('mockup code shapes', () => {
  it('draws every rounded box of the palettes with rSize corners (a whole number), and an anchor as nothing', () => {
    for (const name of ['rrect', 'containers.rrect', 'forms.rrect', 'graphics.rrect', 'misc.rrect', 'text.rrect']) {
      expect(draw(`shape=mxgraph.mockup.${name};rSize=7.8`, 100, 40).rects[0].attrs, name).toMatchObject({ rx: '7', width: '100' });
    }
    expect(draw('shape=mxgraph.mockup.rrect', 100, 40).rects[0].attrs.rx).toBe('10');
    const anchor = draw('shape=mxgraph.mockup.anchor;fontSize=17', 100, 40);
    expect(anchor.elements.filter((e) => e.tag !== 'g')).toHaveLength(0);
  });

  it('rounds a button of a bar on its own side only', () => {
    expect(draw('shape=mxgraph.mockup.leftButton;rSize=10', 125, 50).paths[0].attrs.d).toBe('M0,10 A10,10 0 0 1 10,0 L125,0 L125,50 L10,50 A10,10 0 0 1 0,40 Z');
    expect(draw('shape=mxgraph.mockup.rightButton;rSize=5', 125, 50).paths[0].attrs.d).toBe('M0,0 L120,0 A5,5 0 0 1 125,5 L125,45 A5,5 0 0 1 120,50 L0,50 Z');
    expect(pointsOf(draw('shape=mxgraph.mockup.topButton;rSize=0', 80, 30).paths[0].attrs.d)).toEqual([[0, 0], [80, 0], [80, 30], [0, 30]]);
    expect(draw('shape=mxgraph.mockup.containers.topButton', 80, 30).paths[0].attrs.d.startsWith('M0,10 A10,10')).toBe(true);
    expect(draw('shape=mxgraph.mockup.bottomButton', 80, 30).paths[0].attrs.d).toContain('L80,20 A10,10 0 0 1 70,30');
  });

  it("writes a button's mainText bold in its middle (its default when unset, nothing when empty), and draws a chevron", () => {
    const named = draw('shape=mxgraph.mockup.buttons.button;mainText=Buy;textColor=#ffffff;textSize=20', 150, 50);
    // Centred on y 25: the baseline at 25 - 20/2 + 20 - 1.
    expect(texts(named.markup)).toEqual([{ x: 75, y: 34, text: 'Buy' }]);
    expect(named.markup).toMatch(/<g fill="#ffffff" font-family="[^"]*Helvetica[^"]*" font-size="20px" font-weight="bold" text-anchor="middle">/);
    expect(texts(draw('shape=mxgraph.mockup.buttons.button', 150, 50).markup)[0].text).toBe('Main Text');
    expect(texts(draw('shape=mxgraph.mockup.buttons.button;mainText=;', 150, 50).markup)).toEqual([]);
    expect(draw('shape=mxgraph.mockup.buttons.button;buttonStyle=chevron;mainText=', 100, 40).paths[0].attrs.d.startsWith('M0,4 A3.72,4.44 0 0 1 3.34,0')).toBe(true);
    // Text that is markup is written as text.
    expect(draw('shape=mxgraph.mockup.buttons.button;mainText=a<b>', 150, 50).markup).toContain('>a&lt;b&gt;</text>');
  });

  it('writes a two-line button\'s texts at 40 % and 70 % of its height, and an on/off switch by its state', () => {
    const multi = draw('shape=mxgraph.mockup.buttons.multiButton;mainText=Main;subText=Sub;textSize=14', 150, 50);
    expect(texts(multi.markup)).toEqual([{ x: 75, y: 26, text: 'Main' }, { x: 75, y: 39, text: 'Sub' }]);
    expect(multi.markup).toContain('font-size="10px"');
    const on = draw('shape=mxgraph.mockup.buttons.onOffButton;fillColor2=#00aa00', 100, 30);
    expect(on.rects.map(boxOf)).toEqual([[0, 0, 100, 30], [0, 0, 75, 30]]);
    expect(on.rects[1].attrs.fill).toBe('#00aa00');
    expect(texts(on.markup)).toEqual([{ x: 37.5, y: 22.5, text: 'ON' }]);
    expect(on.markup).toContain('<g fill="#ffffff"');
    const off = draw('shape=mxgraph.mockup.buttons.onOffButton;buttonState=off;mainText=Yes,No', 100, 30);
    expect(off.rects.map(boxOf)[1]).toEqual([25, 0, 75, 30]);
    expect(texts(off.markup)).toEqual([{ x: 62.5, y: 22.5, text: 'No' }]);
    expect(off.markup).toContain('<g fill="#999999"');
  });

  it('draws a browser window at least 260 x 110 with its buttons, tab, address bar, icons and the texts of mainText', () => {
    const window = draw('shape=mxgraph.mockup.containers.browserWindow;mainText=https://example.org,Home;strokeColor2=#ff0000;strokeColor3=#cccccc', 200, 80, { stroke: '#666666' });
    expect(pointsOf(window.paths[0].attrs.d)).toEqual([[0, 0], [260, 0], [260, 110], [0, 110]]);
    expect(window.ellipses.map((e) => [e.attrs.cx, e.attrs.stroke])).toEqual([['195', '#666666'], ['220', '#666666'], ['245', '#ff0000']]);
    expect(texts(window.markup)).toEqual([{ x: 65, y: 32.5, text: 'Home' }, { x: 130, y: 80.5, text: 'https://example.org' }]);
    // The tab and the address bar, two page icons (outline and fold each) and three arrows, in strokeColor3.
    expect(window.paths.slice(1).every((p) => p.attrs.stroke === '#cccccc')).toBe(true);
    expect(window.paths).toHaveLength(1 + 2 + 4 + 3);
    expect(window.paths.filter((p) => p.attrs.fill === '#cccccc')).toHaveLength(3);
  });

  it('draws a window with its title bar and title, and form fields with their text', () => {
    const window = draw('shape=mxgraph.mockup.containers.window;strokeColor3=#c4c4c4', 300, 200);
    expect(window.rects.map(boxOf)).toEqual([[0, 0, 300, 200]]);
    expect(pointsOf(window.paths[0].attrs.d)).toEqual([[0, 30], [300, 30]]);
    expect(texts(window.markup)).toEqual([{ x: 10, y: 22.5, text: 'Window Title' }]);
    const search = draw('shape=mxgraph.mockup.forms.searchBox;strokeColor2=#008cff', 150, 30);
    expect(texts(search.markup)).toEqual([{ x: 5, y: 22.5, text: 'Search' }]);
    expect(search.ellipses[0].attrs).toMatchObject({ cx: '140', cy: '12', stroke: '#008cff' });
    expect(texts(draw('shape=mxgraph.mockup.forms.pwField', 150, 30).markup)[0].text).toBe('******');
    const checkbox = draw('shape=mxgraph.mockup.forms.checkbox', 20, 20);
    expect(pointsOf(checkbox.paths[0].attrs.d)).toEqual([[16, 4], [8, 16], [5, 12]]);
    const tab = draw('shape=mxgraph.mockup.forms.uRect', 100, 40);
    expect(tab.paths[0].attrs.d).toBe('M0,40 L0,0 L100,0 L100,40');
  });

  it('draws a combo box white with its button shaded from fillColor to fillColor2 and a white arrow', () => {
    const combo = draw('shape=mxgraph.mockup.forms.comboBox;fillColor2=#aaddff;mainText=Option', 150, 30, { fill: '#008cff' });
    expect(combo.rects[0].attrs).toMatchObject({ fill: '#ffffff', rx: '5' });
    expect(combo.markup).toContain('stop-color="#008cff"');
    expect(combo.markup).toContain('stop-color="#aaddff"');
    expect(combo.paths[0].attrs.fill).toBe('url(#g1-own)');
    expect(combo.paths[1].attrs).toMatchObject({ fill: '#ffffff', stroke: 'none' });
    expect(texts(combo.markup)[0].text).toBe('Option');
    expect(elementsOf(combo.markup).filter((e) => e.tag === 'text')).toHaveLength(1);
  });
});
