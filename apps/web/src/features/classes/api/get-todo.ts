import type { TodoList } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { todoKey } from './keys';

export function getTodo(): Promise<TodoList> {
  return apiRequest<TodoList>('/todo');
}

export function useTodo() {
  return useQuery(todoKey, getTodo);
}
