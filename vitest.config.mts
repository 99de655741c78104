import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'e2e/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Integration tests spawn processes and bind sockets; two cores here.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The cores tests start write the studio's install record (core/install-record.ts) here, not
    // into the user's config folder.
    env: { TANDEM_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'tandem-test-config-')) },
  },
});
