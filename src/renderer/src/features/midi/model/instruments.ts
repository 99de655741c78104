/** How the Music view names a track's instrument. */
import type { MidiTrackRecord } from '../../../../../shared/midi-records';

/** The instrument names offered when adding a track or changing its instrument. */
export const INSTRUMENT_CHOICES: readonly string[] = [];

export function instrumentLabel(track: Pick<MidiTrackRecord, 'program' | 'drums'>): string {
  return track.drums ? `drum kit ${track.program}` : `program ${track.program}`;
}
