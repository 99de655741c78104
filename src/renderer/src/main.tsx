/** Renderer entry: pick the API (preload bridge or WebSocket), wire the stores, show the studio. */
import '@xyflow/react/dist/style.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { apiSetup } from './api/api';
import { App, NoToken } from './app/App';
import { createStudio } from './app/studio';

const root = createRoot(document.getElementById('root')!);

if (apiSetup.kind === 'no-token') {
  root.render(<NoToken />);
} else {
  const studio = createStudio(apiSetup.api, apiSetup.host, apiSetup.connection);
  root.render(
    <StrictMode>
      <App studio={studio} />
    </StrictMode>,
  );
}
