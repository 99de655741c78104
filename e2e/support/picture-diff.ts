/**
 * Two screenshots of the same drawing compared with pixelmatch (decoded with pngjs). The figure is
 * the share of the drawing's ink that matches: pixels that differ over pixels that are not white
 * in either picture. Counted over the whole picture instead, the white around a diagram would make
 * any two drawings of it look alike.
 */
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** pixelmatch's colour distance past which two pixels differ (0..1; its default is 0.1). */
const COLOUR_THRESHOLD = 0.2;
/** For people to look at, written fast (no filters, light deflate: a twentieth of pngjs's default time). */
const FAST_PNG = { deflateLevel: 1, filterType: 0, deflateStrategy: 0 };
/** A channel at or above this, in all three channels, is ground, not ink. */
const WHITE = 245;

export interface PictureDiff {
  /** 1 - differing / ink, in 0..1. */
  similarity: number;
  differing: number;
  ink: number;
  /** The differences in red over a faded copy of the reference, as pixelmatch draws them. */
  diff: Buffer;
  /** The same share within a rectangle of the pictures (pixels; clipped to them). */
  similarityIn(box: { x: number; y: number; w: number; h: number }): number;
}

/** pixelmatch paints a differing pixel pure red (its diffColor) and nothing else so. */
function differsAt(out: Uint8Array, i: number): boolean {
  return out[i] === 255 && out[i + 1] === 0 && out[i + 2] === 0;
}

function isInk(a: Uint8Array, b: Uint8Array, i: number): boolean {
  const white = (p: Uint8Array) => p[i] >= WHITE && p[i + 1] >= WHITE && p[i + 2] >= WHITE;
  return !white(a) || !white(b);
}

function share(differing: number, ink: number): number {
  return ink === 0 ? 1 : Math.max(0, 1 - differing / ink);
}

/** Compares two PNG screenshots of the same size. */
export function comparePictures(reference: Buffer, actual: Buffer): PictureDiff {
  const [a, b] = [PNG.sync.read(reference), PNG.sync.read(actual)];
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`the pictures differ in size: ${a.width}x${a.height} and ${b.width}x${b.height}`);
  }
  const out = new PNG({ width: a.width, height: a.height });
  const differing = pixelmatch(a.data, b.data, out.data, a.width, a.height, { threshold: COLOUR_THRESHOLD });
  const count = (x0: number, y0: number, x1: number, y1: number) => {
    let [ink, differs] = [0, 0];
    for (let y = Math.max(0, y0); y < Math.min(a.height, y1); y++) {
      for (let x = Math.max(0, x0); x < Math.min(a.width, x1); x++) {
        const i = 4 * (y * a.width + x);
        if (isInk(a.data, b.data, i)) ink++;
        if (differsAt(out.data, i)) differs++;
      }
    }
    return { ink, differs };
  };
  const ink = count(0, 0, a.width, a.height).ink;
  return {
    similarity: share(differing, ink),
    differing,
    ink,
    diff: PNG.sync.write(out, FAST_PNG),
    similarityIn(box) {
      const within = count(Math.floor(box.x), Math.floor(box.y), Math.ceil(box.x + box.w), Math.ceil(box.y + box.h));
      return share(within.differs, within.ink);
    },
  };
}
