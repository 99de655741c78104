/**
 * The text of MIDI meta events. A file's text is bytes with no declared encoding: what midi-file
 * hands over is one character per byte (Latin-1). The studio shows it as UTF-8 where the bytes are
 * UTF-8 and as Windows-1252 (what older programs wrote) where not, and keeps the bytes of text that
 * does not survive that decoding, so that a save writes them back unchanged.
 */

const utf8 = new TextDecoder('utf-8', { fatal: true });
/**
 * Windows-1252's characters for bytes 0x80..0x9F (elsewhere it is Latin-1). Node's TextDecoder
 * reads 'windows-1252' as Latin-1, so the 32 are mapped here; the 5 undefined bytes stay as they are.
 */
const WINDOWS_1252_HIGH = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ';

/** Meta text as midi-file writes it (one character per byte), from a string: its UTF-8 bytes. */
export function encodeText(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

/** How a meta event's bytes (one character per byte) read: UTF-8 when they are valid UTF-8, else Windows-1252. */
export function decodeText(raw: string): string {
  const bytes = Buffer.from(raw, 'latin1');
  try {
    return utf8.decode(bytes);
  } catch {
    return raw.replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]);
  }
}

/** The raw bytes worth keeping beside the decoded text: those that encoding the text again would not give back. */
export function rawIfLossy(raw: string): string | undefined {
  return encodeText(decodeText(raw)) === raw ? undefined : raw;
}

/** The bytes to write for `text`: the kept `raw` ones while they still read as `text`, else its UTF-8. */
export function textBytes(text: string, raw: string | undefined): string {
  return raw !== undefined && decodeText(raw) === text ? raw : encodeText(text);
}
