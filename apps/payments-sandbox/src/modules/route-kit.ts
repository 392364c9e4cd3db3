import type { FastifyRequest } from 'fastify';
import type { ObjectRepository } from '../store/object.repository';
import { expand, type Includer } from '../wire/expand';
import { readPage, listObject, type PageParams } from '../wire/list';
import type { Params } from '../wire/params';
import { paramsOf } from '../wire/api-edge';

/** What the API's routes share: reading parameters and expanding what they answer. */
export interface RouteKit {
  /** The request's parameters, with `expand[]` taken out; call `done()` after reading the rest. */
  read(request: FastifyRequest): { params: Params; expand: string[] };
  /** Reads the paging parameters of a list request. */
  page(params: Params): PageParams;
  respond<T>(value: T, paths: string[]): Promise<T>;
  list<T>(
    url: string,
    page: { data: T[]; hasMore: boolean },
    paths: string[],
  ): Promise<ReturnType<typeof listObject<T>>>;
}

export function createRouteKit(objects: ObjectRepository, include: Includer): RouteKit {
  const load = async (id: string) => (await objects.find(id))?.data;
  return {
    read(request) {
      const params = paramsOf(request);
      return { params, expand: params.expand() };
    },
    page: readPage,
    respond: (value, paths) => expand(value, paths, load, include),
    list: (url, page, paths) => expand(listObject(url, page), paths, load, include),
  };
}

export const idParam = (request: FastifyRequest) => (request.params as { id: string }).id;
