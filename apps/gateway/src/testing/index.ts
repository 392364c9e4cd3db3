export { freePort, spawnQuesta, startQuesta, stopChild, type RunningServer } from './start-questa';
export { signInOverHttp } from './sign-in-over-http';
export { openApiDocuments } from './openapi-documents';
export { someLiveAnswer } from './live-answers';
