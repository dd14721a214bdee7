import { join } from 'node:path';

/** The migrated, seeded database every in-process browser server starts from (tests/e2e/global-setup.ts). */
export const E2E_SNAPSHOT_PATH = join(import.meta.dirname, '..', '..', '.sema-test-data', 'e2e-snapshot.tar.gz');
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password-0123';
