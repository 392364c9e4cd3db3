import type { z } from 'zod';
import {
  slugProblem,
  suggestSlug,
  WORKSPACE_SLUG_MAX,
  type SlugCheck,
  type Tenant,
  type tenantList,
  type WorkspaceInput,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { TenantRepository } from './tenant.repository';

const slugTaken = () =>
  new HttpProblem('workspace.slug_taken', {
    detail: 'Another workspace has this address. Choose another one.',
    errors: [{ field: 'body.slug', message: 'is taken' }],
  });

/** `base` with a number after it that fits a slug: `biology-2`, `biology-3`… */
const numbered = (base: string, n: number) =>
  `${base.slice(0, WORKSPACE_SLUG_MAX - String(n).length - 1).replace(/-+$/, '')}-${n}`;

export function createTenantService(deps: {
  tenants: Pick<
    TenantRepository,
    | 'list'
    | 'slugsTaken'
    | 'createOwned'
    | 'rename'
    | 'setSuspended'
    | 'setDeletionDue'
    | 'erase'
    | 'exists'
  >;
}) {
  const { tenants } = deps;

  /** A free slug near `wanted`: itself when free, else the first free numbered one of a few. */
  async function freeSlugNear(wanted: string): Promise<string> {
    const base = slugProblem(wanted) === null ? wanted : suggestSlug(wanted);
    const candidates = [base, ...Array.from({ length: 9 }, (_, i) => numbered(base, i + 2))];
    const taken = await tenants.slugsTaken(candidates);
    // Ten taken in a row is rare enough that a random tail beats asking again and again.
    return (
      candidates.find((slug) => !taken.has(slug)) ??
      numbered(base, 10 + Math.floor(Math.random() * 89_990))
    );
  }

  return {
    async list(q?: string): Promise<z.infer<typeof tenantList>> {
      return { tenants: await tenants.list(q) };
    },

    async setSuspended(clientId: string, suspended: boolean): Promise<Tenant> {
      const changed = await tenants.setSuspended(clientId, suspended);
      if (!changed) throw new HttpProblem('not_found', { detail: 'There is no such tenant.' });
      return changed;
    },

    /** Marks the workspace for deletion at `dueAt` (the main API's date), or keeps it (null). */
    async setDeletionDue(clientId: string, dueAt: string | null): Promise<Tenant> {
      const changed = await tenants.setDeletionDue(clientId, dueAt);
      if (!changed) throw new HttpProblem('not_found', { detail: 'There is no such tenant.' });
      return changed;
    },

    /**
     * Erases a workspace scheduled for deletion. One already gone counts as done, so the main
     * API's sweep may repeat it; one not scheduled is refused, so no slip erases a live workspace.
     */
    async erase(clientId: string): Promise<void> {
      if ((await tenants.erase(clientId)) || !(await tenants.exists(clientId))) return;
      throw new HttpProblem('validation.failed', {
        detail: 'This workspace is not scheduled for deletion.',
        errors: [{ field: 'clientId', message: 'must be scheduled for deletion first' }],
      });
    },

    async checkSlug(slug: string): Promise<SlugCheck> {
      const problem = slugProblem(slug);
      const taken = problem === null && (await tenants.slugsTaken([slug])).has(slug);
      const suggestion = await freeSlugNear(slug);
      if (problem) return { slug, available: false, problem, suggestion };
      return taken
        ? { slug, available: false, problem: 'taken', suggestion }
        : { slug, available: true, problem: null, suggestion: slug };
    },

    async create(input: WorkspaceInput, ownerId: string): Promise<Tenant> {
      const created = await tenants.createOwned(input, ownerId);
      if (!created) throw slugTaken();
      return created;
    },

    async rename(clientId: string, name: string): Promise<Tenant> {
      const renamed = await tenants.rename(clientId, name);
      if (!renamed) throw new HttpProblem('not_found', { detail: 'There is no such tenant.' });
      return renamed;
    },
  };
}

export type TenantService = ReturnType<typeof createTenantService>;
