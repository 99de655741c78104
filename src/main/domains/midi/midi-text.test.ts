/** Meta event text: shown as well as its bytes decode, written back as the same bytes. */
import { describe, expect, it } from 'vitest';
import { decodeText, rawIfLossy, textBytes } from './midi-text';

const latin1 = (bytes: Buffer) => bytes.toString('latin1');

describe('decodeText', () => {
  it.each([
    ['UTF-8', Buffer.from('Café — 夜のドライブ', 'utf8'), 'Café — 夜のドライブ'],
    ['Latin-1 accents in words', Buffer.from('Crème brûlée, Straße, Öl, Señor', 'latin1'), 'Crème brûlée, Straße, Öl, Señor'],
    ['a Latin-1 letter alone', Buffer.from('Ü', 'latin1'), 'Ü'],
    ['Windows-1252 quotes and the euro', Buffer.from([0x93, 0x41, 0x94, 0x20, 0x80, 0x35]), '“A” €5'],
    ['Shift-JIS with kana', Buffer.from('83738341836d', 'hex'), 'ピアノ'],
    ['GBK', Buffer.from('d2f4b9ec31', 'hex'), '音轨1'],
  ])('%s', (_what, bytes, shown) => {
    expect(decodeText(latin1(bytes))).toBe(shown);
  });
});

describe('the bytes written back', () => {
  it('are the bytes read while the text is unchanged, and UTF-8 once it is edited', () => {
    const raw = latin1(Buffer.from('Clé', 'latin1'));
    expect(rawIfLossy(raw)).toBe(raw);
    expect(textBytes(decodeText(raw), raw)).toBe(raw);
    expect(textBytes('Clef', raw)).toBe('Clef');
    expect(textBytes('Clé 2', raw)).toBe(latin1(Buffer.from('Clé 2', 'utf8')));
    // UTF-8 text needs no copy of its bytes: encoding it again gives them.
    expect(rawIfLossy(latin1(Buffer.from('夜', 'utf8')))).toBeUndefined();
  });
});
