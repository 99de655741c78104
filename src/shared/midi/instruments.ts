/**
 * The General MIDI vocabulary: the 128 programs as kebab-case names, drum kits, the percussion
 * names of channel 10, and controller names. Instruments resolve by exact name, then alias, then
 * the first name that contains the text (`instruments` lists them all). Browser-safe: the Music view
 * names instruments with it; the verbs' parsing (main/domains/midi/instruments.ts) reports errors.
 */

/** Program 0..127, in General MIDI order. */
export const GM_PROGRAMS: readonly string[] = [
  'acoustic-grand-piano', 'bright-acoustic-piano', 'electric-grand-piano', 'honky-tonk-piano',
  'electric-piano-1', 'electric-piano-2', 'harpsichord', 'clavinet',
  'celesta', 'glockenspiel', 'music-box', 'vibraphone', 'marimba', 'xylophone', 'tubular-bells', 'dulcimer',
  'drawbar-organ', 'percussive-organ', 'rock-organ', 'church-organ', 'reed-organ', 'accordion', 'harmonica', 'tango-accordion',
  'acoustic-guitar-nylon', 'acoustic-guitar-steel', 'electric-guitar-jazz', 'electric-guitar-clean',
  'electric-guitar-muted', 'overdriven-guitar', 'distortion-guitar', 'guitar-harmonics',
  'acoustic-bass', 'electric-bass-finger', 'electric-bass-pick', 'fretless-bass',
  'slap-bass-1', 'slap-bass-2', 'synth-bass-1', 'synth-bass-2',
  'violin', 'viola', 'cello', 'contrabass', 'tremolo-strings', 'pizzicato-strings', 'orchestral-harp', 'timpani',
  'string-ensemble-1', 'string-ensemble-2', 'synth-strings-1', 'synth-strings-2',
  'choir-aahs', 'voice-oohs', 'synth-voice', 'orchestra-hit',
  'trumpet', 'trombone', 'tuba', 'muted-trumpet', 'french-horn', 'brass-section', 'synth-brass-1', 'synth-brass-2',
  'soprano-sax', 'alto-sax', 'tenor-sax', 'baritone-sax', 'oboe', 'english-horn', 'bassoon', 'clarinet',
  'piccolo', 'flute', 'recorder', 'pan-flute', 'blown-bottle', 'shakuhachi', 'whistle', 'ocarina',
  'lead-1-square', 'lead-2-sawtooth', 'lead-3-calliope', 'lead-4-chiff',
  'lead-5-charang', 'lead-6-voice', 'lead-7-fifths', 'lead-8-bass-lead',
  'pad-1-new-age', 'pad-2-warm', 'pad-3-polysynth', 'pad-4-choir', 'pad-5-bowed', 'pad-6-metallic', 'pad-7-halo', 'pad-8-sweep',
  'fx-1-rain', 'fx-2-soundtrack', 'fx-3-crystal', 'fx-4-atmosphere', 'fx-5-brightness', 'fx-6-goblins', 'fx-7-echoes', 'fx-8-sci-fi',
  'sitar', 'banjo', 'shamisen', 'koto', 'kalimba', 'bagpipe', 'fiddle', 'shanai',
  'tinkle-bell', 'agogo', 'steel-drums', 'woodblock', 'taiko-drum', 'melodic-tom', 'synth-drum', 'reverse-cymbal',
  'guitar-fret-noise', 'breath-noise', 'seashore', 'bird-tweet', 'telephone-ring', 'helicopter', 'applause', 'gunshot',
];

/** The sixteen General MIDI families of eight programs each, for the card and `instruments`. */
export const GM_FAMILIES: readonly string[] = [
  'piano', 'chromatic percussion', 'organ', 'guitar', 'bass', 'strings', 'ensemble', 'brass',
  'reed', 'pipe', 'synth lead', 'synth pad', 'synth effects', 'ethnic', 'percussive', 'sound effects',
];

/** Drum kits (channel 10): name -> kit program (GS/GM2 numbering). */
export const DRUM_KITS: Readonly<Record<string, number>> = {
  'standard-kit': 0,
  'room-kit': 8,
  'power-kit': 16,
  'electronic-kit': 24,
  'tr-808-kit': 25,
  'jazz-kit': 32,
  'brush-kit': 40,
  'orchestra-kit': 48,
  'sfx-kit': 56,
};

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
