import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder until the studio window lands (issue 3): the core, MCP and drawio run headless.
function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1>Tandem Studio</h1>
      <p>The studio core is running. Connect an MCP client to edit diagrams.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
