/**
 * UML's participants as diagrams.net draws them in code (its Shapes.js): the actor's stick figure,
 * the boundary (a circle on a T), the entity (a circle on a line) and the control (a circle with an
 * arrow head at its top). A lifeline whose style names one as `participant` draws it as its head.
 */
import type { Painter } from './code-shape-context';
import { PathData } from './code-shape-pen';

/** The stick figure: a head a quarter high, arms at a third, legs from two thirds to the corners. */
const umlActor: Painter = (c) => {
  const { w, h } = c;
  c.fig.ellipse(w / 4, 0, w / 2, h / 4);
  const body = new PathData()
    .moveTo(w / 2, h / 4).lineTo(w / 2, (2 * h) / 3)
    .moveTo(w / 2, h / 3).lineTo(0, h / 3)
    .moveTo(w / 2, h / 3).lineTo(w, h / 3)
    .moveTo(w / 2, (2 * h) / 3).lineTo(0, h)
    .moveTo(w / 2, (2 * h) / 3).lineTo(w, h);
  c.fig.path(body, 'stroke');
};

/** The boundary: a short upright at the left joined to a circle over the other five sixths. */
const umlBoundary: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(new PathData().moveTo(0, h / 4).lineTo(0, (3 * h) / 4).moveTo(0, h / 2).lineTo(w / 6, h / 2), 'stroke');
  c.fig.ellipse(w / 6, 0, (5 * w) / 6, h);
};

/** The entity: a circle on a line along its bottom, an eighth in from each side. */
const umlEntity: Painter = (c) => {
  const { w, h } = c;
  c.fig.ellipse(0, 0, w, h);
  c.fig.path(new PathData().moveTo(w / 8, h).lineTo((7 * w) / 8, h), 'stroke');
};

/** The control: a circle below the top eighth, an arrow head on its top. */
const umlControl: Painter = (c) => {
  const { w, h } = c;
  c.fig.ellipse(0, h / 8, w, (7 * h) / 8);
  c.fig.path(new PathData().moveTo((3 * w) / 8, (h / 8) * 1.1).lineTo((5 * w) / 8, 0).moveTo((3 * w) / 8, (h / 8) * 1.1).lineTo((5 * w) / 8, h / 4), 'stroke');
};

export const UML_PARTICIPANTS: Readonly<Record<string, Painter>> = { umlActor, umlBoundary, umlEntity, umlControl };
