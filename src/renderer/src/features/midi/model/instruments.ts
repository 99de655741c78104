/** How the Music view names a track's instrument: General MIDI's names and drum kits, as a person reads them. */
import { DRUM_KITS, GM_PROGRAMS, instrumentTitle } from '../../../../../shared/midi/instruments';
import type { MidiTrackRecord } from '../../../../../shared/midi/records';

/** The instrument names offered when adding a track (the ids the track verb takes). */
export const INSTRUMENT_CHOICES: readonly string[] = [...GM_PROGRAMS, ...Object.keys(DRUM_KITS)];

export function instrumentLabel(track: Pick<MidiTrackRecord, 'program' | 'drums'>): string {
  return instrumentTitle(track.program, track.drums);
}

/** An instrument change as the roll labels it: the instrument's name (a drum kit's on a drum track). */
export function programLabel(program: number, drums: boolean): string {
  return instrumentTitle(program, drums);
}
