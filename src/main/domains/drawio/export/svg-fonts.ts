/**
 * The label font inside an exported SVG: Arimo (Helvetica's and Arial's widths), as the canvas
 * sets labels, from the same @fontsource/arimo files the page loads, as @font-face rules with
 * data: URLs. A viewer without Helvetica (GitHub's image view on Linux, an <img> that may fetch
 * nothing) then lays labels out in the room diagrams.net gave them. Only the faces the drawing
 * uses are embedded (about 16 kB each).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageDir } from '../../../kernel/packages';

const FACES = [
  { weight: 400, style: 'normal', file: 'arimo-latin-400-normal.woff2' },
  { weight: 700, style: 'normal', file: 'arimo-latin-700-normal.woff2' },
  { weight: 400, style: 'italic', file: 'arimo-latin-400-italic.woff2' },
  { weight: 700, style: 'italic', file: 'arimo-latin-700-italic.woff2' },
] as const;

const loaded = new Map<string, string>();

function fontData(file: string): string {
  let data = loaded.get(file);
  if (data === undefined) {
    const dir = join(packageDir('@fontsource/arimo'), 'files');
    data = readFileSync(join(dir, file)).toString('base64');
    loaded.set(file, data);
  }
  return data;
}

/** The @font-face rules for the faces the SVG body's text uses (bold, italic, both or neither). */
export function arimoFontFaces(body: string): string {
  const bold = /font-weight(?:="bold"|: 700|: 600)/.test(body);
  const italic = /font-style(?:="italic"|: italic)/.test(body);
  return FACES.filter((face) => (face.weight === 400 || bold) && (face.style === 'normal' || italic))
    .map((face) => `@font-face { font-family: Arimo; font-style: ${face.style}; font-weight: ${face.weight}; src: url(data:font/woff2;base64,${fontData(face.file)}) format("woff2"); }`)
    .join('\n');
}
