// Excel in and out: a shop's bundles and products created and updated from an uploaded .xlsx in one
// transaction (every rejection of spec section 5 — type, content, 100,000 filled cells — and per-row errors
// that leave everything as it was), and /table/to/excel producing a valid .xlsx (read back with exceljs).
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  excelCalculateCredit,
  shopBundleUpdateByExcel,
  tableToExcel,
  userShopBundleGet,
  userShopBundleList,
} from '../../src/generated/client/index.ts';
import { checkWorkbookBytes, EXCEL_ROW_LIMIT, EXCEL_UNPACKED_LIMIT, unpacksWithin } from '../../server/services/excel.ts';
import { emptyRowsWorkbook, lyingWorkbook } from './support/zip-bomb.ts';
import { setWorkbookPoolForTests, setWorkbookReadLimitForTests } from '../../server/services/workbook-reader.ts';
import { grantCredits } from '../../server/services/credit-ledger.ts';
import { frontendKeyForTest } from './harness.ts';
import { tenantIdOf } from './support/actors.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, type Actor } from './support/actors.ts';
import { addBundle, addProduct, openShop } from './support/shops.ts';

type Cell = string | number | boolean | Date | null;

async function workbook(rows: Cell[][], sheetName = 'Paketler'): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

interface Refused {
  status_code: string;
  status_message: string;
  error_list?: { sheet?: string; row: number; column?: string; message: { en: string; tr: string } }[];
  errors?: { field: string; message: string }[];
}

describe.each(databaseKinds('same-on-every-database'))('Excel on %s', (kind) => {
  let t: TestApp;
  let bundler: Actor;
  let outsider: Actor;
  let shop: string;
  let existingBundle: string;
  let existingProduct: string;

  const upload = (content_base64: string, file_name = 'paketler.xlsx', who: Actor = bundler, shopId = shop) => {
    who.use();
    return shopBundleUpdateByExcel({ shop_client_id: shopId, user_client_id: who.userId, excel_file: { file_name, content_base64 } });
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    const owner = await actor(t, 'excel.owner', { authCodes: ['shop_new', 'shop_admin'] });
    bundler = await actor(t, 'excel.bundler', { authCodes: ['shop_bundle_add_edit'] });
    outsider = await actor(t, 'excel.outsider', { authCodes: ['shop_bundle_add_edit'] });
    shop = await openShop(owner, 'Excel Mağazası', [bundler]);
    existingBundle = await addBundle(bundler, shop, 'Mevcut paket', { priority: 'low', feature_list: ['Eski özellik'] });
    existingProduct = await addProduct(bundler, shop, existingBundle, 'Mevcut ürün', {
      pay_type: 'one_time',
      currency_type: 0,
      currency_amount_list: [
        { currency_type: 0, amount: 10000 },
        { currency_type: 1, amount: 400 },
      ],
      pro_info: 'Korunacak bilgi',
    });
  });
  afterAll(() => t.close());

  describe('shop/bundle/update/by_excel', () => {
    it('creates and updates bundles and products from one sheet (names or labels as headers), in one go', async () => {
      const content = await workbook([
        ['bundle_client_id', 'Paket adı', 'Features', 'Öncelik', 'pro_client_id', 'pro_name', 'Ödeme türü', 'pay_period_type', 'Fiyat (₺)', 'Price ($)', 'pay_credit_card', 'pro_start_date', 'Durum'],
        [null, 'Excel Paketi', 'Birinci özellik\nİkinci özellik', 'Yüksek', null, 'Excel ürünü A', 'Tek seferlik ödeme', null, 1499.9, 59, 'evet', new Date(Date.UTC(2025, 2, 1)), 'active'],
        [null, 'Excel Paketi', null, null, null, 'Excel ürünü B', 'periodic', 'monthly', '249,90', null, false, '15.04.2025', null],
        [existingBundle, 'Mevcut paket (yeni ad)', 'Yeni özellik | Bir tane daha', 'urgent', existingProduct, null, null, null, 129.5, null, null, null, null],
        [existingBundle, null, null, null, null, 'Eklenen ürün', 'free', null, 0, 0, null, null, null],
        [null, 'Yalnız paket', null, null, null, null, null, null, null, null, null, null, null],
      ]);
      const res = await upload(content);
      expect(res.status_code, JSON.stringify(res)).toBe('10000');
      expect(res).toMatchObject({ created_count: 5, updated_count: 2, error_list: [] });

      bundler.use();
      const list = await userShopBundleList({ shop_client_id: shop, user_client_id: bundler.userId, sort: 'bundle_name' });
      const byName = new Map(list.bundle_list.map((b) => [b.bundle_name, b]));
      expect([...byName.keys()]).toEqual(['Excel Paketi', 'Mevcut paket (yeni ad)', 'Yalnız paket']);
      const created = byName.get('Excel Paketi')!;
      expect(created).toMatchObject({ feature_list: ['Birinci özellik', 'İkinci özellik'], priority: 'high', bundle_status: 'passive', user_client_id: bundler.userId });
      const createdView = await userShopBundleGet({ shop_client_id: shop, bundle_client_id: created.bundle_client_id, user_client_id: bundler.userId });
      expect(createdView.product_list.map((p) => [p.pro_name, p.pay_type, p.currency_amount_list, p.currency_type])).toEqual([
        ['Excel ürünü A', 'one_time', [{ currency_type: 0, amount: 149990 }, { currency_type: 1, amount: 5900 }], 0],
        ['Excel ürünü B', 'periodic', [{ currency_type: 0, amount: 24990 }], 0],
      ]);
      expect(createdView.product_list[0]).toMatchObject({ pay_credit_card: true, pro_start_date: '2025-03-01' });
      expect(createdView.product_list[1]).toMatchObject({ pay_credit_card: false, pro_start_date: '2025-04-15', pay_period_type: 'monthly' });

      const existing = await userShopBundleGet({ shop_client_id: shop, bundle_client_id: existingBundle, user_client_id: bundler.userId });
      expect(existing.bundle).toMatchObject({ bundle_name: 'Mevcut paket (yeni ad)', priority: 'urgent', feature_list: ['Yeni özellik', 'Bir tane daha'] });
      const [updatedProduct, added] = existing.product_list;
      // Only the cells given change: the dollar price and the info stay.
      expect(updatedProduct).toMatchObject({
        pro_client_id: existingProduct,
        pro_name: 'Mevcut ürün',
        pro_info: 'Korunacak bilgi',
        currency_amount_list: [
          { currency_type: 0, amount: 12950 },
          { currency_type: 1, amount: 400 },
        ],
      });
      expect(added).toMatchObject({ pro_name: 'Eklenen ürün', pay_type: 'free', currency_amount_list: [{ currency_type: 0, amount: 0 }, { currency_type: 1, amount: 0 }] });
      const [audit] = await t.db.query<{ entity: string; record_id: string }>(
        "select entity, record_id from audit_record where route_name = 'shop_bundle_update_by_excel' and status_code = '10000'",
      );
      expect(audit).toEqual({ entity: 'shop', record_id: shop });
    });

    it('reports every bad row (sheet, row, column, both languages) and changes nothing', async () => {
      const before = await snapshot(t.db);
      const content = await workbook([
        ['bundle_client_id', 'bundle_name', 'priority', 'pro_client_id', 'pro_name', 'pay_type', 'price_try', 'pro_usage_count', 'Renk'],
        [null, 'Geçerli yeni paket', 'normal', null, 'Geçerli ürün', 'one_time', 10, 5, null],
        ['3b42b360-66af-4676-8979-006146c6be14', null, null, null, null, null, null, null, null],
        [null, 'Kötü paket', 'çok acil', null, 'Ürün', 'periodic', '12,345', 'beş', null],
        [existingBundle, null, null, null, null, 'one_time', null, null, null],
      ]);
      const res = (await upload(content)) as unknown as Refused;
      expect(res.status_code).toBe('10001');
      expect(res.error_list).toEqual([{ sheet: 'Paketler', row: 1, column: 'Renk', message: { en: 'is not a column this file can have', tr: 'bu dosyada olabilecek bir sütun değil' } }]);
      expect(await snapshot(t.db)).toEqual(before);

      // Without the unknown column, the rows themselves are checked.
      const rows = await workbook([
        ['bundle_client_id', 'bundle_name', 'priority', 'pro_client_id', 'pro_name', 'pay_type', 'price_try', 'pro_usage_count'],
        [null, 'Geçerli yeni paket', 'normal', null, 'Geçerli ürün', 'one_time', 10, 5],
        ['3b42b360-66af-4676-8979-006146c6be14', null, null, null, null, null, null, null],
        [null, 'Kötü paket', 'çok acil', null, 'Ürün', 'periodic', '12,345', 'beş'],
        [existingBundle, null, null, null, null, 'one_time', null, null],
      ]);
      const refused = (await upload(rows)) as unknown as Refused;
      expect(refused.status_code).toBe('10001');
      expect(refused.error_list!.map((e) => [e.row, e.column])).toEqual([
        [3, 'bundle_client_id'],
        [4, 'priority'],
        [4, 'price_try'],
        [4, 'pro_usage_count'],
      ]);
      expect(refused.error_list![1].message.en).toBe('must be one of: low, normal, high, urgent');
      expect(refused.errors).toEqual([{ field: 'excel_file', message: expect.stringContaining('4 ×') }]);
      expect(await snapshot(t.db)).toEqual(before);

      // Cells right, records wrong: the rules of bundle/new and product/new.
      const records = await workbook([
        ['bundle_client_id', 'bundle_name', 'pro_name', 'pay_type', 'pro_start_date', 'pro_end_date'],
        [null, 'Geçerli yeni paket', 'Dönemsel', 'periodic', null, null],
        [existingBundle, null, null, 'one_time', null, null],
        [null, 'x'.repeat(201), null, null, null, null],
        [null, 'Tarihli', 'Ters', null, '2026-02-01', '2026-01-01'],
      ]);
      const checked = (await upload(records)) as unknown as Refused;
      expect(checked.error_list!.map((e) => [e.row, e.column, e.message.en])).toEqual([
        [2, 'pay_period_type', 'is needed when the payment type is periodic'],
        [3, 'pro_name', 'is required'],
        [4, 'bundle_name', 'must be at most 200 characters'],
        [5, 'pro_end_date', 'must not be before pro_start_date'],
      ]);
      expect(checked.error_list![1].message.tr).toBe('zorunludur');
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('refuses a file whose name is not .xls/.xlsx (13001), content that is no workbook (13002) and more than 100,000 filled cells (13003)', async () => {
      const before = await snapshot(t.db);
      const good = await workbook([['bundle_name'], ['Paket']]);
      const wrongName = await upload(good, 'paketler.csv');
      expect(wrongName).toMatchObject({ status_code: '13001', status_message: 'Only .xls or .xlsx files can be uploaded' });
      bundler.use({ lang: 0 });
      const tr = await shopBundleUpdateByExcel({ shop_client_id: shop, user_client_id: bundler.userId, excel_file: { file_name: 'a.pdf', content_base64: good } });
      expect(tr).toMatchObject({ status_code: '13001', status_message: 'Yalnızca .xls veya .xlsx dosyaları yüklenebilir' });

      expect(await upload(Buffer.from('bundle_name\nPaket\n').toString('base64'))).toMatchObject({ status_code: '13002', status_message: 'Invalid file type' });
      const legacy = (await upload(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]).toString('base64'), 'eski.xls')) as unknown as Refused;
      expect(legacy.status_code).toBe('13002');
      expect(legacy.errors![0].message).toContain('.xlsx');
      // A ZIP that is not a workbook.
      const zip = new ExcelJS.Workbook();
      const notWorkbook = Buffer.from(await zip.xlsx.writeBuffer());
      expect((await upload(notWorkbook.toString('base64').slice(0, 200))).status_code).toBe('13002');

      const wide = new ExcelJS.Workbook();
      const sheet = wide.addWorksheet('Çok');
      sheet.addRow(['bundle_name', ...Array.from({ length: 99 }, (_, i) => `c${i}`)]);
      for (let r = 0; r < 1000; r++) sheet.addRow(Array.from({ length: 100 }, (_, i) => i));
      const tooMany = await upload(Buffer.from(await wide.xlsx.writeBuffer()).toString('base64'));
      expect(tooMany).toMatchObject({ status_code: '13003', status_message: 'The Excel file can have at most 100,000 filled cells' });
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('refuses a workbook whose parts claim to unpack to more than the limit (a zip bomb) before reading it', async () => {
      const bytes = Buffer.from(Buffer.from(await workbook([['bundle_name'], ['Paket']]), 'base64'));
      expect(checkWorkbookBytes(bytes)).toBeUndefined();
      // Patch the uncompressed size of the first central-directory entry.
      const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      bytes.writeUInt32LE(0xfffffff0, central + 24);
      expect(checkWorkbookBytes(bytes)).toBe('too_large');
      expect((await upload(bytes.toString('base64'))).status_code).toBe('13003');
    });

    it('reads the workbook in a worker thread under the read time limit: a read past it is refused (13130) and changes nothing', async () => {
      const before = await snapshot(t.db);
      setWorkbookReadLimitForTests(1);
      try {
        bundler.use({ lang: 0 });
        const slow = await shopBundleUpdateByExcel({ shop_client_id: shop, user_client_id: bundler.userId, excel_file: { file_name: 'paketler.xlsx', content_base64: await workbook([['bundle_name'], ['Yavaş paket']]) } });
        expect(slow.status_code).toBe('13130');
        expect(slow.status_message).toMatch(/çok uzun sürdü/);
      } finally {
        setWorkbookReadLimitForTests();
      }
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('is for the shop\'s staff: 10016 for a stranger, before the file is even read', async () => {
      const before = await snapshot(t.db);
      expect((await upload(await workbook([['bundle_name'], ['Sızma']]), 'a.xlsx', outsider)).status_code).toBe('10016');
      expect((await upload('AAAA', 'a.xlsx', outsider)).status_code).toBe('10016');
      expect(await snapshot(t.db)).toEqual(before);
    });
  });

  describe('table/to/excel', () => {
    it('answers an .xlsx whose sheet holds the labels and the rows, text as text', async () => {
      bundler.use();
      const res = await tableToExcel({
        file_name: 'paketler',
        sheet_name: 'Paket listesi',
        column_list: [
          { key: 'bundle_name', label: 'Paket adı' },
          { key: 'price', label: 'Fiyat' },
          { key: 'active', label: 'Aktif' },
          { key: 'note', label: 'Not' },
        ],
        row_list: [
          ['Başlangıç', 1499.9, true, null],
          ['=1+1', 0, false, 'Şerit "tırnak"'],
        ],
      });
      expect(res.status_code, res.status_message).toBe('10000');
      expect(res.file).toMatchObject({ file_name: 'paketler.xlsx', content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(res.file.content_base64, 'base64') as never);
      const ws = wb.getWorksheet('Paket listesi')!;
      expect(ws.getRow(1).values).toEqual([undefined, 'Paket adı', 'Fiyat', 'Aktif', 'Not']);
      expect(ws.getRow(1).font?.bold).toBe(true);
      expect(ws.getRow(2).values).toEqual([undefined, 'Başlangıç', 1499.9, true]);
      expect(ws.getRow(3).values).toEqual([undefined, '=1+1', 0, false, 'Şerit "tırnak"']);
      expect(ws.getCell('A3').type).toBe(ExcelJS.ValueType.String);
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    });

    it('exports 10,000 rows of a list (the generic list export) and reads them back', async () => {
      bundler.use();
      const rows = Array.from({ length: 10_000 }, (_, i) => [`Paket ${i}`, i * 100, i % 2 === 0]);
      const started = performance.now();
      const res = await tableToExcel({ file_name: 'buyuk', column_list: [{ key: 'a', label: 'A' }, { key: 'b', label: 'B' }, { key: 'c', label: 'C' }], row_list: rows });
      const ms = performance.now() - started;
      expect(res.status_code).toBe('10000');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(res.file.content_base64, 'base64') as never);
      const ws = wb.worksheets[0];
      expect(ws.actualRowCount).toBe(10_001);
      expect(ws.getRow(10_001).values).toEqual([undefined, 'Paket 9999', 999900, false]);
      console.info(`table/to/excel: 10,000 rows × 3 columns in ${ms.toFixed(0)} ms (${kind})`);
    });

    it('refuses more than 100,000 cells (13003) and rows longer than the columns (10001)', async () => {
      bundler.use();
      const columns = [
        { key: 'a', label: 'A' },
        { key: 'b', label: 'B' },
      ];
      const big = await tableToExcel({ file_name: 'cok', column_list: columns, row_list: Array.from({ length: 50_001 }, () => [1, 2]) });
      expect(big.status_code).toBe('13003');
      const long = (await tableToExcel({ file_name: 'uzun', column_list: columns, row_list: [[1, 2, 3]] })) as unknown as Refused;
      expect(long.status_code).toBe('10001');
      expect(long.errors).toEqual([{ field: 'row_list.0', message: 'has more cells than column_list (2)' }]);
    });
  });

  describe('the price of a spreadsheet in credits (/excel/calculate_credit)', () => {
    // 50 rows × 50 columns = 2,500 filled cells: 3 credits (one per started thousand).
    const sheet = () => workbook(Array.from({ length: 50 }, (_, r) => Array.from({ length: 50 }, (_, c) => r * 50 + c)));

    it('counts the filled cells and prices them against the caller\'s balance', async () => {
      const analyst = await actor(t, 'credit.analyst');
      analyst.use();
      const file = { file_name: 'veri.xlsx', content_base64: await sheet() };
      expect(await excelCalculateCredit({ excel_file: file })).toMatchObject({ filled_cell_count: 2500, credit_needed: 3, credit_balance: 0, is_credit_enough: false });
      await t.db.transaction(async (tx) => grantCredits(tx, await tenantIdOf(tx), analyst.userId, 100, { reason: 'manual_adjustment' }));
      expect(await excelCalculateCredit({ excel_file: file })).toMatchObject({ credit_needed: 3, credit_balance: 100, is_credit_enough: true });
      t.as({ authorization: await frontendKeyForTest(t.db) });
      expect(await excelCalculateCredit({ excel_file: file })).toMatchObject({ credit_needed: 3, credit_balance: 0, is_credit_enough: false });
    });

    it('refuses a workbook whose headers understate what it unpacks to, counting what really inflates (13131)', async () => {
      const bomb = await lyingWorkbook(EXCEL_UNPACKED_LIMIT + 1024 * 1024);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      // Its headers look harmless: only inflating it tells.
      expect(checkWorkbookBytes(bomb)).toBeUndefined();
      expect(await unpacksWithin(bomb)).toBe(false);
      expect(await unpacksWithin(await lyingWorkbook(1024 * 1024))).toBe(true);
      bundler.use();
      const refused = await excelCalculateCredit({ excel_file: { file_name: 'bomba.xlsx', content_base64: bomb.toString('base64') } });
      expect([refused.status_code, refused.status_message]).toEqual(['13131', expect.stringMatching(/^This workbook is too large to read\./)]);
    });

    it('refuses a sheet of more rows than the cell limit can fill, empty ones counted (13131), and changes nothing', async () => {
      const before = await snapshot(t.db);
      bundler.use();
      const rows = emptyRowsWorkbook(EXCEL_ROW_LIMIT + 1);
      const refused = await upload(rows.toString('base64'));
      expect([refused.status_code, refused.status_message]).toEqual(['13131', expect.stringMatching(/^This workbook is too large to read\./)]);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('answers "busy, try again" in the caller\'s language when the workbook readers and their queue are full', async () => {
      setWorkbookPoolForTests({ running: 0, waiting: 0, perCaller: 2 });
      try {
        bundler.use({ lang: 0 });
        const busy = await excelCalculateCredit({ excel_file: { file_name: 'veri.xlsx', content_base64: await workbook([['a'], [1]]) } });
        expect([busy.status_code, busy.status_message]).toEqual(['13135', 'Şu anda çok sayıda çalışma kitabı okunuyor. Lütfen bir dakika sonra yeniden deneyin.']);
      } finally {
        setWorkbookPoolForTests();
      }
    });

    it('refuses what is not a workbook', async () => {
      bundler.use();
      expect((await excelCalculateCredit({ excel_file: { file_name: 'veri.xlsx', content_base64: Buffer.from('not a workbook at all').toString('base64') } })).status_code).not.toBe('10000');
    });
  });
});
