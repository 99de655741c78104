import { beforeAll, describe, expect, it } from 'vitest';
import { type Song, fails, newSong, ok } from './test-kit';
import { parseOp } from '../../fcp/grammar';
import { selectNotes } from './selectors';
import { MidiView } from './view';
import { pitchName } from '../../../shared/midi/pitches';

let song: Song;

/** `PITCH@POS` of the notes the selectors pick. */
function pick(selectors: string): string[] {
  const view = new MidiView(song.store);
  return selectNotes(view, parseOp(`x ${selectors}`).selectors).map((n) => `${pitchName(n.pitch)}@${view.pos(n.tick)}`);
}

beforeAll(async () => {
  song = newSong();
  await ok(
    song,
    'track add Piano',
    'track add Bass',
    'track add Drums instrument:standard-kit',
    'note Piano C4 at:1.1 vel:40',
    'note Piano E4 at:1.4 vel:60',
    'note Piano C5 at:2.1 vel:100 ch:5',
    'note Piano G4 at:2.4.10 vel:127',
    'note Bass C2 at:1.3 vel:90',
    'note Drums kick at:2.1',
  );
});

describe('note selectors', () => {
  it('selects by track, channel, pitch, pitch class, velocity and all', () => {
    expect(pick('@track:Piano')).toEqual(['C4@1.1', 'E4@1.4', 'C5@2.1', 'G4@2.4.10']);
    expect(pick('@track:piano')).toHaveLength(4);
    expect(pick('@channel:5')).toEqual(['C5@2.1']);
    expect(pick('@channel:10')).toEqual(['C2@2.1']);
    expect(pick('@pitch:C4')).toEqual(['C4@1.1']);
    expect(pick('@pitch:C')).toEqual(['C4@1.1', 'C2@1.3', 'C5@2.1', 'C2@2.1']);
    expect(pick('@pitch:kick')).toEqual(['C2@1.3', 'C2@2.1']);
    expect(pick('@velocity:60-100')).toEqual(['E4@1.4', 'C2@1.3', 'C5@2.1', 'C2@2.1'].sort((a, b) => order(a) - order(b)));
    expect(pick('@velocity:127')).toEqual(['G4@2.4.10']);
    expect(pick('@all')).toHaveLength(6);
  });

  it('includes the last beat of a range, and its ticks', () => {
    expect(pick('@track:Piano @range:1.1-1.4')).toEqual(['C4@1.1', 'E4@1.4']);
    expect(pick('@track:Piano @range:2.4')).toEqual(['G4@2.4.10']);
    expect(pick('@range:1.3-2.1')).toEqual(['C2@1.3', 'E4@1.4', 'C5@2.1', 'C2@2.1']);
    expect(pick('@range:2')).toEqual(['C5@2.1', 'C2@2.1', 'G4@2.4.10']);
  });

  it('intersects several selectors and negates with @not', () => {
    expect(pick('@track:Piano @range:1.1-2.1 @not:pitch:C4')).toEqual(['E4@1.4', 'C5@2.1']);
    expect(pick('@not:track:Piano')).toEqual(['C2@1.3', 'C2@2.1']);
    expect(pick('@pitch:C @not:channel:10 @velocity:50-127')).toEqual(['C2@1.3', 'C5@2.1']);
  });

  it('picks the notes added last with @recent', async () => {
    expect(pick('@recent')).toEqual(['C2@2.1']);
    expect(pick('@recent:3')).toEqual(['C2@1.3', 'G4@2.4.10', 'C2@2.1'].sort((a, b) => order(a) - order(b)));
    expect(pick('@track:Piano @recent:2')).toEqual(['C5@2.1', 'G4@2.4.10']);
  });

  it('picks notes by record id, as the Music view sends them', () => {
    const ids = song.store.all('note').map((n) => n.id);
    expect(pick(`@id:${ids[1]},${ids[3]}`)).toEqual(['E4@1.4', 'G4@2.4.10']);
    expect(pick(`@id:${ids[1]},${ids[3]} @not:pitch:E4`)).toEqual(['G4@2.4.10']);
    expect(() => pick('@id:n999')).toThrow(/no note with id n999/);
    expect(() => pick(`@id:${song.store.all('track')[0].id}`)).toThrow(/no note with id/);
  });

  it('says what the song has when nothing matches, and refuses unknown selectors', async () => {
    const text = await fails(song, 'remove @track:Bass @range:4.1-5.4');
    expect(text).toContain('! @track:Bass @range:4.1-5.4 matches no notes; the song has Piano (4 notes), Bass (1 note), Drums (1 note) [empty_selection]');
    expect(text).toContain('try: events Piano');
    expect(await fails(song, 'remove @tarck:Bass')).toContain('unknown selector @tarck:Bass. Did you mean @track?');
    expect(await fails(song, 'remove @track:Guitar')).toContain("Track 'Guitar' not found");
    expect(await fails(song, 'remove @velocity:loud')).toContain('bad @velocity "loud"');
    expect(await fails(song, 'remove @pitch')).toContain('@pitch needs a value');
  });
});

/** Ticks of `PITCH@POS` strings in this song's 4/4, to sort expectations by time. */
function order(s: string): number {
  const [bar, beat, tick] = s.split('@')[1].split('.').map(Number);
  return (bar - 1) * 1920 + (beat - 1) * 480 + (tick ?? 0);
}
