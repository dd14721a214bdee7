// Decision-support packages on the server: versions (a draft saved over, a new draft after the newest
// published one, stale edits refused with current_version), publishing through the rule engine's checks
// (positioned, bilingual problems), runs of published versions (one record, batches, traces, a named
// version), the example packages seeded on clinical.localhost giving their fixtures' outcomes, who may
// read, edit and share (others do not learn a package exists), the list, and refusals that change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rulePackageGet,
  rulePackageList,
  rulePackageNew,
  rulePackagePublish,
  rulePackageRun,
  rulePackageSave,
  rulePackageShare,
  rulePackageUnshare,
} from '../../src/generated/client/index.ts';
import type { DecisionEvaluation, DecisionGraph } from '../../src/generated/types/entities.ts';
import type { RulePackageRunRequest } from '../../src/generated/types/routes.ts';
import { compileGraph, type CompiledGraph } from '../../src/domain/rules/index.ts';
import { RuleGraphCache, savePackage } from '../../server/services/decision-packages.ts';
import { ApiError } from '../../server/http/api-error.ts';
import { decisionPackageFixtures, DECISION_PACKAGES_DOMAIN, seededPackageId } from '../../server/db/seed-decision-packages.ts';
import { seed } from '../../server/db/seed.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { TEST_ADMIN_PASSWORD } from './paths.ts';
import { actor, auditCount, snapshot, tenantIdOf, type Actor } from './support/actors.ts';

/** rulePackageRun with each result's computed values typed as a plain record. */
const run = async (input: RulePackageRunRequest) =>
  (await rulePackageRun(input)) as Omit<Awaited<ReturnType<typeof rulePackageRun>>, 'result_list'> & {
    result_list: (Omit<DecisionEvaluation, 'outputs'> & { outputs: Record<string, unknown> })[];
  };

const FIXTURES = decisionPackageFixtures();
const fixture = (key: string) => FIXTURES.find((f) => f.key === key)!;
const BMI = fixture('bmi_class');
const bmiDocument = (): DecisionGraph => structuredClone(BMI.document);

/** The BMI rules with an unbalanced parenthesis in the calculation (node calc, assignment bmi). */
function brokenDocument(): DecisionGraph {
  const doc = bmiDocument() as unknown as { nodes: { id: string; assignments?: { expression: string }[] }[] };
  doc.nodes.find((n) => n.id === 'calc')!.assignments![0].expression = 'round(weight / ((height_cm / 100) * (height_cm / 100), 1';
  return doc as unknown as DecisionGraph;
}

/** The BMI rules with another decision text: tells version 2 from version 1 in a run. */
function bmiDocumentV2(): DecisionGraph {
  const doc = bmiDocument() as unknown as { nodes: { id: string; text?: { en: string; tr: string } }[] };
  doc.nodes.find((n) => n.id === 'out')!.text = { en: 'v2 BMI {bmi}', tr: 'v2 BKİ {bmi}' };
  return doc as unknown as DecisionGraph;
}

describe('the compiled-graph cache', () => {
  const graph = (n: number) => ({ inputs: [], evaluate: () => ({ decisions: [], outputs: { n }, issues: [] }) }) as unknown as CompiledGraph;

  it('keeps at most its limit, dropping the least recently used', () => {
    const cache = new RuleGraphCache(2);
    cache.set('a@1', graph(1));
    cache.set('b@1', graph(2));
    expect(cache.get('a@1')).toBeDefined(); // a is now the most recent
    cache.set('c@1', graph(3));
    expect(cache.size).toBe(2);
    expect(cache.get('b@1')).toBeUndefined();
    expect(cache.get('a@1')).toBeDefined();
    expect(cache.get('c@1')).toBeDefined();
  });
});

describe.each(databaseKinds('same-on-every-database'))('decision-support packages on %s', (kind) => {
  let t: TestApp;
  let owner: Actor;
  let reader: Actor;
  let editor: Actor;
  let stranger: Actor;
  let admin: Actor;
  let clinician: Actor;
  let clinicalAdmin: Actor;

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await actor(t, 'rule.owner');
    reader = await actor(t, 'rule.reader');
    editor = await actor(t, 'rule.editor');
    stranger = await actor(t, 'rule.stranger');
    admin = await actor(t, 'admin');
    clinician = await actor(t, 'rule.clinician', { domain: 'clinical.localhost' });
    clinicalAdmin = await actor(t, 'admin', { domain: 'clinical.localhost' });
  });
  afterAll(() => t.close());

  /** A new package of `who` with the BMI rules, version 1 published. */
  async function publishedBmi(who: Actor, name: string, extra: { is_global?: boolean } = {}): Promise<string> {
    who.use();
    const created = await rulePackageNew({ name: { en: name, tr: `${name} (tr)` }, document: bmiDocument(), ...extra });
    expect(created.status_code, created.status_message).toBe('10000');
    const id = created.decision_package.package_id;
    expect((await rulePackagePublish({ package_id: id, version: 1 })).status_code).toBe('10000');
    return id;
  }

  /** Expects `call` to answer `code` and to change nothing (every table but the audit trail). */
  async function refusedUnchanged(call: () => Promise<{ status_code: string; status_message: string }>, code: string) {
    const before = await snapshot(t.db);
    const res = await call();
    expect(res.status_code, res.status_message).toBe(code);
    expect(await snapshot(t.db)).toEqual(before);
    return res as typeof res & Record<string, unknown>;
  }

  describe('versions', () => {
    let id: string;

    it('creates version 1 as a draft with an input node only when no document is sent', async () => {
      owner.use();
      const res = await rulePackageNew({ name: { en: 'Lifecycle', tr: 'Yaşam döngüsü' }, description: { en: 'Versions' } });
      expect(res.status_code).toBe('10000');
      const p = res.decision_package;
      expect(p).toMatchObject({ owner: 'rule.owner', is_global: false, version: 1, status: 'draft', name: { en: 'Lifecycle', tr: 'Yaşam döngüsü' }, description: { en: 'Versions' } });
      expect(p).not.toHaveProperty('published_version');
      expect(p.document).toMatchObject({ format: 'sema-decision-graph', format_version: 1, edges: [] });
      expect((p.document as DecisionGraph).nodes.map((n) => n.type)).toEqual(['input']);
      id = p.package_id;
      const [audit] = await t.db.query<{ entity: string; record_id: string }>(
        "select entity, record_id from audit_record where route_name = 'rule_package_new' and status_code = '10000' order by occurred_at desc limit 1",
      );
      expect(audit).toEqual({ entity: 'decision_package', record_id: id });
    });

    it('saves the draft over itself, with problems allowed in a draft', async () => {
      owner.use();
      const broken = await rulePackageSave({ package_id: id, version: 1, document: brokenDocument() });
      expect(broken.status_code).toBe('10000');
      const res = await rulePackageSave({ package_id: id, version: 1, name: { en: 'Lifecycle BMI', tr: 'Yaşam döngüsü BKİ' }, document: bmiDocument() });
      expect(res.status_code).toBe('10000');
      expect(res.decision_package).toMatchObject({ version: 1, status: 'draft', name: { en: 'Lifecycle BMI' }, description: { en: 'Versions' } });
      expect(res.decision_package.document).toEqual(bmiDocument());
      const versions = await t.db.query('select version from decision_package_version where package_id = $1', [id]);
      expect(versions).toHaveLength(1);
    });

    it('publishes the draft; a published version is never published or saved over again', async () => {
      owner.use();
      const res = await rulePackagePublish({ package_id: id, version: 1 });
      expect(res.status_code).toBe('10000');
      expect(res.decision_package).toMatchObject({ version: 1, status: 'published', published_version: 1, published_at: expect.any(String) });
      const again = await refusedUnchanged(() => rulePackagePublish({ package_id: id, version: 1 }), '14043');
      expect(again.http_status).toBe(409);
      // The database itself refuses to change a published version.
      await expect(t.db.query("update decision_package_version set document = '{}' where package_id = $1 and version = 1", [id])).rejects.toThrow(/never changes/);
    });

    it('makes version 2 a new draft when saving after the newest published version, then saves over it', async () => {
      owner.use();
      const v2 = await rulePackageSave({ package_id: id, version: 1, document: bmiDocumentV2() });
      expect(v2.decision_package).toMatchObject({ version: 2, status: 'draft', published_version: 1 });
      const over = await rulePackageSave({ package_id: id, version: 2, document: bmiDocumentV2() });
      expect(over.decision_package).toMatchObject({ version: 2, status: 'draft' });
      const got = await rulePackageGet({ package_id: id });
      expect(got.decision_package).toMatchObject({ version: 2, status: 'draft' });
      expect(got.version_list.map((v) => [v.version, v.status, v.saved_by_username])).toEqual([
        [2, 'draft', 'rule.owner'],
        [1, 'published', 'rule.owner'],
      ]);
      expect(got.version_list[1].published_at).toEqual(expect.any(String));
      const v1 = await rulePackageGet({ package_id: id, version: 1 });
      expect(v1.decision_package).toMatchObject({ version: 1, status: 'published', document: bmiDocument() });
      expect((await rulePackageGet({ package_id: id, version: 7 })).status_code).toBe('10016');
    });

    it('refuses a stale save with 409 and the current version, in both languages, changing nothing', async () => {
      owner.use({ lang: 1 });
      const en = await refusedUnchanged(() => rulePackageSave({ package_id: id, version: 1, document: bmiDocument() }), '14041');
      expect(en).toMatchObject({ http_status: 409, current_version: 2 });
      expect(en.status_message).toContain('version 2 is the latest, and you edited version 1');
      owner.use({ lang: 0 });
      const tr = await refusedUnchanged(() => rulePackageSave({ package_id: id, version: 3, document: bmiDocument() }), '14041');
      expect(tr).toMatchObject({ current_version: 2 });
      expect(tr.status_message).toContain('en son sürüm 2');
      // Publishing a version that is not the newest one is stale too; an older published one is already published.
      owner.use();
      expect((await refusedUnchanged(() => rulePackagePublish({ package_id: id, version: 3 }), '14041')).current_version).toBe(2);
      await refusedUnchanged(() => rulePackagePublish({ package_id: id, version: 1 }), '14043');
    });

    describe('runs', () => {
      it('runs the newest published version on one record, not the draft after it', async () => {
        owner.use();
        const res = await run({ package_id: id, record: { weight: 70, height_cm: 175 } });
        expect(res.status_code).toBe('10000');
        expect(res).toMatchObject({ package_id: id, version: 1 });
        expect(res.result_list).toHaveLength(1);
        const [r] = res.result_list;
        expect(r.decisions).toEqual([{ node_id: 'out', kind: 'decision', severity: 'info', code: 'bmi_class', text: { en: 'BMI 22.9: normal', tr: 'BKİ 22.9: normal' } }]);
        expect(r.outputs).toEqual({ bmi: 22.9, bmi_class: 'normal' });
        expect(r.issues).toEqual([]);
        expect(r).not.toHaveProperty('trace');
      });

      it('answers a batch in record order, with problems of a record on that record', async () => {
        owner.use();
        const records = [{ weight: 95, height_cm: 170 }, { weight: 50, height_cm: 170 }, { weight: 'heavy', height_cm: 170 }, { weight: 70, height_cm: 175 }];
        const res = await run({ package_id: id, records });
        expect(res.result_list.map((r) => r.outputs.bmi_class ?? null)).toEqual(['over', 'under', null, 'normal']);
        expect(res.result_list[2].issues).toEqual([expect.objectContaining({ code: 'input_value', field: 'weight', severity: 'warning' })]);
        const batch = Array.from({ length: 1000 }, (_, i) => ({ weight: 40 + (i % 60), height_cm: 150 + (i % 45) }));
        const many = await run({ package_id: id, records: batch });
        expect(many.result_list).toHaveLength(1000);
        const engine = compileGraph(bmiDocument());
        if (!engine.ok) throw new Error('the BMI rules do not compile');
        expect(many.result_list.map((r) => r.outputs)).toEqual(batch.map((record) => engine.graph.evaluate(record).outputs));
      });

      it('refuses more than 1,000 records, or a record and records together, before running any', async () => {
        owner.use();
        const tooMany = await run({ package_id: id, records: Array.from({ length: 1001 }, () => ({ weight: 70, height_cm: 175 })) });
        expect(tooMany).toMatchObject({ status_code: '10001', http_status: 400 });
        expect(tooMany).not.toHaveProperty('result_list');
        const both = await run({ package_id: id, record: { weight: 1 }, records: [{ weight: 1 }] } as never);
        expect(both.status_code).toBe('10001');
      });

      it('adds the path with trace', async () => {
        owner.use();
        const res = await run({ package_id: id, record: { weight: 70, height_cm: 175 }, trace: true });
        const trace = res.result_list[0].trace!;
        expect(trace.map((s) => s.node_id)).toEqual(['body', 'calc', 'classes', 'out']);
        expect(trace[2]).toMatchObject({ node_type: 'table', inputs: { bmi: 22.9 }, outputs: { bmi_class: 'normal' }, matched: ['normal'], edges: ['e3'] });
      });

      it('runs a named published version; a draft or unknown version is refused with 14042', async () => {
        owner.use();
        expect((await rulePackagePublish({ package_id: id, version: 2 })).decision_package).toMatchObject({ version: 2, status: 'published', published_version: 2 });
        const newest = await run({ package_id: id, record: { weight: 70, height_cm: 175 } });
        expect(newest.version).toBe(2);
        expect(newest.result_list[0].decisions[0].text.en).toBe('v2 BMI 22.9');
        const first = await run({ package_id: id, version: 1, record: { weight: 70, height_cm: 175 } });
        expect(first.version).toBe(1);
        expect(first.result_list[0].decisions[0].text.en).toBe('BMI 22.9: normal');
        // Version 3: a draft. Drafts are tried in the editor, not run here.
        expect((await rulePackageSave({ package_id: id, version: 2, document: bmiDocument() })).decision_package.version).toBe(3);
        owner.use({ lang: 1 });
        const draft = await run({ package_id: id, version: 3, record: {} });
        expect(draft).toMatchObject({ status_code: '14042', http_status: 409, status_message: 'This package has no published version to run. Publish it first.' });
        expect((await run({ package_id: id, version: 99, record: {} })).status_code).toBe('14042');
      });

      it('passes `today` to the rules', async () => {
        clinician.use();
        const renal = seededPackageId(DECISION_PACKAGES_DOMAIN, 'renal_dose_alert');
        const record = { age: 50, weight: 70, sex: 'male', creatinine: 1, creatinine_date: '2026-01-01', drugs: ['cisplatin'] };
        const early = await run({ package_id: renal, record, today: '2026-01-11' });
        const late = await run({ package_id: renal, record, today: '2026-03-01' });
        expect(early.result_list[0].outputs.creatinine_age_days).toBe(10);
        expect(late.result_list[0].outputs.creatinine_age_days).toBe(59);
        expect(late.result_list[0].decisions.map((d) => d.code)).toEqual(['creatinine_outdated']);
      });

      it('refuses a package with no published version', async () => {
        owner.use();
        const draftOnly = await rulePackageNew({ name: { en: 'Never published' }, document: bmiDocument() });
        const res = await run({ package_id: draftOnly.decision_package.package_id, record: { weight: 70, height_cm: 175 } });
        expect(res).toMatchObject({ status_code: '14042', http_status: 409 });
      });
    });
  });

  describe('the example packages of clinical.localhost', () => {
    it('are seeded as global packages of its administrator, version 1 published', async () => {
      clinician.use();
      const list = await rulePackageList({ scope: 'global', sort: 'name', page_size: 100 });
      expect(list.total).toBe(FIXTURES.length);
      expect(list.decision_package_list.map((p) => p.package_id).sort()).toEqual(FIXTURES.map((f) => seededPackageId(DECISION_PACKAGES_DOMAIN, f.key)).sort());
      for (const p of list.decision_package_list) expect(p).toMatchObject({ owner: 'admin', is_global: true, version: 1, status: 'published', published_version: 1 });
      expect(list.decision_package_list.map((p) => p.name.en)).toEqual([...FIXTURES.map((f) => f.name.en!)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      // Not on the other site.
      owner.use();
      expect((await rulePackageList({ scope: 'global' })).total).toBe(0);
    });

    for (const f of FIXTURES)
      it(`${f.key}: every case of the fixture gives its outcome through the API`, async () => {
        clinician.use();
        const packageId = seededPackageId(DECISION_PACKAGES_DOMAIN, f.key);
        const engine = compileGraph(f.document);
        if (!engine.ok) throw new Error(`${f.key} does not compile`);
        for (const c of f.cases) {
          const res = await run({ package_id: packageId, record: c.record, ...(c.today ? { today: c.today } : {}) });
          expect(res.status_code, `${f.key}: ${c.name}`).toBe('10000');
          const [r] = res.result_list;
          expect(r.decisions.map((d) => d.code), `${f.key}: ${c.name}`).toEqual(c.decisions);
          expect(r.outputs, `${f.key}: ${c.name}`).toMatchObject(c.outputs);
          // Exactly what the engine answers in process: the API adds nothing and loses nothing.
          expect(r, `${f.key}: ${c.name}`).toEqual(engine.graph.evaluate(c.record, { today: c.today }));
        }
        // The same cases as one batch (one day for all): the same outcomes, in order.
        const today = f.cases[0].today;
        const sameDay = f.cases.filter((c) => c.today === today);
        const batch = await run({ package_id: packageId, records: sameDay.map((c) => c.record), ...(today ? { today } : {}) });
        expect(batch.result_list.map((r) => r.decisions.map((d) => d.code))).toEqual(sameDay.map((c) => c.decisions));
      });

    it('are seeded again without being added twice or overwritten', async () => {
      const bmi = seededPackageId(DECISION_PACKAGES_DOMAIN, 'bmi_class');
      clinicalAdmin.use();
      expect((await rulePackageSave({ package_id: bmi, version: 1, document: bmiDocumentV2() })).decision_package.version).toBe(2);
      const count = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from decision_package'))[0].n;
      const before = await count();
      await seed(t.db, { adminPassword: TEST_ADMIN_PASSWORD });
      expect(await count()).toBe(before);
      const got = await rulePackageGet({ package_id: bmi });
      expect(got.version_list.map((v) => [v.version, v.status])).toEqual([
        [2, 'draft'],
        [1, 'published'],
      ]);
      expect(got.decision_package.document).toEqual(bmiDocumentV2());
    });

    it('are run by every user of the site, changed only by its administrators', async () => {
      const bmi = seededPackageId(DECISION_PACKAGES_DOMAIN, 'bmi_class');
      clinician.use();
      const got = await rulePackageGet({ package_id: bmi });
      expect(got).toMatchObject({ can_edit: false, can_share: false });
      expect(got).not.toHaveProperty('share_list');
      await refusedUnchanged(() => rulePackageSave({ package_id: bmi, version: 1, document: bmiDocument() }), '14045');
      clinicalAdmin.use();
      expect(await rulePackageGet({ package_id: bmi })).toMatchObject({ can_edit: true, can_share: false, share_list: [] });
      // The shop site's users do not see them.
      stranger.use();
      expect((await run({ package_id: bmi, record: {} })).status_code).toBe('10016');
      stranger.use({ host: 'clinical.localhost' });
      expect((await rulePackageGet({ package_id: bmi })).status_code).toBe('10096');
    });
  });

  describe('publishing broken rules', () => {
    it('answers 14040 with every problem placed and worded in both languages, and changes nothing', async () => {
      owner.use();
      const created = await rulePackageNew({ name: { en: 'Broken' }, document: brokenDocument() });
      const id = created.decision_package.package_id;
      const en = await refusedUnchanged(() => rulePackagePublish({ package_id: id, version: 1 }), '14040');
      expect(en.http_status).toBe(400);
      expect(en.status_message).toBe('The rules have 1 problem(s). The first: Please check the parenthesis: the one at position 16 is never closed');
      const issues = en.issues as { code: string; severity: string; node_id: string; field: string; span: number[]; message: { en: string; tr: string } }[];
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({ code: 'parenthesis', severity: 'error', node_id: 'calc', field: 'assignments.bmi.expression', span: [15, 16] });
      expect(issues[0].message.en).toMatch(/^Please check the parenthesis/);
      expect(issues[0].message.tr).toMatch(/^Lütfen parantezleri kontrol edin/);
      owner.use({ lang: 0 });
      const tr = await refusedUnchanged(() => rulePackagePublish({ package_id: id, version: 1 }), '14040');
      expect(tr.status_message).toBe('Kurallarda 1 sorun var. İlki: Lütfen parantezleri kontrol edin: 16. konumdaki parantez hiç kapanmıyor');
      owner.use();
      expect((await rulePackageGet({ package_id: id })).decision_package).toMatchObject({ version: 1, status: 'draft' });
      expect(await auditCount(t.db, 'rule_package_publish', '14040')).toBeGreaterThanOrEqual(2);
      // Mended, it publishes.
      expect((await rulePackageSave({ package_id: id, version: 1, document: bmiDocument() })).status_code).toBe('10000');
      expect((await rulePackagePublish({ package_id: id, version: 1 })).decision_package.status).toBe('published');
    });

    it('counts every error and names the first', async () => {
      owner.use();
      const doc = brokenDocument() as unknown as { nodes: { id: string; type: string }[]; edges: { id: string; source: string; target: string }[] };
      doc.nodes.push({ id: 'orphan', type: 'output', position: { x: 0, y: 0 }, kind: 'decision', severity: 'info', code: 'orphan', text: { en: 'x', tr: 'x' } } as never);
      const created = await rulePackageNew({ name: { en: 'Two problems' }, document: doc as unknown as DecisionGraph });
      const res = await refusedUnchanged(() => rulePackagePublish({ package_id: created.decision_package.package_id, version: 1 }), '14040');
      const issues = res.issues as { code: string; node_id: string }[];
      expect(issues.map((i) => i.code).sort()).toEqual(['parenthesis', 'unreachable']);
      expect(res.status_message).toMatch(/^The rules have 2 problem\(s\)\. The first: /);
      expect(res.status_message).toContain((issues[0] as unknown as { message: { en: string } }).message.en);
    });
  });

  describe('who may do what', () => {
    let id: string;

    beforeAll(async () => {
      id = await publishedBmi(owner, 'Shared BMI');
    });

    it('a stranger, another site and a signed-out caller learn nothing', async () => {
      stranger.use();
      for (const call of [
        () => rulePackageGet({ package_id: id }),
        () => run({ package_id: id, record: { weight: 70, height_cm: 175 } }),
        () => rulePackageSave({ package_id: id, version: 1, document: bmiDocument() }),
        () => rulePackagePublish({ package_id: id, version: 1 }),
        () => rulePackageShare({ package_id: id, username: 'rule.stranger' }),
        () => rulePackageUnshare({ package_id: id, username: 'rule.reader' }),
      ]) {
        const res = await refusedUnchanged(call, '10016');
        expect(res.http_status).toBe(404);
      }
      stranger.use({ lang: 1 });
      expect((await rulePackageGet({ package_id: id })).status_message).toBe('There is no decision-support package with this id on this site.');
      expect((await rulePackageList({ search: 'Shared BMI' })).total).toBe(0);
      // The same id on the clinical site: not found either, even for its administrator.
      clinicalAdmin.use();
      expect((await rulePackageGet({ package_id: id })).status_code).toBe('10016');
      expect((await run({ package_id: id, record: {} })).status_code).toBe('10016');
      // The site's administrator does not read private packages either.
      admin.use();
      expect((await rulePackageGet({ package_id: id })).status_code).toBe('10016');
      t.as({ host: 'localhost' });
      expect((await rulePackageGet({ package_id: id })).status_code).toBe('10008');
    });

    it('only the owner shares; a reader runs but cannot save, an editor saves and publishes', async () => {
      owner.use();
      expect((await rulePackageShare({ package_id: id, username: 'rule.reader' })).share_list).toEqual([{ username: 'rule.reader', can_edit: false }]);
      const shared = await rulePackageShare({ package_id: id, username: 'RULE.EDITOR', can_edit: true });
      expect(shared.share_list).toEqual([
        { username: 'rule.editor', can_edit: true },
        { username: 'rule.reader', can_edit: false },
      ]);
      expect(await rulePackageGet({ package_id: id })).toMatchObject({ can_edit: true, can_share: true, share_list: shared.share_list });

      reader.use();
      const asReader = await rulePackageGet({ package_id: id });
      expect(asReader).toMatchObject({ can_edit: false, can_share: false });
      expect(asReader).not.toHaveProperty('share_list');
      expect((await run({ package_id: id, record: { weight: 70, height_cm: 175 } })).result_list[0].outputs.bmi_class).toBe('normal');
      const save = await refusedUnchanged(() => rulePackageSave({ package_id: id, version: 1, document: bmiDocumentV2() }), '10009');
      expect(save.http_status).toBe(403);
      await refusedUnchanged(() => rulePackagePublish({ package_id: id, version: 1 }), '10009');
      await refusedUnchanged(() => rulePackageShare({ package_id: id, username: 'rule.stranger' }), '10009');
      await refusedUnchanged(() => rulePackageUnshare({ package_id: id, username: 'rule.editor' }), '10009');

      editor.use();
      expect(await rulePackageGet({ package_id: id })).toMatchObject({ can_edit: true, can_share: false });
      const saved = await rulePackageSave({ package_id: id, version: 1, document: bmiDocumentV2() });
      expect(saved.decision_package).toMatchObject({ version: 2, status: 'draft', owner: 'rule.owner' });
      expect((await rulePackagePublish({ package_id: id, version: 2 })).decision_package.status).toBe('published');
      await refusedUnchanged(() => rulePackageShare({ package_id: id, username: 'rule.stranger', can_edit: true }), '10009');
      expect((await rulePackageGet({ package_id: id })).version_list[0].saved_by_username).toBe('rule.editor');
    });

    it('sharing again changes can_edit; unsharing takes the access away', async () => {
      owner.use();
      expect((await rulePackageShare({ package_id: id, username: 'rule.editor', can_edit: false })).share_list).toContainEqual({ username: 'rule.editor', can_edit: false });
      editor.use();
      await refusedUnchanged(() => rulePackageSave({ package_id: id, version: 2, document: bmiDocument() }), '10009');
      owner.use();
      expect((await rulePackageUnshare({ package_id: id, username: 'rule.editor' })).share_list).toEqual([{ username: 'rule.reader', can_edit: false }]);
      // Unsharing someone it is not shared with leaves the list as it is.
      expect((await rulePackageUnshare({ package_id: id, username: 'rule.stranger' })).share_list).toEqual([{ username: 'rule.reader', can_edit: false }]);
      editor.use();
      expect((await run({ package_id: id, record: {} })).status_code).toBe('10016');
    });

    it('a save over a draft is one statement when the caller may edit, and writes nothing when the right is gone', async () => {
      owner.use();
      const created = await rulePackageNew({ name: { en: 'One statement', tr: 'Tek komut' }, document: bmiDocument() });
      const pkg = created.decision_package.package_id;
      expect((await rulePackageShare({ package_id: pkg, username: 'rule.editor', can_edit: true })).status_code).toBe('10000');
      const statements: string[] = [];
      let transactions = 0;
      const counting = {
        ...t.db,
        query: (sql: string, params?: unknown[]) => {
          statements.push(sql);
          return t.db.query(sql, params);
        },
        transaction: ((work) => {
          transactions++;
          return t.db.transaction(work);
        }) as typeof t.db.transaction,
      } as typeof t.db;
      const tenantId = await tenantIdOf(t.db);
      const asEditor = { userId: editor.userId, isAdmin: false };
      const saved = await savePackage(counting, tenantId, asEditor, { package_id: pkg, version: 1, document: bmiDocumentV2() });
      expect(saved).toMatchObject({ version: 1, status: 'draft', owner: 'rule.owner', name: { en: 'One statement' } });
      expect({ statements: statements.length, transactions }).toEqual({ statements: 1, transactions: 0 });
      // The share made read-only, then taken back: refused, the draft as it was.
      for (const takeBack of ['update decision_package_share set can_edit = false where package_id = $1', 'delete from decision_package_share where package_id = $1']) {
        await t.db.query(takeBack, [pkg]);
        await expect(savePackage(counting, tenantId, asEditor, { package_id: pkg, version: 1, document: bmiDocument() })).rejects.toBeInstanceOf(ApiError);
        const [stored] = await t.db.query<{ document: DecisionGraph }>('select document from decision_package_version where package_id = $1 and version = 1', [pkg]);
        expect(stored.document).toEqual(bmiDocumentV2());
      }
    });

    it('refuses sharing with the owner, an unknown user or one of another site, and sharing a global package', async () => {
      owner.use({ lang: 1 });
      const self = await refusedUnchanged(() => rulePackageShare({ package_id: id, username: 'rule.owner' }), '14044');
      expect(self).toMatchObject({ http_status: 400, status_message: 'The owner always has this package; choose another user.' });
      const unknown = await refusedUnchanged(() => rulePackageShare({ package_id: id, username: 'nobody.here' }), '10016');
      expect(unknown.status_message).toBe('There is no user with this id on this site.');
      await refusedUnchanged(() => rulePackageShare({ package_id: id, username: 'rule.clinician' }), '10016');
      await refusedUnchanged(() => rulePackageUnshare({ package_id: id, username: 'nobody.here' }), '10016');
      const global = await publishedBmi(admin, 'Site BMI', { is_global: true });
      admin.use();
      await refusedUnchanged(() => rulePackageShare({ package_id: global, username: 'rule.reader' }), '10001');
      await refusedUnchanged(() => rulePackageUnshare({ package_id: global, username: 'rule.reader' }), '10001');
    });

    it('a global package: only an administrator creates or changes it, every user of the site runs it', async () => {
      owner.use({ lang: 1 });
      const create = await refusedUnchanged(() => rulePackageNew({ name: { en: 'Mine for all' }, is_global: true }), '14045');
      expect(create).toMatchObject({ http_status: 403, status_message: 'Only an administrator may create or change a package for everyone on this site.' });
      const global = await publishedBmi(admin, 'Everyone BMI', { is_global: true });
      for (const who of [owner, reader, stranger]) {
        who.use();
        expect((await run({ package_id: global, record: { weight: 70, height_cm: 175 } })).result_list[0].outputs.bmi_class).toBe('normal');
        expect(await rulePackageGet({ package_id: global })).toMatchObject({ can_edit: false, can_share: false });
        await refusedUnchanged(() => rulePackageSave({ package_id: global, version: 1, document: bmiDocumentV2() }), '14045');
        await refusedUnchanged(() => rulePackagePublish({ package_id: global, version: 1 }), '14045');
      }
      // Another administrator of the site changes it too.
      const other = await actor(t, 'rule.admin2', { authCodes: ['admin'] });
      other.use();
      expect((await rulePackageSave({ package_id: global, version: 1, document: bmiDocumentV2() })).decision_package).toMatchObject({ version: 2, owner: 'admin' });
      // The draft is the administrators' work in progress: the site's users still see version 1 only.
      reader.use();
      const seen = await rulePackageGet({ package_id: global });
      expect(seen.decision_package).toMatchObject({ version: 1, status: 'published' });
      expect(seen.version_list.map((v) => v.version)).toEqual([1]);
      expect((await rulePackageGet({ package_id: global, version: 2 })).status_code).toBe('10016');
      expect((await rulePackageList({ scope: 'global', page_size: 100 })).decision_package_list.find((p) => p.package_id === global)).toMatchObject({ version: 1, status: 'published' });
      other.use();
      expect((await rulePackageGet({ package_id: global })).decision_package).toMatchObject({ version: 2, status: 'draft' });
      expect((await rulePackagePublish({ package_id: global, version: 2 })).status_code).toBe('10000');
      // A global package never published is not shown to them at all.
      const unpublished = (await rulePackageNew({ name: { en: 'Admins only, for now' }, is_global: true })).decision_package.package_id;
      reader.use();
      expect((await rulePackageGet({ package_id: unpublished })).status_code).toBe('10016');
      expect((await rulePackageList({ scope: 'global', page_size: 100 })).decision_package_list.map((p) => p.package_id)).not.toContain(unpublished);
      // The clinical site does not see it.
      clinician.use();
      expect((await run({ package_id: global, record: {} })).status_code).toBe('10016');
    });
  });

  describe('the list', () => {
    let lister: Actor;
    let colleague: Actor;

    beforeAll(async () => {
      lister = await actor(t, 'rule.lister');
      colleague = await actor(t, 'rule.colleague');
      lister.use();
      for (let i = 1; i <= 25; i++) {
        const res = await rulePackageNew({ name: { en: `Protocol ${String(i).padStart(2, '0')}`, tr: `Protokol ${String(i).padStart(2, '0')}` }, document: bmiDocument() });
        if (i % 5 === 0) await rulePackagePublish({ package_id: res.decision_package.package_id, version: 1 });
      }
      colleague.use();
      const theirs = await rulePackageNew({ name: { en: 'Colleague sepsis screen', tr: 'Meslektaş sepsis taraması' }, document: bmiDocument() });
      await rulePackageShare({ package_id: theirs.decision_package.package_id, username: 'rule.lister' });
      await rulePackageNew({ name: { en: 'Colleague private' } });
    });

    it('pages the packages the caller may see, newest change first, without documents', async () => {
      lister.use();
      const first = await rulePackageList({ page_size: 10 });
      expect(first.status_code).toBe('10000');
      // 25 own + 1 shared + the site's global packages made above.
      const globals = (await rulePackageList({ scope: 'global', page_size: 100 })).total;
      expect(globals).toBeGreaterThanOrEqual(2);
      expect(first).toMatchObject({ total: 26 + globals, page: 1, page_size: 10 });
      expect(first.decision_package_list).toHaveLength(10);
      for (const p of first.decision_package_list) expect(p).not.toHaveProperty('document');
      const updated = first.decision_package_list.map((p) => p.updated_at!);
      expect([...updated].sort().reverse()).toEqual(updated);
      const all = [];
      for (let page = 1; page <= 3; page++) all.push(...(await rulePackageList({ page, page_size: 10 })).decision_package_list);
      expect(new Set(all.map((p) => p.package_id)).size).toBe(Math.min(30, 26 + globals));
      expect(all.map((p) => p.name.en)).not.toContain('Colleague private');
    });

    it('filters by scope, status and a search of both names and the owner; sorts by name in the caller\'s language', async () => {
      lister.use();
      expect((await rulePackageList({ scope: 'mine' })).total).toBe(25);
      const shared = await rulePackageList({ scope: 'shared' });
      expect(shared.decision_package_list.map((p) => [p.name.en, p.owner])).toEqual([['Colleague sepsis screen', 'rule.colleague']]);
      const published = await rulePackageList({ scope: 'mine', status: 'published', sort: 'name' });
      expect(published.decision_package_list.map((p) => p.name.en)).toEqual(['Protocol 05', 'Protocol 10', 'Protocol 15', 'Protocol 20', 'Protocol 25']);
      expect(published.decision_package_list.every((p) => p.status === 'published' && p.published_version === 1)).toBe(true);
      expect((await rulePackageList({ scope: 'mine', status: 'draft' })).total).toBe(20);
      expect((await rulePackageList({ search: 'protokol 1' })).decision_package_list.map((p) => p.name.tr)).toHaveLength(10);
      expect((await rulePackageList({ search: 'SEPSIS' })).total).toBe(1);
      expect((await rulePackageList({ search: 'colleague' })).decision_package_list.map((p) => p.owner)).toEqual(['rule.colleague']);
      expect((await rulePackageList({ search: '100%' })).total).toBe(0);
      const desc = await rulePackageList({ scope: 'mine', sort: '-name', page_size: 3 });
      expect(desc.decision_package_list.map((p) => p.name.en)).toEqual(['Protocol 25', 'Protocol 24', 'Protocol 23']);
      lister.use({ lang: 0 });
      const tr = await rulePackageList({ scope: 'shared', sort: 'name' });
      expect(tr.decision_package_list[0].name.tr).toBe('Meslektaş sepsis taraması');
      const beyond = await rulePackageList({ page: 50, page_size: 10 });
      expect(beyond.decision_package_list).toEqual([]);
      expect(beyond.total).toBeGreaterThan(0);
    });
  });

  describe('refused writes', () => {
    it('change nothing and each leave an audit record', async () => {
      const id = await publishedBmi(owner, 'Guarded');
      const before = await snapshot(t.db);
      const audits = await auditCount(t.db, 'rule_package_save');
      owner.use();
      expect((await rulePackageSave({ package_id: id, version: 5, document: bmiDocument() })).status_code).toBe('14041');
      expect((await rulePackageSave({ package_id: id, version: 1, document: { format: 'sema-decision-graph', format_version: 1, nodes: 'x' } as never })).status_code).toBe('10001');
      expect((await rulePackageSave({ package_id: '00000000-0000-4000-8000-000000000000', version: 1, document: bmiDocument() })).status_code).toBe('10016');
      expect((await rulePackagePublish({ package_id: id, version: 1 })).status_code).toBe('14043');
      stranger.use();
      expect((await rulePackageSave({ package_id: id, version: 1, document: bmiDocument() })).status_code).toBe('10016');
      expect(await snapshot(t.db)).toEqual(before);
      expect(await auditCount(t.db, 'rule_package_save')).toBe(audits + 4);
    });
  });
});
