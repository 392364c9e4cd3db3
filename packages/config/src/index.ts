export { loadConfig, ConfigError, type QuestaConfig } from './server-config.ts';
export { loadWebBuildConfig, type WebBuildConfig } from './web-build-config.ts';
export { readTestSettings, type TestSettings } from './test-settings.ts';
