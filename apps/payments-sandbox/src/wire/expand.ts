import { invalidRequest } from './errors';

/** Loads any object by id, for expansion; undefined when nothing has that id. */
export type ObjectLoader = (id: string) => Promise<unknown>;

/** Fields shown only when expanded (Stripe's "includable" fields), by object and field. */
export type Includer = (object: Record<string, unknown>, field: string) => Promise<unknown>;

const MAX_DEPTH = 4;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Applies `expand[]` paths such as `customer`, `latest_invoice.payments` or, on lists,
 * `data.subscription`: each id on the path is replaced by the object it names.
 */
export async function expand<T>(
  target: T,
  paths: string[],
  load: ObjectLoader,
  include?: Includer,
): Promise<T> {
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > MAX_DEPTH) {
      throw invalidRequest(
        `You cannot expand more than ${MAX_DEPTH} levels of a property. Property: ${path}`,
        { param: 'expand' },
      );
    }
    await expandAt(target, segments, path, load, include);
  }
  return target;
}

async function expandAt(
  node: unknown,
  segments: string[],
  path: string,
  load: ObjectLoader,
  include: Includer | undefined,
): Promise<void> {
  if (!isRecord(node)) return;
  const [field, ...rest] = segments as [string, ...string[]];
  if (node.object === 'list' && field === 'data' && Array.isArray(node.data)) {
    for (const item of node.data) await expandAt(item, rest, path, load, include);
    return;
  }
  let value = node[field];
  if (value === undefined && include) {
    value = await include(node, field);
    if (value !== undefined) node[field] = value;
  }
  if (typeof value === 'string') {
    const loaded = await load(value);
    if (loaded === undefined) throw cannotExpand(path);
    node[field] = loaded;
    value = loaded;
  } else if (Array.isArray(value)) {
    const expanded = [];
    for (const item of value) expanded.push(typeof item === 'string' ? await load(item) : item);
    node[field] = expanded;
    if (rest.length > 0)
      for (const item of expanded) await expandAt(item, rest, path, load, include);
    return;
  } else if (value === undefined) {
    throw cannotExpand(path);
  }
  if (rest.length > 0 && value !== null) await expandAt(value, rest, path, load, include);
}

const cannotExpand = (path: string) =>
  invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' });
