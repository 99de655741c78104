import { describe, expect, it } from 'vitest';
import { corpusPath } from '../main/testing/corpora';
import { readFileSync } from 'node:fs';
import { bodyWithoutRepeats } from './architecture-body';

describe('bodyWithoutRepeats', () => {
  it('drops the title line and a first paragraph that restates the description, and keeps the rest byte for byte', () => {
    const body = '\n# Payments\n\nTakes  the card\npayments.\n\n## Overview\n\nMore text.\n';
    expect(bodyWithoutRepeats(body, 'Takes the card payments')).toBe('## Overview\n\nMore text.');
  });

  it('keeps a first paragraph that says something else, and a body with no title', () => {
    expect(bodyWithoutRepeats('# Payments\n\nA different opening.\n\nMore.', 'Takes card payments')).toBe('A different opening.\n\nMore.');
    expect(bodyWithoutRepeats('Takes card payments, and refunds.', 'Takes card payments')).toBe('Takes card payments, and refunds.');
    expect(bodyWithoutRepeats('## Notes\n\nx', '')).toBe('## Notes\n\nx');
  });

  it('leaves only the page\'s own sections of the loko corpus system', () => {
    const text = readFileSync(corpusPath('loko', 'serverless/src/order-processing/system.md'), 'utf8');
    const body = text.replace(/^---[\s\S]*?\n---\n/, '');
    const shown = bodyWithoutRepeats(body, 'Serverless order processing system handling order creation, payment processing, and fulfillment');
    expect(shown.startsWith('## Overview')).toBe(true);
    expect(shown).not.toContain('# Order Processing API');
  });
});
