import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { queryClient } from './api/query-client';
import { currentUserQuery, queryKeys } from './api/queries';
import { msg } from './i18n';
import { ErrorPage } from './components/ErrorPage';
import { PageLoader } from './components/PageLoader';
import { RootLayout } from './components/RootLayout';
import NotFound from './routes/not-found';
import { getDemoUserId } from './session/demo';
import { getToken } from './session/token';

/**
 * Every route of spec section 2. A screen is one file under routes/ and one line here; its code
 * is loaded when first visited, so /login does not carry the admin table.
 */
type Context = { queryClient: QueryClient };

const page = z.object({ page: z.coerce.number().int().min(1).catch(1).default(1) });
const token = z.object({ token: z.string().catch('').default('') });
const studyUid = z.object({ studyInstanceUID: z.string().catch('').default('') });

/** Login required, otherwise /login. */
function requireLogin() {
  if (!getToken()) throw redirect({ to: '/login' });
}

/**
 * The signed-in layout's pages need a login, except the demo (spec section 6: demo mode is open to
 * anyone), /score-quality, which says how good the scores are to anyone, and /privacy and /terms: a visitor may choose a
 * profile at /start-demo, and with one chosen may go through /submit and /results as that profile.
 * Everything else sends a visitor to /login.
 */
function requireLoginOrDemo({ location, context }: { location: { pathname: string }; context: Context }) {
  if (getToken()) return;
  // No session: an answer about the person before (the 401 that ended hers) no longer applies. Kept,
  // it made the layout take a visitor of the demo for a refused session and send her to /login.
  context.queryClient.removeQueries({ queryKey: queryKeys.currentUser, exact: true });
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (path === '/start-demo' || path === '/score-quality' || path === '/privacy' || path === '/terms') return;
  if ((path === '/submit' || path === '/results') && getDemoUserId()) return;
  throw redirect({ to: '/login' });
}

/** Logged-in users are kept off the public auth pages. */
function redirectIfLoggedIn() {
  if (getToken()) throw redirect({ to: '/' });
}

/** Superuser required, otherwise / (or /login when the session has gone). */
async function requireSuperuser({ context }: { context: Context }) {
  requireLogin();
  let user;
  try {
    user = await context.queryClient.ensureQueryData(currentUserQuery());
  } catch {
    throw redirect({ to: '/login' });
  }
  if (!user.is_superuser) throw redirect({ to: '/' });
}

const root = createRootRouteWithContext<Context>()({ component: RootLayout, notFoundComponent: NotFound, errorComponent: ErrorPage });

const guestOnly = createRoute({ getParentRoute: () => root, id: 'guest', beforeLoad: redirectIfLoggedIn });
const app = createRoute({ getParentRoute: () => root, id: 'app', beforeLoad: requireLoginOrDemo, component: lazyRouteComponent(() => import('./components/AppLayout')) });
const admin = createRoute({ getParentRoute: () => app, id: 'superuser', beforeLoad: requireSuperuser });

const routeTree = root.addChildren([
  guestOnly.addChildren([
    createRoute({ getParentRoute: () => guestOnly, path: '/login', staticData: { title: msg('Log in') }, component: lazyRouteComponent(() => import('./routes/login')) }),
    createRoute({ getParentRoute: () => guestOnly, path: '/signup', staticData: { title: msg('Sign up') }, component: lazyRouteComponent(() => import('./routes/signup')) }),
  ]),
  createRoute({ getParentRoute: () => root, path: '/verify-email', staticData: { title: msg('Email verification') }, validateSearch: token, component: lazyRouteComponent(() => import('./routes/verify-email')) }),
  createRoute({ getParentRoute: () => root, path: '/check-your-email', staticData: { title: msg('Check your email') }, component: lazyRouteComponent(() => import('./routes/check-your-email')) }),
  createRoute({ getParentRoute: () => root, path: '/recover-password', staticData: { title: msg('Password recovery') }, component: lazyRouteComponent(() => import('./routes/recover-password')) }),
  createRoute({ getParentRoute: () => root, path: '/reset-password', staticData: { title: msg('Reset password') }, validateSearch: token, component: lazyRouteComponent(() => import('./routes/reset-password')) }),
  createRoute({ getParentRoute: () => root, path: '/desktop-only', staticData: { title: msg('Desktop only') }, component: lazyRouteComponent(() => import('./routes/desktop-only')) }),
  createRoute({ getParentRoute: () => root, path: '/dicom-viewer', staticData: { title: msg('Image viewer') }, beforeLoad: requireLogin, validateSearch: studyUid, component: lazyRouteComponent(() => import('./routes/dicom-viewer')) }),
  createRoute({ getParentRoute: () => root, path: '/empower/$', staticData: { title: msg('Empower') }, beforeLoad: requireSuperuser, component: lazyRouteComponent(() => import('./routes/empower')) }),
  createRoute({ getParentRoute: () => root, path: '/empower', staticData: { title: msg('Empower') }, beforeLoad: requireSuperuser, component: lazyRouteComponent(() => import('./routes/empower')) }),
  app.addChildren([
    createRoute({ getParentRoute: () => app, path: '/', staticData: { title: msg('Home') }, component: lazyRouteComponent(() => import('./routes/home')) }),
    createRoute({ getParentRoute: () => app, path: '/settings', staticData: { title: msg('User settings') }, component: lazyRouteComponent(() => import('./routes/settings')) }),
    createRoute({ getParentRoute: () => app, path: '/submit', staticData: { title: msg('New submission') }, component: lazyRouteComponent(() => import('./routes/submit')) }),
    createRoute({ getParentRoute: () => app, path: '/results', staticData: { title: msg('Results') }, component: lazyRouteComponent(() => import('./routes/results')) }),
    // Not in the spec: one of her earlier studies, opened from "Your studies" (issue 18, item 1).
    createRoute({ getParentRoute: () => app, path: '/results/$taskId', staticData: { title: msg('Earlier results') }, component: lazyRouteComponent(() => import('./routes/results-study')) }),
    createRoute({ getParentRoute: () => app, path: '/start-demo', staticData: { title: msg('Choose a demo profile') }, component: lazyRouteComponent(() => import('./routes/start-demo')) }),
    createRoute({ getParentRoute: () => app, path: '/retrieval-guide', staticData: { title: msg('How to get your mammogram images') }, component: lazyRouteComponent(() => import('./routes/retrieval-guide')) }),
    // Not in the spec: "How good are these scores?" (issue 15), public like the demo.
    createRoute({ getParentRoute: () => app, path: '/score-quality', staticData: { title: msg('How good are these scores?') }, component: lazyRouteComponent(() => import('./routes/score-quality')) }),
    createRoute({ getParentRoute: () => app, path: '/privacy', staticData: { title: msg('Privacy Policy') }, component: lazyRouteComponent(() => import('./routes/privacy')) }),
    createRoute({ getParentRoute: () => app, path: '/terms', staticData: { title: msg('Terms of Service') }, component: lazyRouteComponent(() => import('./routes/terms')) }),
    admin.addChildren([
      createRoute({ getParentRoute: () => admin, path: '/admin', staticData: { title: msg('Users management') }, validateSearch: page, component: lazyRouteComponent(() => import('./routes/admin')) }),
      createRoute({ getParentRoute: () => admin, path: '/demo-admin', staticData: { title: msg('Demo users management') }, validateSearch: page, component: lazyRouteComponent(() => import('./routes/demo-admin')) }),
      createRoute({ getParentRoute: () => admin, path: '/tasks', staticData: { title: msg('Tasks Manager') }, validateSearch: page, component: lazyRouteComponent(() => import('./routes/tasks')) }),
    ]),
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPendingComponent: PageLoader,
  defaultErrorComponent: ErrorPage,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page's name in the browser's tab and history: "Results · Smart Density" (RootLayout sets it). */
    title?: string;
  }
}

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set by the sign-up page; /check-your-email shows only after it. */
    fromSignup?: boolean;
  }
}
