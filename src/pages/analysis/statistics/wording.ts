// How the panels word a project's columns and cell values: a column by its name (never its id), an empty cell
// as "Missing", yes/no in the reader's language, numbers as that language writes them.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../../app/router/hooks';
import { enumLabel } from '../../../app/ui';
import { analysisColumnType } from '../../../generated/enums/analysisColumnType';
import type { AnalysisColumn, AnalysisColumnType, LanguageLabel } from '../../../generated/types/entities';
import { formatCellNumber } from './format';
import type { Wording } from './tables';

export function useWording(columns: readonly AnalysisColumn[]): Wording {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  return useMemo(() => {
    const names = new Map(columns.map((c) => [c.column_id, c.column_name]));
    return {
      t,
      lang,
      columnName: (id) => names.get(id ?? '') ?? t('statistics.unknownColumn'),
      valueText: (value) => {
        if (value === null || value === undefined) return t('statistics.missing');
        if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
        return typeof value === 'number' ? formatCellNumber(value, lang) : value;
      },
    };
  }, [columns, t, lang]);
}

/** A column type as a word inside a sentence ("numeric"). */
export const typeWord = (type: AnalysisColumnType, lang: LanguageLabel) => enumLabel(analysisColumnType, type, lang).toLocaleLowerCase(lang);

/** A column as the forms offer it: its name and its type ("Sepal.Length (numeric)"). */
export const columnLabel = (c: AnalysisColumn, lang: LanguageLabel) => `${c.column_name} (${typeWord(c.column_type, lang)})`;
