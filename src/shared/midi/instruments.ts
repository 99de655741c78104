/**
 * The General MIDI vocabulary: the 128 programs by their names and as kebab-case ids, drum kits, the percussion
 * names of channel 10, and controller names. Instruments resolve by exact name, then alias, then
 * the first name that contains the text (`instruments` lists them all). Browser-safe: the Music view
 * names instruments with it; the verbs' parsing (main/domains/midi/instruments.ts) reports errors.
 */

/**
 * Program 0..127 by their General MIDI names, as the view shows them ("Acoustic Grand Piano"): the
 * one table of the 128 programs; the ids tools take and answer are made from it (GM_PROGRAMS).
 */
export const GM_PROGRAM_TITLES: readonly string[] = [
  'Acoustic Grand Piano', 'Bright Acoustic Piano', 'Electric Grand Piano', 'Honky-tonk Piano', 'Electric Piano 1', 'Electric Piano 2', 'Harpsichord', 'Clavinet',
  'Celesta', 'Glockenspiel', 'Music Box', 'Vibraphone', 'Marimba', 'Xylophone', 'Tubular Bells', 'Dulcimer',
  'Drawbar Organ', 'Percussive Organ', 'Rock Organ', 'Church Organ', 'Reed Organ', 'Accordion', 'Harmonica', 'Tango Accordion',
  'Acoustic Guitar (nylon)', 'Acoustic Guitar (steel)', 'Electric Guitar (jazz)', 'Electric Guitar (clean)', 'Electric Guitar (muted)', 'Overdriven Guitar', 'Distortion Guitar', 'Guitar Harmonics',
  'Acoustic Bass', 'Electric Bass (finger)', 'Electric Bass (pick)', 'Fretless Bass', 'Slap Bass 1', 'Slap Bass 2', 'Synth Bass 1', 'Synth Bass 2',
  'Violin', 'Viola', 'Cello', 'Contrabass', 'Tremolo Strings', 'Pizzicato Strings', 'Orchestral Harp', 'Timpani',
  'String Ensemble 1', 'String Ensemble 2', 'Synth Strings 1', 'Synth Strings 2', 'Choir Aahs', 'Voice Oohs', 'Synth Voice', 'Orchestra Hit',
  'Trumpet', 'Trombone', 'Tuba', 'Muted Trumpet', 'French Horn', 'Brass Section', 'Synth Brass 1', 'Synth Brass 2',
  'Soprano Sax', 'Alto Sax', 'Tenor Sax', 'Baritone Sax', 'Oboe', 'English Horn', 'Bassoon', 'Clarinet',
  'Piccolo', 'Flute', 'Recorder', 'Pan Flute', 'Blown Bottle', 'Shakuhachi', 'Whistle', 'Ocarina',
  'Lead 1 (square)', 'Lead 2 (sawtooth)', 'Lead 3 (calliope)', 'Lead 4 (chiff)', 'Lead 5 (charang)', 'Lead 6 (voice)', 'Lead 7 (fifths)', 'Lead 8 (bass + lead)',
  'Pad 1 (new age)', 'Pad 2 (warm)', 'Pad 3 (polysynth)', 'Pad 4 (choir)', 'Pad 5 (bowed)', 'Pad 6 (metallic)', 'Pad 7 (halo)', 'Pad 8 (sweep)',
  'FX 1 (rain)', 'FX 2 (soundtrack)', 'FX 3 (crystal)', 'FX 4 (atmosphere)', 'FX 5 (brightness)', 'FX 6 (goblins)', 'FX 7 (echoes)', 'FX 8 (sci-fi)',
  'Sitar', 'Banjo', 'Shamisen', 'Koto', 'Kalimba', 'Bagpipe', 'Fiddle', 'Shanai',
  'Tinkle Bell', 'Agogo', 'Steel Drums', 'Woodblock', 'Taiko Drum', 'Melodic Tom', 'Synth Drum', 'Reverse Cymbal',
  'Guitar Fret Noise', 'Breath Noise', 'Seashore', 'Bird Tweet', 'Telephone Ring', 'Helicopter', 'Applause', 'Gunshot',
];

/** A display name as an id: lower case, every run of other characters one hyphen ("Lead 8 (bass + lead)" -> lead-8-bass-lead). */
const idOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Program 0..127 as kebab-case ids, in General MIDI order: what the verbs take and answers name. */
export const GM_PROGRAMS: readonly string[] = GM_PROGRAM_TITLES.map(idOf);

/** The sixteen General MIDI families of eight programs each, for the card and `instruments`. */
export const GM_FAMILIES: readonly string[] = [
  'piano', 'chromatic percussion', 'organ', 'guitar', 'bass', 'strings', 'ensemble', 'brass',
  'reed', 'pipe', 'synth lead', 'synth pad', 'synth effects', 'ethnic', 'percussive', 'sound effects',
];

/** Drum kits (channel 10) by their names, with their kit program (GS/GM2 numbering). */
const DRUM_KIT_TITLES: readonly (readonly [string, number])[] = [
  ['Standard Kit', 0], ['Room Kit', 8], ['Power Kit', 16], ['Electronic Kit', 24], ['TR-808 Kit', 25],
  ['Jazz Kit', 32], ['Brush Kit', 40], ['Orchestra Kit', 48], ['SFX Kit', 56],
];

/** Drum kits as ids: id -> kit program. */
export const DRUM_KITS: Readonly<Record<string, number>> = Object.fromEntries(DRUM_KIT_TITLES.map(([title, program]) => [idOf(title), program]));

/** Short names people use; each points at a program or kit name above. */
export const INSTRUMENT_ALIASES: Readonly<Record<string, string>> = {
  piano: 'acoustic-grand-piano',
  'grand-piano': 'acoustic-grand-piano',
  'electric-piano': 'electric-piano-1',
  epiano: 'electric-piano-1',
  rhodes: 'electric-piano-1',
  clavi: 'clavinet',
  organ: 'drawbar-organ',
  guitar: 'acoustic-guitar-steel',
  'electric-guitar': 'electric-guitar-clean',
  'nylon-guitar': 'acoustic-guitar-nylon',
  bass: 'electric-bass-finger',
  'upright-bass': 'acoustic-bass',
  'double-bass': 'contrabass',
  strings: 'string-ensemble-1',
  harp: 'orchestral-harp',
  choir: 'choir-aahs',
  'synth-choir': 'synth-voice',
  horn: 'french-horn',
  brass: 'brass-section',
  sax: 'alto-sax',
  saxophone: 'alto-sax',
  'synth-lead': 'lead-1-square',
  lead: 'lead-1-square',
  'square-lead': 'lead-1-square',
  'saw-lead': 'lead-2-sawtooth',
  pad: 'pad-2-warm',
  'synth-pad': 'pad-2-warm',
  drums: 'standard-kit',
  'drum-kit': 'standard-kit',
  drumkit: 'standard-kit',
  kit: 'standard-kit',
  '808': 'tr-808-kit',
};

export interface Instrument {
  /** Program (or kit) number 0..127. */
  program: number;
  /** A drum kit, played on channel 10. */
  drums: boolean;
  /** The GM or kit name. */
  name: string;
}

function byName(name: string): Instrument | undefined {
  const program = GM_PROGRAMS.indexOf(name);
  if (program >= 0) return { program, drums: false, name };
  if (Object.hasOwn(DRUM_KITS, name)) return { program: DRUM_KITS[name], drums: true, name };
  return undefined;
}

/** Every instrument name, programs first, for contains-matching and suggestions. */
export const ALL_INSTRUMENT_NAMES = [...GM_PROGRAMS, ...Object.keys(DRUM_KITS)];

/** Exact name, then alias, then the first name containing the text; undefined when none fits. */
export function findInstrument(text: string): Instrument | undefined {
  const wanted = text.trim().toLowerCase().replace(/[\s_]+/g, '-');
  if (!wanted) return undefined;
  const exact = byName(wanted) ?? (Object.hasOwn(INSTRUMENT_ALIASES, wanted) ? byName(INSTRUMENT_ALIASES[wanted]) : undefined);
  if (exact) return exact;
  const contained = ALL_INSTRUMENT_NAMES.find((name) => name.includes(wanted));
  return contained ? byName(contained) : undefined;
}

/** The name a track's program goes by: its GM name, or its kit name on a drum track. */
export function instrumentName(program: number, drums: boolean): string {
  if (drums) return Object.keys(DRUM_KITS).find((k) => DRUM_KITS[k] === program) ?? `kit:${program}`;
  return GM_PROGRAMS[program] ?? `program:${program}`;
}

/** An instrument as a person reads it: "Acoustic Grand Piano"; on channel 10 its kit, "Standard Kit" (or "Drum kit 3"). */
export function instrumentTitle(program: number, drums: boolean): string {
  if (drums) return DRUM_KIT_TITLES.find(([, kit]) => kit === program)?.[0] ?? `Drum kit ${program}`;
  return GM_PROGRAM_TITLES[program] ?? `Program ${program}`;
}

// ---- drums ------------------------------------------------------------------------------------

/** General MIDI percussion (channel 10): note number -> names, the first one shown in answers. */
export const GM_DRUMS: Readonly<Record<number, readonly string[]>> = {
  35: ['acoustic-bass-drum', 'kick-2'],
  36: ['kick', 'bass-drum-1', 'bass-drum'],
  37: ['side-stick', 'rimshot', 'rim'],
  38: ['snare', 'acoustic-snare'],
  39: ['clap', 'hand-clap'],
  40: ['electric-snare', 'snare-2'],
  41: ['low-floor-tom', 'floor-tom'],
  42: ['hihat', 'closed-hihat', 'hi-hat', 'closed-hi-hat'],
  43: ['high-floor-tom'],
  44: ['pedal-hihat', 'pedal-hi-hat'],
  45: ['low-tom'],
  46: ['open-hihat', 'open-hi-hat'],
  47: ['mid-tom', 'low-mid-tom'],
  48: ['hi-mid-tom', 'high-mid-tom'],
  49: ['crash', 'crash-cymbal-1', 'crash-cymbal'],
  50: ['high-tom', 'hi-tom'],
  51: ['ride', 'ride-cymbal-1', 'ride-cymbal'],
  52: ['chinese-cymbal', 'china'],
  53: ['ride-bell'],
  54: ['tambourine'],
  55: ['splash', 'splash-cymbal'],
  56: ['cowbell'],
  57: ['crash-2', 'crash-cymbal-2'],
  58: ['vibraslap'],
  59: ['ride-2', 'ride-cymbal-2'],
  60: ['hi-bongo', 'high-bongo'],
  61: ['low-bongo'],
  62: ['mute-hi-conga', 'mute-high-conga'],
  63: ['open-hi-conga', 'open-high-conga'],
  64: ['low-conga'],
  65: ['high-timbale'],
  66: ['low-timbale'],
  67: ['high-agogo'],
  68: ['low-agogo'],
  69: ['cabasa'],
  70: ['maracas'],
  71: ['short-whistle'],
  72: ['long-whistle'],
  73: ['short-guiro'],
  74: ['long-guiro'],
  75: ['claves'],
  76: ['hi-wood-block', 'high-wood-block'],
  77: ['low-wood-block'],
  78: ['mute-cuica'],
  79: ['open-cuica'],
  80: ['mute-triangle'],
  81: ['open-triangle', 'triangle'],
};

const DRUM_BY_NAME = new Map<string, number>(Object.entries(GM_DRUMS).flatMap(([pitch, names]) => names.map((n) => [n, Number(pitch)] as const)));

export function drumPitch(name: string): number | undefined {
  return DRUM_BY_NAME.get(name.toLowerCase());
}

export function drumName(pitch: number): string | undefined {
  return GM_DRUMS[pitch]?.[0];
}

export function drumNames(): string[] {
  return [...DRUM_BY_NAME.keys()];
}

// ---- controllers ------------------------------------------------------------------------------

/** Controller names -> numbers; the first name of a number is the one answers show. */
export const CONTROLLERS: Readonly<Record<string, number>> = {
  modulation: 1,
  mod: 1,
  breath: 2,
  foot: 4,
  'portamento-time': 5,
  'data-entry': 6,
  volume: 7,
  balance: 8,
  pan: 10,
  expression: 11,
  sustain: 64,
  'sustain-pedal': 64,
  damper: 64,
  portamento: 65,
  sostenuto: 66,
  soft: 67,
  'soft-pedal': 67,
  legato: 68,
  resonance: 71,
  release: 72,
  attack: 73,
  brightness: 74,
  cutoff: 74,
  reverb: 91,
  tremolo: 92,
  chorus: 93,
  detune: 94,
  phaser: 95,
  'all-sound-off': 120,
  'reset-controllers': 121,
  'all-notes-off': 123,
};

/** Bank select MSB and LSB: set with `bank:` on the track, never as controller events. */
export const BANK_SELECT_MSB = 0;
export const BANK_SELECT_LSB = 32;
export const VOLUME_CONTROLLER = 7;

export function controllerName(controller: number): string {
  return Object.keys(CONTROLLERS).find((name) => CONTROLLERS[name] === controller) ?? `cc${controller}`;
}
