/**
 * How an export of a diagram is asked for, shared by the core's `export` session action and the
 * diagram view's Export dialog: the file name it suggests and the picture kinds it writes.
 */

export type PictureKind = 'svg' | 'png';

/** The picture kind a file name asks for (`.svg` / `.png`, any case), or undefined. */
export function pictureKind(fileName: string): PictureKind | undefined {
  const lower = fileName.toLowerCase();
  return lower.endsWith('.svg') ? 'svg' : lower.endsWith('.png') ? 'png' : undefined;
}

/** The name an export suggests: the diagram's own path (or its title under diagrams/) as .drawio.svg or .drawio.png. */
export function suggestedExportName(path: string | undefined, title: string, kind: PictureKind = 'svg'): string {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'diagram';
  const base = path ? path.replace(/(\.drawio)?\.(drawio|xml|svg|png)$/i, '') : `diagrams/${slug}`;
  return `${base}.drawio.${kind}`;
}

/** The same name with the other kind's extension. */
export function withPictureKind(fileName: string, kind: PictureKind): string {
  return pictureKind(fileName) ? fileName.replace(/\.(svg|png)$/i, `.${kind}`) : `${fileName}.drawio.${kind}`;
}
