// One titled result table (jamovi's layout: the first cell of a row is its header, figures right-aligned),
// its notes under it, and its download as an Excel file (/v1/table/to/excel) with the numbers unrounded.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice, TableRegion, useErrorText } from '../../../app/ui';
import { fileNameOf, saveDownloadFile } from '../../../app/ui/download';
import { tableToExcel } from '../../../generated/client';
import type { StatTable } from './tables';

// Characters Excel refuses in a sheet name; it takes at most 31 characters.
const sheetNameOf = (title: string) => title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31).trim() || 'Sheet1';

export function ResultTable({ table }: { table: StatTable }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await tableToExcel({
        file_name: fileNameOf(table.title),
        sheet_name: sheetNameOf(table.title),
        column_list: table.columns.map((label, i) => ({ key: `c${i}`, label: label || table.title })),
        row_list: table.rows.map((row) => row.map((cell) => cell.value)),
      });
      saveDownloadFile(answer.file);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="stat-table" aria-labelledby={id}>
      <div className="stat-table__head">
        <h4 id={id}>{table.title}</h4>
        <button type="button" className="button button--small button--secondary" onClick={download} disabled={busy} aria-label={t('statistics.exportTable', { title: table.title })}>
          {busy ? t('statistics.exporting') : t('statistics.export')}
        </button>
      </div>
      <TableRegion label={table.title}>
        <table className="table stat-table__table" aria-labelledby={id}>
          <thead>
            <tr>
              {table.columns.map((column, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns never move; two may share a header (p)
                <th key={i} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of a stored result never move
              <tr key={r}>
                <th scope="row">{row[0].text}</th>
                {row.slice(1).map((cell, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells of a stored result never move
                  <td key={c} className={typeof cell.value === 'number' ? 'stat-table__number' : undefined}>
                    {cell.text}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      {table.notes?.length ? (
        <ul className="stat-table__notes">
          {table.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {error ? <Notice>{errorText(error)}</Notice> : null}
    </section>
  );
}
