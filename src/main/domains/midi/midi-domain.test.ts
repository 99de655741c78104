/** The midi domain in the engine's pipeline: batches, undo, the digest, limits, the card. */
import { describe, expect, it } from 'vitest';
import { MAX_OPS_PER_BATCH } from '../../fcp/document';
import { mutationToolDescription, renderReferenceCard, sessionToolDescription } from '../../fcp/reference-card';
import { midiDomain } from './index';
import { DIGEST, digest, fails, meta, newSong, noteTuples, notes, ok, warnings } from './test-kit';

describe('batches and undo', () => {
  it('applies a batch whole or not at all, and a failed batch still ends with the digest', async () => {
    const song = newSong();
    await ok(song, 'track add Piano', 'note Piano C4');
    const before = digest(song);
    const answer = await song.applyBatch(['note Piano D4', 'note Piano E4 at:1.0', 'note Piano F4'], 'claude');
    expect(answer.ok).toBe(false);
    expect(answer.lines).toEqual([
      '+ Note D4 on Piano at 1.1 dur:480 vel:80',
      '! op 2 of 3 ("note Piano E4 at:1.0"): bad at "1.0": bars and beats count from 1 (1.1 is the start of the song) [bad_param]',
      '  try: at:1.1',
      '! batch rolled back: none of its 3 ops was applied',
      before,
    ]);
    expect(digest(song)).toBe(before);
    expect(notes(song)).toHaveLength(1);
  });

  it('undoes a whole batch in one step, and redoes it', async () => {
    const song = newSong();
    await ok(song, 'track add Piano', 'note Piano C4');
    const one = digest(song);
    await ok(song, 'note Piano D4 at:1.2', 'note Piano E4 at:1.3', 'tempo 90', 'mute Piano');
    const two = digest(song);
    const undo = await song.undo('person');
    expect(undo.lines[0]).toBe('!undo #2 by test: note Piano D4 at:1.2 (+3 more)');
    expect(undo.lines.at(-1)).toBe(one);
    expect(notes(song)).toHaveLength(1);
    await song.redo('person');
    expect(digest(song)).toBe(two);
    expect(notes(song)).toHaveLength(3);
  });

  it('takes a 1,000-op batch and refuses one over the limit whole', async () => {
    const song = newSong();
    const ops = ['track add Piano', ...Array.from({ length: 999 }, (_, i) => `note Piano midi:${36 + (i % 48)} at:tick:${i * 120} dur:sixteenth`)];
    expect(await ok(song, ...ops)).toHaveLength(1000);
    expect(digest(song)).toMatch(/ tracks:1 notes:999$/);
    const tooMany = await fails(song, ...Array.from({ length: MAX_OPS_PER_BATCH + 1 }, () => 'note Piano C4'));
    expect(tooMany).toContain('[batch_too_large]');
    expect(notes(song)).toHaveLength(999);
  });
});

describe('the digest', () => {
  it('reads hash:xxxxxx tracks:N notes:N', async () => {
    const song = newSong();
    expect(digest(song)).toMatch(DIGEST);
    await ok(song, 'track add Piano', 'chord Piano C');
    expect(digest(song)).toMatch(/^hash:[0-9a-f]{6} tracks:1 notes:3$/);
  });

  it('depends only on the song: same song same hash, whatever the order it was built in', async () => {
    const a = newSong({}, 'Same');
    await ok(a, 'track add Piano', 'track add Bass', 'note Piano C4 at:1.1', 'note Piano E4 at:1.2', 'note Bass C2 at:1.1', 'tempo 100', 'marker A at:2.1');
    const b = newSong({}, 'Same');
    await ok(b, 'track add Piano', 'note Piano E4 at:1.2', 'marker A at:2.1', 'track add Bass', 'note Bass C2 at:1.1', 'tempo 100', 'note Piano C4 at:1.1');
    expect(digest(b)).toBe(digest(a));
    // Undoing to the same content gives the same hash too.
    await ok(b, 'note Piano G4');
    await b.undo('test');
    expect(digest(b)).toBe(digest(a));
  });

  it('changes with the song (a velocity, a track name, the tempo), not with mute, solo or the SoundFont', async () => {
    const song = newSong();
    await ok(song, 'track add Piano', 'note Piano C4 vel:80');
    const base = digest(song);
    await ok(song, 'mute Piano', 'solo Piano');
    expect(digest(song)).toBe(base);
    await ok(song, 'velocity @all +1');
    expect(digest(song)).not.toBe(base);
    await ok(song, 'velocity @all -1');
    expect(digest(song)).toBe(base);
    await ok(song, 'tempo 121');
    expect(digest(song)).not.toBe(base);
  });
});

describe('warnings after the digest', () => {
  it('warns when a batch leaves notes of one pitch and channel overlapping', async () => {
    const song = newSong();
    await ok(song, 'track add Piano', 'track add Drums instrument:drums');
    expect(await warnings(song, 'note Piano C4 at:1.1 dur:half', 'note Piano C4 at:1.2', 'note Piano E4 at:1.2', 'note Piano C4 at:1.2 ch:2')).toEqual([
      '? Piano: the C4 at 1.2 starts before the C4 at 1.1 ends',
      '? (notes of one pitch on one channel that overlap sound cut short, and a .mid cannot always keep their lengths)',
    ]);
    // Only about what the batch touched; touching the same notes again warns again.
    expect(await warnings(song, 'note Piano G4 at:2.1')).toEqual([]);
    expect(await warnings(song, 'note Drums kick at:1.1 dur:whole', 'note Drums kick at:1.2', 'note Drums kick at:1.3', 'note Drums kick at:1.4', 'note Drums kick at:1.4.240', 'note Drums kick at:2.1')).toEqual([
      '? Drums: the kick at 1.2 starts before the kick at 1.1 ends',
      '? Drums: the kick at 1.3 starts before the kick at 1.1 ends',
      '? Drums: the kick at 1.4 starts before the kick at 1.1 ends',
      '? ... and 2 more overlapping notes',
      '? (notes of one pitch on one channel that overlap sound cut short, and a .mid cannot always keep their lengths)',
    ]);
  });
});

describe('new', () => {
  it('takes tempo:, time-sig:, key: and ppqn:', async () => {
    const song = newSong({ tempo: '90', 'time-sig': '6/8', key: 'D-minor', ppqn: '960' }, 'Waltz');
    expect(meta(song)).toMatchObject({ title: 'Waltz', ppqn: 960 });
    await ok(song, 'track add P', 'note P C4 at:2.1 dur:quarter');
    // 6/8 at ppqn 960: a bar is six eighths of 480 ticks.
    expect(noteTuples(song)).toEqual([[60, 2880, 960, 80]]);
    expect((await song.query('map')).text).toContain('tempo:90 | 6/8 | D minor | ppqn:960');
  });

  it('refuses params it does not know and bad values', () => {
    expect(() => newSong({ flow: 'TB' })).toThrow(/a new song does not take flow:/);
    expect(() => newSong({ ppqn: '100' })).toThrow(/not a multiple of 8/);
    expect(() => newSong({ ppqn: '10' })).toThrow(/ppqn/);
    expect(() => newSong({ tempo: '0' })).toThrow(/bad tempo/);
  });
});

describe('the reference card', () => {
  it('lists every verb, query and session action from the tables, and the vocabulary', () => {
    const card = renderReferenceCard(midiDomain);
    for (const verb of midiDomain.verbs) expect(card).toContain(verb.syntax);
    for (const q of midiDomain.queries) expect(card).toContain(q.syntax);
    expect(card).toContain('new "Title" [tempo:BPM] [time-sig:N/D] [key:K-mode] [ppqn:N]');
    expect(card).toMatch(/load-soundfont PATH\|default +play with this SoundFont/);
    expect(card).toContain('@track:NAME  @channel:N  @range:M.B-M.B  @pitch:PITCH  @velocity:LO-HI  @all  @recent  @recent:N  @not:TYPE:VALUE  @id:ID[,ID...]');
    expect(card).toContain('acoustic-grand-piano');
    expect(card).toContain('gunshot');
    expect(card).toContain('qualities: maj min m 7 maj7 min7 m7 dim aug sus2 sus4 add9 min7b5 m7b5 dim7 9 min9 m9 6 min6 m6 (nothing = major)');
    // Its own prefix legend, not drawio's edges and layouts.
    expect(card).toContain('RESPONSE PREFIXES:\n  +  added, or a selection edited');
    expect(card).not.toContain('edge/connection');
    expect(mutationToolDescription(midiDomain)).toContain(card);
    expect(sessionToolDescription(midiDomain)).toContain('redo, load-soundfont PATH|default. Paths are inside the workspace; files are .mid.');
  });
});
