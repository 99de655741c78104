/**
 * `midi_session render as:PATH.wav` end to end through `tandem mcp`: the BUILT cli, a core the
 * bridge starts, the render running in the core's worker thread, the WAV read back with our own
 * reader. And the SoundFont chosen by load-soundfont is the one rendered with, or refused.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSoundFontPath } from './audio/soundfont-file';
import { readWav, rmsBetween } from './audio/wav-reader';
import { Harness, textOf } from '../../cli/test-harness';

const harness = new Harness();
afterEach(() => harness.cleanup());

describe('tandem mcp: rendering the song', () => {
  it('renders the song to a WAV in the workspace, with the SoundFont load-soundfont chose', async () => {
    const ws = harness.tempWorkspace();
    mkdirSync(join(ws, 'sounds'));
    copyFileSync(defaultSoundFontPath(), join(ws, 'sounds', 'gm.sf3'));
    const { client } = await harness.bridgeClient(ws, 'claude-ai');
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      return { text: textOf(result), isError: result.isError === true };
    };

    await call('midi_session', { action: 'new "Render me" tempo:120' });
    // Bar 1: a chord and a kick; bars 2-3 empty; bar 4: a note. 120 bpm: a bar is 2 s.
    const added = await call('midi', {
      ops: ['track add Piano instrument:acoustic-grand-piano', 'chord Piano Cmaj at:1.1 dur:quarter', 'track add Drums instrument:standard-kit', 'note Drums kick at:1.1 dur:eighth', 'note Piano G4 at:4.1 dur:half'],
    });
    expect(added.isError, added.text).toBe(false);
    expect((await call('midi_session', { action: 'load-soundfont sounds/gm.sf3' })).isError).toBe(false);

    const rendered = await call('midi_session', { action: 'render as:mix/render-me.wav' });
    expect(rendered.isError, rendered.text).toBe(false);
    expect(rendered.text).toMatch(/^!rendered mix\/render-me\.wav \(0:08\.0, 44\.1 kHz 16-bit stereo, 1\.3 MB, SoundFont sounds\/gm\.sf3\)\nhash:/);

    const audio = readWav(readFileSync(join(ws, 'mix', 'render-me.wav')));
    expect(audio.seconds).toBeCloseTo(8, 2); // the half note ends at 7 s, then the 1 s tail
    expect(rmsBetween(audio, 0.02, 0.45)).toBeGreaterThan(0.005);
    expect(rmsBetween(audio, 3, 5.95)).toBeLessThan(0.0005);
    expect(rmsBetween(audio, 6.05, 6.9)).toBeGreaterThan(0.005);

    // Rendering changed nothing: no new entry in the history.
    const history = await call('midi_query', { q: 'history 5' });
    expect(history.text).not.toMatch(/render/);

    // The SoundFont replaced by something else after it was loaded: a clear refusal, no file.
    writeFileSync(join(ws, 'sounds', 'gm.sf3'), 'not a soundfont at all');
    const refused = await call('midi_session', { action: 'render as:mix/second.wav' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/^! sounds\/gm\.sf3 is not a SoundFont .*\[file_invalid\]\n  try: /);
    expect(() => readFileSync(join(ws, 'mix', 'second.wav'))).toThrow();
  });
});
