/**
 * The song's tracks: name, instrument, channel, note count, mute, solo and volume, each row
 * choosing the track the piano roll edits; a form adds a track, a button removes one. Every change
 * is an op; a track someone else just changed wears their colour for a moment.
 */
import { memo, useState, type FormEvent } from 'react';
import type { MidiTrackRecord } from '../../../../../shared/midi/records';
import { originColor } from '../../../common/origin';
import { ReadChip, useReadMark } from '../../../common/presence';
import { useFreshChange } from '../../../common/use-fresh-change';
import { activeTrackOf } from '../editor/actions';
import { useMusicActions, useMusicView, useSong } from '../editor/music-context';
import { INSTRUMENT_CHOICES, instrumentLabel } from '../model/instruments';
import { trackNotes } from '../model/note-index';
import { noteIndex, orderedTracks, trackVolume } from '../store/midi-store';

/** The volume slider sends one op when let go, not one per pixel. */
function VolumeSlider({ track }: { track: MidiTrackRecord }) {
  const actions = useMusicActions();
  const [dragging, setDragging] = useState<number | undefined>();
  const value = dragging ?? trackVolume(track);
  const commit = () => {
    if (dragging !== undefined && dragging !== trackVolume(track)) void actions.setVolume(track.id, dragging);
    setDragging(undefined);
  };
  return (
    <input
      type="range"
      className="volume"
      min={0}
      max={127}
      value={value}
      title={`Volume ${value}`}
      aria-label={`Volume of ${track.name}`}
      data-testid={`track-volume-${track.name}`}
      onChange={(e) => setDragging(Number(e.target.value))}
      onPointerUp={commit}
      onKeyUp={commit}
      onBlur={commit}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

const TRACK_FLAGS = [
  { flag: 'mute', letter: 'M', title: 'Mute' },
  { flag: 'solo', letter: 'S', title: 'Solo' },
] as const;

const TrackRow = memo(function TrackRow({ track, active }: { track: MidiTrackRecord; active: boolean }) {
  const actions = useMusicActions();
  const notes = useSong((s) => trackNotes(noteIndex(s), track.id).notes.length);
  const changedBy = useFreshChange(useSong((s) => s.lastChanges.get(track.id)))?.origin;
  const readBy = useReadMark(useSong((s) => s.documentId), track.id)?.origin;
  return (
    <li
      className={`track-row${active ? ' active' : ''}`}
      data-testid={`track-${track.name}`}
      data-active={active}
      style={changedBy ? { boxShadow: `inset 3px 0 0 ${originColor(changedBy)}` } : undefined}
      onClick={() => actions.selectTrack(track.id)}
    >
      <div className="track-head">
        <span className="track-name" title={track.name}>
          {track.name}
        </span>
        {changedBy && (
          <span className="origin-chip small" style={{ background: originColor(changedBy) }} title={`Just changed by ${changedBy}`}>
            {changedBy}
          </span>
        )}
        {readBy && !changedBy && (
          <ReadChip origin={readBy} />
        )}
        <button type="button" className="track-remove" title={`Remove ${track.name}`} aria-label={`Remove ${track.name}`} onClick={(e) => (e.stopPropagation(), void actions.removeTrack(track.id))}>
          ×
        </button>
      </div>
      <div className="track-facts">
        <span className="track-instrument" data-testid="track-instrument" title={instrumentLabel(track)}>
          {instrumentLabel(track)}
        </span>
        <span>ch {track.channel}</span>
        <span data-testid="track-notes">
          {notes} {notes === 1 ? 'note' : 'notes'}
        </span>
      </div>
      <div className="track-controls">
        {TRACK_FLAGS.map(({ flag, letter, title }) => (
          <button
            key={flag}
            type="button"
            className={`flag${track[flag] ? ' on' : ''}`}
            aria-pressed={track[flag]}
            title={title}
            data-testid={`track-${flag}-${track.name}`}
            onClick={(e) => (e.stopPropagation(), void actions.toggleFlag(track.id, flag))}
          >
            {letter}
          </button>
        ))}
        <VolumeSlider track={track} />
      </div>
    </li>
  );
});

function AddTrackForm({ close }: { close(): void }) {
  const actions = useMusicActions();
  const [name, setName] = useState('');
  const [instrument, setInstrument] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    close();
    void actions.addTrack(name, instrument.trim() || undefined);
  };
  return (
    <form className="add-track" onSubmit={submit} data-testid="add-track-form">
      <input autoFocus placeholder="Name" value={name} onChange={(e) => setName(e.target.value)} data-testid="add-track-name" spellCheck={false} />
      <input
        placeholder="Instrument (piano, violin, standard-kit…)"
        value={instrument}
        onChange={(e) => setInstrument(e.target.value)}
        list="gm-instruments"
        data-testid="add-track-instrument"
        spellCheck={false}
      />
      <datalist id="gm-instruments">
        {INSTRUMENT_CHOICES.map((choice) => (
          <option key={choice} value={choice} />
        ))}
      </datalist>
      <div className="modal-actions">
        <button type="button" className="text-button" onClick={close}>
          Cancel
        </button>
        <button type="submit" className="primary-button" data-testid="add-track-confirm">
          Add
        </button>
      </div>
    </form>
  );
}

export function TrackList() {
  const tracks = useSong(orderedTracks);
  const activeId = useSong((s) => activeTrackOf(s, { activeTrackId: undefined })?.id);
  const chosen = useMusicView((s) => s.activeTrackId);
  const active = tracks.some((t) => t.id === chosen) ? chosen : activeId;
  const [adding, setAdding] = useState(false);
  return (
    <aside className="track-list" data-testid="track-list" aria-label="Tracks">
      <div className="pane-head">
        <h2 className="panel-heading">Tracks</h2>
        <button type="button" className="text-button" data-testid="add-track" onClick={() => setAdding(!adding)} title="Add a track">
          + Track
        </button>
      </div>
      {adding && <AddTrackForm close={() => setAdding(false)} />}
      {tracks.length === 0 && !adding && <p className="hint">No tracks yet. Add one, or ask the assistant to write some music.</p>}
      <ol className="tracks">
        {tracks.map((track) => (
          <TrackRow key={track.id} track={track} active={track.id === active} />
        ))}
      </ol>
    </aside>
  );
}
