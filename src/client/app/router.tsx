import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { RouteFallback } from './route-fallback.tsx';

// Every route of the app but the public supporter page, which main.tsx starts without
// the router (links to it are plain anchors: a new document). Screens load lazily.
type PageModule = Promise<{ default: React.ComponentType }>;
const lazyPage = (load: () => PageModule) => async () => ({
  Component: (await load()).default,
});

/**
 * Who sees a screen: anyone ('public'); a signed-in member of an organisation, in the
 * staff layout ('staff'); or anyone in the staff layout ('profile': the profile, which
 * shows its own 'Authentication Required' state rather than redirecting, and the
 * operators' instance console, which needs no organisation and checks its own access).
 */
type Access = 'public' | 'staff' | 'profile';

/** One line a route: its path, its screen (the module's default export) and who sees it. */
const ROUTES: [path: string, load: () => PageModule, access: Access][] = [
  ['/auth', () => import('./routes/auth-page.tsx'), 'public'],
  ['/onboarding', () => import('./routes/onboarding-page.tsx'), 'public'],
  ['/reset-password/:token', () => import('./routes/reset-password-page.tsx'), 'public'],
  ['/invite/:token', () => import('./routes/invite-page.tsx'), 'public'],
  ['/confirm-email/:token', () => import('./routes/email-change-page.tsx'), 'public'],
  ['/undo-email-change/:token', () => import('./routes/email-change-page.tsx'), 'public'],
  ['/logout', () => import('./routes/logout-page.tsx'), 'public'],
  ['/', () => import('./routes/dashboard-page.tsx'), 'staff'],
  ['/campaigns', () => import('./routes/dashboard-page.tsx'), 'staff'],
  ['/campaigns/:id', () => import('./routes/campaign-detail-page.tsx'), 'staff'],
  ['/templates', () => import('./routes/templates-page.tsx'), 'staff'],
  ['/reviews', () => import('./routes/reviews-page.tsx'), 'staff'],
  ['/calendar', () => import('./routes/calendar-page.tsx'), 'staff'],
  ['/settings', () => import('./routes/settings-page.tsx'), 'staff'],
  ['/activity', () => import('./routes/activity-page.tsx'), 'staff'],
  ['/upload-test', () => import('./routes/upload-test-page.tsx'), 'staff'],
  ['/profile', () => import('./routes/profile-page.tsx'), 'profile'],
  ['/instance', () => import('./routes/instance-page.tsx'), 'profile'],
  ['*', () => import('./routes/not-found-page.tsx'), 'public'],
];

/** The routes of one kind of access, each loading its screen on first visit. */
const pages = (access: Access): RouteObject[] =>
  ROUTES.filter((r) => r[2] === access).map(([path, load]) => ({ path, lazy: lazyPage(load) }));

const staffLayout = (children: RouteObject[]): RouteObject => ({
  lazy: lazyPage(() => import('./staff-layout.tsx')),
  children,
});

const router = createBrowserRouter([
  ...pages('public'),
  {
    // Lazy too: the public screens (sign-in, invitations) do not download the staff app's auth check.
    lazy: async () => ({ Component: (await import('./protected-route.tsx')).ProtectedRoute }),
    hydrateFallbackElement: <RouteFallback />,
    children: [staffLayout(pages('staff'))],
  },
  staffLayout(pages('profile')),
]);

/** The app's screens, by address (main.tsx loads this for every address but the supporter page's). */
export default function AppRouter() {
  return <RouterProvider router={router} />;
}
