import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const features = readdirSync(new URL('./apps/web/src/features', import.meta.url));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.questa/**', '**/.questa/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Configuration is parsed once, in packages/config; everything else receives it.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through @questa/config.' },
      ],
    },
  },
  {
    files: ['packages/config/src/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  // Services run their writes through a unit of work (apps/api/src/db/unit-of-work.ts) or a
  // repository's own transaction; a service holding a database transaction could hold it across
  // a call to another service, which is how the embedded server once froze.
  {
    files: ['apps/*/src/**/*.service.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Run writes through a unit of work or a repository, not a transaction.',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]',
          message: 'SQL belongs in repositories.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: 'Build-time settings come from src/lib/config.ts.',
        },
      ],
    },
  },
  // The client takes types from the contracts and values only from their zod-free rules entry:
  // zod stays out of the bundle, and no rule is copied into the client where it could drift.
  {
    files: ['apps/web/src/**'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@questa/contracts',
              allowTypeImports: true,
              message: "Import values from '@questa/contracts/rules'; only types from here.",
            },
          ],
        },
      ],
    },
  },
  // Client features are vertical slices: what two of them share lives in src/components or src/lib.
  ...features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${features.filter((other) => other !== feature).join('|')})/`,
              message:
                'Features never import each other: move what they share to src/components or src/lib.',
            },
          ],
        },
      ],
    },
  })),
);
