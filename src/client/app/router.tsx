import { createBrowserRouter } from 'react-router';
import { RouteFallback } from './route-fallback.tsx';

// Every route of the app. Screens load lazily, so the public supporter
// page downloads none of the staff app's code.
type PageModule = Promise<{ default: React.ComponentType }>;
const lazyPage = (load: () => PageModule) => async () => ({
  Component: (await load()).default,
});
/** A route whose screen is the default export of `load`'s module. */
const page = (path: string, load: () => PageModule) => ({ path, lazy: lazyPage(load) });

export const router = createBrowserRouter([
  page('/auth', () => import('./routes/auth-page.tsx')),
  page('/onboarding', () => import('./routes/onboarding-page.tsx')),
  page('/reset-password/:token', () => import('./routes/reset-password-page.tsx')),
  page('/invite/:token', () => import('./routes/invite-page.tsx')),
  page('/confirm-email/:token', () => import('./routes/email-change-page.tsx')),
  page('/undo-email-change/:token', () => import('./routes/email-change-page.tsx')),
  page('/logout', () => import('./routes/logout-page.tsx')),
  page('/supporter/:id', () => import('./routes/supporter-page.tsx')),
  page('/supporter/campaign/:id', () => import('./routes/supporter-page.tsx')),
  {
    // Lazy too: the public supporter route must not download the staff app's auth check.
    lazy: async () => ({ Component: (await import('./protected-route.tsx')).ProtectedRoute }),
    hydrateFallbackElement: <RouteFallback />,
    children: [
      {
        lazy: lazyPage(() => import('./staff-layout.tsx')),
        children: [
          page('/', () => import('./routes/dashboard-page.tsx')),
          page('/campaigns', () => import('./routes/dashboard-page.tsx')),
          page('/campaigns/:id', () => import('./routes/campaign-detail-page.tsx')),
          page('/templates', () => import('./routes/templates-page.tsx')),
          page('/calendar', () => import('./routes/calendar-page.tsx')),
          page('/settings', () => import('./routes/settings-page.tsx')),
          page('/upload-test', () => import('./routes/upload-test-page.tsx')),
        ],
      },
    ],
  },
  // Profile shows its own 'Authentication Required' state rather than redirecting.
  {
    lazy: lazyPage(() => import('./staff-layout.tsx')),
    children: [page('/profile', () => import('./routes/profile-page.tsx'))],
  },
  page('*', () => import('./routes/not-found-page.tsx')),
]);
