import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressSearch } from './use-address-search';

type Update = (current: URLSearchParams) => URLSearchParams;
const setting =
  (name: string, value: string): Update =>
  (current) => {
    current.set(name, value);
    return current;
  };

/** A page whose two ways of changing the query a test can call between renders. */
function pageWith() {
  const handles: { ours?: (u: Update) => void; routers?: (u: Update) => void } = {};
  function Page() {
    const [, change] = useAddressSearch();
    const [, setParams] = useSearchParams();
    handles.ours = change;
    handles.routers = setParams;
    return null;
  }
  const router = createMemoryRouter([{ path: '/', element: <Page /> }]);
  render(<RouterProvider router={router} />);
  return { router, handles };
}

describe('useAddressSearch', () => {
  it('builds a second change on the first even before the page re-renders', () => {
    const { router, handles } = pageWith();
    act(() => {
      handles.ours!(setting('q', 'chem'));
      handles.ours!(setting('language', 'de'));
    });
    expect(router.state.location.search).toBe('?q=chem&language=de');
  });

  it('is needed: React Router’s own setter starts the second change from the last render', () => {
    const { router, handles } = pageWith();
    act(() => {
      handles.routers!(setting('q', 'chem'));
      handles.routers!(setting('language', 'de'));
    });
    expect(router.state.location.search).toBe('?language=de');
  });

  it('follows the address when it changes from outside, such as the back button', async () => {
    const { router, handles } = pageWith();
    act(() => handles.ours!(setting('q', 'chem')));
    await act(() => router.navigate('/?tag=rivers'));
    act(() => handles.ours!(setting('language', 'de')));
    expect(router.state.location.search).toBe('?tag=rivers&language=de');
  });
});
