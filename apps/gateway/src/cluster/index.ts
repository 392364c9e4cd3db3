export {
  API_REPLICAS,
  clusterProcesses,
  DRAIN_MS,
  FIRST_START_COMMAND,
  firstStartEnv,
  HAPROXY_CHECK,
  haproxyEnv,
  START_ORDER,
  WEB_HEALTH_PREFIX,
  type ClusterProcess,
  type ClusterSettings,
  type ServiceName,
} from './plan';
export {
  HAPROXY_CONFIG,
  startCluster,
  type ClusterOptions,
  type RunningCluster,
} from './run-cluster';
export { repoRoot } from './processes';
