import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers.tsx';
import { supporterPathId } from './app/supporter-path.ts';
import './styles.css';

// The public supporter page, which every share opens on a phone, starts without the
// router (react-router is a third of the page's script): its only inputs are the id in
// the address and ?mobile. Every other address loads the router and its lazy screens.
// Both load as soon as this runs; the server preloads the supporter page's chunks.
const Screen = lazy(() =>
  supporterPathId(location.pathname) === null
    ? import('./app/router.tsx')
    : import('./app/routes/supporter-page.tsx'),
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <Suspense fallback={null}>
        <Screen />
      </Suspense>
    </Providers>
  </StrictMode>,
);
