/**
 * `render as:PATH.wav` as a session action on a real workspace: the WAV it writes (read back with
 * our own reader), and its refusals. The song domain here is the smallest one that hosts the action
 * (its records are given); the midi domain hosts the same action and task.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MidiRecord } from '../../../../shared/midi/records';
import { metaRecord, noteRecord, trackRecord } from '../../../../shared/midi/test-song';
import { Workspace } from '../../../core/workspace';
import { FcpDocument } from '../../../fcp/document';
import type { FcpDomain } from '../../../fcp/domain';
import { FcpSession } from '../../../fcp/session';
import { RENDER_TAIL_SECONDS } from './offline-render';
import { RENDER_WAV_TASK, renderAction, renderWavTask } from './render-action';
import { readWav, rmsBetween } from './wav-reader';

let dir: string;
let ws: Workspace;
let song: MidiRecord[];

const songDomain: FcpDomain<MidiRecord> = {
  name: 'song',
  title: 'song for render tests',
  fileExtension: '.song',
  verbs: [],
  queries: [],
  sections: [],
  createModel: () => song,
  titleOf: () => 'Render test',
  digest: (store) => `notes:${store.snapshot().filter((r) => r.kind === 'note').length}`,
  readFile: () => [],
  writeFile: () => '',
  tasks: { [RENDER_WAV_TASK]: renderWavTask },
  sessionActions: [renderAction],
};

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-render-action-'));
  ws = await Workspace.acquire(dir);
  // A quarter-note C4 (0-0.5 s), then nothing until E4 at 2 s (120 bpm).
  song = [metaRecord({ title: 'Render test' }), trackRecord('piano', 1), noteRecord('piano', 60, 0, 480), noteRecord('piano', 64, 1920, 480)];
});
afterEach(() => {
  ws.release();
  rmSync(dir, { recursive: true, force: true });
});

function session(): FcpSession<MidiRecord> {
  const doc = FcpDocument.create(songDomain, { title: 'Render test' });
  return new FcpSession(songDomain, { resolvePath: (p, e) => ws.resolvePath(p, e), checkReadable: (f) => ws.checkReadable(f), adopt: () => undefined }, doc);
}

describe('render as:PATH.wav', () => {
  it('writes the song as a WAV inside the workspace and says what it wrote, changing nothing in the song', async () => {
    const s = session();
    const answer = await s.action('render as:renders/take1', 'claude');
    expect(answer.ok, answer.text).toBe(true);
    expect(answer.lines[0]).toMatch(/^!rendered renders\/take1\.wav \(0:03\.5, 44\.1 kHz 16-bit stereo, 0\.6 MB, SoundFont FluidR3Mono_GM\.sf3 \(default General MIDI\)\)$/);
    expect(answer.lines.at(-1)).toBe('notes:2');
    expect(s.document.seq).toBe(0);

    const audio = readWav(readFileSync(join(dir, 'renders', 'take1.wav')));
    expect(audio.seconds).toBeCloseTo(2.5 + RENDER_TAIL_SECONDS, 3);
    expect(rmsBetween(audio, 0.05, 0.45)).toBeGreaterThan(0.005);
    expect(rmsBetween(audio, 1.5, 1.95)).toBeLessThan(0.0005);
    expect(rmsBetween(audio, 2.05, 2.45)).toBeGreaterThan(0.005);
    // Written atomically: no temporary file left beside it.
    expect(readdirSync(join(dir, 'renders'))).toEqual(['take1.wav']);
  });

  it("renders with the song's own SoundFont when load-soundfont set one, and refuses one that is not a SoundFont", async () => {
    mkdirSync(join(dir, 'fonts'));
    writeFileSync(join(dir, 'fonts', 'fake.sf2'), 'RIFF\x04\x00\x00\x00WAVE');
    song = [{ ...(song[0] as ReturnType<typeof metaRecord>), soundfont: 'fonts/fake.sf2' }, ...song.slice(1)];
    const answer = await session().action('render as:out.wav', 'claude');
    expect(answer.ok).toBe(false);
    expect(answer.lines[0]).toMatch(/^! fonts\/fake\.sf2 is not a SoundFont \(it is a RIFF "WAVE" file.*\[file_invalid\]$/);
    expect(answer.lines[1]).toMatch(/^  try: .*load-soundfont /);
    expect(readdirSync(dir)).not.toContain('out.wav');
  });

  it('refuses bad paths, a missing as:, extra arguments and an empty song, each with a code and a try: line', async () => {
    let s = session();
    const refusal = async (action: string) => {
      const answer = await s.action(action, 'claude');
      expect(answer.ok).toBe(false);
      return answer.lines.slice(0, 2).join('\n');
    };
    expect(await refusal('render as:../outside.wav')).toMatch(/\[path_outside_workspace\]\n  try: /);
    expect(await refusal('render as:song.mp3')).toMatch(/is not a \.wav file \[bad_param\]\n  try: song\.wav/);
    expect(await refusal('render as:.tandem/x.wav')).toMatch(/\[path_outside_workspace\]/);
    expect(await refusal('render')).toMatch(/render needs the file to write: as:PATH\.wav \[missing_arg\]\n  try: render as:renders\/song\.wav/);
    expect(await refusal('render as:a.wav loud')).toMatch(/\[bad_param\]/);

    song = [metaRecord(), trackRecord('piano', 1)];
    s = session();
    expect(await refusal('render as:empty.wav')).toMatch(/the song has no notes to render .* \[empty_song\]\n  try: note /);
    expect(readdirSync(dir).filter((f) => f.endsWith('.wav'))).toEqual([]);
  });
});
