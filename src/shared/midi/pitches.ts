/** Pitches as the studio names them: C4 = 60, black keys as sharps, drums by their General MIDI names. */
import { drumName } from './instruments';

const SHARP_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];

/** C4 = 60; black keys spelled as sharps. */
export function pitchName(pitch: number): string {
  return `${SHARP_NAMES[pitch % 12]}${Math.floor(pitch / 12) - 1}`;
}

/** The pitch as a drum track shows it: the General MIDI drum name, else the note name. */
export function drumOrPitchName(pitch: number, drums: boolean): string {
  return (drums && drumName(pitch)) || pitchName(pitch);
}
