import { generateDemoContent } from '@questa/demo-content';
import { DEMO_PASSWORD } from '@questa/identity';
import { runProcess } from '@questa/http-kit';
import { sandboxKeysFile } from '@questa/payments-sandbox';
import { ensureWebBuild } from '@questa/web/build';
import { buildGateway, gatewaySchemas } from './gateway';

let webDistDir = '';

/** `npm start`: every Questa service on one origin, on embedded defaults. */
await runProcess({
  title: 'Questa',
  schemas: gatewaySchemas,
  prepare: async () => {
    ({ distDir: webDistDir } = await ensureWebBuild({ log: (message) => console.log(message) }));
  },
  build: ({ config, database }) =>
    buildGateway({
      config,
      database,
      webDistDir,
      demoContent: config.seedDemoContent ? generateDemoContent : undefined,
    }),
  banner: (config) => [
    `  catalog      ${config.publicUrl}/`,
    `  main API     ${config.publicUrl}/api/docs`,
    `  question DB  ${config.publicUrl}/qdb/api/v1/docs`,
    `  identity     ${config.oidc.issuer}/.well-known/openid-configuration`,
    ...(config.payments.secretKey
      ? []
      : [
          `  payments     ${config.publicUrl}/sandbox-pay (sandbox partner, no real payment; keys in ${sandboxKeysFile(config.dataDir)})`,
        ]),
    ...(config.oidc.embedded && !config.mail.smtpUrl
      ? [`  mail outbox  ${config.mail.outboxDir}`]
      : []),
    `  data folder  ${config.databaseUrl ? 'PostgreSQL from DATABASE_URL' : config.dataDir}`,
    ...(config.seedDemoAccounts && config.oidc.embedded
      ? [
          `  demo accounts (password "${DEMO_PASSWORD}"):`,
          '    learner@questa.test   a learner, in the demo class',
          '    author@questa.test    an author in the demo tenant',
          '    teacher@questa.test   a teacher in the demo tenant, with the demo class',
          '    admin@questa.test     a platform admin',
        ]
      : []),
  ],
});
