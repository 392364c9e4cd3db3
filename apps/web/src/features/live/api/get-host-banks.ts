import type { LiveHostBanks } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export const getHostBanks = () => apiGet<LiveHostBanks>('/rooms/banks');

/** The banks a host can open a room from: the catalog's, and their own tenants' by tenant. */
export const useHostBanks = () => useQuery('live/host-banks', getHostBanks);
