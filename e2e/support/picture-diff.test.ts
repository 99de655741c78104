/** The picture comparison of the viewer test, on pictures made here: what it counts as alike. */
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { comparePictures } from './picture-diff';

/** A white picture with black squares at `squares` (x, y, size). */
function picture(width: number, height: number, squares: [number, number, number][]): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(255);
  for (const [x0, y0, size] of squares) {
    for (let y = y0; y < y0 + size; y++) {
      for (let x = x0; x < x0 + size; x++) png.data.fill(0, 4 * (y * width + x), 4 * (y * width + x) + 3);
    }
  }
  return PNG.sync.write(png);
}

describe('comparePictures', () => {
  it('finds the same drawing alike, counting only its ink (not the white around it)', () => {
    const drawing = picture(100, 100, [[10, 10, 10]]);
    const same = comparePictures(drawing, drawing);
    expect(same).toMatchObject({ similarity: 1, differing: 0, ink: 100 });
  });

  it('finds a square moved off its place unlike, and says where', () => {
    const reference = picture(100, 100, [[10, 10, 10], [60, 60, 10]]);
    const moved = picture(100, 100, [[10, 10, 10], [75, 60, 10]]);
    const compared = comparePictures(reference, moved);
    // Two squares' worth of ink differs out of three squares' worth drawn in either.
    expect(compared.ink).toBe(300);
    expect(compared.differing).toBe(200);
    expect(compared.similarity).toBeCloseTo(1 / 3, 5);
    expect(compared.similarityIn({ x: 0, y: 0, w: 50, h: 50 })).toBe(1);
    expect(compared.similarityIn({ x: 55, y: 55, w: 40, h: 20 })).toBe(0);
    // The diff is a picture of the same size.
    expect(PNG.sync.read(compared.diff)).toMatchObject({ width: 100, height: 100 });
  });

  it('refuses pictures of different sizes', () => {
    expect(() => comparePictures(picture(10, 10, []), picture(12, 10, []))).toThrow(/differ in size: 10x10 and 12x10/);
  });
});
