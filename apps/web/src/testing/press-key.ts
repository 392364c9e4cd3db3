import { fireEvent, waitFor } from '@testing-library/react';

/**
 * Presses a page shortcut key until `expectation` holds. A page's keyboard shortcuts are attached
 * by an effect, which React runs a little after the render that put the awaited element on
 * screen; on a busy machine the first press can come before it. Only for keys whose effect is the
 * same however often they are pressed, such as picking an option.
 */
export async function pressKeyUntil(key: string, expectation: () => void) {
  await waitFor(() => {
    fireEvent.keyDown(document.body, { key });
    expectation();
  });
}
