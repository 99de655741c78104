/** A Player double for the Music view's tests: records what the transport asked, reports a state it is told. */
import type { LoopRegion, PlaybackState, Player } from '../features/midi/playback/player-api';

export interface FakePlayer extends Player {
  calls: string[];
  /** Sets the state and tells the subscribers, as a real player does while it plays. */
  report(patch: Partial<PlaybackState>): void;
}

export function createFakePlayer(): FakePlayer {
  let state: PlaybackState = { ready: true, playing: false, tick: 0, loop: null, metronome: false };
  const listeners = new Set<(state: PlaybackState) => void>();
  const player: FakePlayer = {
    calls: [],
    report(patch) {
      state = { ...state, ...patch };
      for (const listener of listeners) listener(state);
    },
    async play(fromTick?: number) {
      player.calls.push(fromTick === undefined ? 'play' : `play ${fromTick}`);
      player.report({ playing: true });
    },
    pause() {
      player.calls.push('pause');
      player.report({ playing: false });
    },
    stop() {
      player.calls.push('stop');
      player.report({ playing: false, tick: state.loop?.startTick ?? 0 });
    },
    seek(tick: number) {
      player.calls.push(`seek ${tick}`);
      player.report({ tick });
    },
    setLoop(loop: LoopRegion | null) {
      player.calls.push(loop ? `loop ${loop.startTick}-${loop.endTick}` : 'loop off');
      player.report({ loop });
    },
    setMetronome(on: boolean) {
      player.calls.push(`metronome ${on}`);
      player.report({ metronome: on });
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      player.calls.push('dispose');
    },
  };
  return player;
}
