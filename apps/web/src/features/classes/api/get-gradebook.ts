import type { Gradebook, LearnerHistory } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { config } from '../../../lib/config';
import { prefetchQuery, useQuery } from '../../../lib/use-query';
import { classKey } from './keys';
import { teachingPath } from './teaching-path';

export function getGradebook(clientId: string, classId: string): Promise<Gradebook> {
  return apiRequest<Gradebook>(teachingPath(clientId, classId, '/gradebook'));
}

const gradebookKey = (clientId: string, classId: string) =>
  `${classKey(clientId, classId)}/gradebook`;

export function useGradebook(clientId: string, classId: string) {
  return useQuery(gradebookKey(clientId, classId), () => getGradebook(clientId, classId));
}

/**
 * Starts loading the gradebook before its section asks: the section shows only once the roster
 * is in, and a class of hundreds would otherwise wait for the two answers one after the other.
 */
export function prefetchGradebook(clientId: string, classId: string): void {
  prefetchQuery(gradebookKey(clientId, classId), () => getGradebook(clientId, classId));
}

/** The CSV's address, for a plain download link: the browser sends the session cookie. */
export const gradebookCsvUrl = (clientId: string, classId: string) =>
  `${config.apiBase}${teachingPath(clientId, classId, '/gradebook.csv')}`;

export function getLearnerHistory(
  clientId: string,
  classId: string,
  userId: string,
): Promise<LearnerHistory> {
  return apiRequest<LearnerHistory>(
    teachingPath(clientId, classId, `/learners/${encodeURIComponent(userId)}/history`),
  );
}

export function useLearnerHistory(clientId: string, classId: string, userId: string) {
  return useQuery(`${classKey(clientId, classId)}/history/${userId}`, () =>
    getLearnerHistory(clientId, classId, userId),
  );
}
