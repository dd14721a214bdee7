// The example regimen library of clinical.localhost: fixtures/protocols/*.json, seeded as global, published
// protocols owned by the site's administrator under their fixed ids and marked as examples (to be verified
// locally, never clinical advice). Each is added only when missing: an administrator's later versions and the
// copies users make are never touched (a published protocol is never deleted, so none comes back unasked).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from './adapter.ts';
import type { Protocol } from '../../src/generated/types/entities.ts';
import { createProtocol } from '../services/protocols.ts';
import { DECISION_PACKAGES_DOMAIN as DOMAIN } from './seed-decision-packages.ts';

const PROTOCOLS_DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'protocols');

/** Adds the example protocols that are missing; answers how many it added. */
export async function seedProtocols(tx: Queryable): Promise<number> {
  const [admin] = await tx.query<{ tenant_id: string; user_id: string }>(
    "select u.tenant_id, u.user_id from app_user u join tenant t on t.tenant_id = u.tenant_id where t.domain = $1 and u.username = 'admin'",
    [DOMAIN],
  );
  if (!admin) return 0;
  let added = 0;
  for (const file of readdirSync(PROTOCOLS_DIR).filter((f) => f.endsWith('.json')).sort()) {
    const { protocol_id, is_example: _mark, ...protocol } = JSON.parse(readFileSync(join(PROTOCOLS_DIR, file), 'utf8')) as Protocol;
    if ((await tx.query('select 1 from protocol where protocol_id = $1', [protocol_id])).length) continue;
    await createProtocol(tx, admin.tenant_id, { userId: admin.user_id, isAdmin: true }, protocol, 'en', { id: protocol_id, publish: true, example: true });
    added++;
  }
  return added;
}
