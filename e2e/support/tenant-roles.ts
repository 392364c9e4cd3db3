import { signInOverHttp } from '@questa/gateway/testing';
import type { TenantRole } from '@questa/contracts';
import { callAs } from './learning';
import { DEMO_PASSWORD } from './sign-in';

/**
 * The demo admin gives `email` a role in the demo tenant over HTTP, as the Admin page's tenants tab
 * does. Setting the role a person already has changes nothing, so end-to-end files that need the
 * demo author to publish may each ask, in any order.
 */
export async function setDemoTenantRole(baseUrl: string, email: string, role: TenantRole) {
  const admin = await signInOverHttp(baseUrl, 'admin@questa.test', DEMO_PASSWORD);
  const { tenants } = (await (
    await callAs(baseUrl, admin, 'GET', '/api/admin/tenants')
  ).json()) as {
    tenants: { id: string; name: string }[];
  };
  const demo = tenants.find((tenant) => tenant.name === 'Questa Demo');
  const { users } = (await (
    await callAs(baseUrl, admin, 'GET', `/api/admin/users?q=${encodeURIComponent(email)}`)
  ).json()) as { users: { sub: string; email: string }[] };
  const user = users.find((candidate) => candidate.email === email);
  if (!demo || !user) throw new Error(`No demo tenant or no user ${email}`);
  const set = await callAs(
    baseUrl,
    admin,
    'PUT',
    `/api/admin/tenants/${demo.id}/members/${encodeURIComponent(user.sub)}`,
    { role },
  );
  if (set.status !== 204) throw new Error(`Setting ${email}'s role failed: ${set.status}`);
}
