import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests, and the API/data-layer tests twice, once on the embedded
// PGlite and once on the PostgreSQL server named by TEST_POSTGRES_URL (CI has one on 127.0.0.1).
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'api-pglite', include: ['tests/api/**/*.test.ts'], env: { TEST_DB: 'pglite' } } },
      { extends: true, test: { name: 'api-postgres', include: ['tests/api/**/*.test.ts'], env: { TEST_DB: 'postgres' } } },
    ],
  },
});
