import { createBrowserRouter } from 'react-router';
import { RouteFallback } from './route-fallback.tsx';

// Every route of the app. Screens load lazily, so the public supporter
// page downloads none of the staff app's code.
const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const router = createBrowserRouter([
  { path: '/auth', lazy: lazyPage(() => import('./routes/auth-page.tsx')) },
  { path: '/onboarding', lazy: lazyPage(() => import('./routes/onboarding-page.tsx')) },
  {
    path: '/reset-password/:token',
    lazy: lazyPage(() => import('./routes/reset-password-page.tsx')),
  },
  { path: '/invite/:token', lazy: lazyPage(() => import('./routes/invite-page.tsx')) },
  { path: '/logout', lazy: lazyPage(() => import('./routes/logout-page.tsx')) },
  { path: '/supporter/:id', lazy: lazyPage(() => import('./routes/supporter-page.tsx')) },
  {
    path: '/supporter/campaign/:id',
    lazy: lazyPage(() => import('./routes/supporter-page.tsx')),
  },
  {
    // Lazy too: the public supporter route must not download the staff app's auth check.
    lazy: async () => ({ Component: (await import('./protected-route.tsx')).ProtectedRoute }),
    hydrateFallbackElement: <RouteFallback />,
    children: [
      {
        lazy: lazyPage(() => import('./staff-layout.tsx')),
        children: [
          { path: '/', lazy: lazyPage(() => import('./routes/dashboard-page.tsx')) },
          {
            path: '/campaigns',
            lazy: lazyPage(() => import('./routes/dashboard-page.tsx')),
          },
          {
            path: '/campaigns/:id',
            lazy: lazyPage(() => import('./routes/campaign-detail-page.tsx')),
          },
          {
            path: '/templates',
            lazy: lazyPage(() => import('./routes/templates-page.tsx')),
          },
          {
            path: '/calendar',
            lazy: lazyPage(() => import('./routes/calendar-page.tsx')),
          },
          {
            path: '/settings',
            lazy: lazyPage(() => import('./routes/settings-page.tsx')),
          },
          {
            path: '/upload-test',
            lazy: lazyPage(() => import('./routes/upload-test-page.tsx')),
          },
        ],
      },
    ],
  },
  // Profile shows its own 'Authentication Required' state rather than redirecting.
  {
    lazy: lazyPage(() => import('./staff-layout.tsx')),
    children: [{ path: '/profile', lazy: lazyPage(() => import('./routes/profile-page.tsx')) }],
  },
  { path: '*', lazy: lazyPage(() => import('./routes/not-found-page.tsx')) },
]);
