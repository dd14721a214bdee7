import { join } from 'node:path';

export const SNAPSHOT_PATH = join(import.meta.dirname, '..', '..', '.sema-test-data', 'pglite-snapshot.tar.gz');
export const TEST_ADMIN_PASSWORD = 'test-admin-password';
/** The scrypt cost of password hashes in the server tests (and of the snapshot's administrator). */
export const TEST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
