// The speed-monitoring page (issue 13, admin): the slowest routes named by their catalogue summary in the
// page's language with their percentiles, calls and error rates; the period toggle and the chart's route
// choice ask the server again; empty, failed and refused states; both languages. The chart (drawn in
// plots.test.tsx) is stood in for by a list of the minutes it was given.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SystemSpeedReportRequest, SystemSpeedReportResponse } from '../../src/generated/types/routes';
import { storeSession } from './support/account';
import { ok } from './support/handlers';
import { startApp } from './support/app-fixtures';
import { server } from './support/server';

vi.mock('../../src/pages/monitoring/MinuteChart', () => ({
  default: ({ series }: { series: SystemSpeedReportResponse['series'] }) => (
    <ul aria-label="chart">
      {series.map((m) => (
        <li key={m.minute}>{`${m.requests} / ${m.p95_ms}`}</li>
      ))}
    </ul>
  ),
}));

const LOGIN = {
  route_name: 'login',
  method: 'POST' as const,
  path: '/v1/login',
  summary: { en: 'Check the new login and start the session', tr: 'Yeni girişi doğrula ve oturumu başlat' },
  requests: 40,
  refused: 4,
  failed: 1,
  error_rate: 0.025,
  refusal_rate: 0.1,
  p50_ms: 120,
  p95_ms: 612.5,
  p99_ms: 900,
  mean_ms: 150,
  max_ms: 950,
};
const BUNDLE = { ...LOGIN, route_name: 'bundle_details', path: '/v1/bundle/details', summary: { en: 'A bundle with its products and agreements', tr: 'Ürünleri ve sözleşmeleriyle bir paket' }, requests: 1200, refused: 0, failed: 0, error_rate: 0, refusal_rate: 0, p50_ms: 7.8, p95_ms: 24, p99_ms: 48, max_ms: 60 };

function serveReport(answer: (body: SystemSpeedReportRequest) => object) {
  const bodies: SystemSpeedReportRequest[] = [];
  server.use(
    http.post('*/v1/system/speed/report', async ({ request }) => {
      const body = (await request.json()) as SystemSpeedReportRequest;
      bodies.push(body);
      return HttpResponse.json(answer(body));
    }),
  );
  return bodies;
}

const report = (route_list: SystemSpeedReportResponse['route_list'], series: SystemSpeedReportResponse['series'] = []) => ({
  ...ok,
  since: '2026-11-26T07:00:00Z',
  until: '2026-11-26T08:00:00Z',
  route_list,
  series,
});

describe('speed monitoring', () => {
  it('lists the slowest routes by what they do, in Turkish, and asks again for another period or one route', async () => {
    const bodies = serveReport((b) => report(b.route_name ? [LOGIN] : [LOGIN, BUNDLE], [{ minute: '2026-11-26T07:59:00Z', requests: b.route_name ? 40 : 1240, p95_ms: 612.5 }]));
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup();
    await startApp('/ayarlar');
    await user.click(await screen.findByRole('link', { name: 'Hız İzleme' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hız İzleme' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/hiz-izleme');

    const table = await screen.findByRole('table', { name: 'En yavaş rotalar' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Yeni girişi doğrula ve oturumu başlat');
    expect(first).toHaveTextContent('613 ms');
    expect(first).toHaveTextContent('%2,5');
    expect(second).toHaveTextContent('Ürünleri ve sözleşmeleriyle bir paket');
    expect(second).toHaveTextContent('7,8 ms');
    expect(table).not.toHaveTextContent('bundle_details');
    expect(within(await screen.findByRole('list', { name: 'chart' })).getByText('1240 / 612.5')).toBeInTheDocument();
    expect(bodies).toEqual([{ window: 'hour' }]);

    await user.click(screen.getByRole('radio', { name: 'Son 24 saat' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ window: 'day' }));
    await user.selectOptions(screen.getByLabelText('Grafikte gösterilen rota'), 'Yeni girişi doğrula ve oturumu başlat');
    await waitFor(() => expect(bodies.at(-1)).toEqual({ window: 'day', route_name: 'login' }));
    expect(await within(screen.getByRole('list', { name: 'chart' })).findByText('40 / 612.5')).toBeInTheDocument();
  });

  it('says when nothing was counted, and offers to try again after a failure, in English', async () => {
    let fail = true;
    serveReport(() => (fail ? { status_code: '10012', status_message: 'Something went wrong on our side. The error was recorded as r-1.' } : report([])));
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup();
    await startApp('/speed-monitoring');
    expect(await screen.findByRole('heading', { level: 1, name: 'Speed Monitoring' })).toBeInTheDocument();
    expect(await screen.findByText(/Something went wrong on our side/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No calls were counted in this period yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('is not offered to a user without admin', async () => {
    storeSession({ authCodes: ['website_edit'] });
    await startApp('/hiz-izleme');
    expect(await screen.findByText('Bu sayfayı görmek için yetkiniz yok.')).toBeInTheDocument();
  });
});
