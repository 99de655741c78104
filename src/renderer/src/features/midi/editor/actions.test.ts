import { describe, expect, it } from 'vitest';
import type { MidiRecord } from '../../../../../shared/midi/records';
import { createFakeApi, settle, type FakeApi } from '../../../testing/fake-api';
import { createFakePlayer } from '../../../testing/fake-player';
import { commandForKey } from '../../../common/shortcuts';
import { keyStroke } from '../../../testing/keys';
import { note, songBatch, songMeta, songSnapshot, timeSig, track } from '../../../testing/midi-fixtures';
import { GRID_CHOICES } from '../model/ops';
import { createMidiStore } from '../store/midi-store';
import { createMusicActions } from './actions';
import { MUSIC_COMMANDS } from './commands';
import { createMusicViewStore } from './view-store';

/** Plays the core for `note` ops: each comes back as a change with a new note record. */
function echoNotes(api: FakeApi, trackId: string): void {
  let seq = 1;
  let next = 200;
  const record = api.mutate;
  api.mutate = async (domain, ops) => {
    const answer = await record(domain, ops);
    const put = ops.flatMap((op) => {
      const m = /^note \S+ (\S+) at:(\S+) dur:(\S+) vel:(\d+)/.exec(op);
      if (!m) return [];
      // Enough of the reference for these tests: C4/E4/G4 at 1.x or 2.x in 4/4, quarter or eighth notes.
      const pitch = { C4: 60, E4: 64, G4: 67 }[m[1]]!;
      const [bar, beat] = m[2].split('.').map(Number);
      return [note(`n${next++}`, trackId, pitch, (bar - 1) * 1920 + (beat - 1) * 480, { dur: m[3] === '8n' ? 240 : 480, vel: Number(m[4]) })];
    });
    if (!answer.isError && put.length) api.emit(songBatch(++seq, { put, origin: 'person' }));
    return answer;
  };
}

async function setup(records: MidiRecord[] = [songMeta(), track('t1', 'Piano'), track('t2', 'Bass', { order: 2 })]) {
  const api = createFakeApi(songSnapshot(records, { seq: 1 }));
  const song = createMidiStore({ api });
  song.start();
  await settle();
  const view = createMusicViewStore();
  const player = createFakePlayer();
  const actions = createMusicActions({ api, song: song.store, view, player });
  return { api, song: song.store, view, actions, player };
}

describe('music actions send midi ops, never state', () => {
  it('draws a note on the active track at the velocity last set, and selects it when it shows', async () => {
    const { api, actions, view, song } = await setup();
    echoNotes(api, 't1');
    await actions.setVelocity(96); // nothing selected: only sets the velocity of new notes
    const before = song.getState().notes;
    await actions.drawNote({ pitch: 64, tick: 480, dur: 240 });
    expect(api.mutations).toEqual([['note Piano E4 at:1.2 dur:8n vel:96']]);
    expect(song.getState().notes).not.toBe(before);
    expect([...view.getState().selection]).toEqual(['n200']);
  });

  it('says what to do when there is no track to draw on', async () => {
    const { api, actions, view } = await setup([songMeta()]);
    await actions.drawNote({ pitch: 60, tick: 0, dur: 480 });
    expect(api.mutations).toEqual([]);
    expect(view.getState().toasts[0].message).toMatch(/no track/);
  });

  it('edits the selection of the active track only, each gesture one batch', async () => {
    const { api, actions, view } = await setup([
      songMeta(),
      track('t1', 'Piano'),
      track('t2', 'Bass', { order: 2 }),
      note('n1', 't1', 60, 0),
      note('n2', 't1', 64, 480),
      note('n3', 't2', 40, 0),
    ]);
    actions.selectNotes(['n1', 'n2', 'n3']); // n3 is on another track
    await actions.moveSelection(960, 2);
    await actions.resizeSelection(-240);
    await actions.transpose(-12);
    await actions.changeVelocity(10);
    await actions.setVelocity(200);
    await actions.quantize();
    expect(api.mutations).toEqual([
      ['move @id:n1,n2 to:1.3', 'transpose @id:n1,n2 +2'],
      ['modify @id:n1 dur:8n', 'modify @id:n2 dur:8n'],
      ['transpose @id:n1,n2 -12'],
      ['velocity @id:n1,n2 +10'],
      ['modify @id:n1,n2 vel:127'],
      ['quantize @id:n1,n2 grid:16n'],
    ]);
    await actions.deleteSelection();
    expect(api.mutations.at(-1)).toEqual(['remove @id:n1,n2']);
    expect(view.getState().selection.size).toBe(0);
  });

  it('nudges by a grid step or a bar, never before the start', async () => {
    const { api, actions, view } = await setup([
      songMeta(),
      track('t1', 'Piano'),
      timeSig('ts1', 0, 3, 4),
      note('n1', 't1', 60, 120),
    ]);
    view.setState({ grid: GRID_CHOICES[2] }); // quarter
    actions.selectNotes(['n1']);
    await actions.nudge(1, false);
    await actions.nudge(1, true);
    await actions.nudge(-1, false);
    expect(api.mutations).toEqual([['move @id:n1 to:1.2.120'], ['move @id:n1 to:2.1.120'], ['move @id:n1 to:1.1']]);
  });

  it('selects by toggling, all of the track, or none', async () => {
    const { actions, view } = await setup([songMeta(), track('t1', 'Piano'), note('n1', 't1', 60, 0), note('n2', 't1', 62, 0), note('n3', 't1', 64, 0)]);
    actions.selectNotes(['n1']);
    actions.selectNotes(['n2', 'n1'], true);
    expect([...view.getState().selection]).toEqual(['n2']);
    actions.selectAll();
    expect([...view.getState().selection].sort()).toEqual(['n1', 'n2', 'n3']);
    actions.selectNone();
    expect(view.getState().selection.size).toBe(0);
  });

  it('copies and pastes after the copied notes, then selects what it pasted', async () => {
    const { api, actions, view } = await setup([songMeta(), track('t1', 'Piano'), note('n1', 't1', 60, 0), note('n2', 't1', 64, 480, { dur: 240 })]);
    echoNotes(api, 't1');
    actions.selectNotes(['n1', 'n2']);
    actions.copy();
    await actions.paste();
    expect(api.mutations).toEqual([['note Piano C4 at:1.3 dur:4n vel:80', 'note Piano E4 at:1.4 dur:8n vel:80']]);
    expect([...view.getState().selection].sort()).toEqual(['n200', 'n201']);
    // The next paste goes on after that one.
    expect(view.getState().cursorTick).toBe(1920);
    // A click on the ruler moves where the next paste goes.
    actions.seek(3840);
    await actions.paste();
    expect(api.mutations.at(-1)).toEqual(['note Piano C4 at:3.1 dur:4n vel:80', 'note Piano E4 at:3.2 dur:8n vel:80']);
  });

  it('cuts: copies, then removes', async () => {
    const { api, actions, view } = await setup([songMeta(), track('t1', 'Piano'), note('n1', 't1', 60, 960)]);
    actions.selectNotes(['n1']);
    await actions.cut();
    expect(api.mutations).toEqual([['remove @id:n1']]);
    expect(view.getState().clipboard?.notes).toHaveLength(1);
    expect(view.getState().cursorTick).toBe(960);
  });

  it('edits tracks by name', async () => {
    const { api, actions, view, song } = await setup();
    await actions.toggleFlag('t2', 'mute');
    await actions.toggleFlag('t1', 'solo');
    await actions.setVolume('t2', 90);
    await actions.setInstrument('t1', 'electric-piano-1');
    await actions.removeTrack('t2');
    expect(api.mutations).toEqual([['mute Bass'], ['solo Piano'], ['cc Bass volume 90'], ['program Piano electric-piano-1'], ['track remove Bass']]);
    // A new track becomes the one the roll edits once it shows.
    const sent = actions.addTrack('Strings', 'string-ensemble-1');
    await settle();
    api.emit(songBatch(2, { put: [track('t9', 'Strings', { order: 3 })] }));
    await sent;
    expect(api.mutations.at(-1)).toEqual(['track add Strings instrument:string-ensemble-1']);
    expect(view.getState().activeTrackId).toBe('t9');
    expect(song.getState().tracks.has('t9')).toBe(true);
  });

  it('runs history and files as session actions', async () => {
    const { api, actions, view } = await setup();
    await actions.undo();
    await actions.redo();
    await actions.checkpoint('verse done');
    await actions.save(); // no file yet: the browser asks where
    expect(view.getState().dialog).toBe('save-as');
    await actions.saveToPath('songs/sketch.mid');
    await actions.openPath('songs/other.mid');
    expect(api.sessions).toEqual(['undo', 'redo', 'checkpoint "verse done"', 'save as:songs/sketch.mid', 'open songs/other.mid']);
  });

  it('drives the player: play and pause, stop, seek, loop, metronome', async () => {
    const { actions, player, view } = await setup();
    actions.togglePlay();
    await settle();
    actions.togglePlay();
    actions.seek(960);
    actions.setLoop({ startTick: 0, endTick: 1920 });
    actions.toggleMetronome();
    actions.stop();
    expect(player.calls).toEqual(['play', 'pause', 'seek 960', 'loop 0-1920', 'metronome true', 'stop']);
    expect(view.getState().loop).toEqual({ startTick: 0, endTick: 1920 });
  });

  it('zooms the roll about its left edge', async () => {
    const { actions, view } = await setup();
    actions.setView({ scrollTick: 960, scrollY: 0, pxPerTick: 0.1, keyHeight: 14 });
    actions.zoomTime(2);
    expect(view.getState().view).toMatchObject({ scrollTick: 960, pxPerTick: 0.2 });
    actions.zoomTime(1 / 1000);
    expect(view.getState().view.pxPerTick).toBeGreaterThan(0);
  });

  it('the keyboard table: arrows transpose and nudge, Alt+arrows change velocity, Space plays', () => {
    const id = (key: string, mods = {}) => commandForKey(keyStroke(key, mods), MUSIC_COMMANDS)?.id;
    expect(id('ArrowUp')).toBe('up');
    expect(id('ArrowUp', { shiftKey: true })).toBe('octave-up');
    expect(id('ArrowDown', { altKey: true })).toBe('softer');
    expect(id('ArrowLeft')).toBe('earlier');
    expect(id(' ')).toBe('play');
    expect(id('z', { ctrlKey: true })).toBe('undo');
    expect(id('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(id('q')).toBe('quantize');
    expect(id('x')).toBeUndefined();
  });
});
