/**
 * The built client's pages besides index.html, with the addresses each answers. The dev server
 * (vite.config.ts) and the gateway (apps/gateway, web-client.ts) both route by this list, so the
 * two cannot disagree about which page an address gets.
 */
export const clientPages = [
  {
    // The live player's page: `/live` to type a room code, `/live/:code` from a room's link or QR
    // code (src/live-main.tsx).
    name: 'live',
    html: 'live.html',
    path: /^\/live(?:\/[^/]+)?\/?$/,
    /**
     * The messages it shows, its own and those of the parts it shares with the app (the header,
     * answer widgets, problem sentences); its catalogue (`?page=live`) holds only these.
     */
    messages: (key: string) =>
      /^(answering|app|error|footer|language|live|passage|problem|theme)\./.test(key) &&
      !key.startsWith('live.host.') &&
      // Widgets of types a live room never asks, and hints, which live questions do not offer.
      !/^answering\.essay\./.test(key) &&
      // Problems only the host's console meets in a live room: its teams.
      !/^problem\.live\.teams_/.test(key) &&
      // Problems only the studio, exams, billing, an account page, a workspace's settings or
      // plan, a teacher's class or a challenge assignment can meet.
      !/^problem\.(conflict|upload|import|export|bank|account|bulk|media|passage|grading|publishing|notifications|workspace|workspace_plan|invitation|class|assignment|challenge)\./.test(
        key,
      ) &&
      !/^answering\.(hints|hintNumber|showHint|showNextHint)$/.test(key),
  },
] as const;

/** The page that answers `pathname`: one of `clientPages`, else the app's index.html. */
export function pageFor(pathname: string): string {
  return clientPages.find((page) => page.path.test(pathname))?.html ?? 'index.html';
}

/**
 * Messages the app's first pages show: the header and footer, the catalog, a bank's page and
 * practice, and what the parts they share say (answer widgets, problems, banners). English ships
 * these in the entry chunk; the rest of English (`app-later`, over half of the words: the studio,
 * admin, live hosting, billing, classes…) is a chunk of its own that every other page's route
 * loads with its code (src/app/router.tsx). A key prefix is followed by a dot or ends the key.
 */
const firstMessagePrefixes = [
  'app',
  'nav',
  'theme',
  'language',
  'footer',
  'loading',
  'auth',
  'session',
  'forbidden',
  'confirm',
  'notFound',
  'error',
  'problem',
  'premium',
  'catalog',
  'bank',
  'questionType',
  'exams.start',
  'answering',
  'passage',
  'practice',
  // The banners and the bell of the app's header.
  'billing.banner',
  'workspaces.deletion',
  'notifications.bell',
  'notifications.bellUnread',
];

export function isFirstMessage(key: string): boolean {
  return firstMessagePrefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}.`));
}

/** Cuts of a locale file by name, as `locales/xx.json?page=<name>` asks for them. */
export const messageCuts: { name: string; messages: (key: string) => boolean }[] = [
  ...clientPages,
  { name: 'app-first', messages: isFirstMessage },
  { name: 'app-later', messages: (key) => !isFirstMessage(key) },
];
