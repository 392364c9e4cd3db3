import { renderApp } from '../../testing/render-app';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Credential } from '../../features/authoring/api/list-credentials';
import { clientId, qdb } from '../../testing/authoring-fixtures';
import { aMembership, aSession } from '../../testing/session-fixtures';
import { calls, jsonResponse, noContent, stubApi } from '../../testing/stub-fetch';

const keysPath = `/author/api-keys?tenant=${clientId}`;
const key: Credential = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  scopes: ['banks:read'],
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};
const secret = 'test-secret-shown-once-1234567890';

describe('API keys page', () => {
  it('shows a new key’s secret once, with a copy button and a warning', async () => {
    let keys = [key];
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const fetchMock = stubApi({
      [`GET ${qdb('/credentials')}`]: () => jsonResponse({ credentials: keys }),
      [`POST ${qdb('/credentials')}`]: () => {
        const created: Credential = {
          ...key,
          id: 'e5f6a7b8-0000-4000-8000-000000000002',
          scopes: ['banks:read', 'banks:write'],
        };
        keys = [...keys, created];
        return jsonResponse({ ...created, secret }, { status: 201 });
      },
    });
    renderApp(keysPath, { session: aSession({}, [aMembership({ role: 'owner' })]) });

    const table = await screen.findByRole('table', { name: 'Keys' });
    expect(within(table).getByText('a1b2c3d4')).toBeTruthy();
    expect(within(table).getByText('Never')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Write banks'));
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));

    const secretBox = (await screen.findByLabelText('Secret')) as HTMLInputElement;
    expect(secretBox.value).toBe(secret);
    expect(screen.getByText(/It is shown only once/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(secret));
    expect(await screen.findByText('Copied.')).toBeTruthy();
    expect(
      JSON.parse(String(fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')?.[1]?.body)),
    ).toEqual({
      scopes: ['banks:read', 'banks:write'],
    });
    expect(await within(table).findByText('e5f6a7b8')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: "I've saved it" }));
    expect(screen.queryByLabelText('Secret')).toBeNull();
    expect(document.body.textContent).not.toContain(secret);
  });

  it('revokes a key after confirming', async () => {
    let keys = [key];
    const fetchMock = stubApi({
      [`GET ${qdb('/credentials')}`]: () => jsonResponse({ credentials: keys }),
      [`DELETE ${qdb(`/credentials/${key.id}`)}`]: () => {
        keys = [{ ...key, revokedAt: '2026-03-02T10:00:00.000Z' }];
        return noContent();
      },
    });
    renderApp(keysPath, { session: aSession({}, [aMembership({ role: 'owner' })]) });

    fireEvent.click(await screen.findByRole('button', { name: 'Revoke key a1b2c3d4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke key a1b2c3d4?' });
    expect(calls(fetchMock).some((call) => call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Revoked')).toBeTruthy();
    expect(calls(fetchMock)).toContain(`DELETE ${qdb(`/credentials/${key.id}`)}`);
  });

  it('is not offered to authors', async () => {
    const fetchMock = stubApi({});
    renderApp(keysPath, { session: aSession({}, [aMembership({ role: 'author' })]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
    expect(calls(fetchMock)).toEqual([]);
  });
});
