/**
 * The midi toolset end to end through `tandem mcp` (the stdio bridge), as Claude Desktop uses it:
 * the BUILT cli, a core the bridge starts, the SDK's stdio client. A track and notes are added,
 * queried, saved as a .mid, reopened: the same song.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { midiDomain } from './index';
import { mutationToolDescription, renderReferenceCard, sessionToolDescription } from '../../fcp/reference-card';
import { Harness, textOf } from '../../cli/test-harness';

const harness = new Harness();
afterEach(() => harness.cleanup());

describe('tandem mcp: the midi toolset', () => {
  it('lists the four midi tools, described from the domain tables', async () => {
    const { client } = await harness.bridgeClient(harness.tempWorkspace(), 'claude-ai', {}, ['--toolsets', 'midi']);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['midi', 'midi_query', 'midi_session', 'midi_help', 'tandem_view_changes', 'tandem_view_select']);
    expect(tools[0].description).toBe(mutationToolDescription(midiDomain));
    expect(tools[2].description).toBe(sessionToolDescription(midiDomain));
    expect(tools[2].description).toContain('load-soundfont PATH|default');
    expect(textOf(await client.callTool({ name: 'midi_help', arguments: {} }))).toBe(renderReferenceCard(midiDomain));
  });

  it('adds a track and notes, queries them, saves a .mid, reopens it: the same song', async () => {
    const ws = harness.tempWorkspace();
    const { client } = await harness.bridgeClient(ws, 'claude-ai');
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      return { text: textOf(result), isError: result.isError === true };
    };

    const created = await call('midi_session', { action: 'new "Night Drive" tempo:96 key:A-minor' });
    expect(created.text).toMatch(/^!new "Night Drive"\nhash:[0-9a-f]{6} tracks:0 notes:0$/);

    const added = await call('midi', {
      ops: [
        'track add Piano instrument:acoustic-grand-piano',
        'note Piano C4 at:1.1 dur:quarter vel:mf',
        'note Piano E4 at:1.2 dur:quarter vel:mf',
        'note Piano G4 at:1.3 dur:quarter vel:mf',
        'track add Drums instrument:standard-kit',
        'note Drums kick at:1.1 dur:eighth',
        'chord Piano Am/C at:2.1 dur:whole',
      ],
    });
    expect(added.isError).toBe(false);
    const lines = added.text.split('\n');
    expect(lines.slice(0, 6)).toEqual([
      "+ Track 'Piano' added (ch:1, acoustic-grand-piano)",
      '+ Note C4 on Piano at 1.1 dur:480 vel:80',
      '+ Note E4 on Piano at 1.2 dur:480 vel:80',
      '+ Note G4 on Piano at 1.3 dur:480 vel:80',
      "+ Track 'Drums' added (ch:10, standard-kit)",
      '+ Note kick on Drums at 1.1 dur:240 vel:80',
    ]);
    const digest = lines.at(-1)!;
    expect(digest).toMatch(/^hash:[0-9a-f]{6} tracks:2 notes:7$/);

    const refused = await call('midi', { ops: ['note Guitar C4'] });
    expect(refused.isError).toBe(true);
    expect(refused.text.split('\n')).toEqual([
      "! Track 'Guitar' not found [unknown_ref]",
      '  try: track add Guitar instrument:acoustic-guitar-steel (tracks: Piano, Drums)',
      digest,
    ]);

    const map = (await call('midi_query', { q: 'map' })).text;
    expect(map).toBe(
      ['Song: Night Drive', '  tempo:96 | 4/4 | A minor | ppqn:480', '  Tracks (2):', '    1. Piano ch:1 acoustic-grand-piano (6 notes)', '    2. Drums ch:10 standard-kit (1 note)'].join(
        '\n',
      ),
    );
    const events = (await call('midi_query', { q: 'events Piano 1.1-1.4' })).text;
    expect(events).toBe(
      ['events Piano 1.1-1.4: 3 events (ch:1 acoustic-grand-piano)', '  1.1 note C4 dur:480 vel:80', '  1.2 note E4 dur:480 vel:80', '  1.3 note G4 dur:480 vel:80'].join('\n'),
    );
    expect((await call('midi_query', { q: 'piano-roll Piano 1.1-1.4 step:quarter' })).text.split('\n')).toEqual([
      'piano-roll Piano 1.1-1.4 (step 480 ticks, 4 columns)',
      '    1',
      'G4  |..#.|',
      'F#4 |....|',
      'F4  |....|',
      'E4  |.#..|',
      'D#4 |....|',
      'D4  |....|',
      'C#4 |....|',
      'C4  |#...|',
    ]);
    expect((await call('midi_query', { q: 'history 5' })).text).toContain('#1 claude-ai batch: track add Piano instrument:acoustic-grand-piano');

    expect((await call('midi_session', { action: 'save as:songs/night-drive' })).text.split('\n')).toEqual(['!saved songs/night-drive.mid', digest]);
    expect(readFileSync(join(ws, 'songs', 'night-drive.mid')).subarray(0, 4).toString('latin1')).toBe('MThd');
    const before = (await call('midi_query', { q: 'events *' })).text;

    expect((await call('midi_session', { action: 'new "Scratch"' })).isError).toBe(false);
    expect((await call('midi_query', { q: 'stats' })).text).toContain('0 tracks, 0 notes');
    const opened = await call('midi_session', { action: 'open songs/night-drive.mid' });
    expect(opened.text.split('\n')).toEqual(['!opened songs/night-drive.mid "Night Drive"', digest]);
    expect((await call('midi_query', { q: 'events *' })).text).toBe(before);

    // A file that is not MIDI is refused, and the song stays.
    writeFileSync(join(ws, 'songs', 'broken.mid'), 'not midi');
    const broken = await call('midi_session', { action: 'open songs/broken.mid' });
    expect(broken.isError).toBe(true);
    expect(broken.text).toContain('[file_invalid]');
    expect(broken.text.split('\n').at(-1)).toBe(digest);

    // One undo reverts the whole batch.
    await call('midi', { ops: ['note Piano A4 at:3.1', 'note Piano B4 at:3.2'] });
    const undo = await call('midi_session', { action: 'undo' });
    expect(undo.text.split('\n')).toEqual(['!undo #1 by claude-ai: note Piano A4 at:3.1 (+1 more)', digest]);
  });

  it('answers `selection` for a track the person picked: the track, where its notes lie, and that @selected is all of them', async () => {
    const ws = harness.tempWorkspace();
    const { client: ai } = await harness.bridgeClient(ws, 'claude-ai');
    // The chat view's app reports the person's picks, as the studio window does.
    const { client: view } = await harness.bridgeClient(ws, 'chat-host');
    const query = async (q: string) => textOf(await ai.callTool({ name: 'midi_query', arguments: { q } }));
    await ai.callTool({ name: 'midi', arguments: { ops: ['track add Bass instrument:electric-bass-finger', 'note Bass E2 at:3.1 dur:half', 'note Bass G2 at:4.1 dur:quarter', 'note Bass A1 at:5.2 dur:quarter', 'track add Kit instrument:standard-kit'] } });
    const changes = (await view.callTool({ name: 'tandem_view_changes', arguments: { document: 'midi' } })).structuredContent as { snapshot: { records: Array<{ kind: string; id: string; name?: string }> } };
    const trackId = (name: string) => changes.snapshot.records.find((r) => r.kind === 'track' && r.name === name)!.id;

    await view.callTool({ name: 'tandem_view_select', arguments: { document: 'midi', ids: [trackId('Bass')] } });
    expect((await query('selection')).split('\n')).toEqual([
      expect.stringMatching(/^selection \(chat view \d+\): track Bass \(@selected: all 3 notes\)$/),
      '  Bass ch:1 electric-bass-finger (3 notes)',
      '    notes from 3.1 to 5.3, A1 to G2',
    ]);
    // @selected is the picked track's notes: a velocity change (+30) reaches all three.
    await ai.callTool({ name: 'midi', arguments: { ops: ['velocity @selected 30'] } });
    expect(await query('events Bass')).toMatch(/3\.1 note E2 dur:960 vel:110\n.*4\.1 note G2 dur:480 vel:110\n.*5\.2 note A1 dur:480 vel:110/s);

    // A track with no notes says so, and nothing about where they lie.
    await view.callTool({ name: 'tandem_view_select', arguments: { document: 'midi', ids: [trackId('Kit')] } });
    expect((await query('selection')).split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(/: track Kit \(@selected: all 0 notes\)$/),
      '  Kit ch:10 standard-kit (0 notes)',
    ]);
    // Nothing picked is still the contract's error.
    await view.callTool({ name: 'tandem_view_select', arguments: { document: 'midi', ids: [] } });
    const nothing = await ai.callTool({ name: 'midi_query', arguments: { q: 'selection' } });
    expect(nothing.isError).toBe(true);
    expect(textOf(nothing)).toMatch(/nothing is selected in the Music view.*\[no_selection\]/s);
  });
});
