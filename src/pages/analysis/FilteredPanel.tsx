// The statistics query page's content (user_project_dataset_statistics_query): a filter of the project's rows,
// and below it the panel that runs on the rows it keeps. `children` gets the filter applied (undefined: every
// row), e.g. `{(filter) => <StatisticsPanel project={project} filter={filter} />}` inside ProjectShell.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WanalyzerProjectDetailsColumnsWaiGetResponse } from '../../generated/types/routes';
import type { RowFilter } from './FilterBuilder';
import { FilterForm } from './FilterForm';

export function FilteredPanel({ project, children }: { project: WanalyzerProjectDetailsColumnsWaiGetResponse; children: (filter: RowFilter | undefined) => ReactNode }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<RowFilter | undefined>(undefined);
  return (
    <>
      <FilterForm
        projectId={project.project_id}
        columns={project.column_list ?? []}
        title={t('analysis.rows.formTitle')}
        submitLabel={t('analysis.filter.apply')}
        onApply={(f) => setFilter(f.condition_list.length ? f : undefined)}
        onReset={() => setFilter(undefined)}
      />
      {filter && <p className="field__hint">{t('analysis.filter.appliedCount', { count: filter.condition_list.length })}</p>}
      {children(filter)}
    </>
  );
}
