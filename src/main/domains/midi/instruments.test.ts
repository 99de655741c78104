import { describe, expect, it } from 'vitest';
import { StudioError } from '../../kernel/errors';
import { parseController, resolveInstrument } from './instruments';
import { GM_DRUMS, GM_PROGRAMS, controllerName, findInstrument, instrumentName, instrumentTitle } from '../../../shared/midi/instruments';

describe('General MIDI instruments', () => {
  it('has the 128 programs as unique kebab-case names in GM order', () => {
    expect(GM_PROGRAMS).toHaveLength(128);
    expect(new Set(GM_PROGRAMS).size).toBe(128);
    for (const name of GM_PROGRAMS) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect([GM_PROGRAMS[0], GM_PROGRAMS[33], GM_PROGRAMS[40], GM_PROGRAMS[48], GM_PROGRAMS[127]]).toEqual([
      'acoustic-grand-piano',
      'electric-bass-finger',
      'violin',
      'string-ensemble-1',
      'gunshot',
    ]);
  });

  it('resolves exact names, then aliases, then the first name that contains the text', () => {
    expect(findInstrument('violin')).toEqual({ program: 40, drums: false, name: 'violin' });
    expect(findInstrument('Electric Bass Finger')?.program).toBe(33);
    expect(findInstrument('piano')?.name).toBe('acoustic-grand-piano');
    expect(findInstrument('strings')?.name).toBe('string-ensemble-1');
    expect(findInstrument('drums')).toEqual({ program: 0, drums: true, name: 'standard-kit' });
    expect(findInstrument('jazz-kit')).toEqual({ program: 32, drums: true, name: 'jazz-kit' });
    // Contains: the first in program order.
    expect(findInstrument('trump')?.name).toBe('trumpet');
    expect(findInstrument('nylon')?.name).toBe('acoustic-guitar-nylon');
    expect(findInstrument('zzz')).toBeUndefined();
  });

  it('refuses an unknown instrument with the closest names', () => {
    let err: unknown;
    try {
      resolveInstrument('vilon');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StudioError);
    expect((err as StudioError).message).toContain('unknown instrument "vilon". Did you mean "violin"');
    expect((err as StudioError).suggestion).toBe('instrument:violin');
  });

  it('names programs and kits', () => {
    expect(instrumentName(4, false)).toBe('electric-piano-1');
    expect(instrumentName(25, true)).toBe('tr-808-kit');
    expect(instrumentName(3, true)).toBe('kit:3');
  });

  it('names instruments for people as General MIDI does, from the one table the ids come from', () => {
    expect(instrumentTitle(0, false)).toBe('Acoustic Grand Piano');
    expect(instrumentTitle(3, false)).toBe('Honky-tonk Piano');
    expect(instrumentTitle(87, false)).toBe('Lead 8 (bass + lead)');
    expect(GM_PROGRAMS[87]).toBe('lead-8-bass-lead');
    expect(instrumentTitle(127, false)).toBe('Gunshot');
    expect(instrumentTitle(128, false)).toBe('Program 128');
    // Channel 10 is a kit, whatever its program number says elsewhere.
    expect(instrumentTitle(0, true)).toBe('Standard Kit');
    expect(instrumentTitle(25, true)).toBe('TR-808 Kit');
    expect(findInstrument('tr-808-kit')).toMatchObject({ program: 25, drums: true });
    expect(instrumentTitle(3, true)).toBe('Drum kit 3');
  });
});

describe('drums and controllers', () => {
  it('covers the General MIDI percussion map 35..81', () => {
    expect(Object.keys(GM_DRUMS).map(Number)).toEqual(Array.from({ length: 47 }, (_, i) => 35 + i));
  });

  it('reads controllers by name or number and refuses bank select', () => {
    expect(parseController('volume')).toBe(7);
    expect(parseController('Sustain')).toBe(64);
    expect(parseController('91')).toBe(91);
    expect(parseController('cc74')).toBe(74);
    expect(controllerName(10)).toBe('pan');
    expect(controllerName(3)).toBe('cc3');
    expect(() => parseController('0')).toThrow(/bank select/);
    expect(() => parseController('128')).toThrow(/unknown controller/);
    expect(() => parseController('sustian')).toThrow(/Did you mean "sustain"/);
  });
});
