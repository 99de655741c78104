/**
 * Wires the renderer once, at startup: each feature of the table (features.ts) made with the chosen
 * API, the links between views, and presence. The first view's stores start at once; the others'
 * the first time their view shows.
 */
import type { TandemApi } from '../../../shared/tandem-api';
import type { Connection } from '../api/api';
import { createNavigation, type Navigation } from '../common/navigation';
import { type PresenceController, createPresence } from '../stores/presence-store';
import type { Feature, FeatureInstance, StudioOptions } from './feature';
import { FEATURES } from './features';

export type { StudioOptions };

export interface StudioFeature {
  readonly feature: Feature;
  readonly instance: FeatureInstance<unknown>;
}

export interface Studio {
  /** The views, in the switcher's order, each made once. */
  readonly features: readonly StudioFeature[];
  /**
   * Links between views (`drawio:AuthService`): each view registers how it reveals its things, the
   * window shows the link's domain (onShow), and the view reveals it.
   */
  readonly navigation: Navigation;
  readonly connection: Connection;
  /** The studio's API, for the window's own calls (Connect Claude Desktop). */
  readonly api: TandemApi;
  /** The person's selections reported to the core, and the AI clients and reads it reports back. */
  readonly presence: PresenceController;
}

export function createStudio(api: TandemApi, host: 'electron' | 'browser', connection: Connection, options: StudioOptions = {}): Studio {
  const navigation = createNavigation();
  const presence = createPresence({ api, onReconnect: connection.onReconnect });
  const setup = { api, host, connection, navigation, options };
  const features = FEATURES.map((feature) => ({ feature, instance: feature.create(setup) }));
  for (const { feature, instance } of features) if (feature.first) instance.start();
  return { features, navigation, connection, presence, api };
}
