import { describe, expect, it } from 'vitest';
import { StudioError } from '../../kernel/errors';
import { Meter } from '../../../shared/midi/meter';
import { keyFromSharps, keySharps, parseChord, parseDuration, parseKey, parsePitch, parsePosition, parseRange, parseTempo, parseTimeSig, parseVelocity, type PositionContext } from './values';
import { pitchName } from '../../../shared/midi/pitches';

/** 4/4 for bars 1-2, 3/4 from bar 3 (tick 3840), 6/8 from bar 5 (tick 3840 + 2 * 1440 = 6720). */
const meter = new Meter(480, [
  { tick: 0, numerator: 4, denominator: 4 },
  { tick: 3840, numerator: 3, denominator: 4 },
  { tick: 6720, numerator: 6, denominator: 8 },
]);

function ctx(previousEnd?: number, end = 9999): PositionContext {
  return { meter, ppqn: 480, endTick: () => end, previousEnd };
}

function error(fn: () => unknown): StudioError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(StudioError);
    return err as StudioError;
  }
  throw new Error('expected a StudioError');
}

describe('positions', () => {
  it('walks bars and beats across time-signature changes', () => {
    expect(parsePosition('1.1', ctx())).toBe(0);
    expect(parsePosition('1.2', ctx())).toBe(480);
    expect(parsePosition('2.4', ctx())).toBe(1920 + 1440);
    expect(parsePosition('3.1', ctx())).toBe(3840);
    expect(parsePosition('3.3', ctx())).toBe(3840 + 960);
    expect(parsePosition('4.1', ctx())).toBe(3840 + 1440);
    // 6/8: a beat is an eighth (240 ticks), a bar six of them.
    expect(parsePosition('5.1', ctx())).toBe(6720);
    expect(parsePosition('5.6', ctx())).toBe(6720 + 5 * 240);
    expect(parsePosition('6.2', ctx())).toBe(6720 + 1440 + 240);
    expect(parsePosition('1.1.120', ctx())).toBe(120);
    expect(parsePosition('5.2.239', ctx())).toBe(6720 + 240 + 239);
  });

  it('formats ticks back into the same positions, dropping .T when it is 0', () => {
    for (const pos of ['1.1', '1.4', '2.3.17', '3.1', '4.3', '5.1', '5.6.100', '9.4']) expect(meter.format(parsePosition(pos, ctx()))).toBe(pos);
    expect(meter.format(3840 + 1440 * 2 - 1)).toBe('4.3.479');
  });

  it('takes tick:N, end, and +DUR/-DUR from the previous note of the batch (clamped at 0)', () => {
    expect(parsePosition('tick:777', ctx())).toBe(777);
    expect(parsePosition('end', ctx(undefined, 5000))).toBe(5000);
    expect(parsePosition('+quarter', ctx(960))).toBe(1440);
    expect(parsePosition('-eighth', ctx(960))).toBe(720);
    expect(parsePosition('-whole', ctx(960))).toBe(0);
    expect(error(() => parsePosition('+quarter', ctx())).message).toContain('there is none');
  });

  it('refuses positions before 1.1, beats a bar does not have, and words', () => {
    expect(error(() => parsePosition('0.1', ctx())).message).toContain('count from 1');
    expect(error(() => parsePosition('1.0', ctx())).suggestion).toBe('at:1.1');
    expect(error(() => parsePosition('abc', ctx())).code).toBe('bad_param');
    const beat = error(() => parsePosition('3.4', ctx()));
    expect(beat.message).toContain('bar 3 is in 3/4, so it has beats 1..3');
    expect(beat.suggestion).toBe('3.3, or 4.1');
    expect(error(() => parsePosition('5.1.240', ctx())).message).toContain('0..239');
  });

  it('reads ranges with their last beat included', () => {
    expect(parseRange('1.1-1.4', meter)).toEqual({ start: 0, end: 1920 });
    expect(parseRange('3.1-3.3', meter)).toEqual({ start: 3840, end: 3840 + 1440 });
    expect(parseRange('5.1-5.6', meter)).toEqual({ start: 6720, end: 6720 + 1440 });
    expect(parseRange('2-3', meter)).toEqual({ start: 1920, end: 3840 + 1440 });
    expect(parseRange('2.2', meter)).toEqual({ start: 2400, end: 2880 });
    expect(parseRange('1.1.10-1.1.20', meter)).toEqual({ start: 10, end: 21 });
    expect(error(() => parseRange('4.1-2.1', meter)).message).toContain('ends before it starts');
    expect(error(() => parseRange('1.1-', meter)).code).toBe('bad_param');
  });
});

describe('durations', () => {
  it('knows the note values, their aliases, dotted and triplet forms, and ticks', () => {
    const at480 = (d: string) => parseDuration(d, 480);
    expect(['whole', 'half', 'quarter', 'eighth', 'sixteenth', '32nd'].map(at480)).toEqual([1920, 960, 480, 240, 120, 60]);
    expect(['1n', '2n', '4n', '8n', '16n', '32n'].map(at480)).toEqual([1920, 960, 480, 240, 120, 60]);
    expect(at480('dotted-quarter')).toBe(720);
    expect(at480('triplet-eighth')).toBe(160);
    expect(at480('ticks:333')).toBe(333);
    expect(at480('333')).toBe(333);
    expect(parseDuration('quarter', 96)).toBe(96);
  });

  it('refuses 0, unknown names and durations that are no whole number of ticks', () => {
    expect(error(() => parseDuration('ticks:0', 480)).message).toContain('at least 1 tick');
    expect(error(() => parseDuration('quater', 480)).message).toContain('Did you mean "quarter"?');
    expect(error(() => parseDuration('triplet-32nd', 100)).suggestion).toBe('dur:ticks:8');
  });
});

describe('velocities and pitches', () => {
  it('reads dynamics and 1..127', () => {
    expect(['ppp', 'pp', 'p', 'mp', 'mf', 'f', 'ff', 'fff'].map((v) => parseVelocity(v))).toEqual([16, 33, 49, 64, 80, 96, 112, 127]);
    expect(parseVelocity('1')).toBe(1);
    expect(parseVelocity('127')).toBe(127);
    expect(error(() => parseVelocity('0')).code).toBe('bad_param');
    expect(error(() => parseVelocity('128')).suggestion).toBe('vel:mf');
  });

  it('reads note names in any case with accidentals, and midi:N', () => {
    expect(parsePitch('C4')).toBe(60);
    expect(parsePitch('c4')).toBe(60);
    expect(parsePitch('A4')).toBe(69);
    expect(parsePitch('F#3')).toBe(54);
    expect(parsePitch('bb3')).toBe(58);
    expect(parsePitch('B#3')).toBe(60);
    expect(parsePitch('Cb4')).toBe(59);
    expect(parsePitch('E##4')).toBe(66);
    expect(parsePitch('C-1')).toBe(0);
    expect(parsePitch('G9')).toBe(127);
    expect(parsePitch('midi:61')).toBe(61);
    expect(pitchName(61)).toBe('C#4');
    expect(pitchName(0)).toBe('C-1');
    expect(error(() => parsePitch('G#9')).message).toContain('out of the MIDI range');
    expect(error(() => parsePitch('H2')).code).toBe('bad_param');
    expect(error(() => parsePitch('midi:128')).code).toBe('bad_param');
  });

  it('reads drum names only where drums are allowed', () => {
    expect(parsePitch('kick', { drums: true })).toBe(36);
    expect(parsePitch('snare', { drums: true })).toBe(38);
    expect(parsePitch('hihat', { drums: true })).toBe(42);
    expect(parsePitch('open-hihat', { drums: true })).toBe(46);
    expect(parsePitch('crash', { drums: true })).toBe(49);
    expect(parsePitch('ride', { drums: true })).toBe(51);
    expect(parsePitch('low-tom', { drums: true })).toBe(45);
    expect(parsePitch('mid-tom', { drums: true })).toBe(47);
    expect(parsePitch('high-tom', { drums: true })).toBe(50);
    expect(parsePitch('clap', { drums: true })).toBe(39);
    expect(parsePitch('C2', { drums: true })).toBe(36);
    expect(error(() => parsePitch('kick')).code).toBe('bad_param');
    expect(error(() => parsePitch('snar', { drums: true })).message).toContain('Did you mean "snare"');
  });
});

describe('chords', () => {
  it('builds qualities on a root in octave 4', () => {
    expect(parseChord('C')).toEqual([60, 64, 67]);
    expect(parseChord('Cmaj')).toEqual([60, 64, 67]);
    expect(parseChord('Am')).toEqual([69, 72, 76]);
    expect(parseChord('G7')).toEqual([67, 71, 74, 77]);
    expect(parseChord('Fmaj7')).toEqual([65, 69, 72, 76]);
    expect(parseChord('CM7')).toEqual([60, 64, 67, 71]);
    expect(parseChord('Bdim')).toEqual([71, 74, 77]);
    expect(parseChord('Caug')).toEqual([60, 64, 68]);
    expect(parseChord('Dsus4')).toEqual([62, 67, 69]);
    expect(parseChord('Cadd9')).toEqual([60, 64, 67, 74]);
    expect(parseChord('Bm7b5')).toEqual(parseChord('Bmin7b5'));
    expect(parseChord('C9')).toEqual([60, 64, 67, 70, 74]);
    expect(parseChord('Ebm6')).toEqual([63, 66, 70, 72]);
  });

  it('puts a slash bass below the root and drops it from the upper notes', () => {
    expect(parseChord('Dm7/F').map(pitchName)).toEqual(['F3', 'D4', 'A4', 'C5']);
    expect(parseChord('C/E').map(pitchName)).toEqual(['E3', 'C4', 'G4']);
    expect(parseChord('C/Bb').map(pitchName)).toEqual(['A#3', 'C4', 'E4', 'G4']);
    expect(parseChord('G/G').map(pitchName)).toEqual(['G3', 'B4', 'D5']);
  });

  it('refuses unknown qualities with the nearest one', () => {
    const e = error(() => parseChord('Csus3'));
    expect(e.code).toBe('bad_param');
    expect(e.suggestion).toBe('Csus2');
    expect(error(() => parseChord('H7')).suggestion).toBe('Cmaj, Am7, Dm7/F');
  });
});

describe('keys, time signatures, tempos', () => {
  it('reads keys in every written form and keeps their spelling', () => {
    expect(parseKey('C-major')).toEqual({ key: 'C', mode: 'major' });
    expect(parseKey('a-minor')).toEqual({ key: 'A', mode: 'minor' });
    expect(parseKey('F#m')).toEqual({ key: 'F#', mode: 'minor' });
    expect(parseKey('Bbm')).toEqual({ key: 'Bb', mode: 'minor' });
    expect(parseKey('Eb')).toEqual({ key: 'Eb', mode: 'major' });
    expect(parseKey('d-min')).toEqual({ key: 'D', mode: 'minor' });
    expect(parseKey('Gb-maj')).toEqual({ key: 'Gb', mode: 'major' });
  });

  it('maps every key to its sharps or flats and back', () => {
    for (let sharps = -7; sharps <= 7; sharps++) {
      for (const mode of ['major', 'minor'] as const) expect(keySharps(keyFromSharps(sharps, mode))).toBe(sharps);
    }
    expect(keySharps({ key: 'D', mode: 'major' })).toBe(2);
    expect(keySharps({ key: 'C', mode: 'minor' })).toBe(-3);
    const e = error(() => parseKey('A#-major'));
    expect(e.message).toContain('no key signature');
    expect(e.suggestion).toBe('Bb-major');
  });

  it('reads time signatures and tempos within their limits', () => {
    expect(parseTimeSig('7/8')).toEqual({ numerator: 7, denominator: 8 });
    expect(error(() => parseTimeSig('4/3')).code).toBe('bad_param');
    expect(error(() => parseTimeSig('0/4')).code).toBe('bad_param');
    expect(parseTempo('96.25')).toBe(96.25);
    expect(error(() => parseTempo('96.125')).code).toBe('bad_param');
    expect(error(() => parseTempo('5')).code).toBe('bad_param');
    expect(error(() => parseTempo('701')).message).toContain('10..700');
  });
});
