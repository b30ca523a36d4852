import { defineConfig } from 'vitest/config';

// Pure unit tests, the API/data-layer tests twice, once on the embedded PGlite and once on the
// PostgreSQL server named by TEST_POSTGRES_URL (CI has one on 127.0.0.1), and the cluster test.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'api-pglite', include: ['tests/api/**/*.test.ts'], env: { TEST_DB: 'pglite' } } },
      { extends: true, test: { name: 'api-postgres', include: ['tests/api/**/*.test.ts'], env: { TEST_DB: 'postgres' } } },
      // npm run cluster's topology (PostgreSQL, Orthanc, processes of their own): once, not per database.
      { extends: true, test: { name: 'cluster', include: ['tests/cluster/**/*.test.ts'] } },
    ],
  },
});
