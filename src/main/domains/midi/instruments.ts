/**
 * Instruments and controllers as verbs take them: a name (or alias, or contained word) resolved
 * through the General MIDI tables of src/shared/midi/instruments.ts, or an error naming the
 * closest ones.
 */
import { ErrorCode, StudioError } from '../../kernel/errors';
import { closestMatches } from '../../kernel/suggest';
import { ALL_INSTRUMENT_NAMES, BANK_SELECT_LSB, BANK_SELECT_MSB, CONTROLLERS, INSTRUMENT_ALIASES, type Instrument, findInstrument } from '../../../shared/midi/instruments';

/** Like findInstrument, or an unknown-instrument error that suggests the closest names. */
export function resolveInstrument(text: string, key = 'instrument'): Instrument {
  const found = findInstrument(text);
  if (found) return found;
  const near = closestMatches(text.toLowerCase(), [...ALL_INSTRUMENT_NAMES, ...Object.keys(INSTRUMENT_ALIASES)], 3);
  throw new StudioError(
    ErrorCode.badParam,
    `unknown instrument "${text}"${near.length ? `. Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : ''}`,
    near.length ? `${key}:${near[0]}` : `instruments ${text.slice(0, 4)} (the midi_query that lists the 128 General MIDI names and the drum kits)`,
  );
}

/** A controller by name or number 0..127 (bank select excepted: that is `bank:`). */
export function parseController(text: string): number {
  const lower = text.toLowerCase();
  let controller: number | undefined = Object.hasOwn(CONTROLLERS, lower) ? CONTROLLERS[lower] : undefined;
  const numeric = /^(?:cc)?(\d{1,3})$/.exec(lower);
  if (controller === undefined && numeric) controller = Number(numeric[1]);
  if (controller === undefined || controller > 127) {
    const near = closestMatches(lower, Object.keys(CONTROLLERS), 2);
    throw new StudioError(
      ErrorCode.badParam,
      `unknown controller "${text}"${near.length ? `. Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : ''}`,
      `a name (${['volume', 'pan', 'expression', 'sustain', 'modulation', 'reverb', 'chorus'].join(', ')}, ...) or a number 0..127`,
    );
  }
  if (controller === BANK_SELECT_MSB || controller === BANK_SELECT_LSB) {
    throw new StudioError(ErrorCode.badParam, `controller ${controller} is bank select: set it with the program`, 'program TRACK INSTRUMENT bank:MSB.LSB');
  }
  return controller;
}
