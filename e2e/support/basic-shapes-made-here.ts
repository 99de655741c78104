/**
 * Made here for the viewer comparison: the Basic palette's shapes diagrams.net draws in code
 * (mxBasic.js, `shape=mxgraph.basic.*`) and its Arrows palette's (mxArrows.js,
 * `shape=mxgraph.arrows2.*`), each with its own keys set away from their defaults, in colours,
 * turned by a direction and flipped, none of which the corpus uses.
 */
export const BASIC_MADE_HERE = 'basic-arrows-shapes.drawio';

/** Each cell: id, style (after `shape=mxgraph.`), x, y, w, h. */
const CELLS: ReadonlyArray<readonly [string, string, number, number, number, number]> = [
  ['cross', 'basic.cross2;dx=15;fillColor=#dae8fc;strokeColor=#6c8ebf;', 20, 20, 80, 80],
  ['rect-callout', 'basic.rectCallout;dx=30;dy=15;', 120, 20, 120, 80],
  ['round-callout', 'basic.roundRectCallout;dx=80;dy=20;size=8;fillColor=#fff2cc;strokeColor=#d6b656;', 260, 20, 120, 80],
  ['wave', 'basic.wave2;dy=0.2;fillColor=#d5e8d4;strokeColor=#82b366;', 400, 20, 120, 80],
  ['octagon', 'basic.octagon2;dx=10;', 540, 20, 80, 80],
  ['isocube', 'basic.isocube;isoAngle=15;fillColor=#e1d5e7;strokeColor=#9673a6;', 20, 120, 80, 100],
  ['acute', 'basic.acute_triangle;dx=0.3;', 120, 120, 100, 80],
  ['obtuse', 'basic.obtuse_triangle;dx=0.7;strokeWidth=2;', 240, 120, 100, 80],
  ['drop', 'basic.drop;fillColor=#dae8fc;', 360, 120, 60, 100],
  ['cone', 'basic.cone2;dx=0.4;dy=0.85;', 440, 120, 80, 100],
  ['pyramid', 'basic.pyramid;dx1=0.4;dx2=0.6;dy1=0.9;dy2=0.8;', 540, 120, 80, 100],
  ['star', 'basic.4_point_star_2;dx=0.6;fillColor=#ffe6cc;strokeColor=#d79b00;', 20, 240, 80, 80],
  ['snip', 'basic.diag_snip_rect;dx=8;', 120, 240, 100, 70],
  ['diag-round', 'basic.diag_round_rect;dx=8;', 240, 240, 100, 70],
  ['corner-round', 'basic.corner_round_rect;dx=8;', 360, 240, 100, 70],
  ['plaque', 'basic.plaque;dx=8;', 480, 240, 100, 70],
  ['cone-south', 'basic.cone2;dx=0.5;dy=0.9;direction=south;', 600, 240, 100, 70],
  ['callout-flipped', 'basic.rectCallout;dx=30;dy=15;flipH=1;', 20, 340, 120, 80],
  ['three-corner', 'basic.three_corner_round_rect;dx=6;fillColor=#f8cecc;strokeColor=#b85450;', 160, 340, 100, 70],
  ['frame', 'basic.frame;dx=10;fillColor=#dae8fc;', 280, 340, 100, 70],
  ['plaque-frame', 'basic.plaque_frame;dx=10;', 400, 340, 100, 70],
  ['rounded-frame', 'basic.rounded_frame;dx=10;fillColor=#d5e8d4;', 520, 340, 100, 70],
  ['frame-corner', 'basic.frame_corner;dx=15;', 20, 440, 80, 80],
  ['stripe', 'basic.diag_stripe;dx=20;fillColor=#ffe6cc;', 120, 440, 100, 80],
  ['donut', 'basic.donut;dx=15;fillColor=#e1d5e7;', 240, 440, 100, 80],
  ['layers', 'basic.layered_rect;dx=10;', 360, 440, 100, 80],
  ['button', 'basic.button;dx=8;fillColor=#f5f5f5;', 480, 440, 100, 60],
  ['shaded', 'basic.shaded_button;dx=8;fillColor=#008cff;', 600, 440, 100, 60],
  ['pie', 'basic.pie;startAngle=0.2;endAngle=0.9;fillColor=#dae8fc;', 20, 540, 80, 80],
  ['pie-half', 'basic.pie;startAngle=0;endAngle=0.5;', 120, 540, 80, 80],
  ['arc', 'basic.arc;startAngle=0.3;endAngle=0.1;strokeWidth=3;', 220, 540, 80, 80],
  ['conc', 'basic.partConcEllipse;startAngle=0.25;endAngle=0.1;arcWidth=0.4;fillColor=#f8cecc;', 320, 540, 80, 80],
  ['arch', 'basic.bendingArch;startAngle=0.75;endAngle=0.25;arcWidth=0.3;fillColor=#fff2cc;', 420, 540, 80, 80],
  ['entry', 'basic.numberedEntryVert;dy=30;', 520, 540, 80, 100],
  ['polygon', 'basic.polygon;polyCoords=[[0.25,0],[0.9,0.2],[1,0.9],[0.1,0.7]];fillColor=#d5e8d4;', 620, 540, 80, 80],
  ['pattern-grid', 'basic.patternFillRect;fillStyle=grid;step=8;fillStrokeColor=#999999;', 20, 660, 100, 60],
  ['pattern-diag', 'basic.patternFillRect;fillStyle=diagGrid;step=6;fillStrokeColor=#6c8ebf;top=0;', 140, 660, 100, 60],
  ['two-way', 'arrows2.twoWayArrow;dy=0.6;dx=35;fillColor=#dae8fc;strokeColor=#6c8ebf;', 20, 760, 100, 60],
  ['stylised', 'arrows2.stylisedArrow;dy=0.6;dx=40;notch=15;feather=0.4;', 140, 760, 100, 60],
  ['sharp', 'arrows2.sharpArrow;dy1=0.67;dx1=18;dx2=18;notch=0;', 260, 760, 100, 60],
  ['sharp2', 'arrows2.sharpArrow2;dy1=0.67;dx1=18;dx2=18;dy3=0.15;dx3=27;notch=0;fillColor=#f8cecc;', 380, 760, 100, 60],
  ['callout-arrow', 'arrows2.calloutArrow;dy=10;dx=20;notch=60;arrowHead=10;', 500, 760, 100, 60],
  ['bend', 'arrows2.bendArrow;dy=15;dx=30;notch=0;arrowHead=45;', 620, 760, 100, 100],
  ['bend-rounded', 'arrows2.bendArrow;dy=15;dx=30;notch=10;arrowHead=45;rounded=1;fillColor=#d5e8d4;', 20, 880, 100, 100],
  ['bend-double', 'arrows2.bendDoubleArrow;dy=15;dx=30;arrowHead=55;rounded=0;', 140, 880, 100, 100],
  ['callout-double', 'arrows2.calloutDoubleArrow;dy=10;dx=20;notch=24;arrowHead=10;', 260, 880, 100, 60],
  ['callout-quad', 'arrows2.calloutQuadArrow;dy=10;dx=20;notch=24;arrowHead=10;', 380, 880, 100, 100],
  ['callout-90', 'arrows2.calloutDouble90Arrow;dy1=10;dx1=20;dx2=60;dy2=50;arrowHead=10;', 500, 880, 100, 100],
  ['quad', 'arrows2.quadArrow;dy=10;dx=20;notch=24;arrowHead=10;fillColor=#fff2cc;', 620, 880, 100, 100],
  ['triad', 'arrows2.triadArrow;dy=10;dx=20;arrowHead=40;', 20, 1000, 100, 70],
  ['tailed', 'arrows2.tailedArrow;dy1=10;dx1=20;notch=0;arrowHead=20;dx2=25;dy2=30;', 140, 1000, 100, 70],
  ['tailed-notched', 'arrows2.tailedNotchedArrow;dy1=10;dx1=20;notch=20;arrowHead=20;dx2=25;dy2=30;', 260, 1000, 100, 70],
  ['striped', 'arrows2.stripedArrow;dy=0.6;dx=40;notch=25;fillColor=#e1d5e7;', 380, 1000, 100, 70],
  ['jump-in', 'arrows2.jumpInArrow;dy=15;dx=38;arrowHead=55;', 500, 1000, 100, 100],
  ['u-turn', 'arrows2.uTurnArrow;dy=11;arrowHead=43;dx2=25;', 620, 1000, 100, 100],
  ['u-turn-flipped', 'arrows2.uTurnArrow;dy=11;arrowHead=43;dx2=25;flipH=1;direction=south;', 20, 1120, 100, 100],
  ['arrow-north', 'arrows2.twoWayArrow;dy=0.6;dx=35;direction=north;', 140, 1120, 60, 100],
];

export const BASIC_MADE_HERE_XML = (() => {
  const cells = CELLS.map(
    ([id, style, x, y, w, h]) =>
      `<mxCell id="${id}" value="" style="whiteSpace=wrap;html=1;shape=mxgraph.${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`,
  );
  return `<mxfile><diagram id="basic" name="Basic and arrows"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram></mxfile>`;
})();
