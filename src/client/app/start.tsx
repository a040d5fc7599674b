import { type ComponentType, StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './providers.tsx';

/**
 * Renders the app's screen into the root element once its module is loaded (main.tsx):
 * the first commit replaces what the server painted there (the supporter page's first
 * paint) with the screen itself, never with an empty fallback. `sliced`: as a transition,
 * in slices that leave the main thread free between them, so a phone's taps and scrolls
 * on the painted page are not held up by one long task.
 */
export function start(Screen: ComponentType, { sliced = false }: { sliced?: boolean } = {}): void {
  const root = createRoot(document.getElementById('root')!);
  const render = () =>
    root.render(
      <StrictMode>
        <Providers>
          <Screen />
        </Providers>
      </StrictMode>,
    );
  if (sliced) startTransition(render);
  else render();
}
