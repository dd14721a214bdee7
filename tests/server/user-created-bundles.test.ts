// Bundles users compose from the shops' products (issue 10): each belongs to its creator — a user, or the
// front-end key that made it — and holds only products of bundles on sale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userCreatedBundleGet, userCreatedBundleList, userCreatedBundleRecord } from '../../src/generated/client/index.ts';
import shops from '../../fixtures/seed/shops.json' with { type: 'json' };
import { databaseKinds, frontendKeyForTest, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot } from './support/actors.ts';

const [STARTER, LEARNING] = shops.shops[0].bundle_list;
const item = (b: typeof STARTER, i: number, count = 1) => ({ bundle_client_id: b.bundle.bundle_client_id, pro_client_id: b.product_list[i].pro_client_id, count });

describe.each(databaseKinds('same-on-every-database'))('user-created bundles on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('a user composes, reads, lists and changes their own; nobody else reaches it', async () => {
    const owner = await actor(t, 'composer');
    owner.use();
    const made = await userCreatedBundleRecord({ bundle_name: 'Yıllık planım', feature_list: ['Kredi ve eğitim'], item_list: [item(STARTER, 0, 2), item(LEARNING, 0)] });
    expect(made.status_code, made.status_message).toBe('10000');
    const id = made.user_created_bundle.user_created_bundle_client_id;
    expect(made.user_created_bundle).toMatchObject({ bundle_name: 'Yıllık planım', item_list: [item(STARTER, 0, 2), item(LEARNING, 0)] });
    const changed = await userCreatedBundleRecord({ user_created_bundle_client_id: id, bundle_name: 'Plan B', item_list: [item(LEARNING, 1)] });
    expect(changed.user_created_bundle).toMatchObject({ bundle_name: 'Plan B', item_list: [item(LEARNING, 1)] });
    expect((await userCreatedBundleList({ search: 'plan' })).user_created_bundle_list.map((b) => b.bundle_name)).toEqual(['Plan B']);

    const other = await actor(t, 'other.composer');
    other.use();
    expect((await userCreatedBundleGet({ user_created_bundle_client_id: id })).status_code).toBe('10016');
    expect((await userCreatedBundleRecord({ user_created_bundle_client_id: id, bundle_name: 'Mine now', item_list: [item(LEARNING, 1)] })).status_code).toBe('10016');
    expect((await userCreatedBundleList({})).user_created_bundle_list).toEqual([]);
  });

  it("a front-end key's bundles are its own; a product not on sale and a caller without credentials are refused", async () => {
    const key = await frontendKeyForTest(t.db);
    t.as({ authorization: key });
    const made = await userCreatedBundleRecord({ bundle_name: 'Partner quote', item_list: [item(STARTER, 1)] });
    expect(made.status_code, made.status_message).toBe('10000');
    expect((await userCreatedBundleList({})).user_created_bundle_list.map((b) => b.bundle_name)).toEqual(['Partner quote']);
    await t.db.query("update bundle set bundle_status = 'passive' where bundle_client_id = $1", [LEARNING.bundle.bundle_client_id]);
    try {
      const before = await snapshot(t.db);
      const refused = await userCreatedBundleRecord({ bundle_name: 'Not on sale', item_list: [item(STARTER, 0), item(LEARNING, 0)] });
      expect(refused).toMatchObject({ status_code: '10001', status_message: expect.stringContaining('item_list.1') });
      expect(await snapshot(t.db)).toEqual(before);
    } finally {
      await t.db.query("update bundle set bundle_status = 'active' where bundle_client_id = $1", [LEARNING.bundle.bundle_client_id]);
    }
    t.as({});
    expect((await userCreatedBundleList({})).status_code).not.toBe('10000');
  });
});
