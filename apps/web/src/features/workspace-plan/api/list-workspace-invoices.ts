import type { WorkspaceInvoiceList } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export const workspaceInvoicesQueryKey = (clientId: string) => `workspaces/${clientId}/invoices`;

/** The workspace's invoices, newest first. */
export function listWorkspaceInvoices(clientId: string): Promise<WorkspaceInvoiceList> {
  return apiGet<WorkspaceInvoiceList>(`/workspaces/${encodeURIComponent(clientId)}/plan/invoices`);
}

export function useWorkspaceInvoices(clientId: string) {
  return useQuery(workspaceInvoicesQueryKey(clientId), () => listWorkspaceInvoices(clientId));
}
