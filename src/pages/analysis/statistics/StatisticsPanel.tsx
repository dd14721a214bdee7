// The statistics panel of a project (the statistics-view and dataset-statistics-query pages): choose analyses
// and columns, run them (/v1/wanalyzer/project/statistics/analyze/list, on the filter's rows when a filter is
// given), read the results in jamovi/JASP's tables beside their plots, download any table as Excel, and reopen
// the project's earlier results (/v1/wanalyzer/project/stats/result/list, newest first). Asked again with the
// same values, the server answers 13006 with the stored results: the notice says so and shows them.
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldMessages } from '../../../api/errors';
import { useActiveLabel } from '../../../app/router/hooks';
import { formatDate, Notice, useErrorText } from '../../../app/ui';
import { wanalyzerProjectStatisticsAnalyzeList, wanalyzerProjectStatsResultList } from '../../../generated/client';
import type { WanalyzerProjectDetailsColumnsWaiGetResponse, WanalyzerProjectStatisticsAnalyzeListRequest } from '../../../generated/types/routes';
import { PagedTable } from '../../shared/PagedTable';
import { usePagedList } from '../../shared/paged';
import { AnalysisForm, type FormErrors } from './AnalysisForm';
import { type Choice, needsDependent, needsGroup } from './needs';
import { resultName, Results } from './Results';
import type { StoredResult } from './tables';
import { useWording } from './wording';
import './strings';
import './statistics.css';

const SAME_VALUES = '13006';
const BAD_INPUT = '10001';
const EARLIER_PAGE_SIZE = 10;

type Shown = { results: StoredResult[]; origin: 'run' | 'same' | 'earlier' };

/** Which part of the form a refused field belongs to (column_list.2 → the analysed columns). */
const PARTS: Record<string, keyof FormErrors> = {
  analyze_type_list: 'analyses',
  column_list: 'variables',
  group_column_id: 'group',
  dependent_column_id: 'dependent',
};

export function StatisticsPanel({ project, filter }: { project: WanalyzerProjectDetailsColumnsWaiGetResponse; filter?: WanalyzerProjectStatisticsAnalyzeListRequest['filter'] }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const wording = useWording(project.column_list);
  const [choice, setChoice] = useState<Choice>({ analyses: [], variables: [], group: '', dependent: '' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [runs, setRuns] = useState(0);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const show = (next: Shown) => {
    setShown(next);
    requestAnimationFrame(() => resultsHeading.current?.focus());
  };

  const run = async () => {
    setBusy(true);
    setFailure(null);
    const grouped = needsGroup(choice.analyses).length > 0;
    const dependent = needsDependent(choice.analyses).length > 0;
    try {
      const answer = await wanalyzerProjectStatisticsAnalyzeList({
        project_id: project.project_id,
        analyze_type_list: [...choice.analyses],
        column_list: [...choice.variables],
        ...(grouped ? { group_column_id: choice.group } : {}),
        ...(dependent ? { dependent_column_id: choice.dependent } : {}),
        ...(filter?.condition_list.length ? { filter } : {}),
      });
      show({ results: answer.stats_result_list, origin: 'run' });
      setRuns((n) => n + 1);
    } catch (e) {
      const stored = e instanceof ApiError && e.status_code === SAME_VALUES ? e.details.stats_result_list : undefined;
      if (Array.isArray(stored)) show({ results: stored as StoredResult[], origin: 'same' });
      else setFailure(e);
    } finally {
      setBusy(false);
    }
  };

  // A refusal's problems at their parts; what belongs to no part stays in the notice.
  const refused = failure instanceof ApiError && failure.status_code === BAD_INPUT ? fieldMessages(failure, lang) : [];
  const errors: FormErrors = {};
  for (const f of refused) {
    const part = PARTS[f.field.split('.')[0]];
    if (part) errors[part] = errors[part] ? `${errors[part]} ${f.message}` : f.message;
  }

  const loadEarlier = useCallback(
    (page: number) =>
      wanalyzerProjectStatsResultList({ project_id: project.project_id, sort: '-created_at', page, page_size: EARLIER_PAGE_SIZE }).then((a) => ({
        rows: a.stats_result_list,
        total: a.total,
      })),
    [project.project_id],
  );
  const earlier = usePagedList<StoredResult>(loadEarlier, [runs]);

  return (
    <div className="stat-panel">
      <section className="section" aria-labelledby="stat-ask-title">
        <h2 id="stat-ask-title">{t('statistics.askTitle')}</h2>
        {filter?.condition_list.length ? <Notice kind="info">{t('statistics.filtered', { count: filter.condition_list.length })}</Notice> : null}
        {project.column_list.length === 0 ? (
          <p>{t('statistics.noColumns')}</p>
        ) : (
          <AnalysisForm columns={project.column_list} choice={choice} onChoice={setChoice} errors={errors} busy={busy} onRun={run} />
        )}
        {failure ? <Notice>{errorText(failure)}</Notice> : null}
      </section>

      <section className="section" aria-labelledby="stat-results-title">
        <h2 id="stat-results-title" ref={resultsHeading} tabIndex={-1}>
          {t('statistics.resultsTitle')}
        </h2>
        {busy && <p role="status">{t('statistics.runningStatus')}</p>}
        {shown?.origin === 'same' && <Notice kind="info">{t('statistics.sameValues')}</Notice>}
        {shown?.origin === 'earlier' && <p>{t('statistics.reopened')}</p>}
        {!shown && !busy && <p>{t('statistics.nothingYet')}</p>}
        {shown && <Results results={shown.results} wording={wording} />}
      </section>

      <PagedTable
        id="stat-earlier-title"
        title={t('statistics.earlierTitle')}
        list={earlier}
        columns={[
          { header: t('statistics.earlierAnalysis'), cell: (r) => resultName(r, wording) },
          { header: t('statistics.earlierWhen'), cell: (r) => formatDate(r.created_at, lang, true) },
          {
            header: t('statistics.earlierOpen'),
            priority: 1,
            cell: (r) => (
              <button type="button" className="button button--small button--secondary" onClick={() => show({ results: [r], origin: 'earlier' })} aria-label={t('statistics.openResult', { name: resultName(r, wording) })}>
                {t('statistics.open')}
              </button>
            ),
          },
        ]}
        rowKey={(r) => r.result_id}
        pageSize={EARLIER_PAGE_SIZE}
        pagesLabel={t('statistics.earlierTitle')}
        empty={t('statistics.noEarlier')}
      />
    </div>
  );
}
