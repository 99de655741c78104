/**
 * The street map diagrams.net draws on its iOS 6 map backgrounds (iBgMap, and an iPhone's or an
 * iPad's screen with bgStyle=bgMap): blocks as outlines in fractions of the map's width and height,
 * each command with its numbers (M x y, L x y, A rx ry turn large sweep x y, E x y w h for an
 * ellipse, Z to close), drawn in fillColor2 and outlined in strokeColor2.
 */
import { PathData } from './code-shape-pen';

const BLOCKS: readonly string[] = [
  'M 0 0 L 0.1171 0 L 0.1136 0.0438 L 0.0993 0.054 L 0 0.0446 Z',
  'M 0.1993 0 L 0.1914 0.03884 L 0.1536 0.0362 L 0.1586 0 Z',
  'M 0.24 0 L 0.2257 0.054 L 0.2414 0.0674 L 0.4707 0.0835 L 0.5264 0.0906 L 0.6429 0.0929 A 0.0857 0.0536 0 0 0 0.7193 0.0621 A 0.48 0.2143 0 0 0 0.7286 0 Z',
  'M 0.8 0 L 0.7886 0.04554 A 0.0857 0.0536 0 0 0 0.8164 0.0875 A 0.1429 0.0893 0 0 0 0.88 0.1036 L 1 0.1112 L 1 0 Z',
  'M 0 0.0933 L 0.08 0.1036 L 0.1021 0.1246 L 0.1007 0.1768 L 0.0471 0.2241 L 0 0.2527 Z',
  'E 0.1214 0.0603 0.0843 0.0576',
  'M 0.1293 0.1924 L 0.1729 0.142 L 0.1407 0.1411 L 0.14 0.1777 Z',
  'M 0.4586 0.1241 L 0.455 0.1835 L 0.3893 0.2246 L 0.2171 0.1362 L 0.2171 0.1308 L 0.2293 0.1214 L 0.2857 0.1174 Z',
  'M 0.5079 0.1134 L 0.7307 0.1223 L 0.7279 0.1625 L 0.715 0.1772 L 0.6929 0.1688 L 0.625 0.1795 L 0.4779 0.2835 L 0.395 0.2299 L 0.4657 0.1826 L 0.4707 0.1223 Z',
  'M 1 0.1362 L 0.7643 0.1237 L 0.7543 0.1562 L 0.7643 0.1585 L 0.9186 0.2366 L 1 0.1732 Z',
  'M 0.2079 0.1545 L 0.3886 0.2536 L 0.3414 0.2933 L 0.1743 0.1969 Z',
  'M 0.1579 0.2134 L 0.3221 0.3067 L 0.2957 0.3237 L 0.1157 0.2424 Z',
  'M 0.405 0.2656 L 0.31 0.3353 L 0.3693 0.3661 L 0.4571 0.2982 Z',
  'M 0.7121 0.1848 L 0.6879 0.1754 L 0.6329 0.1844 L 0.61 0.2018 L 0.6207 0.2085 L 0.4986 0.2982 L 0.535 0.3237 Z',
  'M 0.5557 0.3379 L 0.7464 0.1826 L 0.8036 0.2076 L 0.595 0.3616 Z',
  'M 0.8293 0.2188 L 0.8979 0.2509 L 0.6936 0.4125 L 0.6171 0.3737 Z',
  'M 1 0.2138 L 0.6821 0.4603 L 0.815 0.5277 L 1 0.4 Z',
  'M 0 0.317 L 0.0971 0.2554 L 0.4121 0.4143 L 0.3736 0.4415 L 0.315 0.4076 L 0.3093 0.4116 L 0.3686 0.4455 L 0.285 0.5045 L 0.1114 0.4134 L 0.025 0.4603 L 0.0371 0.4723 L 0.1114 0.4371 L 0.2871 0.5312 L 0.1929 0.6058 L 0.2271 0.6705 L 0.17 0.7147 L 0.0314 0.6321 L 0 0.6246 Z',
  'M 0.48 0.3121 L 0.5157 0.3375 L 0.4314 0.3982 L 0.3929 0.3786 Z',
  'M 0.3086 0.5179 L 0.53 0.3518 L 0.5757 0.3745 L 0.3479 0.5411 Z',
  'M 0.5964 0.3884 L 0.6736 0.4277 L 0.445 0.5991 L 0.3664 0.5531 L 0.5057 0.4545 L 0.5507 0.4754 L 0.5571 0.4723 L 0.5114 0.4504 Z',
  'M 0.4793 0.6161 L 0.6771 0.4643 L 0.8086 0.5326 L 0.7471 0.5817 L 0.7214 0.567 L 0.715 0.571 L 0.7421 0.5871 L 0.6014 0.6933 Z',
  'M 1 0.4371 L 0.8443 0.546 L 0.9071 0.5701 L 1 0.5022 Z',
  'M 0.8407 0.5504 L 0.8993 0.5759 L 0.6757 0.7416 L 0.6286 0.7139 Z',
  'M 1 0.5321 L 0.6979 0.7549 L 0.7457 0.7781 L 0.9814 0.6094 L 1 0.6067 Z',
  'M 1 0.6254 L 0.7664 0.792 L 0.9586 0.9062 L 1 0.8786 Z',
  'M 0.3093 0.5464 L 0.4271 0.6152 L 0.245 0.7643 L 0.185 0.7228 L 0.2493 0.6728 L 0.2214 0.6143 Z',
  'M 0 0.65 L 0.2179 0.7826 L 0.1136 0.8424 Z',
  'M 0 0.7272 L 0.0821 0.859 L 0 0.9085 Z',
  'M 0.4529 0.6366 L 0.575 0.7143 L 0.39 0.8621 L 0.2657 0.7902 Z',
  'M 0 0.9415 L 0.1036 0.8821 L 0.2343 0.959 L 0.1721 1 L 0 1 Z',
  'M 0.2586 0.7951 L 0.3829 0.8674 L 0.2543 0.9451 L 0.1279 0.8692 Z',
  'M 0.2836 0.9639 L 0.4207 0.8772 L 0.605 0.7321 L 0.6521 0.7634 L 0.3486 1 L 0.3393 1 Z',
  'M 0.3879 1 L 0.6721 0.7759 L 0.7171 0.7982 L 0.4564 1 Z',
  'M 0.4986 1 L 0.7386 0.8125 L 0.9307 0.925 L 0.8264 1 Z',
  'M 0.8671 1 L 0.9464 0.9491 L 1 0.975 L 1 1 Z',
  'M 0.2295 1 L 0.2648 0.9792 L 0.2981 1 Z',
];

/** A block of the map in a w x h box at (x, y): its path, or the ellipse's box for an E block. */
export type MapBlock = { readonly path: PathData } | { readonly ellipse: readonly [number, number, number, number] };

/** An outline written in fractions of a box (M x y, L x y, A rx ry turn large sweep x y, Z), drawn in a w x h box at (x, y). */
export function fractionPath(outline: string, x: number, y: number, w: number, h: number): PathData {
  const words = outline.split(' ');
  const path = new PathData();
  for (let i = 0; i < words.length; ) {
    const command = words[i];
    const n = words.slice(i + 1).map(Number);
    if (command === 'M') path.moveTo(x + n[0] * w, y + n[1] * h);
    else if (command === 'L') path.lineTo(x + n[0] * w, y + n[1] * h);
    else if (command === 'A') path.arcTo(n[0] * w, n[1] * h, n[2], n[3] as 0 | 1, n[4] as 0 | 1, x + n[5] * w, y + n[6] * h);
    else path.close();
    i += { M: 3, L: 3, A: 8 }[command] ?? 1;
  }
  return path;
}

/** The map's blocks scaled to a w x h box at (x, y), in diagrams.net's drawing order. */
export function mapBlocks(x: number, y: number, w: number, h: number): MapBlock[] {
  return BLOCKS.map((block) => {
    const words = block.split(' ');
    if (words[0] !== 'E') return { path: fractionPath(block, x, y, w, h) };
    const [ex, ey, ew, eh] = words.slice(1).map(Number);
    return { ellipse: [x + ex * w, y + ey * h, ew * w, eh * h] as const };
  });
}
