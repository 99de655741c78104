/** The names an export suggests and the kinds it writes. */
import { describe, expect, it } from 'vitest';
import { pictureKind, suggestedExportName, withPictureKind } from './export-names';

describe('export names', () => {
  it("suggests the diagram's own name as .drawio.svg, or its title under diagrams/", () => {
    expect(suggestedExportName('diagrams/shop.drawio', 'Shop')).toBe('diagrams/shop.drawio.svg');
    expect(suggestedExportName('templates/flow.xml', 'x', 'png')).toBe('templates/flow.drawio.png');
    expect(suggestedExportName('out/shop.drawio.png', 'Shop')).toBe('out/shop.drawio.svg');
    expect(suggestedExportName(undefined, 'Checkout flow (v2)')).toBe('diagrams/checkout-flow-v2.drawio.svg');
    expect(suggestedExportName(undefined, '???')).toBe('diagrams/diagram.drawio.svg');
  });

  it('tells the kind by extension, and swaps it', () => {
    expect([pictureKind('a.drawio.SVG'), pictureKind('a.png'), pictureKind('a.pdf'), pictureKind('a.drawio')]).toEqual(['svg', 'png', undefined, undefined]);
    expect(withPictureKind('out/a.drawio.svg', 'png')).toBe('out/a.drawio.png');
    expect(withPictureKind('out/a', 'svg')).toBe('out/a.drawio.svg');
  });
});
