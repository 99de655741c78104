/** The Music view, loaded the first time it is shown: the window's first paint does not wait for its code. */
import type { FeatureViewProps } from '../../app/feature';
import { MusicView } from './MusicView';
import { MusicProvider, type MusicContextValue } from './editor/music-context';

export default function MusicFeatureView({ value, connection }: FeatureViewProps<MusicContextValue>) {
  return (
    <MusicProvider value={value}>
      <MusicView connection={connection} />
    </MusicProvider>
  );
}
