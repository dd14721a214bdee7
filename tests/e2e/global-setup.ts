// Once for all browser files: the front end built (when missing or older than its sources) and the database the
// in-process servers start from, its administrator's password hashed at the production cost as `npm start`'s is.
import { buildFrontEndIfNeeded } from '../../server/build-front-end.ts';
import { writePgliteSnapshot } from '../server/support/snapshot.ts';
import { E2E_ADMIN_PASSWORD, E2E_SNAPSHOT_PATH } from './paths.ts';

export default async function setup(): Promise<void> {
  await buildFrontEndIfNeeded();
  await writePgliteSnapshot(E2E_SNAPSHOT_PATH, E2E_ADMIN_PASSWORD);
}
