/**
 * Edge ends that diagrams.net's shape libraries register beside its own menu (mxMarker.addMarker in
 * mxSysML.js): SysML's package containment (`sysMLPackCont`), required and provided interfaces
 * (`sysMLReqInt`, `sysMLProvInt`), the destruction X (`sysMLx`) and the lost and found messages
 * (`sysMLLost`, `sysMLFound`). Each is measured from the end by L = size + stroke + 1, as the
 * library measures it, never shortens the line and ignores endFill; they are symmetric about the
 * line, so a start draws the same turned round. Their parts are given pointing along +x with the
 * end at the origin (y as the canvas's); file-markers draws them
 * (marker-parts). Pure.
 */
import type { MarkerPart, PartFill } from './marker-parts';

export const LIBRARY_MARKERS = ['sysMLPackCont', 'sysMLReqInt', 'sysMLProvInt', 'sysMLx', 'sysMLLost', 'sysMLFound'] as const;
export type LibraryMarkerName = (typeof LIBRARY_MARKERS)[number];

/** The ends filled with the edge's own `fillColor` (none unless it names one); the rest are filled in the line's colour or not at all. */
export const OWN_FILL_MARKERS: ReadonlySet<string> = new Set<LibraryMarkerName>(['sysMLReqInt', 'sysMLProvInt']);

export function isLibraryMarker(name: string): name is LibraryMarkerName {
  return (LIBRARY_MARKERS as readonly string[]).includes(name);
}

/** The parts of a library's end of `size` and stroke width `sw`, as mxSysML.js draws them. */
export function libraryMarkerParts(name: LibraryMarkerName, size: number, sw: number): MarkerPart[] {
  const L = size + sw + 1;
  const r = size / 2;
  // Most of them ring a circle of the size's diameter centred L / 2 behind the end.
  const ring = (fill: PartFill): MarkerPart => ({ kind: 'circle', cx: -L / 2, r, fill });
  switch (name) {
    case 'sysMLPackCont':
      // A bar L long across the line through the ring: with the line running to the end, a circled plus.
      return [{ kind: 'path', points: [{ x: -L / 2, y: L / 2 }, { x: -L / 2, y: -L / 2 }] }, ring('none')];
    case 'sysMLReqInt':
      return [ring('own')];
    case 'sysMLProvInt':
      return [{ kind: 'arc', from: { x: 0, y: L / 2 }, to: { x: 0, y: -L / 2 }, r: L / 2, fill: 'own' }];
    case 'sysMLx':
      return [
        { kind: 'path', points: [{ x: -L / 2, y: L / 2 }, { x: L / 2, y: -L / 2 }] },
        { kind: 'path', points: [{ x: L / 2, y: L / 2 }, { x: -L / 2, y: -L / 2 }] },
      ];
    case 'sysMLLost':
      // An open arrow whose point is the ring's centre, then the ring filled in the line's colour.
      return [{ kind: 'path', points: [{ x: -1.5 * L, y: L / 2 }, { x: -L / 2, y: 0 }, { x: -1.5 * L, y: -L / 2 }] }, ring('ink')];
    case 'sysMLFound':
      return [ring('ink')];
  }
}
