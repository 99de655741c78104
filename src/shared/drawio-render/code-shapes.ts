/**
 * Shapes diagrams.net draws in code rather than from a stencil (swimlanes and tables, AWS 4
 * groups, floor-plan walls, BPMN, UML frames and states, brackets, ...), as SVG markup in a
 * w x h box: the one drawing the canvas shows and an export writes.
 */
export interface CodeShapeBox {
  readonly w: number;
  readonly h: number;
  readonly fill: string;
  readonly stroke: string;
  /** An id the figure may give a gradient or clip path of its own (unique on the page). */
  readonly gradientId: string;
}

/** The figure of a shape diagrams.net draws in code, or undefined when the style names none of them. */
export function codeShapeMarkup(style: ReadonlyMap<string, string>, box: CodeShapeBox): string | undefined {
  void style;
  void box;
  return undefined;
}
