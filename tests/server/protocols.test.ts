// Treatment protocols on the server (issue 12, schemas/routes/protocol.json) against PGlite and PostgreSQL: a
// protocol is created as a draft (an empty name takes the automatic title), refused at publishing while
// section 5's rules find a problem (every problem, in the caller's language), published, continued as a new draft
// and guarded against stale saves; a change beyond the percent must be confirmed and the confirmation is kept;
// private, public, shared and global protocols are read and changed by whom they should be — the global example
// library also from another site, published versions only; a copy is the caller's private draft; a protocol
// travels out and back as FHIR R4; treatment planning reads published versions only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  protocolCopy,
  protocolDelete,
  protocolExport,
  protocolGet,
  protocolImport,
  protocolList,
  protocolNew,
  protocolPublish,
  protocolSave,
  protocolShare,
  protocolUnshare,
} from '../../src/generated/client/index.ts';
import type { Protocol } from '../../src/generated/types/entities.ts';
import type { ProtocolNewRequest } from '../../src/generated/types/routes.ts';
import { ApiError } from '../../server/http/api-error.ts';
import { readProtocolForTreatment } from '../../server/services/protocols.ts';
import { seedProtocols } from '../../server/db/seed-protocols.ts';
import { exampleProtocol, exampleProtocols } from '../unit/protocol-fixtures.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, tenantIdOf, type Actor } from './support/actors.ts';

const DOMAIN = 'clinical.localhost';
const EXAMPLE = exampleProtocol('carboplatin-paclitaxel');

/** An example regimen as the editor sends it (without what the server keeps), with changes. */
function input(changes: Partial<ProtocolNewRequest['protocol']> = {}, from: Protocol = EXAMPLE): ProtocolNewRequest['protocol'] {
  const { protocol_id: _id, is_example: _mark, ...rest } = structuredClone(from);
  return { ...rest, visibility: 'private', ...changes };
}

const PACLITAXEL = EXAMPLE.drug_list.findIndex((l) => l.drug_name === 'Paclitaxel');
const withPaclitaxel = (dosage: number) => {
  const p = input();
  p.drug_list[PACLITAXEL].dosage = dosage;
  return p;
};

describe.each(databaseKinds('same-on-every-database'))('protocols on %s', (kind) => {
  let t: TestApp;
  let owner: Actor;
  let colleague: Actor;
  let nurse: Actor;
  let admin: Actor;
  let elsewhere: Actor;
  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await actor(t, 'dr.mehmet', { domain: DOMAIN, authCodes: ['doctor'] });
    colleague = await actor(t, 'dr.zeynep', { domain: DOMAIN, authCodes: ['doctor'] });
    nurse = await actor(t, 'hem.ayse', { domain: DOMAIN, authCodes: ['nurse'] });
    admin = await actor(t, 'admin', { domain: DOMAIN });
    elsewhere = await actor(t, 'dr.baska', { domain: 'localhost', authCodes: ['doctor'] });
  });
  afterAll(() => t.close());

  async function created(changes: Partial<ProtocolNewRequest['protocol']> = {}, who = owner) {
    who.use();
    const res = await protocolNew({ protocol: input(changes) });
    expect(res.status_code, res.status_message).toBe('10000');
    return res.protocol;
  }

  async function published(changes: Partial<ProtocolNewRequest['protocol']> = {}, who = owner) {
    const p = await created(changes, who);
    expect((await protocolPublish({ protocol_id: p.protocol_id, version: 1 })).status_code).toBe('10000');
    return p;
  }

  it('creates a draft with the automatic title, refuses to publish while the rules find problems, publishes, and guards against stale saves', async () => {
    const { name: _name, protocol_group: _group, ...rest } = input();
    owner.use();
    const res = await protocolNew({ protocol: rest });
    expect(res.protocol).toMatchObject({ name: 'Paclitaxel 175 mg/m² + Carboplatin AUC 5 q21d ×6', version: 1, status: 'draft', owner: 'dr.mehmet', is_example: false, visibility: 'private' });
    expect(res.protocol.drug_list).toEqual(EXAMPLE.drug_list);
    const id = res.protocol.protocol_id;

    const before = await snapshot(t.db);
    owner.use({ lang: 0 });
    const refused = await protocolPublish({ protocol_id: id, version: 1 });
    expect(refused).toMatchObject({ status_code: '14100', http_status: 400, status_message: 'Protokolde 1 sorun var. İlki: Lütfen protokol grubunu seçin.' });
    expect((refused as unknown as { problem_list: unknown[] }).problem_list).toEqual([
      { path: '/protocol_group', key: 'protocol_group_required', message: 'Lütfen protokol grubunu seçin.' },
    ]);
    expect(await snapshot(t.db)).toEqual(before);

    owner.use();
    expect((await protocolSave({ protocol_id: id, version: 1, protocol: input() })).protocol).toMatchObject({ version: 1, status: 'draft', name: EXAMPLE.name });
    expect((await protocolPublish({ protocol_id: id, version: 1 })).protocol).toMatchObject({ version: 1, status: 'published', published_version: 1 });
    expect((await protocolPublish({ protocol_id: id, version: 1 })).status_code).toBe('14102');
    expect((await protocolSave({ protocol_id: id, version: 1, protocol: input({ note: 'v2' }) })).protocol).toMatchObject({ version: 2, status: 'draft', published_version: 1 });
    const stale = await protocolSave({ protocol_id: id, version: 1, protocol: input() });
    expect(stale).toMatchObject({ status_code: '14101', http_status: 409 });
    expect(stale.status_message).toMatch(/version 2 is the latest/);
    await expect(t.db.query("update protocol_version set document = '{}' where protocol_id = $1 and version = 1", [id])).rejects.toThrow(/never changes/);
  });

  it('asks to confirm a dose change beyond 20 % of the published version, then saves it and keeps who confirmed what', async () => {
    const p = await published();
    expect((await protocolSave({ protocol_id: p.protocol_id, version: 1, protocol: withPaclitaxel(210) })).status_code).toBe('10000'); // +20 %: no warning
    const before = await snapshot(t.db);
    const refused = await protocolSave({ protocol_id: p.protocol_id, version: 2, protocol: withPaclitaxel(135) });
    expect(refused).toMatchObject({ status_code: '14021', http_status: 409, status_message: 'The dose of Paclitaxel changed by more than 20%. Please confirm the change.' });
    const change = { field: 'dosage', item_id: EXAMPLE.drug_list[PACLITAXEL].item_id, drug_name: 'Paclitaxel', before: 175, after: 135, percent: 22.9 };
    expect((refused as unknown as { change_warning_list: unknown[] }).change_warning_list).toEqual([change]);
    expect(await snapshot(t.db)).toEqual(before);

    expect((await protocolSave({ protocol_id: p.protocol_id, version: 1, protocol: withPaclitaxel(135) })).status_code).toBe('14101'); // stale before weighed
    const saved = await protocolSave({ protocol_id: p.protocol_id, version: 2, protocol: withPaclitaxel(135), confirm_changes: true });
    expect(saved.protocol).toMatchObject({ version: 2, status: 'draft' });
    const got = await protocolGet({ protocol_id: p.protocol_id });
    expect(got.change_confirmation_list).toEqual([{ version: 2, confirmed_by: 'dr.mehmet', confirmed_at: expect.any(String), change_list: [change] }]);
    expect(got).toMatchObject({ can_edit: true, can_share: true, share_list: [] });
  });

  it('keeps a private protocol to its owner, lets colleagues read a public one (published only) and edit it only when shared with can_edit', async () => {
    const mine = await created({ name: 'Özel rejim' });
    colleague.use();
    expect(await protocolGet({ protocol_id: mine.protocol_id })).toMatchObject({ status_code: '10016', http_status: 404 });
    expect((await protocolList({ search: 'Özel rejim' })).protocol_list).toEqual([]);

    const hospital = await published({ name: 'Hastane rejimi', visibility: 'public' });
    owner.use();
    await protocolSave({ protocol_id: hospital.protocol_id, version: 1, protocol: input({ name: 'Hastane rejimi', visibility: 'public', note: 'taslak' }) });
    colleague.use();
    const seen = await protocolGet({ protocol_id: hospital.protocol_id });
    expect(seen).toMatchObject({ can_edit: false, can_share: false, protocol: { version: 1, status: 'published' } });
    expect(seen.version_list.map((v) => v.version)).toEqual([1]);
    expect((await protocolList({ scope: 'hospital', search: 'Hastane rejimi' })).protocol_list).toMatchObject([{ version: 1, status: 'published', visibility: 'public', owner: 'dr.mehmet' }]);
    expect((await protocolSave({ protocol_id: hospital.protocol_id, version: 2, protocol: input({ visibility: 'public' }) })).status_code).toBe('10009');

    owner.use();
    expect((await protocolShare({ protocol_id: hospital.protocol_id, username: 'dr.mehmet' })).status_code).toBe('14103');
    expect((await protocolShare({ protocol_id: hospital.protocol_id, username: 'dr.zeynep', can_edit: true })).share_list).toEqual([{ username: 'dr.zeynep', can_edit: true }]);
    colleague.use();
    expect((await protocolGet({ protocol_id: hospital.protocol_id })).protocol).toMatchObject({ version: 2, status: 'draft' });
    expect((await protocolSave({ protocol_id: hospital.protocol_id, version: 2, protocol: input({ name: 'Hastane rejimi', visibility: 'public' }) })).status_code).toBe('10000');
    expect((await protocolDelete({ protocol_id: hospital.protocol_id })).status_code).toBe('10009'); // an editor does not delete
    owner.use();
    expect((await protocolUnshare({ protocol_id: hospital.protocol_id, username: 'dr.zeynep' })).share_list).toEqual([]);
  });

  it('shares a shared protocol with the users it names, and publishes it only with one', async () => {
    const p = await created({ name: 'Paylaşılan rejim', visibility: 'shared', shared_user_list: ['dr.zeynep'] });
    expect(p.shared_user_list).toEqual(['dr.zeynep']);
    colleague.use();
    expect((await protocolList({ scope: 'shared' })).protocol_list.map((x) => x.name)).toContain('Paylaşılan rejim');
    owner.use();
    expect((await protocolSave({ protocol_id: p.protocol_id, version: 1, protocol: input({ name: 'Paylaşılan rejim', visibility: 'shared', shared_user_list: [] }) })).protocol.shared_user_list).toEqual([]);
    const refused = await protocolPublish({ protocol_id: p.protocol_id, version: 1 });
    expect((refused as unknown as { problem_list: { key: string }[] }).problem_list.map((x) => x.key)).toEqual(['protocol_shared_users_required']);
  });

  it('lets prescribers write protocols and nurses only read them; global visibility needs an administrator', async () => {
    nurse.use();
    expect(await protocolNew({ protocol: input() })).toMatchObject({ status_code: '10009', http_status: 403 });
    expect((await protocolList({ scope: 'global' })).protocol_list.length).toBeGreaterThanOrEqual(8);
    owner.use();
    expect(await protocolNew({ protocol: input({ visibility: 'global' }) })).toMatchObject({ status_code: '14104', http_status: 403 });
    admin.use();
    expect((await protocolNew({ protocol: input({ visibility: 'global', name: 'Site library draft' }) })).protocol).toMatchObject({ visibility: 'global', owner: 'admin' });
  });

  it('offers the example library on every site: published versions only, naming none of its site’s users, changed by none but its own administrators', async () => {
    const examples = exampleProtocols();
    const id = exampleProtocol('r-chop-21').protocol_id;
    elsewhere.use();
    const listed = await protocolList({ scope: 'global', page_size: 100 });
    const shown = listed.protocol_list.filter((p) => p.is_example);
    expect(shown.map((p) => p.protocol_id).sort()).toEqual(examples.map((p) => p.protocol_id).sort());
    // Another site's users are never named here: the owning site stands in for its administrator.
    expect(shown.every((p) => p.status === 'published' && p.visibility === 'global' && p.owner === DOMAIN)).toBe(true);
    expect(listed.protocol_list.map((p) => p.name)).not.toContain('Site library draft');
    expect((await protocolList({ scope: 'global', protocol_group: 'lymphoma', search: 'vincristine' })).protocol_list.map((p) => p.protocol_id)).toEqual([id]);

    // The site's administrator starts version 2; other sites and colleagues keep reading version 1.
    admin.use();
    expect((await protocolSave({ protocol_id: id, version: 1, protocol: input({ visibility: 'global', note: 'v2' }, exampleProtocol('r-chop-21')) })).protocol).toMatchObject({ version: 2 });
    for (const reader of [elsewhere, colleague]) {
      reader.use();
      const got = await protocolGet({ protocol_id: id });
      expect(got).toMatchObject({ can_edit: false, protocol: { version: 1, status: 'published', is_example: true, owner: reader === elsewhere ? DOMAIN : 'admin' } });
      expect(got.version_list.map((v) => v.version)).toEqual([1]);
      if (reader === elsewhere) expect(JSON.stringify(got)).not.toMatch(/"admin"/);
      expect((await protocolGet({ protocol_id: id, version: 2 })).status_code).toBe('10016');
      expect((await protocolSave({ protocol_id: id, version: 2, protocol: input({ visibility: 'global' }) })).status_code).toBe('14104');
    }
    // Seeding again (every start) adds nothing and leaves the administrator's draft alone.
    expect(await t.db.transaction((tx) => seedProtocols(tx))).toBe(0);
    admin.use();
    expect((await protocolGet({ protocol_id: id })).protocol).toMatchObject({ version: 2, note: 'v2' });
    elsewhere.use();
    expect((await protocolDelete({ protocol_id: id })).status_code).toBe('14104');
    expect((await protocolShare({ protocol_id: id, username: 'admin' })).status_code).toBe('10001'); // the library is everyone's: not shared
  });

  it('copies a readable protocol into a private draft of the caller, without the example mark', async () => {
    const source = exampleProtocol('capecitabine');
    elsewhere.use();
    const copy = await protocolCopy({ protocol_id: source.protocol_id });
    expect(copy.protocol).toMatchObject({ owner: 'dr.baska', visibility: 'private', status: 'draft', version: 1, is_example: false, name: source.name });
    expect(copy.protocol.protocol_id).not.toBe(source.protocol_id);
    expect(copy.protocol.note).toMatch(/^Copied from "Capecitabine .*", version 1\. \/ /);
    expect(copy.protocol.drug_list).toEqual(source.drug_list);
    expect((await protocolList({ scope: 'mine' })).protocol_list.map((p) => p.protocol_id)).toEqual([copy.protocol.protocol_id]);
    owner.use();
    expect((await protocolCopy({ protocol_id: copy.protocol.protocol_id })).status_code).toBe('10016'); // another site's private draft
  });

  it('deletes a protocol that was never published and keeps a published one', async () => {
    const draft = await created({ name: 'Silinecek' });
    const kept = await published({ name: 'Saklanacak' });
    expect(await protocolDelete({ protocol_id: kept.protocol_id })).toMatchObject({ status_code: '14106', http_status: 409 });
    expect(await protocolDelete({ protocol_id: draft.protocol_id })).toMatchObject({ status_code: '10000', protocol_id: draft.protocol_id });
    expect((await protocolGet({ protocol_id: draft.protocol_id })).status_code).toBe('10016');
  });

  it('exports FHIR R4 and imports it back as a private draft with the same lines; refuses what is not a PlanDefinition', async () => {
    const source = exampleProtocol('mfolfox6');
    owner.use();
    const exported = await protocolExport({ protocol_id: source.protocol_id });
    expect(exported.bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(exported.note_list.map((n) => n.en).join(' ')).toMatch(/example to be verified locally/);
    const imported = await protocolImport({ bundle: exported.bundle });
    expect(imported.status_code, imported.status_message).toBe('10000');
    expect(imported.protocol).toMatchObject({ owner: 'dr.mehmet', visibility: 'private', status: 'draft', is_example: false, name: source.name, cycle_count: 12, cycle_length_days: 14 });
    expect(imported.protocol.drug_list).toEqual(source.drug_list);
    expect(imported.note_list).toEqual([]);

    const refused = await protocolImport({ bundle: { resourceType: 'Bundle', type: 'collection', entry: [{ resource: { resourceType: 'Patient' } }] } });
    expect(refused).toMatchObject({ status_code: '14105', http_status: 400 });
    expect(refused.status_message).toBe('This file is not a FHIR R4 PlanDefinition that can be read as a protocol: the bundle holds no PlanDefinition');
  });

  it('gives treatment planning published versions only, under the same read rules', async () => {
    const tenantId = await tenantIdOf(t.db, DOMAIN);
    const me = { userId: owner.userId, isAdmin: false };
    const draft = await created({ name: 'Planlanamaz' });
    await expect(readProtocolForTreatment(t.db, tenantId, me, draft.protocol_id)).rejects.toMatchObject({ key: 'protocol_not_published' });
    const p = await published({ name: 'Planlanır' });
    await protocolSave({ protocol_id: p.protocol_id, version: 1, protocol: input({ name: 'Planlanır' }) });
    const read = await readProtocolForTreatment(t.db, tenantId, me, p.protocol_id);
    expect(read).toMatchObject({ version: 1, protocol: { status: 'published', name: 'Planlanır' } });
    await expect(readProtocolForTreatment(t.db, tenantId, me, p.protocol_id, 2)).rejects.toMatchObject({ key: 'protocol_not_published' });
    const stranger = { userId: colleague.userId, isAdmin: false };
    await expect(readProtocolForTreatment(t.db, tenantId, stranger, p.protocol_id)).rejects.toBeInstanceOf(ApiError);
    await expect(readProtocolForTreatment(t.db, tenantId, stranger, p.protocol_id)).rejects.toMatchObject({ key: 'record_not_found' });
  });
});
