export {
  loadConfig,
  ConfigError,
  type QuestaConfig,
  type RateLimitSettings,
} from './server-config.ts';
export { loadClusterConfig, type ClusterConfig } from './cluster-config.ts';
export { loadWebBuildConfig, type WebBuildConfig } from './web-build-config.ts';
export {
  BENCH_RATE_LIMITS,
  childProcessEnv,
  loadScaledTimeout,
  passToChildProcesses,
  readTestSettings,
  type TestSettings,
} from './test-settings.ts';
export { checkRuntime, MIN_NODE_MAJOR } from './runtime.ts';
