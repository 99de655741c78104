/** How the Music view names a track's instrument: the core's General MIDI names and drum kits. */
import { DRUM_KITS, GM_PROGRAMS, instrumentName } from '../../../../../shared/midi/instruments';
import type { MidiTrackRecord } from '../../../../../shared/midi/records';

/** The instrument names offered when adding a track. */
export const INSTRUMENT_CHOICES: readonly string[] = [...GM_PROGRAMS, ...Object.keys(DRUM_KITS)];

export function instrumentLabel(track: Pick<MidiTrackRecord, 'program' | 'drums'>): string {
  return instrumentName(track.program, track.drums);
}

/** An instrument change as the roll labels it: the instrument's name (a drum kit's on a drum track). */
export function programLabel(program: number, drums: boolean): string {
  return instrumentName(program, drums);
}
