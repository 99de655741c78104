import { describe, expect, it } from 'vitest';
import { imageDataUrl } from './image-data-url';

describe('imageDataUrl', () => {
  it("is a data: URL of the file's type, whatever the case of its extension", () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(imageDataUrl(svg.buffer, 'diagrams/img/Icon.SVG')).toBe(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`);
    expect(imageDataUrl(new Uint8Array([0xff, 0xd8, 0xff]).buffer, 'a.b/photo.jpeg')).toBe('data:image/jpeg;base64,/9j/');
    expect(imageDataUrl(new ArrayBuffer(0), 'empty.png')).toBe('data:image/png;base64,');
  });

  it('encodes every byte of a file bigger than one chunk', () => {
    const bytes = new Uint8Array(100_003).map((_, i) => (i * 7919) % 256);
    const url = imageDataUrl(bytes.buffer, 'big.webp');
    expect(url.startsWith('data:image/webp;base64,')).toBe(true);
    expect(Buffer.from(url.slice('data:image/webp;base64,'.length), 'base64')).toEqual(Buffer.from(bytes));
  });
});
