/** A palette shape on a drag: what the canvas accepts when it is dropped, and what it refuses. */
import { describe, expect, it } from 'vitest';
import { readPaletteDrag } from './palette-drag';

describe('a palette shape dropped on the canvas', () => {
  it('reads the type and a library shape size back', () => {
    expect(readPaletteDrag(JSON.stringify({ type: 'box' }))).toEqual({ type: 'box' });
    expect(readPaletteDrag(JSON.stringify({ type: 'aws4.lambda', size: { w: 78, h: 78 } }))).toEqual({ type: 'aws4.lambda', size: { w: 78, h: 78 } });
    expect(readPaletteDrag(JSON.stringify({ type: 'aws3.lambda', size: { w: 76.5, h: 93 } }))?.size).toEqual({ w: 76.5, h: 93 });
  });

  it('refuses what is not a palette shape: no JSON, no type, an op smuggled in the type, a bad size', () => {
    expect(readPaletteDrag('')).toBeUndefined();
    expect(readPaletteDrag('"box"')).toBeUndefined();
    expect(readPaletteDrag(JSON.stringify({ size: { w: 1, h: 1 } }))).toBeUndefined();
    expect(readPaletteDrag(JSON.stringify({ type: 'box X\nremove @all' }))).toBeUndefined();
    expect(readPaletteDrag(JSON.stringify({ type: 'x'.repeat(201) }))).toBeUndefined();
    expect(readPaletteDrag(JSON.stringify({ type: 'box', size: { w: -1, h: 10 } }))).toBeUndefined();
    expect(readPaletteDrag(JSON.stringify({ type: 'box', size: { w: 10, h: 1e9 } }))).toBeUndefined();
    expect(readPaletteDrag(JSON.stringify({ type: 'box', size: { w: '10', h: 10 } }))).toBeUndefined();
  });
});
