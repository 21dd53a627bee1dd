/** One jest run for the whole workspace: unit tests beside the code, integration tests under test/. */
module.exports = {
  // Node's, but a test's errors always reach the report (see the file).
  testEnvironment: '<rootDir>/libs/testkit/src/test-environment.ts',
  transform: { '^.+\\.ts$': '@sucrase/jest-plugin' },
  // The SDK's package names its built files; tests in the repository use its source, as tsconfig.json's `paths` do.
  moduleNameMapper: { '^@signet/sdk$': '<rootDir>/libs/sdk/src/index.ts' },
  testMatch: ['<rootDir>/{libs,services,apps,infra}/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  globalSetup: '<rootDir>/libs/testkit/src/global-setup.ts',
  setupFiles: ['<rootDir>/libs/testkit/src/quiet-logs.ts', '<rootDir>/libs/testkit/src/check-every-fetch.ts'],
  testTimeout: 60000,
  maxWorkers: 2,
  // A worker that has grown past this after a test file is replaced: what a file leaks (servers' caches,
  // Chromium's clients) then never slows the files after it with garbage collection.
  workerIdleMemoryLimit: '1536MB'
};
