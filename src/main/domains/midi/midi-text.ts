/**
 * The text of MIDI meta events. A file's text is bytes with no declared encoding: what midi-file
 * hands over is one character per byte (Latin-1). The studio shows it as UTF-8 where the bytes are
 * UTF-8; else as the East Asian encodings programs there wrote (Shift-JIS, GBK, EUC-KR, Big5) where
 * the bytes read plausibly as one; else as Windows-1252 (what Western programs wrote). It keeps the
 * bytes of text that does not survive that decoding, so that a save writes them back unchanged.
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

/** East Asian encodings, in the order a reading is preferred (after Shift-JIS with kana). */
const EAST_ASIAN = ['gbk', 'shift_jis', 'euc-kr', 'big5'];
const decoders = new Map(EAST_ASIAN.map((label) => [label, new TextDecoder(label, { fatal: true })]));
/** Kana: only Japanese writes them. */
const KANA = /[\u3040-\u30ff]/;
/**
 * A byte above 0x7F between two ASCII bytes: how Latin-1 writes an accented letter in a word
 * ("Crème", "Öl"), where East Asian text has its high bytes in runs. Such bytes are read as
 * Windows-1252, never as a double-byte encoding (which would make "Öl" a Chinese character).
 */
const LONE_HIGH_BYTE = /(^|[\x00-\x7f])[\x80-\xff](?=[\x00-\x7f]|$)/;
/** Characters no text means: controls, private use, replacement. */
const IMPLAUSIBLE = /[\x00-\x08\x0e-\x1f\x7f-\x9f\ue000-\uf8ff\ufffd]/;

/**
 * The East Asian reading of bytes that are not UTF-8, when one reads plausibly: Shift-JIS when it
 * gives kana (which Latin-1 text never does: they take bytes 0x82-0x83 as leads), else the first
 * of the others that reads, unless the bytes look like Latin-1 accents (LONE_HIGH_BYTE).
 */
function eastAsian(bytes: Uint8Array): string | undefined {
  const read = (label: string) => {
    try {
      const text = decoders.get(label)!.decode(bytes);
      return IMPLAUSIBLE.test(text) ? undefined : text;
    } catch {
      return undefined;
    }
  };
  const japanese = read('shift_jis');
  if (japanese && KANA.test(japanese)) return japanese;
  if (LONE_HIGH_BYTE.test(Buffer.from(bytes).toString('latin1'))) return undefined;
  for (const label of EAST_ASIAN) {
    const text = read(label);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** How a meta event's bytes (one character per byte) read: UTF-8, else a plausible East Asian encoding, else Windows-1252. */
export function decodeText(raw: string): string {
  const bytes = Buffer.from(raw, 'latin1');
  try {
    return utf8.decode(bytes);
  } catch {
    return eastAsian(bytes) ?? raw.replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]);
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
