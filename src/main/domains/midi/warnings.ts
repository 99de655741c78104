/**
 * The warnings after the digest (`? ...`): what a batch left that the client may not want. Here:
 * notes of one pitch on one channel that overlap, which a synth plays cut short and a MIDI file
 * cannot always keep apart (its note-offs do not say which note-on they end).
 */
import type { RecordDiff } from '../../kernel/records';
import type { MidiNoteRecord, MidiRecord, MidiStore } from './model';
import { drumOrPitchName } from '../../../shared/midi/pitches';
import { MidiView, trackLabel } from './view';

const MAX_WARNINGS = 3;

export function midiWarnings(store: MidiStore, diff: RecordDiff<MidiRecord>): string[] {
  const touched = new Map<string, Set<string>>();
  for (const [, after] of Object.values(diff)) {
    if (after?.kind !== 'note') continue;
    let ids = touched.get(after.trackId);
    if (!ids) touched.set(after.trackId, (ids = new Set()));
    ids.add(after.id);
  }
  if (touched.size === 0) return [];
  const view = new MidiView(store);
  const found: string[] = [];
  for (const [trackId, ids] of touched) {
    const track = view.track(trackId);
    if (!track) continue;
    // The last note so far of each pitch and channel, walking the track's notes by time.
    const sounding = new Map<number, MidiNoteRecord>();
    for (const note of view.index.events.get(trackId)?.notesByTick() ?? []) {
      const key = view.channelOf(note) * 128 + note.pitch;
      const before = sounding.get(key);
      if (before && note.tick < before.tick + before.dur && (ids.has(note.id) || ids.has(before.id))) {
        const pitch = drumOrPitchName(note.pitch, track.drums);
        found.push(`? ${trackLabel(track.name)}: the ${pitch} at ${view.pos(note.tick)} starts before the ${pitch} at ${view.pos(before.tick)} ends`);
      }
      if (!before || note.tick + note.dur > before.tick + before.dur) sounding.set(key, note);
    }
  }
  if (found.length === 0) return [];
  const shown = found.slice(0, MAX_WARNINGS);
  if (found.length > shown.length) shown.push(`? ... and ${found.length - shown.length} more overlapping notes`);
  shown.push('? (notes of one pitch on one channel that overlap sound cut short, and a .mid cannot always keep their lengths)');
  return shown;
}
