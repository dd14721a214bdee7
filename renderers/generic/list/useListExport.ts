// Exports of the whole query (every page, up to EXPORT_MAX_ROWS) as the columns shown: CSV in the browser,
// Excel from the server (/table/to/excel needs a token: only for a signed-in user).
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess, useActiveLabel } from '../../../src/app/router/hooks';
import { labelOf, type ResolvedScreen } from '../../../src/domain/screen';
import { useErrorText } from '../../../src/app/ui';
import { downloadCsv, downloadExcel } from './export';
import type { Column } from './useListColumns';
import type { Row } from './useListData';
import type { ActionOutcome } from './useListActions';

export function useListExport(screen: ResolvedScreen, fetchAll: () => Promise<Row[]>, columns: Column[], cellText: (row: Row, c: Column) => string, setOutcome: (o: ActionOutcome | null) => void) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const lang = useActiveLabel();
  const access = useAccess();
  const [exporting, setExporting] = useState<'csv' | 'excel' | null>(null);
  const exportAs = useCallback(
    async (kind: 'csv' | 'excel') => {
      setExporting(kind);
      setOutcome(null);
      try {
        const all = await fetchAll();
        const table = all.map((r) => columns.map((c) => cellText(r, c)));
        const title = labelOf(screen.title, lang, screen.id);
        if (kind === 'csv') downloadCsv(title, columns.map((c) => c.label), table);
        else await downloadExcel(title, columns.map((c) => ({ key: c.field, label: c.label })), table);
        setOutcome({ kind: 'success', text: t('screen.exported', { count: all.length }) });
      } catch (e) {
        setOutcome({ kind: 'error', text: errorText(e) });
      } finally {
        setExporting(null);
      }
    },
    [fetchAll, columns, cellText, screen, lang, t, errorText, setOutcome],
  );
  return { exports: (screen.list!.export ?? []).filter((k) => k !== 'excel' || access.loggedIn), exportAs, exporting };
}
