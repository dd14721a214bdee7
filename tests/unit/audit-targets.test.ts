// Every write call that is built names its audit target in the route catalogue, and the server reads the
// record's id from the request or the answer as the catalogue says.
import { describe, expect, it } from 'vitest';
import { routeTable } from '../../src/generated/route-table.ts';
import { entityLabels } from '../../src/generated/labels.ts';
import { handlers } from '../../server/handlers/index.ts';
import { auditTarget } from '../../server/http/audit.ts';

describe('audit targets', () => {
  it('every built write call names an entity of the contract in the catalogue', () => {
    const missing = routeTable.filter((r) => r.effect === 'write' && r.name in handlers && !r.audit).map((r) => r.name);
    expect(missing).toEqual([]);
    for (const r of routeTable) if (r.audit) expect(entityLabels[r.audit.entity], `${r.name}: ${r.audit.entity}`).toBeDefined();
  });

  const update = routeTable.find((r) => r.name === 'frontend_website_unit_update')!.audit;
  const created = routeTable.find((r) => r.name === 'user_shop_bundle_new')!.audit;
  const id = '7b0c4a52-31f5-4a39-9f3e-0c2d6a3b1e11';

  it('reads the id from the answer, else (a refused call) from the request', () => {
    expect(auditTarget(update, {}, { website_unit: { website_unit_client_id: id } }, undefined)).toEqual({ entity: 'website_unit', record_id: id });
    expect(auditTarget(created, {}, { shop_client_id: 'another' }, { bundle: { bundle_client_id: id } })).toEqual({ entity: 'bundle', record_id: id });
    // A new record's id is the server's, whatever the request sent.
    const newUnit = routeTable.find((r) => r.name === 'frontend_websiteunit_new')!.audit;
    expect(auditTarget(newUnit, {}, { website_unit: { website_unit_client_id: 'sent-by-caller' } }, { website_unit: { website_unit_client_id: id } })).toEqual({
      entity: 'website_unit',
      record_id: id,
    });
    // A refused create has no answer: the entity alone.
    expect(auditTarget(created, {}, { shop_client_id: 'another' }, undefined)).toEqual({ entity: 'bundle' });
  });

  it('what a handler names itself comes first', () => {
    expect(auditTarget(update, { record_id: 'x' }, { website_unit: { website_unit_client_id: id } }, undefined)).toEqual({ entity: 'website_unit', record_id: 'x' });
  });
});
