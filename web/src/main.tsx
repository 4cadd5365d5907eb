import '@cloudscape-design/global-styles/index.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { boot } from './app/boot';
import { watchUserInput } from './app/layout/user-choice';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into');
const root = createRoot(container);
// The side menu remembers only a fold the user made (app/layout/user-choice.ts).
watchUserInput();

boot()
  .then(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
  .catch((error: unknown) => {
    // Without config or Cognito the app cannot work; say so plainly instead of a blank page.
    const message = error instanceof Error ? error.message : String(error);
    root.render(
      <div className="boot-error" role="alert" data-testid="boot-error">
        <h1>The application could not start</h1>
        <p>{message}</p>
        <button type="button" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>,
    );
  });
