// processes: the background processes the reader started (an admin: every process of the site), newest
// first, with a status filter; live progress bars (the list is read again every 1.5 s while something is
// waiting or running, and not at all otherwise); the kind in words, who started it and how long it ran; a
// process's log on opening it; stop, start again and delete the log, each after a confirmation.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { processInfo, processInfoDeleteLog, processInfoLogActiveProcessIdDetails, processStart, processStop } from '../generated/client';
import { processStatus } from '../generated/enums/processStatus';
import { logLevel } from '../generated/enums/logLevel';
import type { ProcessInfo, ProcessStatus } from '../generated/types/entities';
import { ConfirmDialog, Notice, SelectField, enumLabel, enumOptions, formatDate, useErrorText, useFocusOnMount } from '../app/ui';
import { useAppStore } from '../app/store';
import { PagedTable, type TableColumn } from './shared/PagedTable';
import { PAGE_SIZE, usePagedList } from './shared/paged';
import './processes-strings';
import './processes.css';

/** How often the list (and an open log) is read again while a process is waiting or running. */
export const POLL_MS = 1500;

const isLive = (p: ProcessInfo) => p.process_status === 'waiting' || p.process_status === 'running';

/** "2 min 13 s" in the reader's language. */
export function formatDuration(ms: number, t: TFunction): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h) return t('processes.duration.hours', { h, m });
  if (m) return t('processes.duration.minutes', { m, s });
  return t('processes.duration.seconds', { s });
}

function Timing({ p }: { p: ProcessInfo }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  if (!p.started_at) return <>{t('processes.waitingSince', { time: formatDate(p.created_at, lang, true) })}</>;
  const end = p.finished_at ? Date.parse(p.finished_at) : Date.now();
  const duration = formatDuration(end - Date.parse(p.started_at), t);
  return <>{p.process_status === 'running' ? t('processes.runningFor', { duration }) : t('processes.ranFor', { duration })}</>;
}

function ProgressBar({ p }: { p: ProcessInfo }) {
  const { t } = useTranslation();
  return (
    <div
      className="process-progress"
      role="progressbar"
      aria-label={t('processes.progressLabel', { name: p.process_name })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={p.progress_percent}
      aria-valuetext={`${p.progress_percent}%`}
    >
      <span className="process-progress__track">
        <span className={`process-progress__bar process-progress__bar--${p.process_status}`} style={{ width: `${p.progress_percent}%` }} />
      </span>
      <span className="process-progress__text">{p.progress_percent}%</span>
    </div>
  );
}

type Action = 'stop' | 'resume' | 'deleteLog';
const CONFIRM: Record<Action, { title: string; text: string }> = {
  stop: { title: 'processes.confirmStopTitle', text: 'processes.confirmStop' },
  resume: { title: 'processes.confirmResumeTitle', text: 'processes.confirmResume' },
  deleteLog: { title: 'processes.confirmDeleteLogTitle', text: 'processes.confirmDeleteLog' },
};

export default function Processes({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const isAdmin = useAppStore((s) => s.session.authCodes.includes('admin'));
  const [status, setStatus] = useState<'' | ProcessStatus>('');
  const [opened, setOpened] = useState<ProcessInfo | null>(null);
  const [asked, setAsked] = useState<{ action: Action; p: ProcessInfo } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const list = usePagedList(
    useCallback(
      async (p: number) => {
        const a = await processInfo({ ...(status ? { process_status: status } : {}), page: p, page_size: PAGE_SIZE });
        return { rows: a.process_info_list, total: a.total };
      },
      [status],
    ),
  );
  const live = list.rows.some(isLive);
  const { reload } = list;
  // Live progress: read again while something is waiting or running; a finished list is left alone.
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [live, reload]);

  const act = async () => {
    if (!asked) return;
    const { action, p } = asked;
    setBusy(true);
    try {
      if (action === 'stop') {
        await processStop({ process_id: p.process_id });
        setDone({ kind: 'success', text: t('processes.stopped') });
      } else if (action === 'resume') {
        await processStart({ process_id: p.process_id });
        setDone({ kind: 'success', text: t('processes.resumed') });
      } else {
        const a = await processInfoDeleteLog({ process_id: p.process_id });
        setDone({ kind: 'success', text: t('processes.logDeleted', { count: a.deleted_count }) });
      }
    } catch (e) {
      setDone({ kind: 'error', text: errorText(e) });
    }
    setBusy(false);
    setAsked(null);
    reload();
  };

  const kindText = (kind: string) => t(`processes.kinds.${kind}`, { defaultValue: t('processes.kinds.other') });
  const columns: TableColumn<ProcessInfo>[] = [
    {
      header: t('processes.columns.name'),
      cell: (p) => (
        <button type="button" className="process-name" aria-label={t('processes.open', { name: p.process_name })} aria-expanded={opened?.process_id === p.process_id} onClick={() => setOpened(p)}>
          {p.process_name}
        </button>
      ),
    },
    { header: t('processes.columns.kind'), cell: (p) => kindText(p.process_kind) },
    { header: t('processes.columns.status'), cell: (p) => <span className={`process-status process-status--${p.process_status}`}>{enumLabel(processStatus, p.process_status, lang)}</span> },
    { header: t('processes.columns.progress'), cell: (p) => <ProgressBar p={p} /> },
    ...(isAdmin ? [{ header: t('processes.columns.startedBy'), cell: (p: ProcessInfo) => p.started_by ?? '', priority: 3 as const }] : []),
    { header: t('processes.columns.timing'), cell: (p) => <Timing p={p} /> },
    {
      header: t('processes.columns.actions'),
      priority: 1,
      cell: (p) => (
        <span className="process-actions">
          {isLive(p) && (
            <button type="button" className="button button--small button--secondary" onClick={() => setAsked({ action: 'stop', p })}>
              {t('processes.stop')}
            </button>
          )}
          {(p.process_status === 'stopped' || p.process_status === 'failed') && (
            <button type="button" className="button button--small button--secondary" onClick={() => setAsked({ action: 'resume', p })}>
              {t('processes.resume')}
            </button>
          )}
          {p.process_status !== 'running' && (
            <button type="button" className="button button--small button--secondary" onClick={() => setAsked({ action: 'deleteLog', p })}>
              {t('processes.deleteLog')}
            </button>
          )}
        </span>
      ),
    },
  ];

  return (
    <article className="page processes-page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <p>{isAdmin ? t('processes.introAdmin') : t('processes.intro')}</p>
      {done && <Notice kind={done.kind}>{done.text}</Notice>}
      <PagedTable
        id="processes-title"
        title={t('processes.listTitle')}
        list={list}
        columns={columns}
        rowKey={(p) => p.process_id}
        pageSize={PAGE_SIZE}
        pagesLabel={t('processes.pages')}
        empty={status ? t('processes.emptyFiltered') : t('processes.empty')}
        failed={() => (
          <div className="notice notice--error" role="alert">
            <p>{t('processes.loadFailed')}</p>
            <button type="button" className="button button--small button--secondary" onClick={reload}>
              {t('processes.retry')}
            </button>
          </div>
        )}
        footer={
          asked && (
            <ConfirmDialog title={t(CONFIRM[asked.action].title)} confirmLabel={t(`processes.${asked.action}`)} onConfirm={act} onCancel={() => setAsked(null)} busy={busy}>
              <p>{t(CONFIRM[asked.action].text, { name: asked.p.process_name })}</p>
            </ConfirmDialog>
          )
        }
      >
        <div className="filters">
          <SelectField
            label={t('processes.statusFilter')}
            name="process_status"
            value={status}
            onValue={(v) => setStatus(v as '' | ProcessStatus)}
            placeholder={t('processes.statusAll')}
            options={enumOptions(processStatus, lang)}
          />
        </div>
        {list.loading && list.rows.length === 0 && !list.error && <p role="status">{t('app.loading')}</p>}
      </PagedTable>
      {opened && <ProcessLog key={opened.process_id} process={list.rows.find((r) => r.process_id === opened.process_id) ?? opened} onClose={() => setOpened(null)} />}
    </article>
  );
}

/** Log lines have no id: a line's key is its time and text, and which repeat of them it is. */
function keyed(log: NonNullable<ProcessInfo['log_list']>) {
  const seen = new Map<string, number>();
  return log.map((line) => {
    const base = `${line.log_date}|${line.message}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { key: `${base}|${n}`, line };
  });
}

/** A process's log, oldest first; read again with the list while the process runs. */
function ProcessLog({ process, onClose }: { process: ProcessInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const [log, setLog] = useState<ProcessInfo['log_list'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const live = isLive(process);
  const id = process.process_id;
  // The opened log takes the focus once (not at every read of the list).
  const heading = useFocusOnMount<HTMLHeadingElement>();

  useEffect(() => {
    let current = true;
    const read = () =>
      processInfoLogActiveProcessIdDetails({ process_id: id }).then(
        (a) => {
          if (!current) return;
          setLog(a.process_info.log_list ?? []);
          setError(null);
        },
        (e: unknown) => current && setError(e),
      );
    void read();
    const timer = live ? setInterval(read, POLL_MS) : undefined;
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [id, live]);

  return (
    <section className="section process-log" aria-labelledby="process-log-title">
      <div className="process-log__head">
        <h2 id="process-log-title" tabIndex={-1} ref={heading}>
          {t('processes.details.title', { name: process.process_name })}
        </h2>
        <button type="button" className="button button--small button--secondary" onClick={onClose}>
          {t('processes.details.close')}
        </button>
      </div>
      {live && <p className="process-log__live">{t('processes.details.live')}</p>}
      {error ? <Notice>{errorText(error)}</Notice> : null}
      {log === null && !error && <p role="status">{t('processes.details.loading')}</p>}
      {log && log.length === 0 && <p>{t('processes.details.empty')}</p>}
      {log && log.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a long log scrolls, and a list that scrolls must take the focus or a keyboard cannot scroll it (WCAG 2.1.1, axe scrollable-region-focusable)
        <ol className="process-log__lines" tabIndex={0} aria-labelledby="process-log-title">
          {keyed(log).map(({ key, line: l }) => (
            <li key={key} className={`process-log__line process-log__line--${l.log_level}`}>
              <time dateTime={l.log_date}>{formatDate(l.log_date, lang, true)}</time>
              <span className="process-log__level">{enumLabel(logLevel, l.log_level, lang)}</span>
              <span className="process-log__message">{l.message}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
