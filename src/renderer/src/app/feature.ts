/**
 * What a view of the studio is, as the window sees it: one entry of the feature table
 * (features.ts). The window iterates the table for the switcher and the views; adding a view is
 * its feature folder plus one line there.
 */
import type { ComponentType, ReactNode } from 'react';
import type { TandemApi } from '../../../shared/tandem-api';
import type { Connection } from '../api/api';
import type { Navigation } from '../common/navigation';
import type { Player, SongSource } from '../features/midi/playback/player-api';

/** What the entry point hands the studio besides the API: playback for the Music view. */
export interface StudioOptions {
  /** Playback (Tone.js and a SoundFont); without it the Music view's transport is disabled. */
  createPlayer?: (song: SongSource) => Player;
}

/** What a feature is made with: the API, the window's kind, the connection, the links between views. */
export interface FeatureSetup {
  readonly api: TandemApi;
  /** `electron` shows native file dialogs; `browser` the workspace file list. */
  readonly host: 'electron' | 'browser';
  readonly connection: Connection;
  /** Links between views (`drawio:AuthService`): a feature registers how it reveals its things. */
  readonly navigation: Navigation;
  readonly options: StudioOptions;
}

/** A feature once made: what its view is handed, and how its stores start following the feed. */
export interface FeatureInstance<V> {
  readonly value: V;
  /** Starts its stores (once, however often it is called). */
  start(): void;
}

/** What a feature's view is handed: its value, and the window's connection badge. */
export interface FeatureViewProps<V> {
  readonly value: V;
  readonly connection: ReactNode;
}

export interface Feature<V = any> {
  /** The core's domain name (`drawio`), and the switcher's test id. */
  readonly domain: string;
  readonly label: string;
  readonly icon: ReactNode;
  /** Shown and started with the window (the diagram); the others the first time they are chosen. */
  readonly first?: boolean;
  create(setup: FeatureSetup): FeatureInstance<V>;
  /**
   * The view, with its provider around it, loaded the first time it shows (React.lazy of the
   * feature's view.tsx): the window's first paint waits for no other view's code.
   */
  readonly View: ComponentType<FeatureViewProps<V>>;
}

/** A start that runs once, however often it is called. */
export function once(start: () => void): () => void {
  let started = false;
  return () => {
    if (started) return;
    started = true;
    start();
  };
}

/** Asks before an open replaces a document with unsaved changes. */
export function confirmDiscard(noun: string) {
  return (title: string) => window.confirm(`"${title}" has unsaved changes. Discard them and open another ${noun}?`);
}
