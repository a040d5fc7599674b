import { supporterPathId } from './app/supporter-path.ts';
import { activateLocale, documentLocale, STAFF_AREAS, SUPPORTER_AREAS } from './i18n/catalogs.ts';
import './styles.css';

// The entry is this file and the styles: React and the screens are loaded from here.
// The public supporter page, which every share opens on a phone, starts without the
// router (react-router is a third of the page's script): its only inputs are the id in
// the address and ?mobile. Every other address loads the router and its lazy screens
// (the server preloads their chunks with the entry).
//
// The supporter page arrives painted (the server's first paint: the campaign and its
// assets, docs/decisions/0029), so its scripts wait for that paint: they are fetched
// once its first image is on screen (or failed), at most FIRST_PAINT_WAIT_MS after this
// runs, and do not compete with that image for a phone's bandwidth and CPU.
const FIRST_PAINT_WAIT_MS = 1500;
/** The `elementtiming` name of the first paint's first image (server: modules/supporter/first-paint.ts). */
const FIRST_IMAGE = 'supporter-first-image';

const supporter = supporterPathId(location.pathname) !== null;

// The router's import in a function of its own: in one conditional expression with the
// page's, the build would preload both modules' chunks.
const loadRouter = () => import('./app/router.tsx');

function run() {
  const screen = supporter ? import('./app/routes/supporter-page.tsx') : loadRouter();
  // The page's language is the server's choice (<html lang>); its catalogs load beside the screen.
  const words = activateLocale(documentLocale(), supporter ? SUPPORTER_AREAS : STAFF_AREAS);
  void Promise.all([import('./app/start.tsx'), screen, words]).then(([{ start }, screen]) =>
    start(screen.default, { sliced: supporter }),
  );
}

/**
 * Calls `then` once the server's first paint is on screen: its first image (Element
 * Timing reports it once shown), or without one its first contentful paint; where the
 * browser reports neither, the image's load and the next frame. At once when the server
 * painted nothing (a preview, a missing campaign) or the image failed; at the latest
 * after `maxMs`.
 */
function afterFirstPaint(then: () => void, maxMs: number) {
  if (!document.getElementById('root')?.firstElementChild) return then();
  const image = document.querySelector<HTMLImageElement>(`img[elementtiming="${FIRST_IMAGE}"]`);
  if (image?.complete && image.naturalWidth === 0) return then();
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  setTimeout(once, maxMs);
  image?.addEventListener('error', once, { once: true });
  const [type, name] = image ? ['element', FIRST_IMAGE] : ['paint', 'first-contentful-paint'];
  if (PerformanceObserver.supportedEntryTypes?.includes(type)) {
    new PerformanceObserver((list, observer) => {
      const entries = list.getEntries() as (PerformanceEntry & { identifier?: string })[];
      if (!entries.some((e) => (image ? e.identifier : e.name) === name)) return;
      observer.disconnect();
      once();
    }).observe({ type, buffered: true });
    return;
  }
  const nextFrame = () => requestAnimationFrame(() => setTimeout(once, 0));
  if (!image || image.complete) nextFrame();
  else image.addEventListener('load', nextFrame, { once: true });
}

if (supporter) afterFirstPaint(run, FIRST_PAINT_WAIT_MS);
else run();
