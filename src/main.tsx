// Entry of the browser app: boot, then render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { boot } from './app/boot/boot';

const container = document.getElementById('root')!;

void boot().then((result) => {
  createRoot(container).render(
    <StrictMode>
      <App result={result} />
    </StrictMode>,
  );
});
