// The list's columns: labels and cells from the screen, the user's choice (per user and screen, kept in the
// browser), and which columns give way when the list is narrower than them (by the screen's priorities).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel, usePages } from '../../../src/app/router/hooks';
import { labelOf, schemaAt, type JsonSchema, type ListColumn, type ResolvedScreen } from '../../../src/domain/screen';
import { cellFor, fieldText, type CellContext, type CellRenderer } from '../cells';
import { useUserIds } from '../context';
import { useAppStore } from '../../../src/app/store';
import type { Row } from './useListData';

export interface Column {
  field: string;
  label: string;
  sort?: string;
  hidden: boolean;
  /** 1 never gives way; 3 gives way first. */
  priority: 1 | 2 | 3;
  wrap: boolean;
  schema: JsonSchema | undefined;
  cell: CellRenderer;
  /** The text of an empty value ('' unless the screen names one). */
  empty: string;
}

const storageKey = (user: string, screen: string) => `sema.columns.${user}.${screen}`;

function readColumns(key: string): string[] | null {
  try {
    const v = JSON.parse(window.localStorage.getItem(key) ?? 'null');
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : null;
  } catch {
    return null;
  }
}

function writeColumns(key: string, fields: string[] | null): void {
  try {
    if (fields) window.localStorage.setItem(key, JSON.stringify(fields));
    else window.localStorage.removeItem(key);
  } catch {
    // Blocked storage: the choice lasts until the page is left.
  }
}

export function useListColumns(screen: ResolvedScreen) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const pages = usePages();
  const { prefKey } = useUserIds();
  const list = screen.list!;
  const columns: Column[] = useMemo(
    () =>
      list.columns.map((c: ListColumn, i) => {
        const schema = schemaAt(screen.entity_schema, c.field);
        return {
          field: c.field,
          label: labelOf(c.label ?? schema?.['x-label'], lang, c.field),
          sort: c.sort,
          hidden: Boolean(c.hidden),
          priority: i === 0 ? 1 : (c.priority ?? 2),
          wrap: Boolean(c.wrap),
          schema,
          cell: cellFor(schema, c.field.split('.').pop()!, screen.entity_schema, c.cell),
          empty: c.empty ? labelOf(c.empty, lang) : '',
        };
      }),
    [list.columns, lang, screen],
  );
  const columnKey = storageKey(prefKey, screen.id);
  const [chosen, setChosen] = useState<string[] | null>(() => readColumns(columnKey));
  useEffect(() => setChosen(readColumns(columnKey)), [columnKey]);
  const visibleColumns = useMemo(() => {
    const known = new Set(columns.map((c) => c.field));
    const pick = chosen?.filter((f) => known.has(f));
    const shown = pick?.length ? columns.filter((c) => pick.includes(c.field)) : columns.filter((c) => !c.hidden);
    return shown.length ? shown : columns.slice(0, 1);
  }, [columns, chosen]);
  /** Columns the user turned on in the chooser: they do not give way to the width. */
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const toggleColumn = useCallback(
    (field: string) => {
      const current = visibleColumns.map((c) => c.field);
      const showing = !current.includes(field);
      const next = showing ? columns.map((c) => c.field).filter((f) => f === field || current.includes(f)) : current.filter((f) => f !== field);
      if (next.length === 0) return;
      setChosen(next);
      writeColumns(columnKey, next);
      setPicked((prev) => {
        const set = new Set(prev);
        if (showing) set.add(field);
        else set.delete(field);
        return set;
      });
    },
    [visibleColumns, columns, columnKey],
  );
  /** Turns on a column that gave way to the width: it stays, and others give way instead. */
  const keepColumn = useCallback((field: string) => setPicked((prev) => new Set(prev).add(field)), []);
  const resetColumns = useCallback(() => {
    setChosen(null);
    setPicked(new Set());
    writeColumns(columnKey, null);
  }, [columnKey]);
  const currency = useAppStore((st) => st.currency.type);
  const cellContext: CellContext = useMemo(() => ({ lang, t, pages, currency }), [lang, t, pages, currency]);
  const cellText = useCallback((row: Row, c: Column) => fieldText(c.cell, row, c.field, c.schema, cellContext) || c.empty, [cellContext]);

  return { columns, visibleColumns, picked, toggleColumn, keepColumn, resetColumns, cellContext, cellText };
}
