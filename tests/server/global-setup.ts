// Builds, once for the whole server suite, the databases every test file starts from (tests/server/support/
// snapshot.ts): the PGlite snapshot, and with TEST_DATABASE_URL a PostgreSQL template database, in parallel.
import type { TestProject } from 'vitest/node';
import { makePostgresTemplate, writePgliteSnapshot } from './support/snapshot.ts';
import { SNAPSHOT_PATH, TEST_ADMIN_PASSWORD, TEST_SCRYPT } from './paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL template database of this run ('' without TEST_DATABASE_URL). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [, template] = await Promise.all([
    writePgliteSnapshot(SNAPSHOT_PATH, TEST_ADMIN_PASSWORD, TEST_SCRYPT),
    adminUrl ? makePostgresTemplate(adminUrl, TEST_ADMIN_PASSWORD, TEST_SCRYPT) : undefined,
  ]);
  project.provide('postgresTemplate', template?.name ?? '');
  return async () => {
    await template?.drop();
  };
}
