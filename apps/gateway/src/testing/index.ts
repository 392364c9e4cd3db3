export {
  freePort,
  spawnEntry,
  spawnQuesta,
  startQuesta,
  stopChild,
  waitForHealth,
  type RunningServer,
} from './start-questa';
export {
  startDistributedQuesta,
  type DistributedQuesta,
  type QuestaProcess,
} from './distributed-questa';
export { startLoopbackBalancer, type LoopbackBalancer } from './loopback-balancer';
export { startPrivateRedis, type PrivateRedis } from './private-redis';
export { signInOverHttp, signUpOverHttp } from './sign-in-over-http';
export { openApiDocuments } from './openapi-documents';
export { nthLiveAnswer, someLiveAnswer } from './live-answers';
export {
  connectLive,
  liveRoomsOver,
  questaHttp,
  until,
  type LiveClient,
  type QuestaCall,
} from './live-client';
export {
  clusterUnavailable,
  haproxyPath,
  startQuestaCluster,
  type QuestaCluster,
} from './questa-cluster';
export { examAnswer } from '../faults/learner-load';
export { demoBankId, premiumLearners } from '../faults/premium-learners';
