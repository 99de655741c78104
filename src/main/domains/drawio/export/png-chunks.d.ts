/** Types of the PNG chunk libraries (they ship none). */
declare module 'png-chunks-extract' {
  /** The chunks of a PNG file, in order (throws on a bad signature or CRC). */
  export default function extract(data: Uint8Array): Array<{ name: string; data: Uint8Array }>;
}
declare module 'png-chunks-encode' {
  /** A PNG file of these chunks (signature and CRCs added). */
  export default function encode(chunks: ReadonlyArray<{ name: string; data: Uint8Array }>): Uint8Array;
}
declare module 'png-chunk-text' {
  export function encode(keyword: string, text: string): { name: 'tEXt'; data: Uint8Array };
  export function decode(data: Uint8Array | { name: string; data: Uint8Array }): { keyword: string; text: string };
}
