/**
 * More of the Mockups palette, as mxMockupContainers.js and mxMockupForms.js draw them: the video
 * player, the titled group box and the colour picker.
 */
import type { Painter } from './code-shape-context';
import { clamp } from './code-shape-context';
import { PathData, polyline, type TextPaint } from './code-shape-pen';
import { ovalCornerBox } from './code-shapes-mockup-forms';
import { measuredWidth } from './code-shapes-mockup-steps';
import { DEFAULT_FONT_FAMILY } from './label-look';

/**
 * A video player (at least 5 bars wide and a bar and 10 px high; barHeight 30): its frame, the
 * progress line along the top of the bar, done in strokeColor2 (#008cff) up to barPos % (20) and
 * the rest in strokeColor3 (#c4c4c4), a knob there (two rings, the inner one half the stroke), and
 * in fillColor2 (#c4c4c4) the play button, the speaker's sound waves (diagrams.net draws no
 * speaker: its path is never begun), the full-screen corners and the time in textColor (#666666).
 */
const videoPlayer: Painter = (c) => {
  const bar = c.num('barHeight', 30);
  const w = Math.max(c.w, 5 * bar);
  const h = Math.max(c.h, bar + 10);
  c.fig.path(polyline([[0, 0], [w, 0], [w, h], [0, h]], true));
  const y = h - bar;
  const knob = 8;
  const at = knob + ((w - 2 * knob) * clamp(c.num('barPos', 20), 0, 100)) / 100;
  c.fig.path(new PathData().moveTo(0, y).lineTo(at, y), 'stroke', { stroke: c.color('strokeColor2', '#008cff') });
  c.fig.path(new PathData().moveTo(at, y).lineTo(w, y), 'stroke', { stroke: c.color('strokeColor3', '#c4c4c4') });
  c.fig.ellipse(at - knob, y - knob, 2 * knob, 2 * knob);
  c.fig.ellipse(at - knob / 2, y - knob / 2, knob, knob, 'fillStroke', { strokeWidth: c.strokeWidth / 2 });
  const icons = { fill: c.color('fillColor2', '#c4c4c4'), stroke: c.color('fillColor2', '#c4c4c4') };
  const size = bar * 0.3;
  const iconY = h - (bar + size) / 2;
  c.fig.path(polyline([[size, iconY], [size + size, iconY + size / 2], [size, iconY + size]], true), 'fillStroke', icons);
  const waves = new PathData()
    .moveTo(bar + bar * 0.4, y + bar * 0.35)
    .arcTo(bar * 0.2, bar * 0.3, 0, 0, 1, bar + bar * 0.4, y + bar * 0.65)
    .moveTo(bar + bar * 0.425, y + bar * 0.25)
    .arcTo(bar * 0.225, bar * 0.35, 0, 0, 1, bar + bar * 0.425, y + bar * 0.75);
  c.fig.path(waves, 'stroke', icons);
  const screen = w - bar * 1.3;
  const corners = new PathData();
  for (const [x, x2] of [[0.1, 0.25], [0.9, 0.75]]) {
    for (const [y1, y2] of [[0.4, 0.3], [0.6, 0.7]]) corners.moveTo(screen + bar * x, y + bar * y1).lineTo(screen + bar * x, y + bar * y2).lineTo(screen + bar * x2, y + bar * y2);
  }
  c.fig.path(corners, 'stroke', icons);
  c.fig.text(bar * 1.9, h - bar * 0.45, '0:00/3:53', { size: bar * 0.5, color: c.color('textColor', '#666666'), family: DEFAULT_FONT_FAMILY });
};

/**
 * A group box: a box of 5 px corners from half the text's height down, and its name (mainText,
 * "Group"; textColor #ffffff at textSize 17) on a tab of fillColor2 (#000000) at its top left, as
 * wide as the name plus 6 px (80 px for none); at least the tab's width plus 15 px wide.
 */
const group: Painter = (c) => {
  const name = c.style.get('mainText') ?? 'Group';
  const size = c.num('textSize', 17);
  const width = measuredWidth(name, size) || 80;
  const w = Math.max(c.w, width + 15);
  const h = Math.max(c.h, size + 10);
  c.fig.roundRect(0, size / 2, w, h - size / 2, 5);
  c.fig.roundRect(3, 0, width + 6, size * 1.5, size * 0.25, 'fill', { fill: c.color('fillColor2', '#000000') });
  const paint: TextPaint = { size, color: c.color('textColor', '#ffffff'), family: DEFAULT_FONT_FAMILY };
  // Set from its top (0), as diagrams.net aligns it: the middle of one line half its size down.
  c.fig.text(6, size / 2, name, paint);
};

/**
 * A colour picker: a box of corners a twentieth of its sides outlined in #999999, the chosen
 * colour (chosenColor, #aaddff) inside a tenth in, a white corner at the bottom right with a grey
 * arrow, and the outline again.
 */
const colorPicker: Painter = (c) => {
  const { w, h } = c;
  const frame = ovalCornerBox(0, 0, w, h, w * 0.05, h * 0.05);
  c.fig.path(frame, 'fillStroke', { stroke: '#999999' });
  c.fig.rect(w * 0.1, h * 0.1, w * 0.8, h * 0.8, 'fill', { fill: c.color('chosenColor', '#aaddff') });
  const corner = new PathData().moveTo(w * 0.75, h * 0.75).lineTo(w * 0.75, h).lineTo(w * 0.95, h).arcTo(w * 0.05, h * 0.05, 0, 0, 0, w, h * 0.95).lineTo(w, h * 0.75).close();
  c.fig.path(corner, 'fill', { fill: '#ffffff' });
  c.fig.path(polyline([[w * 0.77, h * 0.77], [w * 0.875, h * 0.98], [w * 0.98, h * 0.77]], true), 'fill', { fill: '#999999' });
  c.fig.path(frame, 'stroke', { stroke: '#999999' });
};

export const MOCKUP_MEDIA_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.mockup.containers.videoPlayer': videoPlayer,
  'mxgraph.mockup.containers.group': group,
  'mxgraph.mockup.forms.colorPicker': colorPicker,
};
