import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { AppShell } from './layout/app-shell';
import { RootError, RouteError } from './layout/route-error';
import { loadLaterMessages } from '../lib/i18n/app-messages';
import { prefetchPracticeSession } from '../features/practice/api/get-practice-session';

/**
 * Asks for a practice session as the page's code starts to download rather than once it has run,
 * and while the sign-in check runs: on a phone's connection the question shows a round trip or
 * two sooner. Nothing waits for it here; the page reads the answer from the query cache.
 */
function prefetchPractice({ params }: LoaderFunctionArgs) {
  if (params.sessionId) prefetchPracticeSession(params.sessionId);
  return null;
}

/**
 * A page past the first ones: its route waits for the rest of English along with its code
 * (src/lib/i18n/app-messages.ts); the catalog, a bank's page and practice show at once.
 */
function withLaterMessages<Route>(load: () => Promise<Route>) {
  return () => Promise.all([load(), loadLaterMessages()]).then(([route]) => route);
}

// Pages are lazy so the first download holds only the shell; the pathless route in between keeps
// the header and footer on screen while a page loads or fails.
export const routes: RouteObject[] = [
  {
    Component: AppShell,
    ErrorBoundary: RootError,
    children: [
      {
        ErrorBoundary: RouteError,
        HydrateFallback: PageLoading,
        children: [
          { index: true, lazy: () => import('./routes/catalog') },
          { path: 'banks/:bankId', lazy: () => import('./routes/bank') },
          // Plans are for anyone to compare; subscribing asks to sign in there.
          { path: 'billing', lazy: withLaterMessages(() => import('./routes/billing')) },
          // Reached signed out, once the account is gone.
          {
            path: 'account-deleted',
            lazy: withLaterMessages(() => import('./routes/account-deleted')),
          },
          // From a notification mail's link: the signed token stands in for signing in.
          { path: 'unsubscribe', lazy: withLaterMessages(() => import('./routes/unsubscribe')) },
          // An invitation link: someone without an account yet reads it before signing up.
          {
            path: 'invitations/:token',
            lazy: withLaterMessages(() => import('./routes/invitation')),
          },
          // Pages for signed-in readers share one guard, which sends anyone else to sign in.
          {
            lazy: () => import('./routes/signed-in'),
            children: [
              { path: 'account', lazy: withLaterMessages(() => import('./routes/account')) },
              {
                path: 'notifications',
                lazy: withLaterMessages(() => import('./routes/notifications')),
              },
              {
                path: 'workspaces/:clientId/plan',
                lazy: withLaterMessages(() => import('./routes/workspace-plan')),
              },
              {
                path: 'practice/:sessionId',
                loader: prefetchPractice,
                lazy: () => import('./routes/practice'),
              },
              {
                path: 'challenges/:challengeId',
                lazy: withLaterMessages(() => import('./routes/challenge')),
              },
              // An exam's start page: what the clock will do, before it runs.
              {
                path: 'banks/:bankId/exams/:blueprintId',
                lazy: withLaterMessages(() => import('./routes/exam-start')),
              },
              { path: 'exams/:attemptId', lazy: withLaterMessages(() => import('./routes/exam')) },
              {
                path: 'exams/:attemptId/review',
                lazy: withLaterMessages(() => import('./routes/exam-review')),
              },
              { path: 'author', lazy: withLaterMessages(() => import('./routes/author')) },
              {
                path: 'author/banks/:bankId',
                lazy: withLaterMessages(() => import('./routes/author-bank')),
              },
              {
                path: 'author/questions/new',
                lazy: withLaterMessages(() => import('./routes/author-new-question')),
              },
              {
                path: 'author/questions/:questionId',
                lazy: withLaterMessages(() => import('./routes/author-question')),
              },
              {
                path: 'author/import',
                lazy: withLaterMessages(() => import('./routes/author-import')),
              },
              {
                path: 'author/api-keys',
                lazy: withLaterMessages(() => import('./routes/author-api-keys')),
              },
              {
                path: 'author/grading',
                lazy: withLaterMessages(() => import('./routes/author-grading')),
              },
              { path: 'admin', lazy: withLaterMessages(() => import('./routes/admin')) },
              { path: 'workspaces', lazy: withLaterMessages(() => import('./routes/workspaces')) },
              {
                path: 'workspaces/:slug/settings',
                lazy: withLaterMessages(() => import('./routes/workspace-settings')),
              },
              { path: 'review', lazy: withLaterMessages(() => import('./routes/review')) },
              { path: 'bookmarks', lazy: withLaterMessages(() => import('./routes/bookmarks')) },
              { path: 'progress', lazy: withLaterMessages(() => import('./routes/progress')) },
              { path: 'host', lazy: withLaterMessages(() => import('./routes/host')) },
              { path: 'host/:roomId', lazy: withLaterMessages(() => import('./routes/host-room')) },
              { path: 'todo', lazy: withLaterMessages(() => import('./routes/todo')) },
              { path: 'classes', lazy: withLaterMessages(() => import('./routes/classes')) },
              { path: 'classes/:classId', lazy: withLaterMessages(() => import('./routes/class')) },
              // A class link from the teacher: signing in first, then joining with a yes.
              { path: 'join/:classCode', lazy: withLaterMessages(() => import('./routes/join')) },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
