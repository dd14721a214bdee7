import { join } from 'node:path';

export const SNAPSHOT_PATH = join(import.meta.dirname, '..', '..', '.sema-test-data', 'pglite-snapshot.tar.gz');
export const TEST_ADMIN_PASSWORD = 'test-admin-password';
