import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  clusterProcesses,
  DRAIN_MS,
  FIRST_START_COMMAND,
  firstStartEnv,
  HAPROXY_CHECK,
  haproxyEnv,
  type ClusterSettings,
} from './plan';
import { repoRoot } from './processes';

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
}

const settings: ClusterSettings = {
  publicUrl: 'http://localhost:8080',
  databaseUrl: 'postgres://questa@db/questa',
  redisUrl: 'redis://redis:6379',
  redisKeyPrefix: 'questa:',
  oidcClientSecret: 'a-secret-of-enough-letters',
  sandboxKeys: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x' },
  listenHost: '0.0.0.0',
  addressOf: (name) => ({ host: name, port: 8080 }),
  dataDirOf: () => '/data',
};
const plan = clusterProcesses(settings);
const read = (file: string) => readFile(path.join(repoRoot, 'deploy', file), 'utf8');
const names = (env: Record<string, unknown> | undefined) => Object.keys(env ?? {}).sort();

describe('the deployment files and the cluster plan', () => {
  it('runs every process of the plan in compose.yaml with its command and settings', async () => {
    const compose = parse(await read('compose.yaml'), { merge: true }) as {
      services: Record<string, ComposeService>;
    };
    for (const running of plan) {
      const service = compose.services[running.name];
      expect(service, running.name).toBeDefined();
      expect(service!.command, running.name).toEqual(running.command);
      expect(names(service!.environment), running.name).toEqual(names(running.env));
    }
    expect(compose.services.setup?.command).toEqual(FIRST_START_COMMAND);
    expect(names(compose.services.setup?.environment)).toEqual(names(firstStartEnv(settings)));
    const binds = { bind: ':8080', statsBind: ':8404' };
    expect(names(compose.services.haproxy?.environment)).toEqual(
      names(haproxyEnv(settings, binds)),
    );
    for (const running of plan.filter((candidate) => candidate.env.SHUTDOWN_DRAIN_MS)) {
      expect(compose.services[running.name]!.environment!.SHUTDOWN_DRAIN_MS).toBe(String(DRAIN_MS));
    }
  });

  it('names every backend and server of the plan in haproxy.cfg, checked as the plan says', async () => {
    const config = await read('haproxy.cfg');
    for (const running of plan) {
      expect(config).toMatch(new RegExp(`^backend ${running.service}$`, 'm'));
      expect(config).toContain(`server ${running.name} "\${${running.addressVariable}}" check`);
    }
    const backends = [...config.matchAll(/^backend (\S+)$/gm)].map((match) => match[1]);
    expect(backends.sort()).toEqual([...new Set(plan.map((running) => running.service))].sort());
    expect(config).toContain(
      `inter ${HAPROXY_CHECK.intervalMs}ms fastinter 250ms downinter 1s fall ${HAPROXY_CHECK.fall} rise ${HAPROXY_CHECK.rise}`,
    );
    for (const running of plan) {
      const backend = config.split(/^backend /m).find((part) => part.startsWith(running.service));
      expect(backend, running.service).toContain(`GET ${running.readyPath}\n`);
    }
  });

  it('gives every process that sends mail the one outbox, when the run names one', () => {
    const shared = clusterProcesses({ ...settings, mailOutboxDir: '/mail' });
    const writing = shared.filter((running) => running.env.MAIL_OUTBOX_DIR === '/mail');
    expect(writing.map((running) => running.name)).toEqual(['identity', 'api-1', 'api-2', 'api-3']);
    expect(plan.some((running) => 'MAIL_OUTBOX_DIR' in running.env)).toBe(false);
  });

  it('runs fewer API processes when told, while HAProxy still gets every server address', () => {
    const one = { ...settings, apiProcesses: 1 };
    const apis = clusterProcesses(one).filter((running) => running.service === 'api');
    expect(apis.map((running) => running.name)).toEqual(['api-1']);
    expect(haproxyEnv(one, { bind: ':8080', statsBind: ':8404' })).toMatchObject({
      QUESTA_API_2: 'api-2:8080',
      QUESTA_API_3: 'api-3:8080',
    });
  });
});
