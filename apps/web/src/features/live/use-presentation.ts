import { useEffect, useState } from 'react';

/**
 * Presentation mode for the host's big screen: the console alone fills the screen, with none of
 * the site around it (navigation, "Sign out"), which a projector would show to the whole class.
 *
 * The console is rendered into an element of its own at the end of the body while presenting
 * (`target`), and everything else in the body is hidden and made inert, so neither the eye nor a
 * screen reader nor the Tab key finds the site behind it. The browser is asked for full screen
 * too; when it refuses (no user gesture, an embedding frame) the console still fills the window.
 * Leaving the browser's full screen (Esc) leaves presentation mode.
 */
export function usePresentation() {
  const [presenting, setPresenting] = useState(false);
  const [target] = useState(() => {
    const element = document.createElement('div');
    element.className = 'live-present-root';
    return element;
  });

  useEffect(() => {
    if (!presenting) return;
    document.body.append(target);
    const hidden: HTMLElement[] = [];
    for (const element of document.body.children) {
      if (element === target || !(element instanceof HTMLElement) || element.hidden) continue;
      element.hidden = true;
      element.inert = true;
      hidden.push(element);
    }
    let wentFullscreen = false;
    const onFullscreen = () => {
      if (document.fullscreenElement) wentFullscreen = true;
      else if (wentFullscreen) setPresenting(false);
    };
    document.addEventListener('fullscreenchange', onFullscreen);
    if (document.fullscreenEnabled && !document.fullscreenElement) {
      document.documentElement.requestFullscreen().catch(() => {
        // Refused: the console fills the window instead, which is all a projector needs.
      });
    }
    return () => {
      document.removeEventListener('fullscreenchange', onFullscreen);
      for (const element of hidden) {
        element.hidden = false;
        element.inert = false;
      }
      target.remove();
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    };
  }, [presenting, target]);

  return {
    presenting,
    target,
    toggle: () => setPresenting((current) => !current),
    leave: () => setPresenting(false),
  };
}
