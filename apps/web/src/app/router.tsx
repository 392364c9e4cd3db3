import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { AppShell } from './layout/app-shell';
import { RootError, RouteError } from './layout/route-error';

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
          { path: 'billing', lazy: () => import('./routes/billing') },
          // Reached signed out, once the account is gone.
          { path: 'account-deleted', lazy: () => import('./routes/account-deleted') },
          // From a notification mail's link: the signed token stands in for signing in.
          { path: 'unsubscribe', lazy: () => import('./routes/unsubscribe') },
          // An invitation link: someone without an account yet reads it before signing up.
          { path: 'invitations/:token', lazy: () => import('./routes/invitation') },
          // Pages for signed-in readers share one guard, which sends anyone else to sign in.
          {
            lazy: () => import('./routes/signed-in'),
            children: [
              { path: 'account', lazy: () => import('./routes/account') },
              { path: 'notifications', lazy: () => import('./routes/notifications') },
              {
                path: 'workspaces/:clientId/plan',
                lazy: () => import('./routes/workspace-plan'),
              },
              { path: 'practice/:sessionId', lazy: () => import('./routes/practice') },
              { path: 'challenges/:challengeId', lazy: () => import('./routes/challenge') },
              // An exam's start page: what the clock will do, before it runs.
              {
                path: 'banks/:bankId/exams/:blueprintId',
                lazy: () => import('./routes/exam-start'),
              },
              { path: 'exams/:attemptId', lazy: () => import('./routes/exam') },
              { path: 'exams/:attemptId/review', lazy: () => import('./routes/exam-review') },
              { path: 'author', lazy: () => import('./routes/author') },
              { path: 'author/banks/:bankId', lazy: () => import('./routes/author-bank') },
              { path: 'author/questions/new', lazy: () => import('./routes/author-new-question') },
              {
                path: 'author/questions/:questionId',
                lazy: () => import('./routes/author-question'),
              },
              { path: 'author/import', lazy: () => import('./routes/author-import') },
              { path: 'author/api-keys', lazy: () => import('./routes/author-api-keys') },
              { path: 'author/grading', lazy: () => import('./routes/author-grading') },
              { path: 'admin', lazy: () => import('./routes/admin') },
              { path: 'workspaces', lazy: () => import('./routes/workspaces') },
              {
                path: 'workspaces/:slug/settings',
                lazy: () => import('./routes/workspace-settings'),
              },
              { path: 'review', lazy: () => import('./routes/review') },
              { path: 'bookmarks', lazy: () => import('./routes/bookmarks') },
              { path: 'progress', lazy: () => import('./routes/progress') },
              { path: 'host', lazy: () => import('./routes/host') },
              { path: 'host/:roomId', lazy: () => import('./routes/host-room') },
              { path: 'todo', lazy: () => import('./routes/todo') },
              { path: 'classes', lazy: () => import('./routes/classes') },
              { path: 'classes/:classId', lazy: () => import('./routes/class') },
              // A class link from the teacher: signing in first, then joining with a yes.
              { path: 'join/:classCode', lazy: () => import('./routes/join') },
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
