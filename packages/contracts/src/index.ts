export * from './problem';
export * from './question';
export * from './bank';
export * from './catalog';
export * from './health';
export * from './auth';
export * from './admin';
export * from './authoring';
