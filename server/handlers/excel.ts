// Excel in and out (schemas/routes/misc.json): a shop's bundles and products updated from an uploaded
// workbook, all or nothing (/v1/shop/bundle/update/by_excel), and any table turned into an .xlsx for the
// generic list's export (/v1/table/to/excel).
import { ApiError } from '../http/api-error.ts';
import { applyBundleSheet } from '../services/bundle-excel.ts';
import { EXCEL_CELL_LIMIT, tableToXlsx, workbookBytes, XLSX_CONTENT_TYPE } from '../services/excel.ts';
import { shopCaller, staffShop } from '../services/shop-access.ts';
import { creditBalance } from '../services/credit-ledger.ts';
import { creditsForCells } from '../../src/domain/credit-price.ts';
import { countWorkbookCells, readWorkbookSheet } from '../services/workbook-reader.ts';
import type { HandlerSet } from './types.ts';

/** Thrown inside the transaction so that nothing is written; carries the answer of a refused sheet. */
class SheetRefused extends Error {
  constructor(readonly answer: ApiError) {
    super('sheet refused');
  }
}

export const excelHandlers: HandlerSet = {
  // The price of a spreadsheet before a project save spends it; a front-end key has no balance of its own.
  excel_calculate_credit: async ({ excel_file }, ctx) => {
    // Counted in a worker thread, as the project save reads the same workbook: a large file never holds up requests.
    const filledCells = await countWorkbookCells(workbookBytes(excel_file, ctx.lang), ctx);
    const needed = creditsForCells(filledCells);
    const balance = ctx.caller.kind === 'user' ? await creditBalance(ctx.db, ctx.tenant.tenant_id, ctx.caller.userId) : 0;
    return { filled_cell_count: filledCells, credit_needed: needed, credit_balance: balance, is_credit_enough: balance >= needed };
  },

  shop_bundle_update_by_excel: async (input, ctx) => {
    const me = shopCaller(ctx, input.user_client_id);
    const tenantId = ctx.tenant.tenant_id;
    // The shop first: a caller outside it learns nothing about the file's problems.
    await staffShop(ctx.db, ctx, me, input.shop_client_id);
    const sheet = await readWorkbookSheet(workbookBytes(input.excel_file, ctx.lang), ctx);
    try {
      return await ctx.transaction(async (tx) => {
        await staffShop(tx, ctx, me, input.shop_client_id, { lock: true });
        const result = await applyBundleSheet(tx, { tenantId, shopId: input.shop_client_id, userId: me.userId }, sheet);
        if (result.errors.length) {
          const first = result.errors[0];
          const summary = `${result.errors.length} × (${first.row}${first.column ? `, ${first.column}` : ''}: ${first.message[ctx.lang]})`;
          throw new SheetRefused(
            new ApiError(
              'invalid_input',
              { details: `excel_file ${summary}` },
              { errors: [{ field: 'excel_file', message: summary }], error_list: result.errors, created_count: 0, updated_count: 0 },
            ),
          );
        }
        return { created_count: result.created_count, updated_count: result.updated_count, error_list: [] };
      });
    } catch (e) {
      if (e instanceof SheetRefused) throw e.answer;
      throw e;
    }
  },

  table_to_excel: async (input, ctx) => {
    const width = input.column_list.length;
    if (input.row_list.length * width > EXCEL_CELL_LIMIT) throw new ApiError('excel_cell_limit');
    const long = input.row_list.findIndex((r) => r.length > width);
    if (long >= 0) {
      const message = { en: `has more cells than column_list (${width})`, tr: `column_list'ten (${width}) fazla hücre içeriyor` }[ctx.lang];
      throw new ApiError('invalid_input', { details: `row_list.${long} ${message}` }, { errors: [{ field: `row_list.${long}`, message }] });
    }
    const sheetName = (input.sheet_name ?? input.file_name).replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';
    const bytes = await tableToXlsx(sheetName, input.column_list, input.row_list as (string | number | boolean | null)[][]);
    return { file: { file_name: `${input.file_name}.xlsx`, content_type: XLSX_CONTENT_TYPE, content_base64: bytes.toString('base64') } };
  },
};
