export { loadConfig, ConfigError, type QuestaConfig } from './server-config';
export { loadWebBuildConfig, type WebBuildConfig } from './web-build-config';
export { readTestSettings, type TestSettings } from './test-settings';
