// A workbook → a data layer's records (/v1/system/update/by_excel), all or nothing, as the background process
// kind `layer_import`: the handler checks the file and starts it; the job reads and checks every row (reporting its
// progress), and writes only when no row has a problem, in one transaction, after a last look at the stop signal.
// The first row names the columns: a parameter's id or its English/Turkish label, record_id (replaces that record;
// empty = a new one) and, in a tree layer, parent_record_id. The template (/v1/db/layer/template) is that header.
import type { Queryable } from '../db/adapter.ts';
import type { JobKind, JobRun } from '../jobs/job-kind.ts';
import type { Lang } from '../http/api-error.ts';
import { checkLayerRecord, layerProblemMessage, storedLayerValues, type LayerParameter, type LayerValues } from '../../src/domain/layer-record.ts';
import { statusMessage } from '../../src/domain/status-messages.ts';
import contractSchemas from '../../src/generated/schemas.json' with { type: 'json' };
import type { StatusKey } from '../../src/generated/errors.ts';
import { EXCEL_ERROR_LIMIT, type ExcelRowError } from './bundle-excel.ts';
import { tableToXlsx, type ReadSheet } from './excel.ts';
import { existingRecordIds, insertRecord, isAtOrUnder, layerOf, recordChange, replaceRecord, type LayerRow } from './layer-store.ts';

export interface LayerImportPayload {
  layer_code: string;
  file_name: string;
  /** The first worksheet as read by the handler (cells as JSON: a date cell arrives as its ISO text). */
  sheet: ReadSheet;
}

type Bilingual = Record<Lang, string>;
const both = (key: StatusKey, params: Record<string, string | number> = {}): Bilingual => ({ en: statusMessage(key, 'en', params), tr: statusMessage(key, 'tr', params) });

/** The columns besides the parameters, named by field name or their labels in the layer record's schema. */
const RECORD_ID = 'record_id';
const PARENT_ID = 'parent_record_id';
const RECORD_FIELDS = (contractSchemas.schemas as { $id: string; properties?: Record<string, { 'x-label'?: Bilingual }> }[]).find(
  (s) => s.$id === 'https://sema.dev/schemas/entities/layer_record.json',
)!.properties!;
const fieldLabel = (field: string): Bilingual => RECORD_FIELDS[field]['x-label']!;

const normalize = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('tr');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TRUE = new Set(['true', 'yes', 'evet', '1', 'doğru']);
const FALSE = new Set(['false', 'no', 'hayır', '0', 'yanlış']);

/** A cell as the parameter's value; a cell that cannot be one stays as it is, for the check to name. */
function cellValue(p: LayerParameter, cell: unknown): unknown {
  if (cell === undefined || cell === null) return undefined;
  const text = typeof cell === 'string' ? cell.trim() : cell;
  switch (p.type) {
    case 'text':
      return typeof text === 'number' || typeof text === 'boolean' ? String(text) : text;
    case 'number':
      return typeof text === 'string' && text !== '' && Number.isFinite(Number(text.replace(',', '.'))) ? Number(text.replace(',', '.')) : text;
    case 'boolean':
      if (typeof text !== 'string' && typeof text !== 'number') return text;
      return TRUE.has(normalize(String(text))) ? true : FALSE.has(normalize(String(text))) ? false : text;
    case 'date':
      if (cell instanceof Date) return cell.toISOString().slice(0, 10);
      return typeof text === 'string' && /^\d{4}-\d{2}-\d{2}T00:00:00(\.000)?Z$/.test(text) ? text.slice(0, 10) : text;
    case 'select': {
      if (typeof text !== 'string' && typeof text !== 'number') return text;
      const wanted = normalize(String(text));
      return p.option_list?.find((o) => [o.value, o.label.en, o.label.tr].some((s) => normalize(s) === wanted))?.value ?? text;
    }
  }
}

type Column = { kind: 'parameter'; parameter: LayerParameter } | { kind: 'record_id' | 'parent_record_id' };

function columnsOf(layer: LayerRow, header: unknown[], errors: ExcelRowError[], sheet: string): (Column | undefined)[] {
  const names = new Map<string, Column>();
  const name = (s: string, c: Column) => names.set(normalize(s), c);
  for (const p of layer.parameter_list) for (const s of [p.id, p.label.en, p.label.tr]) name(s, { kind: 'parameter', parameter: p });
  for (const field of layer.is_tree ? [RECORD_ID, PARENT_ID] : [RECORD_ID])
    for (const s of [field, ...Object.values(fieldLabel(field))]) name(s, { kind: field as 'record_id' | 'parent_record_id' });
  return header.map((cell) => {
    if (cell === undefined || cell === null || String(cell).trim() === '') return undefined;
    const column = names.get(normalize(String(cell)));
    if (!column) errors.push({ sheet, row: 1, column: String(cell).slice(0, 100), message: both('layer_field_unknown', { field: String(cell).slice(0, 60) }) });
    return column;
  });
}

export interface CheckedRow {
  row: number;
  recordId?: string;
  parentId?: string;
  values: LayerValues;
}

/**
 * Every row of the sheet checked against the layer (values, ids of this layer, the tree), with `progress(done, all)`
 * called every 2 % of the rows. Answers the rows to write, or the problems (at most EXCEL_ERROR_LIMIT).
 */
export async function checkSheet(
  db: Queryable,
  layer: LayerRow,
  sheet: ReadSheet,
  progress: (done: number, all: number) => Promise<void>,
): Promise<{ rows: CheckedRow[]; errors: ExcelRowError[] }> {
  const errors: ExcelRowError[] = [];
  const [header, ...data] = sheet.rows;
  const columns = header ? columnsOf(layer, header.cells, errors, sheet.name) : [];
  const ids = data.flatMap((r) => r.cells.filter((v, i) => columns[i] && columns[i].kind !== 'parameter' && typeof v === 'string' && UUID.test(v.trim())) as string[]);
  const known = await existingRecordIds(db, layer, [...new Set(ids.map((s) => s.trim().toLowerCase()))]);
  const rows: CheckedRow[] = [];
  const step = Math.max(1, Math.ceil(data.length / 50));
  for (const [n, r] of data.entries()) {
    const record: Record<string, unknown> = {};
    const checked: CheckedRow = { row: r.number, values: {} };
    const at = (i: number) => String(header?.cells[i] ?? '').slice(0, 100) || undefined;
    columns.forEach((c, i) => {
      if (!c) return;
      const cell = r.cells[i];
      if (c.kind === 'parameter') record[c.parameter.id] = cellValue(c.parameter, cell);
      else if (cell !== undefined && cell !== null && String(cell).trim() !== '') {
        const id = String(cell).trim().toLowerCase();
        if (!known.has(id)) errors.push({ sheet: sheet.name, row: r.number, column: at(i), message: both('record_not_found', { entity: 'layer_record' }) });
        else if (c.kind === 'record_id') checked.recordId = id;
        else checked.parentId = id;
      }
    });
    // A record moved under itself or under a record below it would make a loop.
    if (checked.recordId && checked.parentId && (await isAtOrUnder(db, checked.parentId, checked.recordId)))
      errors.push({ sheet: sheet.name, row: r.number, column: at(columns.findIndex((c) => c?.kind === PARENT_ID)), message: both('layer_parent_invalid') });
    const columnOf = (field: string) => {
      const i = columns.findIndex((c) => c?.kind === 'parameter' && c.parameter.id === field);
      return i >= 0 ? at(i) : field;
    };
    for (const problem of checkLayerRecord(layer, record))
      errors.push({ sheet: sheet.name, row: r.number, column: columnOf(problem.field), message: { en: layerProblemMessage(problem, 'en'), tr: layerProblemMessage(problem, 'tr') } });
    checked.values = storedLayerValues(record);
    rows.push(checked);
    if ((n + 1) % step === 0 || n + 1 === data.length) await progress(n + 1, data.length);
    if (errors.length >= EXCEL_ERROR_LIMIT) break;
  }
  return { rows, errors: errors.slice(0, EXCEL_ERROR_LIMIT) };
}

/** Writes the checked rows (one transaction is the caller's): replaces named records, creates the others. */
export async function applyRows(tx: Queryable, layer: LayerRow, rows: CheckedRow[], by: { tenantId: string; userId: string | null }): Promise<{ created: number; replaced: number }> {
  const before = await existingRecordIds(tx, layer, rows.flatMap((r) => (r.recordId ? [r.recordId] : [])));
  for (const r of rows) {
    if (r.recordId) await replaceRecord(tx, r.recordId, r.values, r.parentId ?? null);
    const recordId = r.recordId ?? (await insertRecord(tx, layer, r.values, r.parentId ?? null));
    await recordChange(tx, { ...by, layer, recordId, by: 'import', before: (r.recordId && before.get(r.recordId)) || null, after: r.values });
  }
  const replaced = rows.filter((r) => r.recordId).length;
  return { created: rows.length - replaced, replaced };
}

const LOG = {
  read: (rows: number, problems: number): Bilingual => ({
    en: `${rows} rows read and checked; ${problems} problem(s).`,
    tr: `${rows} satır okundu ve denetlendi; ${problems} sorun.`,
  }),
  problem: (e: ExcelRowError, lang: Lang): string =>
    lang === 'en' ? `Row ${e.row}${e.column ? `, ${e.column}` : ''}: ${e.message.en}` : `Satır ${e.row}${e.column ? `, ${e.column}` : ''}: ${e.message.tr}`,
  refused: { en: 'Nothing was written: correct these rows and upload the file again.', tr: 'Hiçbir şey yazılmadı: bu satırları düzeltip dosyayı yeniden yükleyin.' },
  done: (c: { created: number; replaced: number }): Bilingual => ({
    en: `Done: ${c.created} record(s) created, ${c.replaced} replaced.`,
    tr: `Tamamlandı: ${c.created} kayıt oluşturuldu, ${c.replaced} kayıt değiştirildi.`,
  }),
  gone: { en: 'The layer no longer exists.', tr: 'Katman artık yok.' },
};

/** The process log shows at most this many row problems; the count names the rest. */
const LOGGED_PROBLEMS = 100;

export const layerImportJob: JobKind<LayerImportPayload> = {
  kind: 'layer_import',
  async run(payload: LayerImportPayload, run: JobRun) {
    const layer = await layerOf(run.db, run.tenantId, payload.layer_code);
    if (!layer || layer.tenant_id === null) throw new Error(LOG.gone[run.lang]);
    // Reading and checking is 0–90 % of the work, writing the rest.
    const { rows, errors } = await checkSheet(run.db, layer, payload.sheet, (done, all) => run.progress(Math.floor((90 * done) / all)));
    await run.log(errors.length ? 'warning' : 'info', LOG.read(rows.length, errors.length)[run.lang]);
    if (errors.length) {
      for (const e of errors.slice(0, LOGGED_PROBLEMS)) await run.log('error', LOG.problem(e, run.lang));
      throw new Error(LOG.refused[run.lang]);
    }
    run.signal.throwIfAborted();
    const counts = await run.db.transaction((tx) => applyRows(tx, layer, rows, { tenantId: run.tenantId, userId: run.userId }));
    await run.progress(100);
    await run.log('info', LOG.done(counts)[run.lang]);
  },
};

/** The import's workbook for a layer: the header row of its columns, labels in `lang`. */
export function layerTemplate(layer: LayerRow, lang: Lang): Promise<Buffer> {
  const columns = [
    ...(layer.is_tree ? [RECORD_ID, PARENT_ID] : [RECORD_ID]).map((f) => ({ key: f, label: fieldLabel(f)[lang] })),
    ...layer.parameter_list.map((p) => ({ key: p.id, label: p.label[lang] })),
  ];
  return tableToXlsx(layer.layer_name[lang].replace(/[\\/?*[\]:]/g, ' ').slice(0, 31), columns, []);
}
