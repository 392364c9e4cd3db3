/*
 * Questa's plain rules and constants, with no schema library: the zod schemas of this package are
 * built from them, and the web client imports them from `@questa/contracts/rules` so its bundle
 * stays small without a copy of any rule that could drift.
 */
export * from './access';
export * from './audit';
export * from './billing';
export * from './catalog';
export * from './files';
export * from './learning';
export * from './live';
export * from './nicknames';
export * from './people';
export * from './questions';
export * from './question-bulk';
export * from './hotspot';
export * from './credit';
export * from './passages';
export * from './formula';
export * from './calculated';
export * from './verdict';
export * from './publishing';
export * from './notifications';
export * from './account';
export * from './classes';
export * from './gradebook';
export * from './workspaces';
