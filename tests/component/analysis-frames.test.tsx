// The two frame-mode pages of the data-analysis area (issue 14), against msw: the site search (no layout, the
// match marked, results opening in the top window, paging, empty / loading / nothing found / failed states, the
// language offered on the page) and the cell calculation (a project picked from the list, column and function
// names inserted at the cursor, a typo caught by the rule engine's parser before any call, the server's
// "Please check the parenthesis" at the formula, a page of rows with their inputs, results and row errors).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import type { AnalysisColumn } from '../../src/generated/types/entities';
import { ok } from './support/handlers';
import { logIn, startApp } from './support/app-fixtures';
import { server } from './support/server';

const PROJECT = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const OTHER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const project = (id: string) => `/user-project?project_id=${id}`;

interface Asked {
  body: Record<string, unknown>;
  lang: string | null;
}

/** Serves /wai/search: each answer from `answer` (by the request), every request kept. */
function serveSearch(answer: (body: Record<string, unknown>) => object | Promise<object>) {
  const asked: Asked[] = [];
  server.use(
    http.post('*/v1/wai/search', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      asked.push({ body, lang: new URL(request.url).searchParams.get('__lang__v') });
      return HttpResponse.json(await answer(body));
    }),
  );
  return asked;
}

const irisResults = {
  ...ok,
  result_list: [
    { title: 'Iris flowers', snippet: 'Sepal and petal sizes of three iris species.', url: project(PROJECT), project_id: PROJECT, score: 0.6 },
    { title: 'Membership agreement', snippet: 'Irises are not part of this agreement.', url: '/membership-agreement', score: 0.2 },
  ],
  total: 2,
  page: 1,
  page_size: 10,
};

describe('the search frame', () => {
  it('is drawn without the layout, searches what the address names and marks the words in each result', async () => {
    const asked = serveSearch(() => irisResults);
    await startApp('/wai-search-iframe?q=iris');
    expect(await screen.findByRole('heading', { level: 1, name: 'WAI Arama' })).toBeInTheDocument();
    // No menu or top bar: the page is someone else's frame.
    expect(screen.queryByRole('combobox', { name: 'Para birimi' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Ana menü' })).not.toBeInTheDocument();

    const results = within(await screen.findByRole('region', { name: 'Arama sonuçları' }));
    const items = results.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Proje')).toBeInTheDocument();
    expect(within(items[1]).getByText('Sayfa')).toBeInTheDocument();
    const link = within(items[0]).getByRole('link', { name: 'Iris flowers' });
    expect(link).toHaveAttribute('href', project(PROJECT));
    expect(link).toHaveAttribute('target', '_top');
    expect(within(items[1]).getByRole('link', { name: 'Membership agreement' })).toHaveAttribute('target', '_top');
    // The typed word is marked where it begins a word, whatever its case: "iris" in "Irises" too.
    expect([...items[0].querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Iris', 'iris']);
    expect([...items[1].querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Iris']);
    expect(screen.getByRole('status')).toHaveTextContent('“iris” için 2 sonuç.');
    expect(asked.map((a) => a.body)).toEqual([{ query: 'iris', page: 1, page_size: 10 }]);
  });

  it('invites a search, shows it running, says when nothing was found, and offers another try after a failure', async () => {
    let fail = true;
    const asked = serveSearch(async (body) => {
      await delay(50);
      if (body.query === 'bozuk' && fail) {
        fail = false;
        return { status_code: '10016', status_message: 'Bulunamadı' };
      }
      return { ...ok, result_list: [], total: 0, page: 1, page_size: 10 };
    });
    const user = userEvent.setup();
    await startApp('/wai-search-iframe');
    expect(await screen.findByText("Bir ya da birkaç sözcük yazıp Ara'ya basın.")).toBeInTheDocument();
    expect(asked).toEqual([]);

    await user.type(screen.getByRole('searchbox', { name: 'Ara' }), 'zebra{Enter}');
    expect(await screen.findByText('Aranıyor…')).toBeInTheDocument();
    expect(await screen.findByText('“zebra” için bir şey bulunamadı. Daha az ya da daha kısa sözcükler deneyin.')).toBeInTheDocument();
    expect(window.location.search).toBe('?q=zebra');

    await user.clear(screen.getByRole('searchbox', { name: 'Ara' }));
    await user.type(screen.getByRole('searchbox', { name: 'Ara' }), 'bozuk');
    await user.click(screen.getByRole('button', { name: 'Ara' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Bulunamadı');
    await user.click(within(alert).getByRole('button', { name: 'Yeniden dene' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(await screen.findByText(/“bozuk” için bir şey bulunamadı/)).toBeInTheDocument();
    expect(asked.map((a) => a.body.query)).toEqual(['zebra', 'bozuk', 'bozuk']);
  });

  it('pages through many results and follows a change of language with the next search', async () => {
    const asked = serveSearch((body) => ({
      ...ok,
      result_list: Array.from({ length: body.page === 2 ? 2 : 10 }, (_v, i) => ({
        title: `Tulip batch ${(Number(body.page) - 1) * 10 + i + 1}`,
        snippet: 'Tulip bulbs weighed per batch.',
        url: `/user-project?project_id=00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
        project_id: `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
        score: 0.5,
      })),
      total: 12,
      page: body.page,
      page_size: 10,
    }));
    const user = userEvent.setup();
    await startApp('/wai-search-iframe?q=tulip');
    await screen.findByRole('link', { name: 'Tulip batch 1' });
    await user.click(screen.getByRole('button', { name: 'Sonraki sayfa' }));
    expect(await screen.findByRole('link', { name: 'Tulip batch 12' })).toBeInTheDocument();
    expect(screen.getByRole('list')).toHaveAttribute('start', '11');
    expect(asked.map((a) => a.body.page)).toEqual([1, 2]);

    // The frame has no top bar: it offers the language itself, and the results are asked again in it.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'WAI Search' })).toBeInTheDocument();
    await waitFor(() => expect(asked.at(-1)?.lang).toBe('1'));
    expect(await screen.findByText('12 results for “tulip”.')).toBeInTheDocument();
    // Still on the second page, now in English.
    expect(screen.getAllByText('Project')).toHaveLength(2);
  });
});

const column = (column_id: string, column_index: number, column_name: string, column_type: AnalysisColumn['column_type']): AnalysisColumn => ({
  column_id,
  column_index,
  column_name,
  column_type,
});
const WEIGHT = column('c0000000-0000-4000-8000-000000000001', 0, 'weight', 'numeric');
const HEIGHT = column('c0000000-0000-4000-8000-000000000002', 1, 'height', 'numeric');
const BLOOD = column('c0000000-0000-4000-8000-000000000003', 2, 'Blood group', 'categorical');

/** Serves the project list, the project, the calculation and the dataset's rows; keeps what was asked. */
function serveProject(calculate?: (body: Record<string, unknown>) => object) {
  const asked = { calculate: [] as Record<string, unknown>[], dataset: [] as Record<string, unknown>[] };
  server.use(
    http.post('*/v1/wanalyzer/project/list', () =>
      HttpResponse.json({
        ...ok,
        project_list: [
          { project_id: OTHER, project_name: 'Iris flowers', details: {}, is_public: true, is_own: false, owner_name: 'Mehmet Yılmaz', updated_at: '2026-11-20T10:00:00Z' },
          { project_id: PROJECT, project_name: 'Body sizes', details: {}, is_public: false, is_own: true, updated_at: '2026-11-25T10:00:00Z' },
        ],
        total: 2,
        page: 1,
        page_size: 100,
      }),
    ),
    http.post('*/v1/wanalyzer/project/details/columns/wai/get', () =>
      HttpResponse.json({ ...ok, project_id: PROJECT, project_name: 'Body sizes', details: { row_count: 45 }, is_public: false, is_own: true, column_list: [WEIGHT, HEIGHT, BLOOD] }),
    ),
    http.post('*/v1/wanalyzer/project/cell/calculate', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      asked.calculate.push(body);
      const from = Number(body.row_from);
      return HttpResponse.json(
        calculate?.(body) ?? {
          ...ok,
          result_list: Array.from({ length: Math.min(20, 45 - from) }, (_v, i) =>
            from + i === 1 ? { row_index: 1, value: null, error: 'Sıfıra bölme' } : { row_index: from + i, value: (from + i) * 1.5 },
          ),
          total_rows: 45,
        },
      );
    }),
    http.post('*/v1/wanalyzer/project/dataset/get', async ({ request }) => {
      const body = (await request.json()) as { page: number; column_id_list: string[] };
      asked.dataset.push(body);
      const from = (body.page - 1) * 20;
      // Answered in the dataset's column order (height before weight), not the order asked.
      return HttpResponse.json({
        ...ok,
        row_list: Array.from({ length: Math.min(20, 45 - from) }, (_v, i) => [170 + from + i, 60 + from + i]),
        column_list: [HEIGHT, WEIGHT],
        total: 45,
        page: body.page,
        page_size: 20,
      });
    }),
  );
  return asked;
}

describe('the cell calculation frame', () => {
  it('picks a project, inserts names, catches a typo before calling, and shows a page of rows with their inputs', async () => {
    const asked = serveProject();
    const user = userEvent.setup();
    await startApp('/wanalyzer-cell-calculate-iframe');
    logIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hücre Hesaplama' })).toBeInTheDocument();
    const picker = await screen.findByRole('combobox', { name: 'Proje' });
    expect(within(picker).getByRole('option', { name: 'Iris flowers (herkese açık, Mehmet Yılmaz)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aç' }));
    expect(screen.getByText('Lütfen bir proje seçin.')).toBeInTheDocument();
    await user.selectOptions(picker, 'Body sizes');
    await user.click(screen.getByRole('button', { name: 'Aç' }));
    expect(await screen.findByText('Proje: Body sizes')).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('project_id')).toBe(PROJECT);

    // Names go in at the cursor; a name a formula cannot hold is not offered.
    const formula = screen.getByRole('textbox', { name: 'Formül' });
    await user.click(screen.getByRole('button', { name: 'round()' }));
    await user.click(screen.getByRole('button', { name: 'weight Sayısal' }));
    await user.type(formula, ' / (');
    await user.click(screen.getByRole('button', { name: 'height Sayısal' }));
    expect(formula).toHaveValue('round(weight / (height');
    // Inside the formula too, and the cursor is after the name at once, where the next key lands.
    (formula as HTMLTextAreaElement).setSelectionRange(6, 6);
    await user.click(screen.getByRole('button', { name: 'height Sayısal' }));
    expect(formula).toHaveValue('round(heightweight / (height');
    expect(formula).toHaveFocus();
    expect((formula as HTMLTextAreaElement).selectionStart).toBe(12);
    await user.keyboard('{Backspace>6/}');
    expect(formula).toHaveValue('round(weight / (height');
    expect(screen.getByRole('button', { name: 'Blood group Kategorik' })).toBeDisabled();

    // The parser's message at the field, and no call.
    await user.click(screen.getByRole('button', { name: 'Hesapla' }));
    expect(formula).toHaveAttribute('aria-invalid', 'true');
    expect(formula).toHaveAccessibleDescription(/Lütfen parantezleri kontrol edin: 16\. konumdaki parantez hiç kapanmıyor/);
    expect(asked.calculate).toEqual([]);
    await user.type(formula, ') * wieght, 2)');
    await user.click(screen.getByRole('button', { name: 'Hesapla' }));
    expect(formula).toHaveAccessibleDescription(/27\. konum: bu projede “wieght” adında bir sütun yok\./);
    expect(asked.calculate).toEqual([]);

    await user.clear(formula);
    await user.type(formula, 'weight * 1.5 / (height - height)');
    await user.click(screen.getByRole('button', { name: 'Hesapla' }));
    const table = within(await screen.findByRole('table'));
    expect(asked.calculate).toEqual([{ project_id: PROJECT, expression: 'weight * 1.5 / (height - height)', row_from: 0, row_count: 20 }]);
    expect(asked.dataset).toEqual([{ project_id: PROJECT, column_id_list: [WEIGHT.column_id, HEIGHT.column_id], sort: 'row_index', page: 1, page_size: 20 }]);
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Satır', 'weight', 'height', 'Sonuç']);
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    // Row numbers from 1; the inputs in the formula's order; a result in the language's format; a row's error.
    expect(within(rows[0]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['60', '170', '0']);
    expect(within(rows[1]).getByRole('rowheader')).toHaveTextContent('2');
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['61', '171', 'Hesaplanamadı: Sıfıra bölme']);
    expect(within(rows[3]).getAllByRole('cell')[2]).toHaveTextContent('4,5');
    expect(screen.getByText('Projede 45 satır var.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sonraki sayfa' }));
    await waitFor(() => expect(asked.calculate.at(-1)).toMatchObject({ row_from: 20, row_count: 20 }));
    expect(asked.dataset.at(-1)).toMatchObject({ page: 2 });
    expect(await screen.findByRole('rowheader', { name: '21' })).toBeInTheDocument();
  });

  it("shows the server's parenthesis refusal at the formula, and other refusals as a notice", async () => {
    serveProject((body) =>
      String(body.expression).includes('[')
        ? { status_code: '14001', status_message: 'Lütfen parantezleri kontrol edin' }
        : { status_code: '10016', status_message: 'Böyle bir proje yok' },
    );
    const user = userEvent.setup();
    await startApp(`/wanalyzer-cell-calculate-iframe?project_id=${PROJECT}`);
    logIn();
    const formula = await screen.findByRole('textbox', { name: 'Formül' });
    // Brackets pair in the browser's parser (a list); the server still refuses.
    await user.type(formula, 'weight + length([[1, 2]])');
    await user.click(screen.getByRole('button', { name: 'Hesapla' }));
    await waitFor(() => expect(formula).toHaveAccessibleDescription(/Lütfen parantezleri kontrol edin/));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(formula);
    await user.type(formula, 'weight * 2');
    await user.click(screen.getByRole('button', { name: 'Hesapla' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Böyle bir proje yok');
    expect(formula).not.toHaveAttribute('aria-invalid');
  });
});
