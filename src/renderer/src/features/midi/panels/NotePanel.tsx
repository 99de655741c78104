/**
 * The right-hand panel: what is selected (how many notes, their pitches and velocity) with the
 * edits that act on it, and the song's facts (tempo, time signature, key, length).
 */
import { useEffect, useState } from 'react';
import { selectedNotesOf } from '../editor/actions';
import { VELOCITY_STEP } from '../editor/commands';
import { useMusic, useMusicActions, useMusicView, useSong } from '../editor/music-context';
import { pitchName } from '../../../../../shared/midi/pitches';
import { formatPosition } from '../model/timeline';
import { noteIndex, ppqnOf, songMeter, sortedByTick } from '../store/midi-store';
import { useStore } from 'zustand';

function useSelectedNotes() {
  const { song, view } = useMusic();
  const songState = useStore(song);
  const viewState = useStore(view);
  return selectedNotesOf(songState, viewState);
}

/** The velocity slider: of the selection when there is one, else of the notes drawn next; sent when let go. */
function VelocityControl({ current, selected }: { current: number; selected: number }) {
  const actions = useMusicActions();
  const [value, setValue] = useState(current);
  useEffect(() => setValue(current), [current]);
  const commit = () => {
    if (value !== current || selected === 0) void actions.setVelocity(value);
  };
  return (
    <label className="field wide velocity-field">
      <span>
        Velocity <output data-testid="velocity-value">{value}</output>
      </span>
      <input
        type="range"
        min={1}
        max={127}
        value={value}
        data-testid="velocity"
        onChange={(e) => setValue(Number(e.target.value))}
        onPointerUp={commit}
        onKeyUp={commit}
      />
    </label>
  );
}

function Selection() {
  const actions = useMusicActions();
  const notes = useSelectedNotes();
  const drawVelocity = useMusicView((s) => s.velocity);
  if (notes.length === 0) {
    return (
      <section className="side-section">
        <h2 className="panel-heading">New notes</h2>
        <VelocityControl current={drawVelocity} selected={0} />
        <p className="hint">Click or drag on the roll to draw. Shift+drag selects; Ctrl+A selects the whole track.</p>
      </section>
    );
  }
  const pitches = notes.map((n) => n.pitch);
  const low = Math.min(...pitches);
  const high = Math.max(...pitches);
  const average = Math.round(notes.reduce((sum, n) => sum + n.vel, 0) / notes.length);
  return (
    <section className="side-section" data-testid="note-selection">
      <h2 className="panel-heading">
        {notes.length} {notes.length === 1 ? 'note' : 'notes'} selected
      </h2>
      <dl className="facts">
        <dt>Pitch</dt>
        <dd>{low === high ? pitchName(low) : `${pitchName(low)} – ${pitchName(high)}`}</dd>
      </dl>
      <VelocityControl current={average} selected={notes.length} />
      <div className="button-row">
        <button type="button" className="text-button" onClick={() => void actions.changeVelocity(-VELOCITY_STEP)} title="Softer (Alt+↓)">
          −{VELOCITY_STEP}
        </button>
        <button type="button" className="text-button" onClick={() => void actions.changeVelocity(VELOCITY_STEP)} title="Louder (Alt+↑)">
          +{VELOCITY_STEP}
        </button>
      </div>
      <div className="button-row">
        <button type="button" className="text-button" onClick={() => void actions.transpose(-12)} title="Down an octave (Shift+↓)">
          −8va
        </button>
        <button type="button" className="text-button" onClick={() => void actions.transpose(-1)} title="Down a semitone (↓)">
          −1
        </button>
        <button type="button" className="text-button" onClick={() => void actions.transpose(1)} title="Up a semitone (↑)">
          +1
        </button>
        <button type="button" className="text-button" onClick={() => void actions.transpose(12)} title="Up an octave (Shift+↑)">
          +8va
        </button>
      </div>
      <div className="button-row">
        <button type="button" className="text-button" data-testid="quantize" onClick={() => void actions.quantize()} title="Snap starts to the grid (Q)">
          Quantize
        </button>
        <button type="button" className="text-button danger" onClick={() => void actions.deleteSelection()} title="Delete (Del)">
          Delete
        </button>
      </div>
    </section>
  );
}

function SongFacts() {
  const tempo = useSong((s) => sortedByTick(s.tempos)[0]?.bpm ?? 120);
  const sig = useSong((s) => sortedByTick(s.timeSigs)[0]);
  const key = useSong((s) => sortedByTick(s.keySigs)[0]);
  const ppqn = useSong(ppqnOf);
  const end = useSong((s) => formatPosition(songMeter(s), noteIndex(s).endTick));
  const notes = useSong((s) => s.notes.size);
  return (
    <section className="side-section">
      <h2 className="panel-heading">Song</h2>
      <dl className="facts" data-testid="song-facts">
        <dt>Tempo</dt>
        <dd>{Math.round(tempo * 100) / 100} bpm</dd>
        <dt>Time</dt>
        <dd>{sig ? `${sig.numerator}/${sig.denominator}` : '4/4'}</dd>
        <dt>Key</dt>
        <dd>{key ? `${key.key} ${key.mode}` : 'C major'}</dd>
        <dt>Notes</dt>
        <dd>{notes}</dd>
        <dt>Ends</dt>
        <dd>{end}</dd>
        <dt>PPQN</dt>
        <dd>{ppqn}</dd>
      </dl>
    </section>
  );
}

export function NotePanel() {
  return (
    <aside className="side-panel note-panel" aria-label="Notes">
      <Selection />
      <SongFacts />
    </aside>
  );
}
