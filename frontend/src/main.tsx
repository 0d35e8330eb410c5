import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles.css';
import { loadRuntimeConfig } from './lib/runtime-config';
import { App } from './app/app';

const root = createRoot(document.getElementById('root')!);

loadRuntimeConfig()
  .then(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(
      <main className="centered-status" role="alert">
        Ringly could not load its configuration. Please refresh the page in a moment.
      </main>,
    );
  });
