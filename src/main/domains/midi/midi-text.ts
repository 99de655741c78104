/**
 * The text of MIDI meta events. A file's text is bytes with no declared encoding: what midi-file
 * hands over is one character per byte (Latin-1). The studio shows it as UTF-8 where the bytes are
 * UTF-8 and as Windows-1252 (what older programs wrote) where not, and keeps the bytes of text that
 * does not survive that decoding, so that a save writes them back unchanged.
 */

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

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
    return windows1252.decode(bytes);
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
