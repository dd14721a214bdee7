// The data layers of the db page (issue 13, part "database") against PGlite and PostgreSQL: the frd layer still
// answers /layer/wdm/get after its move; a site's admin lists, browses, queries and edits its own layers (every
// rule operator on jsonb, on the server), reads the system's without changing them, never sees another site's;
// a record is checked against its layer in the caller's language, audited with its values before and after, and
// refused when it changed meanwhile; a workbook updates a layer all or nothing through the `layer_import` process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  dbDataGet,
  dbLayerList,
  dbLayerQuery,
  dbLayerTemplate,
  dbRecord,
  dbRecordDelete,
  layerTreeWdmGet,
  layerWdmGet,
  systemUpdateByExcel,
} from '../../src/generated/client/index.ts';
import type { DbLayerQueryRequest } from '../../src/generated/types/routes.ts';
import type { JobRun, LogLevel } from '../../server/jobs/job-kind.ts';
import { layerImportJob, type LayerImportPayload } from '../../server/services/layer-import.ts';
import { tableToXlsx } from '../../server/services/excel.ts';
import { setWorkbookReadLimitForTests } from '../../server/services/workbook-reader.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, tenantIdOf, type Actor } from './support/actors.ts';

/** The processes the handlers started (the app only queues them: it runs no worker). */
const started = async (db: TestApp['db'], kind: string) =>
  db.query<{ process_id: string; process_kind: string; tenant_id: string; user_id: string | null; lang: string; payload: LayerImportPayload }>(
    'select process_id, process_kind, tenant_id, user_id, lang, payload from process where process_kind = $1 order by created_at',
    [kind],
  );

const xlsx = async (header: string[], rows: (string | number | boolean | null)[][]) =>
  (await tableToXlsx('Birimler', header.map((h) => ({ key: h, label: h })), rows)).toString('base64');

describe.each(databaseKinds('depends-on-database'))('data layers on %s', (kind) => {
  let t: TestApp;
  let admin: Actor;
  let clinicalAdmin: Actor;
  let clerk: Actor;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await actor(t, 'katman.admin', { authCodes: ['admin'] });
    clinicalAdmin = await actor(t, 'katman.admin', { domain: 'clinical.localhost', authCodes: ['admin'] });
    clerk = await actor(t, 'katman.okur', { authCodes: ['shop_admin'] });
  });
  afterAll(() => t.close());

  const topLevel = async (code: string) => (await dbDataGet({ layer_code: code, top_level: true, sort: 'position' })).record_list;
  const names = (list: { record: Record<string, unknown> }[]) => list.map((r) => String(r.record.name)).sort();

  it('keeps answering the frd layer with the language options at start-up', async () => {
    t.as();
    const res = await layerWdmGet({ layer_code_list: 'frd,places' });
    expect(res.status_code, res.status_message).toBe('10000');
    // Only system layers are published there: a site's own layers (places) stay behind the admin's routes.
    expect(res.layer_wdm_list).toEqual({ frd: { language_options: [{ label: 'tr', value: 0 }, { label: 'en', value: 1 }] } });
  });

  it("lists the site's layers and the system's, and refuses a user without admin (10009)", async () => {
    admin.use();
    const res = await dbLayerList({});
    expect(res.status_code, res.status_message).toBe('10000');
    expect(res.layer_list.map((l) => [l.layer_code, l.is_system, l.record_count])).toEqual([
      ['places', false, 7],
      ['units', false, 4],
      ['frd', true, 2],
    ]);
    clerk.use();
    for (const refused of [await dbLayerList({}), await dbDataGet({ layer_code: 'units' }), await dbRecord({ layer_code: 'units', record: { name: 'X' } })])
      expect(refused.status_code).toBe('10009');
  });

  it('browses a tree layer level by level and searches its values', async () => {
    admin.use();
    const countries = await topLevel('places');
    expect(countries.map((r) => [(r.record as { name: string }).name, r.child_count])).toEqual([
      ['Türkiye', 3],
      ['Deutschland', 2],
    ]);
    const cities = await dbDataGet({ layer_code: 'places', parent_record_id: countries[0].record_id, sort: 'position' });
    expect(cities.record_list.map((r) => (r.record as { name: string }).name)).toEqual(['Ankara', 'İstanbul', 'İzmir']);
    expect(cities.record_list.every((r) => r.parent_record_id === countries[0].record_id)).toBe(true);
    const found = await dbDataGet({ layer_code: 'places', search: 'münch' });
    expect(names(found.record_list)).toEqual(['München']);
    const paged = await dbDataGet({ layer_code: 'places', page: 2, page_size: 5 });
    expect([paged.total, paged.record_list.length]).toEqual([7, 2]);
  });

  it("never shows another site's records: each site has its own places, and the tree of forms answers parameters", async () => {
    clinicalAdmin.use();
    const mine = await topLevel('places');
    admin.use();
    const theirs = await topLevel('places');
    expect(mine.map((r) => r.record_id)).not.toEqual(expect.arrayContaining(theirs.map((r) => r.record_id)));
    // A record id of the other site is unknown here.
    const foreign = await dbRecord({ layer_code: 'places', record_id: mine[0].record_id, row_version: 1, record: { name: 'X', kind: 'country' } });
    expect(foreign).toMatchObject({ status_code: '10016', http_status: 404 });
    const unknown = await dbDataGet({ layer_code: 'no_such_layer' });
    expect(unknown.status_code).toBe('10016');

    t.as();
    const tree = await layerTreeWdmGet({ layer_code: 'units' });
    expect(tree.layer_tree.find((n) => n.id === 'unit_type')).toMatchObject({
      label: { en: 'Type', tr: 'Tür' },
      type: 'select',
      children: expect.arrayContaining([{ id: 'unit_type.ward', label: { en: 'Ward', tr: 'Servis' }, type: 'option', children: [] }]),
    });
  });

  it('queries with every rule operator, and or or, on the server', async () => {
    admin.use();
    const query = async (condition_list: DbLayerQueryRequest['condition_list'], logic: 'and' | 'or' = 'and') => {
      const res = await dbLayerQuery({ layer_code: 'places', condition_list, logic, page_size: 100 });
      expect(res.status_code, res.status_message).toBe('10000');
      return names(res.record_list);
    };
    expect(await query([{ field: 'kind', operator: 'equal', value: 'city' }, { field: 'population', operator: 'greater', value: 5_000_000 }])).toEqual(['Ankara', 'İstanbul']);
    expect(await query([{ field: 'population', operator: 'greater_or_equal', value: '15655924' }])).toEqual(['Deutschland', 'Türkiye', 'İstanbul']);
    expect(await query([{ field: 'population', operator: 'smaller', value: 2_000_000 }])).toEqual(['München']);
    expect(await query([{ field: 'population', operator: 'smaller_or_equal', value: 3_878_100 }])).toEqual(['Berlin', 'München']);
    expect(await query([{ field: 'name', operator: 'equal', value: 'ANKARA' }])).toEqual(['Ankara']);
    expect(await query([{ field: 'kind', operator: 'not_equal', value: 'city' }])).toEqual(['Deutschland', 'Türkiye']);
    expect(await query([{ field: 'name', operator: 'includes', value: 'an' }])).toEqual(['Ankara', 'Deutschland', 'İstanbul']);
    expect(await query([{ field: 'kind', operator: 'equal', value: 'city' }, { field: 'name', operator: 'not_includes', value: 'i' }])).toEqual(['Ankara', 'München']);
    expect(await query([{ field: 'is_capital', operator: 'equal', value: true }])).toEqual(['Ankara', 'Berlin']);
    expect(await query([{ field: 'is_capital', operator: 'equal', value: null }])).toEqual(['Deutschland', 'Türkiye']);
    expect(await query([{ field: 'code', operator: 'equal', value: 'TR' }, { field: 'code', operator: 'equal', value: 'DE' }], 'or')).toEqual(['Deutschland', 'Türkiye']);
    expect(await query([{ field: 'name', operator: 'do_not_look_for_value' }])).toHaveLength(7);
    // A value that looks like SQL is only a value.
    expect(await query([{ field: 'name', operator: 'equal', value: "x' or '1'='1" }])).toEqual([]);

    const unknownField = await dbLayerQuery({ layer_code: 'places', condition_list: [{ field: 'colour', operator: 'equal', value: 'red' }] });
    expect([unknownField.status_code, unknownField.status_message]).toEqual(['13085', 'This layer has no field colour.']);
    admin.use({ lang: 0 });
    const badNumber = await dbLayerQuery({ layer_code: 'places', condition_list: [{ field: 'population', operator: 'greater', value: 'çok' }] });
    expect(badNumber).toMatchObject({ status_code: '10001', errors: [{ field: 'condition_list.0.value', message: 'Lütfen bir sayı yazın.' }] });
  });

  it("checks a record against its layer in the caller's language and refuses it whole", async () => {
    admin.use({ lang: 0 });
    const before = await dbDataGet({ layer_code: 'units' });
    const res = await dbRecord({ layer_code: 'units', record: { unit_type: 'garage', bed_count: 900, opened_on: '2024-02-30', colour: 'red' } });
    expect(res).toMatchObject({ status_code: '13080', http_status: 400 });
    expect(res.status_message).toMatch(/^JSON yapısını kontrol edin\./);
    expect((res as { errors?: unknown }).errors).toEqual([
      { field: 'record.colour', message: 'Bu katmanda colour alanı yok.' },
      { field: 'record.name', message: 'Bu alan zorunludur. Lütfen doldurun.' },
      { field: 'record.unit_type', message: 'Lütfen seçeneklerden birini seçin.' },
      { field: 'record.bed_count', message: expect.stringContaining('500') },
      { field: 'record.opened_on', message: 'Lütfen tarihi YYYY-AA-GG biçiminde yazın.' },
      { field: 'record.is_active', message: 'Bu alan zorunludur. Lütfen doldurun.' },
    ]);
    expect((await dbDataGet({ layer_code: 'units' })).total).toBe(before.total);
  });

  it('creates, edits and deletes a record, audited with its values before and after; a stale edit answers 409', async () => {
    admin.use();
    const made = await dbRecord({ layer_code: 'units', record: { name: 'Radyoloji', unit_type: 'ward', bed_count: 10, is_active: true, opened_on: '' } });
    expect(made.status_code, made.status_message).toBe('10000');
    expect(made.layer_record).toMatchObject({ row_version: 1, record: { name: 'Radyoloji', unit_type: 'ward', bed_count: 10, is_active: true } });
    expect(made.record).not.toHaveProperty('opened_on');
    const id = made.record_id;

    const edited = await dbRecord({ layer_code: 'units', record_id: id, row_version: 1, record: { ...made.record, bed_count: 12 } });
    expect(edited.layer_record.row_version).toBe(2);
    const stale = await dbRecord({ layer_code: 'units', record_id: id, row_version: 1, record: { ...made.record, bed_count: 14 } });
    expect(stale).toMatchObject({ status_code: '13082', http_status: 409 });
    expect(stale.status_message).toContain('2');
    const latest = await dbDataGet({ layer_code: 'units', record_id: id });
    expect(latest.record_list.map((r) => [r.row_version, (r.record as { bed_count: number }).bed_count])).toEqual([[2, 12]]);

    const changes = await t.db.query<{ changed_by: string; before: { bed_count: number } | null; after: { bed_count: number } | null }>(
      'select changed_by, before, after from layer_record_change where record_id = $1 order by changed_at, after is null',
      [id],
    );
    expect(changes.map((c) => [c.before?.bed_count ?? null, c.after?.bed_count ?? null])).toEqual([
      [null, 10],
      [10, 12],
    ]);
    const audit = await t.db.query<{ route_name: string; entity: string; record_id: string; status_code: string }>(
      "select route_name, entity, record_id, status_code from audit_record where route_name = 'db_record' and record_id = $1 order by occurred_at",
      [id],
    );
    expect(audit.map((a) => [a.entity, a.status_code])).toEqual([
      ['layer_record', '10000'],
      ['layer_record', '10000'],
      ['layer_record', '13082'],
    ]);

    expect((await dbRecordDelete({ layer_code: 'units', record_id: id, row_version: 1 })).status_code).toBe('13082');
    const deleted = await dbRecordDelete({ layer_code: 'units', record_id: id, row_version: 2 });
    expect(deleted.status_code, deleted.status_message).toBe('10000');
    const [last] = await t.db.query<{ before: object; after: object | null }>("select before, after from layer_record_change where record_id = $1 and changed_by = 'delete'", [id]);
    expect(last).toEqual({ before: expect.objectContaining({ bed_count: 12 }), after: null });
  });

  it('keeps the tree whole: no parent in a flat layer, no loop, no delete of a record with records under it', async () => {
    admin.use();
    const [turkiye, deutschland] = await topLevel('places');
    const city = (await dbDataGet({ layer_code: 'places', parent_record_id: deutschland.record_id, sort: 'position' })).record_list[0];
    const loop = await dbRecord({ layer_code: 'places', record_id: turkiye.record_id, row_version: turkiye.row_version, parent_record_id: turkiye.record_id, record: turkiye.record });
    expect(loop.status_code).toBe('13084');
    const flat = await dbRecord({ layer_code: 'units', parent_record_id: turkiye.record_id, record: { name: 'X', unit_type: 'office', is_active: true } });
    expect(flat.status_code).toBe('13089');
    const busy = await dbRecordDelete({ layer_code: 'places', record_id: deutschland.record_id, row_version: deutschland.row_version });
    expect([busy.status_code, busy.status_message]).toEqual(['13083', 'This record has 2 records under it: delete or move them first.']);
    // Moving Berlin under Türkiye is allowed.
    const moved = await dbRecord({ layer_code: 'places', record_id: city.record_id, row_version: city.row_version, parent_record_id: turkiye.record_id, record: city.record });
    expect(moved.layer_record.parent_record_id).toBe(turkiye.record_id);
  });

  it('reads the system layer but never changes it from a site (13081)', async () => {
    admin.use();
    const [tr] = await topLevel('frd');
    expect(tr.record).toEqual({ label: 'tr', value: 0 });
    const res = await dbRecord({ layer_code: 'frd', record_id: tr.record_id, row_version: tr.row_version, record: { label: 'tr', value: 1 } });
    expect(res).toMatchObject({ status_code: '13081', http_status: 403 });
    expect((await dbRecordDelete({ layer_code: 'frd', record_id: tr.record_id, row_version: tr.row_version })).status_code).toBe('13081');
    t.as();
    expect((await layerWdmGet({ layer_code_list: 'frd' })).layer_wdm_list.frd?.language_options[0]).toEqual({ label: 'tr', value: 0 });
  });

  it("hands out the import template with the layer's labels in the caller's language", async () => {
    admin.use({ lang: 0 });
    const res = await dbLayerTemplate({ layer_code: 'places' });
    expect(res.file.file_name).toBe('places.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(res.file.content_base64, 'base64') as unknown as ArrayBuffer);
    expect((book.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(['Kayıt no', 'Üst kayıt', 'Ad', 'Tür', 'Kod', 'Nüfus', 'Başkent']);
  });

  it('checks the workbook, then starts the layer_import process in the transaction and answers it', async () => {
    admin.use();
    const wrongName = await systemUpdateByExcel({ layer_code: 'units', excel_file: { file_name: 'birimler.csv', content_base64: 'YWJj' } });
    expect(wrongName.status_code).toBe('13001');
    const notABook = await systemUpdateByExcel({ layer_code: 'units', excel_file: { file_name: 'birimler.xlsx', content_base64: Buffer.from('not a workbook at all').toString('base64') } });
    expect(notABook.status_code).toBe('13002');
    expect((await systemUpdateByExcel({ layer_code: 'frd', excel_file: { file_name: 'diller.xlsx', content_base64: await xlsx(['label'], [['tr']]) } })).status_code).toBe('13081');
    expect(await started(t.db, 'layer_import')).toHaveLength(0);
    // Read in a worker thread under the read time limit, as every workbook is: past it, refused and nothing started.
    setWorkbookReadLimitForTests(1);
    try {
      const slow = await systemUpdateByExcel({ layer_code: 'units', excel_file: { file_name: 'birimler.xlsx', content_base64: await xlsx(['Name', 'Tür'], [['Acil', 'Servis']]) } });
      expect([slow.status_code, slow.status_message]).toEqual(['13130', expect.stringMatching(/took too long/)]);
    } finally {
      setWorkbookReadLimitForTests();
    }
    expect(await started(t.db, 'layer_import')).toHaveLength(0);

    const res = await systemUpdateByExcel({ layer_code: 'units', excel_file: { file_name: 'birimler.xlsx', content_base64: await xlsx(['Name', 'Tür'], [['Acil', 'Servis']]) } });
    expect(res.status_code, res.status_message).toBe('10000');
    expect(res.process_info).toMatchObject({ process_status: 'waiting', process_name: 'Update of the layer Units and departments from birimler.xlsx' });
    expect(await started(t.db, 'layer_import')).toEqual([
      expect.objectContaining({ process_id: res.process_info.process_id, tenant_id: await tenantIdOf(t.db), user_id: admin.userId, lang: 'en', payload: expect.objectContaining({ layer_code: 'units' }) }),
    ]);
  });

  describe('the layer_import process', () => {
    /** Runs the kind directly on the payload the handler queued for this workbook, with a JobRun of the test's. */
    async function runImport(header: string[], rows: (string | number | boolean | null)[][], options: { stopAt?: number } = {}) {
      admin.use();
      const res = await systemUpdateByExcel({ layer_code: 'units', excel_file: { file_name: 'birimler.xlsx', content_base64: await xlsx(header, rows) } });
      expect(res.status_code, res.status_message).toBe('10000');
      const payload = (await started(t.db, 'layer_import')).find((p) => p.process_id === res.process_info.process_id)?.payload as LayerImportPayload; // as stored by the queue
      const stop = new AbortController();
      const progress: number[] = [];
      const log: [LogLevel, string][] = [];
      const run: JobRun = {
        processId: res.process_info.process_id,
        tenantId: await tenantIdOf(t.db),
        userId: admin.userId,
        lang: 'en',
        signal: stop.signal,
        db: t.db,
        progress: async (p) => {
          progress.push(p);
          if (options.stopAt !== undefined && p >= options.stopAt) stop.abort(new Error('stopped'));
        },
        log: async (level, message) => {
          log.push([level, message]);
        },
      };
      const outcome = await layerImportJob.run(payload, run).then(
        () => 'done',
        (e: Error) => e.message,
      );
      return { outcome, progress, log };
    }
    const unitNames = async () => names((await dbDataGet({ layer_code: 'units', page_size: 100 })).record_list);

    it('writes nothing when one row is invalid, and logs each problem with its row and column', async () => {
      const before = await unitNames();
      const { outcome, log } = await runImport(
        ['Ad', 'Tür', 'Yatak sayısı', 'Etkin'],
        [
          ['Kardiyoloji', 'Servis', 20, 'evet'],
          ['Nöroloji', 'garaj', 700, 'evet'],
        ],
      );
      expect(outcome).toBe('Nothing was written: correct these rows and upload the file again.');
      expect(log).toEqual([
        ['warning', '2 rows read and checked; 2 problem(s).'],
        ['error', 'Row 3, Tür: Please choose one of the options.'],
        ['error', expect.stringMatching(/^Row 3, Yatak sayısı: You have exceeded the maximum value.*500$/)],
      ]);
      expect(await unitNames()).toEqual(before);
    });

    it('creates and replaces records in one go, reporting its progress every 2 % up to 100', async () => {
      admin.use();
      const lab = (await dbLayerQuery({ layer_code: 'units', condition_list: [{ field: 'unit_type', operator: 'equal', value: 'laboratory' }] })).record_list[0];
      const rows: (string | number | boolean | null)[][] = [[lab.record_id, 'Merkez Laboratuvarı', 'laboratory', null, 'no']];
      for (let i = 1; i <= 120; i++) rows.push([null, `Poliklinik ${i}`, 'Office', i % 5, 'yes']);
      const { outcome, progress, log } = await runImport(['record_id', 'Name', 'Type', 'Beds', 'Active'], rows);
      expect(outcome, JSON.stringify(log)).toBe('done');
      expect(log).toEqual([
        ['info', '121 rows read and checked; 0 problem(s).'],
        ['info', 'Done: 120 record(s) created, 1 replaced.'],
      ]);
      expect(progress.length).toBeGreaterThanOrEqual(40);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(progress.at(-1)).toBe(100);
      const replaced = (await dbDataGet({ layer_code: 'units', search: 'Merkez' })).record_list[0];
      expect([(replaced.record as { is_active: boolean }).is_active, replaced.row_version]).toEqual([false, 2]);
      expect((await dbDataGet({ layer_code: 'units', search: 'Poliklinik' })).total).toBe(120);
      const [{ count }] = await t.db.query<{ count: number }>("select count(*)::int as count from layer_record_change where changed_by = 'import'");
      expect(count).toBe(121);
    });

    it('honours a stop before it writes', async () => {
      const before = await unitNames();
      const { outcome } = await runImport(['Ad', 'Tür', 'Etkin'], [['Göz', 'Servis', 'evet']], { stopAt: 90 });
      expect(outcome).toBe('stopped');
      expect(await unitNames()).toEqual(before);
    });
  });
});
