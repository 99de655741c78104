/**
 * Play in the chat: a small WebAudio synthesizer (a triangle oscillator per note, a short
 * attack and release, loudness by velocity and track volume), not the window's SoundFont player:
 * the General MIDI SoundFont is megabytes the view could only fetch from the studio, and a host's
 * frame may fetch nothing. Times come from the song's tempo map, as the window's scheduler's do.
 */
import type { MidiNoteRecord, MidiTrackRecord } from '../../shared/midi/records';
import { TempoMap } from '../../shared/midi/tempo-map';
import type { MidiRecords } from '../../renderer/src/features/midi/store/midi-store';
import { ppqnOf, sortedByTick, trackVolume } from '../../renderer/src/features/midi/store/midi-store';

const ATTACK_S = 0.01;
const RELEASE_S = 0.08;

export class ChatSynth {
  private context?: AudioContext;
  private stopAt = 0;

  get playing(): boolean {
    return this.context !== undefined && this.context.currentTime < this.stopAt;
  }

  /** Plays the song from its start; resolves when it is scheduled. Answers how many notes. */
  async play(song: MidiRecords): Promise<number> {
    await this.stop();
    const context = new AudioContext();
    this.context = context;
    const tempo = new TempoMap(ppqnOf(song), [...sortedByTick(song.tempos)].map((t) => ({ tick: t.tick, bpm: t.bpm })));
    const audible = audibleTracks([...song.tracks.values()]);
    const start = context.currentTime + 0.05;
    const master = context.createGain();
    master.gain.value = 0.2;
    master.connect(context.destination);
    let count = 0;
    for (const note of song.notes.values()) {
      const track = audible.get(note.trackId);
      if (!track || track.drums) continue;
      const from = start + tempo.secondsAt(note.tick);
      const to = start + tempo.secondsAt(note.tick + note.dur);
      this.voice(context, master, note, trackVolume(track) / 127, from, to);
      this.stopAt = Math.max(this.stopAt, to + RELEASE_S);
      count++;
    }
    return count;
  }

  async stop(): Promise<void> {
    const context = this.context;
    this.context = undefined;
    this.stopAt = 0;
    await context?.close();
  }

  private voice(context: AudioContext, out: AudioNode, note: MidiNoteRecord, volume: number, from: number, to: number): void {
    const osc = context.createOscillator();
    osc.type = 'triangle';
    osc.frequency.value = 440 * 2 ** ((note.pitch - 69) / 12);
    const gain = context.createGain();
    const peak = (note.vel / 127) * volume;
    gain.gain.setValueAtTime(0, from);
    gain.gain.linearRampToValueAtTime(peak, from + ATTACK_S);
    gain.gain.setValueAtTime(peak, Math.max(from + ATTACK_S, to));
    gain.gain.linearRampToValueAtTime(0, Math.max(from + ATTACK_S, to) + RELEASE_S);
    osc.connect(gain).connect(out);
    osc.start(from);
    osc.stop(to + RELEASE_S);
  }
}

/** The tracks heard: the soloed ones if any, else every unmuted one. */
function audibleTracks(tracks: readonly MidiTrackRecord[]): Map<string, MidiTrackRecord> {
  const soloed = tracks.filter((t) => t.solo);
  return new Map((soloed.length ? soloed : tracks.filter((t) => !t.mute)).map((t) => [t.id, t]));
}
