/** Shape labels laid out from the cell's style as diagrams.net lays them out. */
import { describe, expect, it } from 'vitest';
import { styleEntries } from '../stencils';
import { DEFAULT_FONT_FAMILY, NO_INSETS, insideLabelCss, labelBold, labelLook, labelTextCss, outsideLabelCss, placedLabelCss } from './label-look';
import { stylePlacement } from './shape-geometry';

const lookOf = (style: string) => labelLook(styleEntries(style));

describe('shape label look', () => {
  it('sets an overflow=fill label from the top of the whole box, clipped, with no spacing', () => {
    const look = lookOf('html=1;overflow=fill;verticalAlign=middle;spacingLeft=10;spacingTop=4;');
    expect(look.spacing).toEqual({ top: 0, right: 0, bottom: 0, left: 0 });
    expect(insideLabelCss(look, 200, 100)).toMatchObject({ width: 200, height: 100, alignItems: 'flex-start', overflow: 'hidden' });
    // Without it, the same style keeps its spacing and middle.
    expect(insideLabelCss(lookOf('html=1;verticalAlign=middle;spacingLeft=10;'), 200, 100)).toMatchObject({ paddingLeft: 12.5, alignItems: 'center', overflow: 'visible' });
  });

  it('clips an overflow=hidden label to its box and sets a text taller than the box from its top', () => {
    expect(insideLabelCss(lookOf('html=1;overflow=hidden;whiteSpace=wrap;'), 200, 40)).toMatchObject({ height: 40, alignItems: 'safe center', overflow: 'hidden' });
    expect(insideLabelCss(lookOf('html=1;overflow=hidden;verticalAlign=bottom;'), 200, 40).alignItems).toBe('safe flex-end');
  });

  it('stands a label on its anchor past a box smaller than its spacing, as a lane header 1 px high sets its name above it', () => {
    // Bottom-aligned, 2 + 5 + diagrams.net's 1 above the bottom of a 1 px band: its text ends 7 px above the band.
    const header = insideLabelCss(lookOf('swimlane;html=0;startSize=1;verticalAlign=bottom;spacingBottom=5;'), 180, 1);
    expect(header).toMatchObject({ height: 0, paddingTop: 0, paddingBottom: 0, alignItems: 'unsafe flex-end', width: 180 });
    expect(header.top).toBe(-6);
    // Top-aligned in a box 3 px high: the text starts 7 px down, under the box.
    expect(insideLabelCss(lookOf('html=1;verticalAlign=top;'), 100, 3)).toMatchObject({ top: 7, height: 0, alignItems: 'unsafe flex-start' });
    // A box tall enough keeps its padding.
    expect(insideLabelCss(lookOf('html=1;verticalAlign=bottom;spacingBottom=5;'), 100, 40)).toMatchObject({ height: 40, alignItems: 'flex-end' });
    // Too narrow for its side spacing, an unwrapped label centres on its anchor across (half a pixel right, as diagrams.net centres one).
    expect(insideLabelCss(lookOf('html=1;spacingLeft=20;spacingRight=20;'), 30, 40)).toMatchObject({ width: 0, left: 15.5, justifyContent: 'unsafe center' });
  });

  it("sets the stylesheet's `label` text bold, left and clear of its image, unless the cell or an edit says otherwise", () => {
    expect(lookOf('label;glass=1;')).toMatchObject({ align: 'left', verticalAlign: 'middle', spacing: { left: 54 } });
    expect(labelBold(undefined, styleEntries('label;'))).toBe(true);
    expect(labelBold(undefined, styleEntries('label;fontStyle=0;'))).toBe(false);
    expect(labelBold(false, styleEntries('label;'))).toBe(false);
    expect(labelBold(undefined, styleEntries('rounded=1;'))).toBe(false);
    expect(labelBold(undefined, styleEntries('swimlane;'))).toBe(true);
  });

  it("sets the stylesheet's `image` label below its picture on a white ground, though the style's `image=` names the picture", () => {
    // diagrams.net's sidebars (IBM, clip art) write the named style and then the picture under the same name.
    const icon = lookOf('aspect=fixed;perimeter=ellipsePerimeter;html=1;image;image=img/lib/ibm/vpc/Router.svg;');
    expect(icon).toMatchObject({ verticalAlign: 'top', position: { x: 'center', y: 'bottom' }, background: 'white' });
    expect(stylePlacement(styleEntries('image;image=img/lib/ibm/vpc/Router.svg;'))).toBe('below');
    // The picture first and the named style after it: the same.
    expect(lookOf('image=img/lib/ibm/users/user.svg;image;fontColor=#000000;')).toMatchObject({ position: { y: 'bottom' }, verticalAlign: 'top' });
    // What the cell says itself wins over the stylesheet.
    const beside = lookOf('image;image=img/x.svg;labelPosition=right;verticalLabelPosition=middle;verticalAlign=middle;align=left;labelBackgroundColor=none;');
    expect(beside).toMatchObject({ verticalAlign: 'middle', position: { x: 'right', y: 'middle' }, background: undefined });
    expect(stylePlacement(styleEntries('image;image=img/x.svg;labelPosition=right;verticalLabelPosition=middle;'))).toBe('right');
    // shape=image alone is no named style: its label stays on the picture, as diagrams.net leaves it.
    expect(lookOf('shape=image;image=img/x.svg;')).toMatchObject({ verticalAlign: 'middle', position: { y: 'middle' }, background: undefined });
    expect(stylePlacement(styleEntries('shape=image;image=img/x.svg;'))).toBeUndefined();
  });

  it('wraps only with whiteSpace=wrap; otherwise lines stay whole and may spill out, their spaces collapsed as diagrams.net collapses them', () => {
    const wrapped = insideLabelCss(lookOf('rounded=0;whiteSpace=wrap;html=1;'), 120, 60);
    expect(wrapped).toMatchObject({ whiteSpace: 'normal', width: 120, height: 60, left: 0, top: 0, paddingTop: 2.5, overflow: 'visible' });
    const unwrapped = insideLabelCss(lookOf('text;html=1;align=center;'), 120, 60);
    expect(unwrapped.whiteSpace).toBe('nowrap');
    expect(insideLabelCss(lookOf('ellipse;html=0;'), 80, 80).whiteSpace).toBe('nowrap');
  });

  it("puts a label below its shape as diagrams.net does: anchored by align and spacing, wrapped at the shape's width only with whiteSpace=wrap", () => {
    // An AWS icon's name: centred 7 px (the spacing, 2, and diagrams.net's 5 above a top-aligned label) under the 78 px icon, wrapped at 78 - 2 - 2.
    const wrapped = outsideLabelCss(lookOf('shape=mxgraph.aws4.lambda;verticalLabelPosition=bottom;verticalAlign=top;whiteSpace=wrap;'), 78, 78);
    expect(wrapped).toMatchObject({ left: 2, top: 85, width: 74, whiteSpace: 'normal', justifyContent: 'unsafe center', alignItems: 'unsafe flex-start', transform: 'none' });
    // Unwrapped, it hangs from its anchor on one line: left-aligned, it starts at the spacing.
    const left = outsideLabelCss(lookOf('verticalLabelPosition=bottom;verticalAlign=top;align=left;'), 78, 78);
    expect(left).toMatchObject({ left: 2, top: 85, width: 1, whiteSpace: 'nowrap', justifyContent: 'unsafe flex-start', textAlign: 'left' });
    // Beside it: labelPosition=right, the text starting 2 px right of the shape, on its middle.
    expect(outsideLabelCss(lookOf('labelPosition=right;align=left;'), 100, 40)).toMatchObject({ left: 102, top: 20 });
  });

  it('turns a label beside its shape with the shape, about the shape\'s centre, as diagrams.net does', () => {
    // Turned a quarter clockwise, the shape's bottom faces left: its label goes there, turned too.
    const turned = outsideLabelCss(lookOf('verticalLabelPosition=bottom;verticalAlign=top;rotation=90;'), 100, 40);
    expect(turned.left).toBeCloseTo(22.5, 5);
    expect(turned.top).toBeCloseTo(20, 5);
    expect(turned).toMatchObject({ transform: 'rotate(90deg)', transformOrigin: '0.5px 0px' });
    // horizontal=0 with labelPosition=left: the text runs bottom to top, left of the shape, on its middle.
    const vertical = outsideLabelCss(lookOf('horizontal=0;labelPosition=left;'), 40, 100);
    expect(vertical.left).toBeCloseTo(-20.5, 5);
    expect(vertical.top).toBeCloseTo(49.5, 5);
    expect(vertical.transform).toBe('rotate(-90deg)');
  });

  // Measured in diagrams.net's viewer (its label's flex box: margin-left, padding-top, width).
  it("sets a label on diagrams.net's whole pixels: a 1 px box (wrapped, 2 px wider than the spacing leaves) at a rounded corner", () => {
    const textBox = (style: string, [x, y, w, h]: number[]) => {
      const css = insideLabelCss(lookOf(style), w, h, { x, y });
      const [left, top] = [x + Number(css.left) + Number(css.paddingLeft), y + Number(css.top) + Number(css.paddingTop)];
      return { left, top, right: x + Number(css.left) + w - Number(css.paddingRight), bottom: y + Number(css.top) + h - Number(css.paddingBottom) };
    };
    const middle = (box: ReturnType<typeof textBox>) => ({ x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 });
    // Unwrapped and centred: diagrams.net centres it on (50.5, 20.5) in a 100 x 40 box, on (51.5, 141.5) in 101 x 41 at (0.5, 120).
    expect(middle(textBox('html=1;', [0, 0, 100, 40]))).toEqual({ x: 50.5, y: 20.5 });
    expect(middle(textBox('html=1;', [0.5, 120, 101, 41]))).toEqual({ x: 51.5, y: 141.5 });
    // Wrapped: 98 px from x 1 (100 px box), 99 px from x 2 (101 px at 0.5); the middle half a pixel down.
    expect(textBox('html=1;whiteSpace=wrap;', [0, 60, 100, 40])).toMatchObject({ left: 1, right: 99 });
    expect(middle(textBox('html=1;whiteSpace=wrap;', [0, 60, 100, 40])).y).toBe(80.5);
    expect(textBox('html=1;whiteSpace=wrap;', [0.5, 300, 101, 41])).toMatchObject({ left: 2, right: 101 });
    // Right and bottom: the text ends at 99 and 218 (the spacing's 98 and 217, a pixel on); wrapped, its box spans 0..98.
    expect(textBox('html=1;align=right;verticalAlign=bottom;', [0, 180, 100, 40])).toMatchObject({ right: 99, bottom: 218 });
    expect(textBox('html=1;whiteSpace=wrap;align=right;verticalAlign=bottom;', [0, 240, 100, 40])).toMatchObject({ left: 0, right: 98, bottom: 278 });
    // Below the shape, unwrapped: a 1 px box at (50, 47), the text centred half a pixel past 50.
    expect(outsideLabelCss(lookOf('html=1;verticalLabelPosition=bottom;verticalAlign=top;'), 100, 40, { x: 0, y: 360 })).toMatchObject({ left: 50, top: 47, width: 1 });
    // Filling its box, a label keeps the exact layout; turned, it moves as much in its own frame (its padding).
    expect(insideLabelCss(lookOf('html=1;overflow=fill;'), 100, 40, { x: 0.5, y: 0.5 })).toMatchObject({ left: 0, top: 0, paddingLeft: 0, paddingTop: 0 });
    expect(insideLabelCss(lookOf('html=1;rotation=-90;'), 100, 40)).toMatchObject({ left: 0, top: 0, paddingLeft: 2.5, paddingRight: 1.5, paddingTop: 2.5, paddingBottom: 1.5 });
  });

  // Chromium sets a box on its frame's whole pixels before moving the frame by the shape's fraction.
  it('lays a label out from the whole pixel by a shape at a half pixel, the half carried by a translation, so its text snaps once', () => {
    const at = { x: 200.5, y: 40.5 };
    const textCorner = (css: ReturnType<typeof placedLabelCss>) => ({ x: Number(css.left) + Number(css.paddingLeft ?? 0), y: Number(css.top) + Number(css.paddingTop ?? 0) });
    const exact = insideLabelCss(lookOf('text;html=1;align=center;verticalAlign=middle;'), 100, 40, at);
    const placed = placedLabelCss('inside', lookOf('text;html=1;align=center;verticalAlign=middle;'), 100, 40, NO_INSETS, undefined, at);
    // Laid out in a frame on the whole pixel (201, 41), moved there from the shape's corner: the text where diagrams.net sets it.
    expect(placed.transform).toBe('translate(0.5px, 0.5px)');
    const frame = { x: at.x + 0.5, y: at.y + 0.5 };
    const [laidOut, wanted] = [textCorner(placed), textCorner(exact)];
    expect({ x: frame.x + laidOut.x, y: frame.y + laidOut.y }).toEqual({ x: at.x + wanted.x, y: at.y + wanted.y });
    // One beside its shape moves the same; a turned one (laid out in its own frame) and one in a shape on whole pixels do not.
    expect(placedLabelCss('inside', lookOf('rotation=30;'), 80, 80, NO_INSETS, undefined, { x: 0, y: 10.5 }).transform).toBe('rotate(30deg)');
    const below = lookOf('verticalLabelPosition=bottom;verticalAlign=top;');
    const belowLeft = Number(outsideLabelCss(below, 100, 40, { x: 10.5, y: 0 }).left);
    expect(placedLabelCss('below', below, 100, 40, NO_INSETS, undefined, { x: 10.5, y: 0 })).toMatchObject({ left: belowLeft - 0.5, transform: 'translate(0.5px, 0px)' });
    expect(placedLabelCss('inside', lookOf('html=1;'), 100, 40, NO_INSETS, undefined, { x: 10, y: 20 }).transform).toBeUndefined();
  });

  // React re-sets only the keys that change: a shorthand beside its own longhands in one style
  // object can be undone by a later render of the same node (a label beside a shape sat 3 px low
  // after another file's shape of the same id had been drawn there).
  it('never mixes a shorthand with its longhands in a placed label (padding, inset)', () => {
    const looks = [undefined, lookOf('html=1;'), lookOf('verticalLabelPosition=bottom;verticalAlign=top;'), lookOf('labelPosition=left;align=right;'), lookOf('rotation=30;')];
    for (const placement of ['inside', 'below', 'above', 'left', 'right'] as const) {
      for (const look of looks) {
        for (const at of [{ x: 0, y: 0 }, { x: 10.5, y: 20.5 }]) {
          const keys = Object.keys(placedLabelCss(placement, look, 100, 40, NO_INSETS, undefined, at));
          const mixed = (shorthand: string, longhands: string[]) => keys.includes(shorthand) && longhands.some((key) => keys.includes(key));
          expect(mixed('padding', ['paddingTop', 'paddingRight', 'paddingBottom', 'paddingLeft']), `${placement} ${keys.join(',')}`).toBe(false);
          expect(mixed('inset', ['top', 'right', 'bottom', 'left']), `${placement} ${keys.join(',')}`).toBe(false);
        }
      }
    }
    // A label below its shape: no gap of the studio's own left under diagrams.net's layout.
    expect(placedLabelCss('below', lookOf('verticalLabelPosition=bottom;verticalAlign=top;'), 100, 40, NO_INSETS)).toMatchObject({ paddingTop: 0 });
  });

  it("takes align and verticalAlign from diagrams.net's named styles where the style says none: text at the top left, group at the top", () => {
    expect(lookOf('text')).toMatchObject({ align: 'left', verticalAlign: 'top' });
    expect(lookOf('text;html=1;align=center;')).toMatchObject({ align: 'center', verticalAlign: 'top' });
    expect(lookOf('text;html=1;align=right;verticalAlign=middle;')).toMatchObject({ align: 'right', verticalAlign: 'middle' });
    expect(lookOf('group;')).toMatchObject({ align: 'center', verticalAlign: 'top' });
    expect(lookOf('rounded=0;html=1;')).toMatchObject({ align: 'center', verticalAlign: 'middle' });
  });

  it('places the text by align and verticalAlign inside the spacing', () => {
    const look = lookOf('text;align=left;verticalAlign=top;spacing=4;spacingLeft=10;');
    // Top-aligned: diagrams.net's 5 px more above (its baseSpacingTop), none with blockSpacing=1; bottom-aligned: 1 px more below.
    expect(look.spacing).toEqual({ top: 9, right: 4, bottom: 4, left: 14 });
    expect(lookOf('verticalAlign=top;spacing=4;blockSpacing=1;').spacing.top).toBe(4);
    expect(lookOf('verticalAlign=bottom;spacing=4;').spacing).toMatchObject({ top: 4, bottom: 5 });
    expect(insideLabelCss(look, 100, 40)).toMatchObject({ justifyContent: 'flex-start', alignItems: 'flex-start', textAlign: 'left', paddingLeft: 14 });
    const defaults = lookOf('shape=mxgraph.aws4.lambda;');
    expect(defaults).toMatchObject({ align: 'center', verticalAlign: 'middle', spacing: { top: 2, right: 2, bottom: 2, left: 2 }, fontFamily: DEFAULT_FONT_FAMILY });
    expect(lookOf('verticalAlign=bottom;align=right;fontFamily=Courier New;')).toMatchObject({ align: 'right', verticalAlign: 'bottom', fontFamily: '"Courier New"' });
    // A font is named alone, as diagrams.net names it, so a machine that lacks it draws what it draws
    // for diagrams.net: a look-alike it aliases (Liberation Serif for Times New Roman), else the
    // browser's default font, not a serif for Georgia (t-chart's titles, 97.8 -> 100 %).
    expect(lookOf('fontFamily=Verdana;').fontFamily).toBe('"Verdana"');
    expect(lookOf('fontFamily=Georgia;').fontFamily).toBe('"Georgia"');
    expect(lookOf('fontFamily="Open Sans";').fontFamily).toBe('"Open Sans"');
    expect(lookOf('fontFamily=Helvetica;').fontFamily).toBe(DEFAULT_FONT_FAMILY);
  });

  it('turns vertical text a quarter left in a box of the shape turned, and with the shape', () => {
    const vertical = insideLabelCss(lookOf('swimlane;horizontal=0;'), 40, 200);
    expect(vertical).toMatchObject({ width: 200, height: 40, left: -80, top: 80, transform: 'rotate(-90deg)' });
    expect(insideLabelCss(lookOf('rotation=30;'), 80, 80).transform).toBe('rotate(30deg)');
    expect(insideLabelCss(lookOf('whiteSpace=wrap;'), 80, 80).transform).toBeUndefined();
  });

  it('draws a label background and border only when the style gives them', () => {
    expect(labelTextCss(lookOf('edgeLabel;labelBackgroundColor=#ffffff;'))).toEqual({ background: '#ffffff', border: undefined });
    expect(labelTextCss(lookOf('text;labelBorderColor=#ff0000;labelBackgroundColor=none;'))).toEqual({ background: undefined, border: '1px solid #ff0000' });
    expect(labelTextCss(lookOf('text;html=1;'))).toBeUndefined();
  });
});
