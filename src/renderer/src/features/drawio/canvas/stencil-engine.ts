/**
 * The two parts of maxGraph the canvas uses, in a module of their own: imported lazily (see
 * stencils.ts), so the bundler keeps only them and a page without stencils never loads them.
 */
export { StencilShape, SvgCanvas2D } from '@maxgraph/core';
