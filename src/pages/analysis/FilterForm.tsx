// A titled form around FilterBuilder: the conditions are applied (or run) only when complete — otherwise each
// missing or wrong value is marked at its field — and cleared together with whatever else the form holds
// (`children`: the columns to answer). Used by the dataset filter, the data query and the statistics query.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../app/ui';
import type { AnalysisColumn } from '../../generated/types/entities';
import { EMPTY_FILTER, FilterBuilder, filterToSend, incompleteConditions, type RowFilter } from './FilterBuilder';
import './strings';

export interface FilterFormProps {
  projectId: string;
  columns: AnalysisColumn[];
  title: string;
  submitLabel: string;
  /** The complete filter, as the routes take it. */
  onApply: (filter: RowFilter) => void;
  onReset: () => void;
  children?: ReactNode;
}

export function FilterForm({ projectId, columns, title, submitLabel, onApply, onReset, children }: FilterFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RowFilter>(EMPTY_FILTER);
  const [checked, setChecked] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const incomplete = incompleteConditions(draft, columns).length > 0;
    setChecked(incomplete);
    if (!incomplete) onApply(filterToSend(draft));
  };
  const reset = () => {
    setDraft(EMPTY_FILTER);
    setChecked(false);
    onReset();
  };
  return (
    <section className="section" aria-labelledby="analysis-filter-form">
      <h2 id="analysis-filter-form">{title}</h2>
      <form className="form form--wide analysis-query" noValidate onSubmit={submit} aria-labelledby="analysis-filter-form">
        <FilterBuilder projectId={projectId} columns={columns} value={draft} onChange={setDraft} showProblems={checked} />
        {children}
        {checked && <Notice>{t('analysis.filter.incomplete')}</Notice>}
        <div className="form__actions">
          <button type="submit" className="button">
            {submitLabel}
          </button>
          <button type="button" className="button button--secondary" onClick={reset}>
            {t('analysis.filter.reset')}
          </button>
        </div>
      </form>
    </section>
  );
}
