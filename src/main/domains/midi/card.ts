/**
 * The vocabulary part of the midi reference card (after the verbs): positions, durations,
 * velocities, pitches, chords, instruments, controllers, selectors and answers. Built from the
 * same tables the verbs check against, so the card lists exactly what is accepted.
 */
import type { CardSection } from '../../fcp/domain';
import { CONTROLLERS, DRUM_KITS, GM_DRUMS, GM_FAMILIES, GM_PROGRAMS } from '../../../shared/midi/instruments';
import { DEFAULT_PPQN, DEFAULT_VELOCITY } from '../../../shared/midi/records';
import { DRUM_CHANNEL } from './model';
import { SELECTOR_SYNTAX } from './selectors';
import { CHORD_QUALITY_NAMES, DYNAMICS } from './values';

const controllerNames = [...new Set(Object.values(CONTROLLERS))].map((n) => `${Object.keys(CONTROLLERS).find((k) => CONTROLLERS[k] === n)} ${n}`);

/** The first character of an answer line (the contract's prefixes, as midi uses them). */
export const PREFIX_LEGEND = [
  '+  added, or a selection edited (notes, chords, tracks, controllers)',
  '*  changed in place (a track, the tempo, a signature, the title)',
  '-  removed (a track)',
  '!  error, or session meta (!saved, !undo, !soundfont)',
];

export const cardSections: CardSection[] = [
  {
    title: 'Positions',
    lines: [
      'M.B  bar and beat from 1 (1.1 is the start; 0.1 and 1.0 are errors)   M.B.T  plus T ticks   tick:N',
      'end  the song\'s last note-off   +DUR / -DUR  from the end of the previous note or chord in this batch',
      'A beat is ppqn*4/denominator ticks; bars follow every time-signature change. note and chord without at: go at 1.1.',
      'Ranges M.B-M.B include their last beat (1.1-4.4 is bars 1 to 4 in 4/4); M-M is whole bars.',
    ],
  },
  {
    title: 'Durations',
    lines: [
      `whole half quarter eighth sixteenth 32nd 64th, or 1n 2n 4n 8n 16n 32n 64n; dotted-X (x1.5), triplet-X (x2/3); ticks:N`,
      `At ppqn ${DEFAULT_PPQN} (the default; new ... ppqn:N) a quarter is ${DEFAULT_PPQN} ticks. Default dur: a quarter. Answers show ticks.`,
    ],
  },
  {
    title: 'Velocities',
    lines: [`1..127 or ${Object.entries(DYNAMICS).map(([k, v]) => `${k} ${v}`).join(', ')}; default ${DEFAULT_VELOCITY}.`],
  },
  {
    title: 'Pitches',
    lines: [
      'C4 = 60 (middle C): a letter, # ## b bb, an octave -1..9 (any case): C4 F#3 Bb2 c#5; or midi:N. Answers spell black keys as sharps.',
      'On a drum track also the General MIDI drum names (answers use the first of each; full GM names work too):',
      `  ${Object.entries(GM_DRUMS)
        .map(([pitch, names]) => `${names[0]} ${pitch}`)
        .join(', ')}`,
    ],
  },
  {
    title: 'Chords',
    lines: [
      `ROOT[QUALITY][/BASS]; qualities: ${CHORD_QUALITY_NAMES.join(' ')} (nothing = major); root in octave 4.`,
      '/BASS puts the bass below the root and drops its pitch class from the upper notes: Dm7/F = F3 D4 A4 C5.',
    ],
  },
  {
    title: 'Instruments',
    lines: [
      'instrument: takes a General MIDI name, exact, then an alias (piano, strings, bass, sax, organ, drums, ...), then the first',
      '  name that contains the text; or program:N (0..127), with bank:MSB[.LSB] for a bank select. By family:',
      ...GM_FAMILIES.map((family, f) => `  ${family}: ${GM_PROGRAMS.slice(f * 8, f * 8 + 8).join(' ')}`),
      `Drum kits (channel ${DRUM_CHANNEL}, and only they play there): ${Object.keys(DRUM_KITS).join(' ')}`,
    ],
  },
  {
    title: 'Controllers',
    lines: [
      `By name or number 0..127: ${controllerNames.join(', ')}. Value 0..127, or on (127) / off (0).`,
      'Bank select (0, 32) is set with bank: on the track. cc TRACK volume V at 1.1 (the default) is the track\'s volume.',
      'Pitch bend: -8192..8191, center = 0.',
    ],
  },
  {
    title: 'Selectors',
    lines: [
      SELECTOR_SYNTAX.join('  '),
      '@range includes its last beat; @pitch takes C4, a pitch class (C = every C) or a drum name; @velocity takes LO-HI or one value.',
      '@recent is the note added last, @recent:N the N added last; @id:n12,n13 are notes by record id (what the Music view sends).',
      '@selected is what the person has selected in the Music view (notes, or all notes of a selected track); query `selection` describes it. No window or nothing selected is an error.',
      'Several selectors intersect: @track:Piano @range:1.1-4.4 @not:pitch:C4.',
      'A selection that matches nothing is an error that says what the song has.',
    ],
  },
  {
    title: 'Answers',
    lines: [
      "+ Note C4 on Piano at 1.1 dur:480 vel:80      + Chord Cmaj (3 notes) at 2.1 on Piano",
      "+ Track 'Drums' added (ch:10, standard-kit)   - Track 'Bass' removed (8 notes)",
      '+ Removed 2 note(s)     + Transposed 4 note(s) up 7 semitones     * Tempo 140 at 1.1 (was 120)',
      'Last line: hash:3f2a1c tracks:N notes:N. The hash depends only on the song (same song, same hash; not on mute, solo or',
      '  the SoundFont), so a changed hash means the song changed.',
      "Errors: ! Track 'Guitar' not found [unknown_ref] then   try: ... ; a failed op rolls back its whole batch.",
    ],
  },
  {
    title: 'Files',
    lines: [
      'Standard MIDI Files (.mid). A file read from another program saves back as it was: every event in its track at its',
      '  tick, channel and order (program changes, text, lyrics, sysex, SMPTE offset, ...); an edit changes only what it edits.',
      '  Format 0 files show one track per channel and stay format 0. A new song is written as format 1: a conductor track',
      '  (title, tempos, time and key signatures, markers), then one track per track (name, bank, program, volume, events).',
      '  A track name several tracks share: name one by its number, #N (as `tracks` numbers them). Mute, solo and the',
      '  SoundFont are not stored in the file.',
    ],
  },
];
