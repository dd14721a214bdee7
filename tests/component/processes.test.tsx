// The background processes page (issue 13): live progress bars that are read again while something runs and
// left alone once nothing does, the kind in words, the log on opening a process, stop / start again / delete
// the log after a confirmation, the empty and failed states, and Turkish.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import type { ProcessInfo } from '../../src/generated/types/entities';
import { POLL_MS } from '../../src/pages/Processes';
import { ok } from './support/handlers';
import { logIn, startApp } from './support/app-fixtures';
import { server } from './support/server';

const IMPORT = '2b0c6a3e-1f0e-4c51-9a47-5d1f3c2a7b10';
const MAIL = '7e1d5c2b-3a4f-4b6e-8c9d-0e1f2a3b4c5d';
const T0 = '2026-11-26T07:00:00.000Z';

const importAt = (progress: number): ProcessInfo => ({
  process_id: IMPORT,
  process_name: 'Update of Countries from countries.xlsx',
  process_kind: 'layer_import',
  process_status: progress < 100 ? 'running' : 'finished',
  progress_percent: progress,
  created_at: T0,
  started_at: T0,
  ...(progress < 100 ? {} : { finished_at: '2026-11-26T07:02:13.000Z' }),
  started_by: 'ayse',
});
const mail: ProcessInfo = {
  process_id: MAIL,
  process_name: 'Newsletter to 2 users',
  process_kind: 'bulk_mail',
  process_status: 'stopped',
  progress_percent: 50,
  created_at: T0,
  started_at: T0,
  finished_at: '2026-11-26T07:00:09.000Z',
  started_by: 'ayse',
};

/** Serves the list: the import advances 30 points at each read until it is done. */
function serveProcesses(first = 40) {
  const calls = { list: 0, stop: [] as unknown[], start: [] as unknown[], deleteLog: [] as unknown[] };
  let progress = first;
  server.use(
    http.post('*/v1/process/info', () => {
      calls.list++;
      const rows = [importAt(progress), mail];
      progress = Math.min(100, progress + 30);
      return HttpResponse.json({ ...ok, process_info_list: rows, total: rows.length, page: 1, page_size: 10 });
    }),
    http.post('*/v1/process/info/log/active/process_id/details', () =>
      HttpResponse.json({
        ...ok,
        process_info: {
          ...mail,
          log_list: [
            { log_date: T0, log_level: 'info', message: 'Started (attempt 1).' },
            { log_date: '2026-11-26T07:00:09.000Z', log_level: 'warning', message: 'Stopped by ayse.' },
          ],
        },
      }),
    ),
    http.post('*/v1/process/stop', async ({ request }) => {
      calls.stop.push(await request.json());
      return HttpResponse.json({ ...ok, process_info: { ...importAt(70), process_status: 'stopped' } });
    }),
    http.post('*/v1/process/start', async ({ request }) => {
      calls.start.push(await request.json());
      return HttpResponse.json({ ...ok, process_info: { ...mail, process_status: 'waiting' } });
    }),
    http.post('*/v1/process/info/delete/log', async ({ request }) => {
      calls.deleteLog.push(await request.json());
      return HttpResponse.json({ ...ok, process_id: MAIL, deleted_count: 2 });
    }),
  );
  return calls;
}

/** The page as a signed-in reader opens it (the site speaks Turkish first), in English. */
async function openInEnglish(user: ReturnType<typeof userEvent.setup>, authCodes: string[] = []) {
  await startApp('/islemler');
  logIn(authCodes as never);
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Dil' }), 'en');
  expect(await screen.findByRole('heading', { level: 1, name: 'Background Processes' })).toBeInTheDocument();
}

const progressOf = (name: string) => screen.getByRole('progressbar', { name: `Progress of ${name}` });

describe('background processes page', () => {
  it('moves a progress bar while the process runs, then stops reading once nothing runs', async () => {
    const calls = serveProcesses();
    const reading = vi.spyOn(globalThis, 'setInterval');
    const stopping = vi.spyOn(globalThis, 'clearInterval');
    await openInEnglish(userEvent.setup());
    await waitFor(() => expect(progressOf('Update of Countries from countries.xlsx')).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByRole('cell', { name: 'Data layer update from Excel' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Mail sending' })).toBeInTheDocument();
    expect(screen.getByText('Ran for 9 s')).toBeInTheDocument();
    await waitFor(() => expect(progressOf('Update of Countries from countries.xlsx')).toHaveAttribute('aria-valuenow', '100'), { timeout: 6000 });
    expect(screen.getByText('Ran for 2 min 13 s')).toBeInTheDocument();
    // Nothing runs any more: every timer the page read the list with is stopped (the timers say so; no wait).
    const timers = reading.mock.calls.flatMap(([, ms], i) => (ms === POLL_MS ? [reading.mock.results[i].value] : []));
    expect(timers.length).toBeGreaterThan(0);
    await waitFor(() => {
      for (const timer of timers) expect(stopping).toHaveBeenCalledWith(timer);
    });
    expect(calls.list).toBeGreaterThan(1);
  }, 15_000);

  it('opens a log, and stops, starts again and deletes a log only after a confirmation', async () => {
    const calls = serveProcesses(10);
    const user = userEvent.setup();
    await openInEnglish(user);
    await user.click(await screen.findByRole('button', { name: 'Show the log of Newsletter to 2 users' }));
    const log = within(await screen.findByRole('region', { name: 'Log of Newsletter to 2 users' }));
    expect(await log.findByText('Stopped by ayse.')).toBeInTheDocument();
    expect(log.getByText('Warning')).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Stop' })[0]);
    const ask = within(screen.getByRole('alertdialog', { name: 'Stop this process?' }));
    await user.click(ask.getByRole('button', { name: 'No' }));
    expect(calls.stop).toEqual([]);
    await user.click(screen.getAllByRole('button', { name: 'Stop' })[0]);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('The process was stopped.')).toBeInTheDocument();
    expect(calls.stop).toEqual([{ process_id: IMPORT }]);

    await user.click(screen.getByRole('button', { name: 'Start again' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Start this process again?' })).getByRole('button', { name: 'Start again' }));
    expect(await screen.findByText('The process was queued again.')).toBeInTheDocument();
    expect(calls.start).toEqual([{ process_id: MAIL }]);

    // A running process offers no log deletion; the stopped one does.
    expect(screen.getAllByRole('button', { name: 'Delete log' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Delete log' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete the log?' })).getByRole('button', { name: 'Delete log' }));
    expect(await screen.findByText('2 log lines were deleted.')).toBeInTheDocument();
    expect(calls.deleteLog).toEqual([{ process_id: MAIL }]);
  });

  it('says so when there is nothing yet, and offers a retry when the list cannot be read', async () => {
    let fail = true;
    server.use(
      http.post('*/v1/process/info', () =>
        fail
          ? HttpResponse.json({ status_code: '10001', status_message: 'Server error' }, { status: 500 })
          : HttpResponse.json({ ...ok, process_info_list: [], total: 0, page: 1, page_size: 10 }),
      ),
    );
    const user = userEvent.setup();
    await openInEnglish(user);
    expect(await screen.findByText('The processes could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/There are no background processes yet/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('speaks Turkish: the page, the kinds and the statuses', async () => {
    serveProcesses(100);
    await startApp('/islemler');
    logIn(['admin']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Arka Plan İşlemleri' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: "Veri katmanı Excel'den güncelleme" })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'E-posta gönderimi' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Durduruldu' })).toBeInTheDocument();
    expect(screen.getByText('2 dk 13 sn sürdü')).toBeInTheDocument();
    // An admin sees who started each process.
    expect(screen.getByRole('columnheader', { name: 'Başlatan' })).toBeInTheDocument();
  });
});
