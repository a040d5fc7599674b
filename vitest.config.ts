import babel from '@rolldown/plugin-babel';
import { defineConfig } from 'vitest/config';
import { GUARDS } from './vitest.guards.config.ts';

// Unit and API tests. API tests run on in-memory SQLite; when TEST_DATABASE_URL is
// set the server tests run a second time against that PostgreSQL (CI does both).
const pg = process.env.TEST_DATABASE_URL;

export default defineConfig({
  // The client's Lingui macros, as in vite.config.ts.
  plugins: [
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'], include: /src[\\/]client[\\/].*\.tsx?$/ }),
  ],
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    projects: [
      // extends: projects take the timeouts and pool above (inline projects start bare).
      {
        extends: true as const,
        test: {
          name: 'sqlite',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          // CPU guards measure a ratio that the suite's own parallel load distorts: they
          // run alone afterwards (vitest.guards.config.ts, `npm run test:guards`).
          exclude: ['**/node_modules/**', ...GUARDS],
          environment: 'node',
        },
      },
      ...(pg
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: ['src/server/**/*.test.ts'],
                environment: 'node',
                env: { DB_TARGET: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
