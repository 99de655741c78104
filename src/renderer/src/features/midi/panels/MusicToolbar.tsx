/** The Music view's top bar: the song's title, history, files, the transport, and the roll's tools. */
import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../common/DocumentTitle';
import { FileTools, HistoryTools } from '../../../common/DocumentTools';
import { ToolButton, icon } from '../../../common/ToolButton';
import { useMusicActions, useMusicView, usePlayback, useSong } from '../editor/music-context';
import { GRID_CHOICES } from '../model/ops';
import { formatPosition } from '../model/timeline';
import { songMeter } from '../store/midi-store';

function Transport() {
  const actions = useMusicActions();
  const playback = usePlayback();
  const loop = useMusicView((s) => s.loop);
  const metronome = useMusicView((s) => s.metronome);
  const cursor = useMusicView((s) => s.cursorTick);
  const meter = useSong(songMeter);
  const canPlay = actions.hasPlayer() && playback.ready;
  const why = actions.hasPlayer() ? (playback.error ?? 'loading the instruments…') : 'no playback in this window';
  const at = actions.hasPlayer() ? playback.tick : cursor;
  return (
    <div className="tool-group transport" data-testid="transport">
      <ToolButton
        id="play"
        iconOnly
        label={playback.playing ? 'Pause' : 'Play'}
        title={canPlay ? 'Play or pause (Space)' : `Play: ${why}`}
        onClick={() => actions.togglePlay()}
        disabled={!canPlay}
        pressed={playback.playing}
      >
        {icon(playback.playing ? 'pause' : 'play')}
      </ToolButton>
      <ToolButton id="stop" iconOnly label="Stop" title="Stop and go back to the start (Enter)" onClick={() => actions.stop()} disabled={!canPlay}>
        {icon('stop')}
      </ToolButton>
      <ToolButton
        id="loop"
        iconOnly
        label="Loop"
        title={loop ? 'Stop looping (or double-click the ruler)' : 'Drag across the ruler to loop a region'}
        onClick={() => actions.setLoop(null)}
        disabled={!loop}
        pressed={Boolean(loop)}
      >
        {icon('loop')}
      </ToolButton>
      <ToolButton id="metronome" iconOnly label="Click" title="Metronome" onClick={() => actions.toggleMetronome()} pressed={metronome}>
        {icon('metronome')}
      </ToolButton>
      <span className="position" data-testid="position" title="Where the playhead is (bar.beat.tick)">
        {formatPosition(meter, at)}
      </span>
    </div>
  );
}

function RollTools() {
  const actions = useMusicActions();
  const tool = useMusicView((s) => s.tool);
  const grid = useMusicView((s) => s.grid);
  return (
    <div className="tool-group">
      <ToolButton id="tool-draw" iconOnly label="Draw" title="Draw notes: click, or drag for the length (D)" onClick={() => actions.setTool('draw')} pressed={tool === 'draw'}>
        {icon('pencil')}
      </ToolButton>
      <ToolButton id="tool-select" iconOnly label="Select" title="Select notes with a box (S; Shift+drag in either tool)" onClick={() => actions.setTool('select')} pressed={tool === 'select'}>
        {icon('select')}
      </ToolButton>
      <ToolButton id="zoom-in" iconOnly label="Zoom in" title="Wider bars (Ctrl+wheel zooms about the pointer, Alt+wheel changes the row height)" onClick={() => actions.zoomTime(1.5)}>
        {icon('zoomIn')}
      </ToolButton>
      <ToolButton id="zoom-out" iconOnly label="Zoom out" title="Narrower bars" onClick={() => actions.zoomTime(1 / 1.5)}>
        {icon('zoomOut')}
      </ToolButton>
      <label className="grid-select" title="The grid notes snap to">
        <span>Grid</span>
        <select
          data-testid="grid"
          value={grid.label}
          onChange={(e) => actions.setGrid(GRID_CHOICES.find((g) => g.label === e.target.value) ?? grid)}
        >
          {GRID_CHOICES.map((choice) => (
            <option key={choice.label} value={choice.label}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

export function MusicToolbar(props: { connection: ReactNode }) {
  const actions = useMusicActions();
  const title = useSong((s) => s.meta?.title ?? s.title);
  const dirty = useSong((s) => s.dirty);
  const path = useSong((s) => s.path);
  return (
    <header className="toolbar">
      <DocumentTitle title={title} dirty={dirty} path={path} />
      <HistoryTools actions={actions} />
      <FileTools actions={actions} openTitle="Open a .mid file (Ctrl+O)" saveTitle={path ? `Save to ${path} (Ctrl+S)` : 'Save to a .mid file (Ctrl+S)'} />
      <Transport />
      <RollTools />
      <div className="toolbar-end">{props.connection}</div>
    </header>
  );
}
