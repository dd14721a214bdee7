// One cell of a dataset or a calculated result in the reader's language: numbers with the language's
// separators, yes/no in words, an empty cell said so.
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../../app/router/hooks';
import { formatNumber } from '../../../app/ui';

/** Decimals shown of a calculated number (a formula's result is rarely meant to more). */
const DIGITS = 6;

export function CellValue({ value }: { value: string | number | boolean | null | undefined }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  if (value === null || value === undefined || value === '') return <span className="cell-empty">{t('frames.calc.empty')}</span>;
  if (typeof value === 'boolean') return <>{value ? t('common.yes') : t('common.no')}</>;
  if (typeof value === 'number') return <>{formatNumber(value, lang, DIGITS)}</>;
  return <>{value}</>;
}
