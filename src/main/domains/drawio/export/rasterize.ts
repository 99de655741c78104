/**
 * An exported SVG drawn into a PNG by resvg (@resvg/resvg-js, a maintained Rust SVG renderer with
 * a prebuilt Node addon), in the export worker. It reads no system fonts: labels are set in Arimo
 * (Helvetica's and Arial's widths, as on the canvas) from @expo-google-fonts/arimo's TTF files,
 * which resvg reads as its only fonts. Past MAX_EXPORT_PIXELS the export is refused before drawing.
 */
import { join } from 'node:path';
import { ErrorCode, StudioError } from '../../../kernel/errors';
import { packageDir } from '../../../kernel/packages';

/** The largest picture drawn: 40 megapixels (an 8000 x 5000 PNG takes 160 MB while it is drawn). */
export const MAX_EXPORT_PIXELS = 40_000_000;

const ARIMO_FILES = ['400Regular/Arimo_400Regular.ttf', '400Regular_Italic/Arimo_400Regular_Italic.ttf', '700Bold/Arimo_700Bold.ttf', '700Bold_Italic/Arimo_700Bold_Italic.ttf'];

/** The Arimo TTF files, where the package is installed. */
function arimoFonts(): string[] {
  const dir = packageDir('@expo-google-fonts/arimo');
  return ARIMO_FILES.map((file) => join(dir, file));
}

/** The pixel size of a picture `w` x `h` at `scale`, as resvg rounds it. */
export function pixelSize(w: number, h: number, scale: number): { width: number; height: number } {
  return { width: Math.ceil(w * scale), height: Math.ceil(h * scale) };
}

/** Throws too_large (with what to try) for a picture past MAX_EXPORT_PIXELS. */
export function checkPixels(w: number, h: number, scale: number, retry: { scale: string; page: string }): void {
  const { width, height } = pixelSize(w, h, scale);
  if (width * height <= MAX_EXPORT_PIXELS) return;
  // The largest scale in hundredths that fits, its pixels rounded up as resvg rounds them.
  let fits = Math.floor(Math.sqrt(MAX_EXPORT_PIXELS / (w * h)) * 100) / 100;
  const over = (s: number) => pixelSize(w, h, s).width * pixelSize(w, h, s).height > MAX_EXPORT_PIXELS;
  while (fits > 0 && over(fits)) fits = Math.round((fits - 0.01) * 100) / 100;
  throw new StudioError(
    ErrorCode.tooLarge,
    `the page would be a ${width} x ${height} px PNG (${(width * height / 1e6).toFixed(1)} megapixels), over the limit of ${MAX_EXPORT_PIXELS / 1e6} megapixels`,
    fits > 0 ? `${retry.scale.replace('SCALE', String(fits))} | ${retry.page}` : retry.page,
  );
}

/** The PNG of an SVG at `scale` (its own size at 1), on `background`. */
export async function rasterize(svg: string, scale: number, background = '#ffffff'): Promise<Uint8Array> {
  const { Resvg } = await import('@resvg/resvg-js');
  const resvg = new Resvg(svg, {
    background,
    fitTo: { mode: 'zoom', value: scale },
    font: { fontFiles: arimoFonts(), loadSystemFonts: false, defaultFontFamily: 'Arimo', sansSerifFamily: 'Arimo', serifFamily: 'Arimo', monospaceFamily: 'Arimo' },
    imageRendering: 0,
  });
  return new Uint8Array(resvg.render().asPng());
}
