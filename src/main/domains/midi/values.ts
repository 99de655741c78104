/**
 * The value vocabulary of midi-reference.md ("Values"): positions, durations, velocities, pitches,
 * chords, keys, time signatures, tempos, channels and banks. Every bad value is a bad_param error
 * whose `try:` line shows a good one.
 */
import { ErrorCode, StudioError } from '../../kernel/errors';
import { closestMatches } from '../../kernel/suggest';
import { drumNames, drumPitch } from '../../../shared/midi/instruments';
import type { Meter } from '../../../shared/midi/meter';
import { MAX_TEMPO, MAX_TICK, MIN_TEMPO } from './model';

export function badParam(message: string, suggestion?: string): StudioError {
  return new StudioError(ErrorCode.badParam, message, suggestion);
}

/** A whole number in lo..hi written as digits (an optional sign when lo < 0). */
export function parseIntIn(key: string, text: string, lo: number, hi: number, example = String(lo)): number {
  const n = /^[+-]?\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < lo || n > hi) throw badParam(`bad ${key} "${text}": a whole number ${lo}..${hi}`, `${key}:${example}`);
  return n;
}

// ---- durations --------------------------------------------------------------------------------

/** Note values in quarter notes. */
const NOTE_VALUES: Readonly<Record<string, number>> = {
  whole: 4,
  '1n': 4,
  half: 2,
  '2n': 2,
  quarter: 1,
  '4n': 1,
  eighth: 1 / 2,
  '8n': 1 / 2,
  sixteenth: 1 / 4,
  '16th': 1 / 4,
  '16n': 1 / 4,
  '32nd': 1 / 8,
  '32n': 1 / 8,
  '64th': 1 / 16,
  '64n': 1 / 16,
};

/**
 * Ticks of a duration: a note value (whole ... 64th, 1n ... 64n), `dotted-X` (x1.5), `triplet-X`
 * (x2/3), `ticks:N` or a bare number of ticks. Never 0.
 */
export function parseDuration(text: string, ppqn: number, key = 'dur'): number {
  const lower = text.trim().toLowerCase();
  let ticks: number;
  const explicit = /^(?:ticks:)?(\d+)$/.exec(lower);
  if (explicit) {
    ticks = Number(explicit[1]);
  } else {
    const [, modifier, name] = /^(?:(dotted|triplet)-)?(.+)$/.exec(lower)!;
    const quarters = Object.hasOwn(NOTE_VALUES, name) ? NOTE_VALUES[name] : undefined;
    if (quarters === undefined) {
      const near = closestMatches(name, Object.keys(NOTE_VALUES), 1);
      throw badParam(
        `bad ${key} "${text}"${near.length ? `. Did you mean "${modifier ? `${modifier}-` : ''}${near[0]}"?` : ''}: ` +
          'a note value (whole half quarter eighth sixteenth 32nd 64th, or 1n..64n), dotted-X, triplet-X, or ticks:N',
        `${key}:quarter`,
      );
    }
    const factor = modifier === 'dotted' ? 1.5 : modifier === 'triplet' ? 2 / 3 : 1;
    ticks = quarters * ppqn * factor;
    if (!Number.isInteger(ticks)) {
      const rounded = Math.max(1, Math.round(ticks));
      throw badParam(`${key}:${text} is ${ticks.toFixed(2)} ticks at ppqn ${ppqn}, not a whole number`, `${key}:ticks:${rounded}`);
    }
  }
  if (ticks <= 0) throw badParam(`bad ${key} "${text}": a duration is at least 1 tick`, `${key}:quarter`);
  if (ticks > MAX_TICK) throw badParam(`bad ${key} "${text}": at most ${MAX_TICK} ticks`, `${key}:whole`);
  return ticks;
}

// ---- positions --------------------------------------------------------------------------------

export interface PositionContext {
  meter: Meter;
  ppqn: number;
  /** The song's last note-off (`end`). */
  endTick(): number;
  /** Where the previous note or chord of this batch ended (for `+DUR` / `-DUR`). */
  previousEnd?: number;
}

const BAR_BEAT = /^(\d+)\.(\d+)(?:\.(\d+))?$/;

function checkTick(tick: number, written: string, key: string): number {
  if (tick > MAX_TICK) throw badParam(`bad ${key} "${written}": past the last tick a MIDI file can hold (${MAX_TICK})`, `${key}:1.1`);
  return tick;
}

/** The tick of `bar.beat.offset`; bad_param when the bar has no such beat or the offset passes the beat. */
function tickOf(meter: Meter, bar: number, beat: number, offset: number, written: string): number {
  const seg = meter.segmentOfBar(bar);
  if (beat > seg.numerator) {
    throw new StudioError(
      ErrorCode.badParam,
      `bad position "${written}": bar ${bar} is in ${seg.numerator}/${seg.denominator}, so it has beats 1..${seg.numerator}`,
      `${bar}.${seg.numerator}, or ${bar + 1}.1`,
    );
  }
  if (offset >= seg.beatTicks) {
    throw new StudioError(
      ErrorCode.badParam,
      `bad position "${written}": a beat of bar ${bar} has ${seg.beatTicks} ticks, so the tick offset is 0..${seg.beatTicks - 1}`,
      `${bar}.${beat}.${seg.beatTicks - 1}`,
    );
  }
  return meter.barStart(bar) + (beat - 1) * seg.beatTicks + offset;
}

/** `M.B`, `M.B.T` or `tick:N` as a tick; bar and beat count from 1. */
function parseAbsolute(text: string, meter: Meter, key: string): number | undefined {
  const tickForm = /^tick:(\d+)$/i.exec(text);
  if (tickForm) return checkTick(Number(tickForm[1]), text, key);
  const m = BAR_BEAT.exec(text);
  if (!m) return undefined;
  const bar = Number(m[1]);
  const beat = Number(m[2]);
  if (bar < 1 || beat < 1) {
    throw badParam(`bad ${key} "${text}": bars and beats count from 1 (1.1 is the start of the song)`, `${key}:${Math.max(bar, 1)}.${Math.max(beat, 1)}`);
  }
  if (bar > MAX_TICK) throw badParam(`bad ${key} "${text}": bar ${bar} is past the end of what a MIDI file can hold`, `${key}:1.1`);
  return checkTick(tickOf(meter, bar, beat, m[3] ? Number(m[3]) : 0, text), text, key);
}

const POSITION_FORMS = 'M.B (1.1 is the start), M.B.T, tick:N, end, +DUR or -DUR';

/** A position (midi-reference.md, "Position") as a tick. */
export function parsePosition(text: string, ctx: PositionContext, key = 'at'): number {
  const written = text.trim();
  const lower = written.toLowerCase();
  if (lower === 'end') return ctx.endTick();
  if (lower.startsWith('+') || lower.startsWith('-')) {
    if (ctx.previousEnd === undefined) {
      throw badParam(`${key}:${written} is relative to the end of the previous note or chord in this batch, and there is none`, `${key}:end, or ${key}:1.1`);
    }
    const dur = parseDuration(lower.slice(1), ctx.ppqn, key);
    return checkTick(Math.max(0, ctx.previousEnd + (lower[0] === '+' ? dur : -dur)), written, key);
  }
  const tick = parseAbsolute(lower, ctx.meter, key);
  if (tick === undefined) throw badParam(`bad ${key} "${written}": a position is ${POSITION_FORMS}`, `${key}:1.1`);
  return tick;
}

export interface TickRange {
  start: number;
  /** Exclusive. */
  end: number;
}

/**
 * `M.B-M.B` (the last beat included), `M.B.T-M.B.T` (the last tick included), `M-M` (whole bars),
 * or one `M` / `M.B`.
 */
export function parseRange(text: string, meter: Meter, key = 'range'): TickRange {
  const written = text.trim();
  const parts = written.split('-');
  const example = `${key === 'range' ? '@range:' : ''}1.1-4.4`;
  if (parts.length > 2 || parts.some((p) => !p)) throw badParam(`bad range "${written}": use M.B-M.B (both ends included)`, example);
  const startOf = (part: string): number => {
    if (/^\d+$/.test(part)) return parseAbsolute(`${part}.1`, meter, key)!;
    const tick = parseAbsolute(part.toLowerCase(), meter, key);
    if (tick === undefined) throw badParam(`bad range "${written}": use M.B-M.B (both ends included)`, example);
    return tick;
  };
  /** The first tick after the bar, beat or tick `part` names. */
  const endOf = (part: string): number => {
    if (/^\d+$/.test(part)) return startOf(part) + meter.barLength(Number(part));
    const tick = startOf(part);
    const m = BAR_BEAT.exec(part);
    return m && !m[3] ? tick + meter.beatTicksAt(tick) : tick + 1;
  };
  const start = startOf(parts[0]);
  const end = endOf(parts[1] ?? parts[0]);
  if (end <= start) throw badParam(`bad range "${written}": it ends before it starts`, example);
  return { start, end };
}

// ---- velocity ---------------------------------------------------------------------------------

export const DYNAMICS: Readonly<Record<string, number>> = { ppp: 16, pp: 33, p: 49, mp: 64, mf: 80, f: 96, ff: 112, fff: 127 };

export function parseVelocity(text: string, key = 'vel'): number {
  const lower = text.trim().toLowerCase();
  if (Object.hasOwn(DYNAMICS, lower)) return DYNAMICS[lower];
  if (!/^\d+$/.test(lower) || Number(lower) < 1 || Number(lower) > 127) {
    throw badParam(`bad ${key} "${text}": 1..127 or a dynamic (${Object.keys(DYNAMICS).join(' ')})`, `${key}:mf`);
  }
  return Number(lower);
}

// ---- pitches ----------------------------------------------------------------------------------

const PITCH_CLASSES: Readonly<Record<string, number>> = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 };
const ACCIDENTALS: Readonly<Record<string, number>> = { '': 0, '#': 1, '##': 2, b: -1, bb: -2 };
const PITCH_PATTERN = /^([a-g])(##|#|bb|b)?(-?\d+)$/i;


/**
 * A note number 0..127 from `C4`, `F#3`, `Bb-1`, `midi:60`, or (where `drums` allows, on a drum
 * track) a General MIDI drum name such as `kick`.
 */
export function parsePitch(text: string, options: { drums?: boolean; key?: string } = {}): number {
  const key = options.key ?? 'pitch';
  const written = text.trim();
  const midi = /^midi:(\d+)$/i.exec(written);
  if (midi) return parseIntIn(key, midi[1], 0, 127, '60');
  const m = PITCH_PATTERN.exec(written);
  if (m) {
    const pitch = (Number(m[3]) + 1) * 12 + PITCH_CLASSES[m[1].toLowerCase()] + ACCIDENTALS[(m[2] ?? '').toLowerCase()];
    if (pitch < 0 || pitch > 127) throw badParam(`pitch ${written} is out of the MIDI range C-1..G9 (0..127)`, `${key === 'pitch' ? '' : `${key}:`}C4`);
    return pitch;
  }
  if (options.drums) {
    const drum = drumPitch(written);
    if (drum !== undefined) return drum;
  }
  const near = options.drums ? closestMatches(written, drumNames(), 2) : [];
  throw badParam(
    `unknown pitch "${written}"${near.length ? `. Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : ''}: ` +
      `a pitch is a note name and octave (C4 = 60, F#3, Bb2) or midi:N${options.drums ? ', or a drum name (kick snare hihat ...)' : ''}`,
    near[0] ?? 'C4',
  );
}

/** A pitch class 0..11 from `C`, `F#`, `Bb`; undefined when the text is not one. */
export function parsePitchClass(text: string): number | undefined {
  const m = /^([a-g])(##|#|bb|b)?$/i.exec(text.trim());
  if (!m) return undefined;
  return (PITCH_CLASSES[m[1].toLowerCase()] + ACCIDENTALS[(m[2] ?? '').toLowerCase()] + 12) % 12;
}

// ---- chords -----------------------------------------------------------------------------------

/** Chord qualities: intervals above the root in semitones, in the order the reference lists them. */
export const CHORD_QUALITIES: ReadonlyMap<string, readonly number[]> = new Map([
  ['', [0, 4, 7]],
  ['maj', [0, 4, 7]],
  ['min', [0, 3, 7]],
  ['m', [0, 3, 7]],
  ['7', [0, 4, 7, 10]],
  ['maj7', [0, 4, 7, 11]],
  ['min7', [0, 3, 7, 10]],
  ['m7', [0, 3, 7, 10]],
  ['dim', [0, 3, 6]],
  ['aug', [0, 4, 8]],
  ['sus2', [0, 2, 7]],
  ['sus4', [0, 5, 7]],
  ['add9', [0, 4, 7, 14]],
  ['min7b5', [0, 3, 6, 10]],
  ['m7b5', [0, 3, 6, 10]],
  ['dim7', [0, 3, 6, 9]],
  ['9', [0, 4, 7, 10, 14]],
  ['min9', [0, 3, 7, 10, 14]],
  ['m9', [0, 3, 7, 10, 14]],
  ['6', [0, 4, 7, 9]],
  ['min6', [0, 3, 7, 9]],
  ['m6', [0, 3, 7, 9]],
]);

/** The qualities as written after a root (the empty one, major, left out). */
export const CHORD_QUALITY_NAMES = [...CHORD_QUALITIES.keys()].filter(Boolean);

/** The table key of a written quality: exact, `M`/`M7` for major (as in CM7), else ignoring case. */
function chordQuality(written: string): string | undefined {
  if (CHORD_QUALITIES.has(written)) return written;
  if (/^M\d*$/.test(written)) return `maj${written.slice(1)}`;
  const lower = written.toLowerCase();
  return CHORD_QUALITIES.has(lower) ? lower : undefined;
}

const CHORD_PATTERN = /^([a-g])([#b]?)([a-z0-9]*)(?:\/([a-g][#b]?))?$/i;

/**
 * The pitches of a chord symbol, low to high: root in octave 4, then the quality's intervals; with
 * `/BASS` the bass goes below the root and its pitch class leaves the upper notes (Dm7/F = F3 D4 A4 C5).
 */
export function parseChord(symbol: string): number[] {
  const m = CHORD_PATTERN.exec(symbol.trim());
  const quality = m ? chordQuality(m[3]) : undefined;
  if (!m || quality === undefined) {
    const near = m ? closestMatches(m[3], CHORD_QUALITY_NAMES, 1) : [];
    throw badParam(
      `bad chord "${symbol}": a root (C, F#, Bb) and one of ${CHORD_QUALITY_NAMES.join(' ')} (nothing = major), optionally /BASS`,
      m && near.length ? `${m[1].toUpperCase()}${m[2]}${near[0]}` : 'Cmaj, Am7, Dm7/F',
    );
  }
  const root = 60 + parsePitchClass(m[1] + m[2])!;
  const pitches = CHORD_QUALITIES.get(quality)!.map((i) => root + i);
  if (!m[4]) return pitches;
  const bassClass = parsePitchClass(m[4])!;
  let bass = root - 12 + ((bassClass - (root % 12) + 12) % 12);
  if (bass >= root) bass -= 12;
  return [bass, ...pitches.filter((p) => p % 12 !== bassClass)];
}

// ---- keys, time signatures, tempo ---------------------------------------------------------------

export type Mode = 'major' | 'minor';

/** Tonics by number of sharps (negative: flats), -7..7. */
const MAJOR_KEYS = ['Cb', 'Gb', 'Db', 'Ab', 'Eb', 'Bb', 'F', 'C', 'G', 'D', 'A', 'E', 'B', 'F#', 'C#'];
const MINOR_KEYS = ['Ab', 'Eb', 'Bb', 'F', 'C', 'G', 'D', 'A', 'E', 'B', 'F#', 'C#', 'G#', 'D#', 'A#'];

export interface Key {
  key: string;
  mode: Mode;
}

/** Sharps (positive) or flats (negative) of a key signature, as a MIDI file stores it. */
export function keySharps(key: Key): number {
  return (key.mode === 'major' ? MAJOR_KEYS : MINOR_KEYS).indexOf(key.key) - 7;
}

export function keyFromSharps(sharps: number, mode: Mode): Key {
  return { key: (mode === 'major' ? MAJOR_KEYS : MINOR_KEYS)[Math.max(-7, Math.min(7, sharps)) + 7], mode };
}

/** `C-major`, `A-minor`, `F#m`, `Bbm`, `Eb`, `d-min`: a key one of the 30 key signatures can write. */
export function parseKey(text: string, key = 'key'): Key {
  const m = /^([a-g])([#b]?)(?:-?(major|minor|maj|min|m))?$/i.exec(text.trim());
  if (!m) throw badParam(`bad ${key} "${text}": a tonic and a mode, such as C-major, A-minor, F#m, Bb`, `${key === 'key' ? 'key:' : ''}C-major`);
  const tonic = m[1].toUpperCase() + m[2].toLowerCase();
  const mode: Mode = m[3] && m[3].toLowerCase().startsWith('m') && m[3].toLowerCase() !== 'maj' && m[3].toLowerCase() !== 'major' ? 'minor' : 'major';
  const table = mode === 'major' ? MAJOR_KEYS : MINOR_KEYS;
  if (!table.includes(tonic)) {
    const pc = parsePitchClass(tonic)!;
    const enharmonic = table.find((k) => parsePitchClass(k) === pc)!;
    throw badParam(`${tonic} ${mode} has no key signature (it would need more than 7 sharps or flats)`, `${enharmonic}-${mode}`);
  }
  return { key: tonic, mode };
}

export const DENOMINATORS = [1, 2, 4, 8, 16, 32];

export function parseTimeSig(text: string, key = 'time-sig'): { numerator: number; denominator: number } {
  const m = /^(\d{1,2})\/(\d{1,2})$/.exec(text.trim());
  const numerator = m ? Number(m[1]) : 0;
  const denominator = m ? Number(m[2]) : 0;
  if (!m || numerator < 1 || numerator > 32 || !DENOMINATORS.includes(denominator)) {
    throw badParam(`bad time signature "${text}": N/D with N 1..32 and D one of ${DENOMINATORS.join(' ')}`, `${key === 'time-sig' ? '' : `${key}:`}3/4`);
  }
  return { numerator, denominator };
}

/** Beats per minute, 10..999, at most two decimals (a MIDI file keeps them exactly). */
export function parseTempo(text: string, key = 'tempo'): number {
  const written = text.trim();
  const bpm = /^\d+(?:\.\d{1,2})?$/.test(written) ? Number(written) : NaN;
  if (!(bpm >= MIN_TEMPO && bpm <= MAX_TEMPO)) {
    throw badParam(`bad ${key} "${text}": beats per minute ${MIN_TEMPO}..${MAX_TEMPO} (two decimals at most)`, key === 'tempo' ? 'tempo 120' : `${key}:120`);
  }
  return bpm;
}

export function parseChannel(text: string, key = 'ch'): number {
  return parseIntIn(key, text, 1, 16, '1');
}

export function parseProgram(text: string, key = 'program'): number {
  return parseIntIn(key, text, 0, 127, '0');
}

/** `bank:MSB` or `bank:MSB.LSB`, each 0..127. */
export function parseBank(text: string): { msb: number; lsb?: number } {
  const m = /^(\d{1,3})(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!m || Number(m[1]) > 127 || (m[2] !== undefined && Number(m[2]) > 127)) {
    throw badParam(`bad bank "${text}": MSB or MSB.LSB, each 0..127`, 'bank:1.0');
  }
  return { msb: Number(m[1]), lsb: m[2] === undefined ? undefined : Number(m[2]) };
}

/** A signed whole number `+N` / `-N` (a bare N counts as +N). */
export function parseSigned(key: string, text: string | undefined, limit: number, example: string): number {
  if (text === undefined || !/^[+-]?\d+$/.test(text.trim()) || Math.abs(Number(text)) > limit) {
    throw badParam(`bad ${key} "${text ?? ''}": a signed whole number such as +7 or -12 (at most ${limit})`, example);
  }
  return Number(text);
}
