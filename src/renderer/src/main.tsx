/** Renderer entry: pick the API (preload bridge or WebSocket), wire the stores, show the studio. */
import '@xyflow/react/dist/style.css';
import './app/theme.css';
import './app/app.css';
import './app/panels.css';
import './app/dialogs.css';
// Arimo: Helvetica's and Arial's metrics, so diagram labels take the room diagrams.net gives them.
import '@fontsource/arimo/latin-400.css';
import '@fontsource/arimo/latin-400-italic.css';
import '@fontsource/arimo/latin-700.css';
import '@fontsource/arimo/latin-700-italic.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { apiSetup } from './api/api';
import { App, NoToken } from './app/App';
import { createStudio } from './app/studio';
import { followStudioAppearance } from './common/theme';
import { deferredPlayer } from './features/midi/playback/deferred-player';

const root = createRoot(document.getElementById('root')!);

if (apiSetup.kind === 'no-token') {
  root.render(<NoToken />);
} else {
  const { api } = apiSetup;
  void followStudioAppearance(api);
  // Playback reads the song live from the Music view's store; SoundFonts come from the core.
  const studio = createStudio(api, apiSetup.host, apiSetup.connection, {
    createPlayer: (song) =>
      deferredPlayer(() => import('./features/midi/playback/player').then(({ createPlayer }) => createPlayer(song, { fetchSoundFont: (path) => api.asset('midi', 'soundfont', path) }))),
  });
  root.render(
    <StrictMode>
      <App studio={studio} />
    </StrictMode>,
  );
}
