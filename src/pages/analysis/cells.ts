// A dataset cell as the analysis pages show it: numbers and dates in the reader's language, yes/no in words, an
// empty cell as a dash (never "null").
import type { TFunction } from 'i18next';
import type { Lang } from '../../domain/language';
import { formatDate, formatNumber } from '../../app/ui';
import type { AnalysisColumn } from '../../generated/types/entities';

export type CellValue = number | string | boolean | null;

/** Decimals a dataset's value and its summaries show (measurements such as 5.8433). */
export const DATA_DIGITS = 4;

export function cellText(column: Pick<AnalysisColumn, 'column_type'> | undefined, value: CellValue | undefined, lang: Lang, t: TFunction): string {
  if (value === null || value === undefined || value === '') return t('analysis.cell.empty');
  if (typeof value === 'boolean') return value ? t('analysis.cell.yes') : t('analysis.cell.no');
  if (typeof value === 'number') return formatNumber(value, lang, DATA_DIGITS);
  if (column?.column_type === 'date') return formatDate(value, lang);
  return value;
}
