/**
 * Made here for the viewer comparison: the Mockups palette's numbered ruler (mxMockupMisc.js's
 * ruler2, its numbers from its label and its label moved to its first unit) and the iOS 6
 * palette's three keyboards (mxMockupiOS.js, keys casting the canvas's hard shadow), in the
 * palettes' styles and sizes and in variants; none of them is in the corpus.
 */
import { type Cell, fileOf } from './er-infographic-made-here';

export const RULERS_KEYBOARDS_MADE_HERE = 'rulers-keyboards.drawio';

/** The palette's ruler style (mockup misc: stroked #999999, its label left at the first unit), facing `orient`. */
const ruler = (orient: 'up' | 'down', extra = '') =>
  `strokeWidth=1;shadow=0;dashed=0;align=center;html=1;shape=mxgraph.mockup.misc.ruler2;dx=100;rulerOrient=${orient};unitSize=10;fontColor=#999999;spacingLeft=96;align=left;verticalAlign=middle;` +
  `${orient === 'down' ? 'spacingBottom=10;spacingTop=0;' : 'spacingBottom=0;spacingTop=10;'}spacingRight=0;spacing=0;strokeColor=#999999;${extra}`;

const RULERS: readonly Cell[] = [
  ['ruler-down', ruler('down'), 20, 20, 350, 30, '1'],
  ['ruler-up', ruler('up'), 20, 70, 350, 30, '1'],
  ['ruler-vertical-down', ruler('down', 'rotation=-90;'), 400, 280, 350, 30, '1'],
  ['ruler-vertical-up', ruler('up', 'rotation=-90;'), 450, 280, 350, 30, '1'],
  // Half units every 50 px: its numbers 1, 1.5, 2 ...; its label moved to 46 px though the file says 96.
  ['ruler-half', ruler('down', 'dx=50;'), 20, 120, 350, 30, '0.5'],
  ['ruler-cm', ruler('down', 'dx=150;spacingLeft=146;'), 20, 170, 400, 40, 'cm'],
  // Its first unit past its end: the label at its end, no tick numbered.
  ['ruler-short', ruler('up', 'dx=150;fontColor=#333333;strokeColor=#000000;'), 20, 230, 120, 30, '2'],
  ['ruler-plain', 'shape=mxgraph.mockup.misc.ruler2;', 20, 520, 300, 40, '3'],
];

const ios = 'verticalLabelPosition=bottom;verticalAlign=top;html=1;shadow=0;dashed=0;strokeWidth=1;shape=mxgraph.ios.';

const KEYBOARDS: readonly Cell[] = [
  ['keyboard-letters', `${ios}iKeybLett;`, 20, 20, 174, 100],
  ['keyboard-numbers', `${ios}iKeybNumb;`, 220, 20, 174, 100],
  ['keyboard-symbols', `${ios}iKeybSymb;`, 420, 20, 174, 100],
  ['keyboard-letters-ipad', `${ios}iKeybLett;`, 20, 150, 332, 144],
  ['keyboard-numbers-ipad', `${ios}iKeybNumb;`, 380, 150, 442, 192],
  ['keyboard-symbols-ipad', `${ios}iKeybSymb;`, 20, 370, 506, 220],
  ['keyboard-turned', `${ios}iKeybLett;rotation=90;`, 580, 400, 174, 100],
];

export const RULERS_KEYBOARDS_MADE_HERE_XML = `<mxfile>${fileOf('Rulers', RULERS)}${fileOf('Keyboards', KEYBOARDS)}</mxfile>`;
