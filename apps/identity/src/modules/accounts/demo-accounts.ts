import type { Database } from '@questa/db';
import { identityDb } from '../../identity-db';
import { createAccountRepository } from './account.repository';
import { hashPassword } from './password';

export const DEMO_PASSWORD = 'practice-makes-perfect';

const demoAccounts = {
  learner: { email: 'learner@questa.test', displayName: 'Lena Learner', roles: [] },
  author: { email: 'author@questa.test', displayName: 'Arun Author', roles: [] },
  teacher: { email: 'teacher@questa.test', displayName: 'Tess Teacher', roles: [] },
  admin: { email: 'admin@questa.test', displayName: 'Ada Admin', roles: ['admin'] },
} as const;

export interface DemoAccount {
  sub: string;
  email: string;
  name: string;
  roles: string[];
}
export type DemoAccounts = Record<keyof typeof demoAccounts, DemoAccount>;

/**
 * Creates the demo accounts, already verified, unless they exist; existing ones are left exactly
 * as they are (a changed password stays changed). Returns each one with its `sub`.
 */
export async function seedDemoAccounts(database: Database): Promise<DemoAccounts> {
  const accounts = createAccountRepository(identityDb(database));
  const seeded: Partial<DemoAccounts> = {};
  // The demo password is public anyway; hashing it once for all of them saves start-up time.
  let passwordHash: Promise<string> | undefined;
  for (const [key, demo] of Object.entries(demoAccounts) as [
    keyof typeof demoAccounts,
    (typeof demoAccounts)[keyof typeof demoAccounts],
  ][]) {
    const existing = await accounts.findByEmail(demo.email);
    const sub =
      existing?.id ??
      (await accounts.create({
        email: demo.email,
        displayName: demo.displayName,
        passwordHash: await (passwordHash ??= hashPassword(DEMO_PASSWORD)),
        roles: [...demo.roles],
        verified: true,
      })) ??
      // Another process created it between our look-up and insert.
      (await accounts.findByEmail(demo.email))!.id;
    seeded[key] = { sub, email: demo.email, name: demo.displayName, roles: [...demo.roles] };
  }
  return seeded as DemoAccounts;
}
