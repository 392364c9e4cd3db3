// Cache keys nest, so invalidating a workspace's classes also refreshes each class under it.
export const teachingKey = (clientId: string) => `teaching/${clientId}`;
export const classKey = (clientId: string, classId: string) =>
  `${teachingKey(clientId)}/classes/${classId}`;
export const myClassesKey = 'my-classes';
export { todoQueryKey as todoKey } from '../../../lib/query-keys';
