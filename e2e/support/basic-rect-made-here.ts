/**
 * Made here for the viewer comparison: diagrams.net's configurable rectangle
 * (`shape=mxgraph.basic.rect`) in what its Format panel offers: each corner style for the whole
 * box and mixed per corner, corner sizes in px and in %, each side off and several together, the
 * three outlines (single, double, frame) with sides off, the inside fill and its gradient, in
 * colours, dashed, wider, turned and flipped, and BPMN 2's choreography bands that use it.
 */
import { type Cell, fileOf } from './er-infographic-made-here';

export const BASIC_RECT_MADE_HERE = 'basic-rect-shapes.drawio';

const CORNERS: readonly Cell[] = [
  ['square', '', 20, 20, 100, 60],
  ['rounded', 'rectStyle=rounded;', 140, 20, 100, 60],
  ['snip', 'rectStyle=snip;', 260, 20, 100, 60],
  ['inv-round', 'rectStyle=invRound;', 380, 20, 100, 60],
  ['fold', 'rectStyle=fold;', 500, 20, 100, 60],
  ['mixed', 'rectStyle=rounded;topRightStyle=invRound;bottomRightStyle=fold;bottomLeftStyle=snip;size=15;', 20, 100, 120, 80],
  ['mixed-square', 'rectStyle=snip;topLeftStyle=square;bottomRightStyle=square;size=20;fillColor=#dae8fc;strokeColor=#6c8ebf;', 160, 100, 120, 80],
  ['relative', 'rectStyle=rounded;absoluteCornerSize=0;size=30;fillColor=#d5e8d4;strokeColor=#82b366;', 300, 100, 120, 80],
  ['relative-snip', 'rectStyle=snip;absoluteCornerSize=0;size=15;indent=10;rectOutline=double;', 440, 100, 120, 80],
  ['big-size', 'rectStyle=invRound;size=60;fillColor=#fff2cc;strokeColor=#d6b656;', 580, 100, 100, 80],
  ['fold-big', 'rectStyle=fold;size=25;fillColor=#ffe6cc;strokeColor=#d79b00;', 20, 200, 120, 80],
  ['dashed', 'rectStyle=rounded;dashed=1;strokeWidth=2;', 160, 200, 120, 80],
  ['wide', 'rectStyle=snip;strokeWidth=4;strokeColor=#b85450;fillColor=#f8cecc;', 300, 200, 120, 80],
  ['south', 'rectStyle=rounded;topLeftStyle=fold;direction=south;size=15;', 440, 200, 120, 80],
  ['flipped', 'rectStyle=snip;topLeftStyle=invRound;flipH=1;flipV=1;size=15;', 580, 200, 120, 80],
  ['no-fill', 'rectStyle=fold;fillColor=none;size=20;', 20, 300, 120, 80],
  ['gradient', 'rectStyle=rounded;fillColor=#dae8fc;gradientColor=#7ea6e0;', 160, 300, 120, 80],
  ['bpmn-top', 'size=10;rectStyle=rounded;bottomRightStyle=square;bottomLeftStyle=square;', 300, 300, 120, 30],
  ['bpmn-bottom', 'size=10;rectStyle=rounded;topRightStyle=square;topLeftStyle=square;fillColor=#C0C0C0;', 300, 350, 120, 30],
];

const SIDES_AND_OUTLINES: readonly Cell[] = [
  ['no-top', 'rectStyle=rounded;top=0;', 20, 20, 100, 60],
  ['no-right', 'rectStyle=snip;right=0;', 140, 20, 100, 60],
  ['no-bottom', 'rectStyle=invRound;bottom=0;', 260, 20, 100, 60],
  ['no-left', 'rectStyle=fold;left=0;', 380, 20, 100, 60],
  ['top-bottom', 'rectStyle=rounded;left=0;right=0;', 500, 20, 100, 60],
  ['left-right', 'rectStyle=rounded;top=0;bottom=0;', 620, 20, 100, 60],
  ['top-only', 'right=0;bottom=0;left=0;rectOutline=double;indent=6;', 20, 100, 100, 60],
  ['bottom-left', 'rectStyle=rounded;top=0;right=0;rectOutline=double;indent=6;', 140, 100, 100, 60],
  ['top-left', 'rectStyle=snip;right=0;bottom=0;rectOutline=double;indent=6;', 260, 100, 100, 60],
  ['right-bottom', 'rectStyle=invRound;top=0;left=0;rectOutline=frame;indent=8;fillColor=#dae8fc;', 380, 100, 100, 60],
  ['top-right-left', 'rectStyle=fold;bottom=0;rectOutline=frame;indent=8;fillColor=#d5e8d4;', 500, 100, 100, 60],
  ['left-right-frame', 'top=0;bottom=0;rectOutline=frame;indent=10;fillColor=#fff2cc;', 620, 100, 100, 60],
  ['none', 'top=0;right=0;bottom=0;left=0;', 20, 180, 100, 60],
  ['double', 'rectStyle=rounded;rectOutline=double;indent=6;size=15;', 140, 180, 120, 80],
  ['double-fold', 'rectStyle=fold;rectOutline=double;indent=5;size=15;strokeColor=#9673a6;', 280, 180, 120, 80],
  ['frame', 'rectStyle=snip;rectOutline=frame;indent=10;size=15;fillColor=#f8cecc;strokeColor=#b85450;', 420, 180, 120, 80],
  ['frame-round', 'rectStyle=rounded;rectOutline=frame;indent=8;size=20;fillColor=#e1d5e7;', 560, 180, 120, 80],
  ['inside', 'rectStyle=rounded;indent=10;fillColor2=#ffcccc;', 20, 280, 120, 80],
  ['inside-gradient', 'rectStyle=invRound;indent=8;fillColor2=#dae8fc;gradientColor2=#6c8ebf;gradientDirection2=east;', 160, 280, 120, 80],
  ['inside-fade', 'indent=6;gradientColor2=#82b366;gradientDirection2=north;', 300, 280, 120, 80],
  ['inside-no-top', 'rectStyle=snip;top=0;indent=10;fillColor2=#d5e8d4;gradientColor2=#ffffff;', 440, 280, 120, 80],
  ['inside-relative', 'rectStyle=fold;absoluteCornerSize=0;size=20;indent=10;fillColor2=#fff2cc;gradientColor2=#d6b656;gradientDirection2=west;', 580, 280, 120, 80],
];

/** Each cell as the palette writes the shape, its own keys after. */
const rects = (cells: readonly Cell[]): Cell[] => cells.map(([id, style, ...box]) => [id, `shape=mxgraph.basic.rect;whiteSpace=wrap;html=1;${style}`, ...box]);

export const BASIC_RECT_MADE_HERE_XML = `<mxfile>${fileOf('Corners', rects(CORNERS))}${fileOf('Sides and outlines', rects(SIDES_AND_OUTLINES))}</mxfile>`;
