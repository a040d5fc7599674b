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
  const container = document.getElementById('root')!;
  keepFocusAcrossFirstCommit(container);
  const root = createRoot(container);
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

/**
 * The first paint's skip link and main content can hold the keyboard's focus before the
 * scripts run; the first commit replaces them with their React twins (same `id` or
 * `href`) and focus would fall back to the body. This moves it to the twin, once.
 */
function keepFocusAcrossFirstCommit(container: HTMLElement): void {
  if (!container.firstElementChild) return;
  const twinOf = (el: EventTarget | null): string | null => {
    if (!(el instanceof Element) || !container.contains(el)) return null;
    if (el.id) return `#${CSS.escape(el.id)}`;
    const href = el.getAttribute('href');
    return href ? `a[href="${CSS.escape(href)}"]` : null;
  };
  // Where focus is in the painted page, up to the commit (a Tab may land while React renders).
  let twin = twinOf(document.activeElement);
  const track = (event: FocusEvent) => {
    twin = twinOf(event.target);
  };
  // A tap or click elsewhere lets focus go (the removal itself may fire focusout: not that).
  const release = () => {
    twin = null;
  };
  container.addEventListener('focusin', track);
  document.addEventListener('pointerdown', release, true);
  const observer = new MutationObserver(() => {
    observer.disconnect();
    container.removeEventListener('focusin', track);
    document.removeEventListener('pointerdown', release, true);
    if (twin && !container.contains(document.activeElement)) {
      container.querySelector<HTMLElement>(twin)?.focus();
    }
  });
  observer.observe(container, { childList: true });
}
