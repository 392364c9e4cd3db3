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
