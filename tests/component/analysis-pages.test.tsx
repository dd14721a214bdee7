// The analysis pages (issue 14, part "pages"): the project list and a project's home (the owner's changes, a
// visitor's read-only view), Add Dataset (the browser's refusals, the server's price and refusals, not enough
// credit, the confirmed save), the project pages' frame, and the dataset filter and data query pages (the bodies
// they send, the rows they show, the export).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { statusCatalogue, type StatusKey } from '../../src/generated/errors';
import type { AnalysisColumn } from '../../src/generated/types/entities';
import type { WanalyzerProjectDetailsColumnsWaiGetResponse, WanalyzerProjectListResponse } from '../../src/generated/types/routes';
import { initI18n } from '../../src/app/i18n';
import { FilteredPanel } from '../../src/pages/analysis/FilteredPanel';
import { ok } from './support/handlers';
import { logIn, startApp } from './support/app-fixtures';
import { server } from './support/server';

const PROJECT_ID = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const OTHER_ID = '6a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
const col = (i: number, name: string, column_type: AnalysisColumn['column_type'], extra: Partial<AnalysisColumn> = {}): AnalysisColumn => ({
  column_id: `00000000-0000-4000-8000-00000000000${i}`,
  project_id: PROJECT_ID,
  column_index: i,
  column_name: name,
  column_type,
  ...extra,
});
const SPECIES = col(0, 'Species', 'categorical', { results: { count: 150, missing_count: 0, category_list: [{ value: 'setosa', count: 50 }, { value: 'versicolor', count: 50 }, { value: 'virginica', count: 50 }] } });
const SEPAL = col(1, 'Sepal length', 'numeric', { unit: 'cm', results: { count: 148, missing_count: 2, mean: 5.8433, median: 5.8 } });
const MEASURED = col(2, 'Measured on', 'date', { results: { count: 150, missing_count: 0 } });
const PROJECT: WanalyzerProjectDetailsColumnsWaiGetResponse = {
  project_id: PROJECT_ID,
  project_name: 'Iris',
  details: { description: 'Fisher’s iris data', file_name: 'iris.xlsx', row_count: 150, column_count: 3, filled_cell_count: 448, credit_used: 5 },
  is_public: true,
  is_own: true,
  column_list: [SPECIES, SEPAL, MEASURED],
};
const LISTED: WanalyzerProjectListResponse['project_list'] = [
  { project_id: PROJECT_ID, project_name: 'Iris', details: PROJECT.details, is_public: true, is_own: true, owner_name: 'Ayşe Yılmaz', updated_at: '2026-11-20T09:00:00Z' },
  { project_id: OTHER_ID, project_name: 'Tooth growth', details: { row_count: 60, column_count: 3 }, is_public: true, is_own: false, owner_name: 'Mehmet Kaya', updated_at: '2026-11-18T09:00:00Z' },
];

const refusal = (key: StatusKey, lang: 'en' | 'tr' = 'en') => {
  const { status_code, http: status, message } = statusCatalogue[key];
  return HttpResponse.json({ status_code, status_message: message[lang] }, { status });
};

/** The analysis routes, answering from a project the test may change, and what each was sent. */
function fakeAnalysis(project: WanalyzerProjectDetailsColumnsWaiGetResponse = PROJECT) {
  const calls: Record<string, unknown[]> = {};
  const seen = async (name: string, request: Request) => {
    const body = await request.json();
    calls[name] = [...(calls[name] ?? []), body];
    return body as Record<string, unknown>;
  };
  const state = { project, list: LISTED, credit: { needed: 5, balance: 40 }, refuseSaveWith: null as StatusKey | null, refuseColumnWith: null as StatusKey | null };
  server.use(
    http.post('*/v1/wanalyzer/project/list', async ({ request }) => {
      await seen('list', request);
      return HttpResponse.json({ ...ok, project_list: state.list, total: state.list.length, page: 1, page_size: 10 });
    }),
    http.post('*/v1/wanalyzer/project/details/columns/wai/get', async ({ request }) => {
      const body = await seen('details', request);
      return body.project_id === state.project.project_id ? HttpResponse.json({ ...ok, ...state.project }) : refusal('record_not_found');
    }),
    http.post('*/v1/wanalyzer/project/column/save', async ({ request }) => {
      const body = (await seen('column', request)) as { column: AnalysisColumn };
      if (state.refuseColumnWith) return refusal(state.refuseColumnWith);
      return HttpResponse.json({ ...ok, column: body.column });
    }),
    http.post('*/v1/wanalyzer/project/save', async ({ request }) => {
      const body = await seen('save', request);
      if (state.refuseSaveWith) return refusal(state.refuseSaveWith);
      return HttpResponse.json({ ...ok, project: { project_id: state.project.project_id, project_name: body.project_name }, credit_used: body.excel_file ? state.credit.needed : 0, credit_balance: state.credit.balance - state.credit.needed });
    }),
    http.post('*/v1/wanalyzer/project/delete', async ({ request }) => {
      await seen('delete', request);
      return HttpResponse.json({ ...ok, project_id: PROJECT_ID });
    }),
    http.post('*/v1/excel/calculate_credit', async ({ request }) => {
      await seen('credit', request);
      if (state.refuseSaveWith) return refusal(state.refuseSaveWith);
      return HttpResponse.json({ ...ok, filled_cell_count: 448, credit_needed: state.credit.needed, credit_balance: state.credit.balance, is_credit_enough: state.credit.balance >= state.credit.needed });
    }),
    http.post('*/v1/wanalyzer/project/column_data/list', async ({ request }) => {
      await seen('columnData', request);
      return HttpResponse.json({ ...ok, column_data_list: [{ column_id: SPECIES.column_id, distinct_count: 3, value_list: [{ value: 'setosa', count: 50 }, { value: 'versicolor', count: 50 }, { value: 'virginica', count: 50 }] }] });
    }),
    http.post('*/v1/wanalyzer/project/dataset/get', async ({ request }) => {
      const body = (await seen('dataset', request)) as { filter?: unknown };
      const rows = body.filter ? [['virginica', 6.3, '2026-01-05']] : [['setosa', 5.1, '2026-01-05'], ['versicolor', 7, null]];
      return HttpResponse.json({ ...ok, row_list: rows, total: body.filter ? 41 : 150, page: 1, page_size: 20 });
    }),
    http.post('*/v1/wanalyzer/data/query', async ({ request }) => {
      await seen('query', request);
      return HttpResponse.json({ ...ok, row_list: [[7.7], [7.9]], total: 2, page: 1, page_size: 20 });
    }),
    http.post('*/v1/table/to/excel', async ({ request }) => {
      await seen('excel', request);
      return HttpResponse.json({ ...ok, file: { file_name: 'iris.xlsx', content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content_base64: 'UEsDBA==' } });
    }),
  );
  return { calls, state };
}

beforeEach(() => {
  localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
  // Downloads go through an object URL, which jsdom lacks.
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
});

describe('the project list and home', () => {
  it('lists the projects a visitor may open and leads to Add Dataset when there are none', async () => {
    const { calls, state } = fakeAnalysis();
    const user = userEvent.setup();
    await startApp('/user-project');
    const table = await screen.findByRole('table', { name: 'Projects you can open' });
    const iris = within(table).getByRole('row', { name: /Iris/ });
    expect(iris).toHaveTextContent('150 rows × 3 columns');
    expect(iris).toHaveTextContent('Public');
    expect(within(table).getByRole('row', { name: /Tooth growth/ })).toHaveTextContent('Mehmet Kaya');
    // Signed out, the scope is not offered (only public projects are answered).
    expect(screen.queryByLabelText('Show')).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search in name or description' }), 'iris');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls.list.at(-1)).toEqual({ search: 'iris', sort: '-updated_at', page: 1, page_size: 10 }));

    state.list = [];
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('There are no projects yet. A project starts from an Excel workbook.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a dataset' })).toHaveAttribute('href', '/add-dataset');
  });

  it('shows the owner the columns with their summaries and the changes only an owner may make', async () => {
    const { calls } = fakeAnalysis();
    const user = userEvent.setup();
    await startApp(`/user-project?project_id=${PROJECT_ID}`);
    logIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Iris' })).toBeInTheDocument();
    expect(screen.getByText('Filled cells').nextElementSibling).toHaveTextContent('448');
    const columns = screen.getByRole('table', { name: 'Columns' });
    const sepal = within(columns).getByRole('row', { name: /Sepal length/ });
    expect(sepal).toHaveTextContent('Numeric');
    expect(sepal).toHaveTextContent('cm');
    expect(sepal).toHaveTextContent('mean 5.8433, median 5.8');
    expect(within(columns).getByRole('row', { name: /Species/ })).toHaveTextContent('setosa (50), versicolor (50), virginica (50)');
    // The project pages, linked with the project in the address.
    expect(screen.getByRole('link', { name: 'Dataset Filter' })).toHaveAttribute('href', `/user-project/dataset-filter?project_id=${PROJECT_ID}`);

    // A column's type and unit.
    await user.click(within(sepal).getByRole('button', { name: 'Change Sepal length' }));
    const columnForm = within(screen.getByRole('form', { name: 'Change the column Sepal length' }));
    await user.selectOptions(columnForm.getByLabelText('Data type'), 'Categorical');
    await user.clear(columnForm.getByLabelText('Unit'));
    await user.type(columnForm.getByLabelText('Unit'), 'mm');
    await user.click(columnForm.getByRole('button', { name: 'Save column' }));
    expect(await screen.findByText('The column is saved.')).toBeInTheDocument();
    expect(calls.column.at(-1)).toEqual({
      project_id: PROJECT_ID,
      column: { column_id: SEPAL.column_id, project_id: PROJECT_ID, column_index: 1, column_name: 'Sepal length', column_type: 'categorical', unit: 'mm' },
    });
  });

  it('shows the server’s refusal of a formula at the field, and deletes the project after asking', async () => {
    const { calls, state } = fakeAnalysis();
    const user = userEvent.setup();
    await startApp(`/user-project?project_id=${PROJECT_ID}`);
    logIn();
    const form = within(await screen.findByRole('form', { name: 'Add a calculated column' }));
    await user.type(form.getByLabelText(/^Column name/), 'Ratio');
    await user.type(form.getByLabelText(/^Formula/), '(Sepal length / 2');
    state.refuseColumnWith = 'parenthesis';
    await user.click(form.getByRole('button', { name: 'Add column' }));
    await waitFor(() => expect(form.getByLabelText(/^Formula/)).toHaveAccessibleDescription(expect.stringContaining(statusCatalogue.parenthesis.message.en.split('{{')[0].trim())));
    const sent = calls.column.at(-1) as { column: AnalysisColumn };
    // A name another column has is said at the name.
    server.use(
      http.post('*/v1/wanalyzer/project/column/save', () =>
        HttpResponse.json({ status_code: '13132', status_message: 'Another column of this project is already called “Ratio”.' }, { status: 409 }),
      ),
    );
    await user.click(form.getByRole('button', { name: 'Add column' }));
    await waitFor(() => expect(form.getByLabelText(/^Column name/)).toHaveAccessibleDescription('Another column of this project is already called “Ratio”.'));
    expect(form.getByLabelText(/^Formula/)).not.toHaveAttribute('aria-invalid');
    expect(sent.column).toMatchObject({ column_name: 'Ratio', expression: '(Sepal length / 2', column_index: 3 });

    await user.click(screen.getByRole('button', { name: 'Delete project' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Delete the project Iris?' }));
    expect(calls.delete).toBeUndefined();
    await user.click(dialog.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('The project Iris is deleted.')).toBeInTheDocument();
    expect(calls.delete).toEqual([{ project_id: PROJECT_ID }]);
  });

  it('shows a visitor a public project without any control to change it', async () => {
    const checked = col(3, 'Checked', 'boolean', { results: { count: 150, missing_count: 0, category_list: [{ value: 'true', count: 120 }, { value: 'false', count: 30 }] } });
    fakeAnalysis({ ...PROJECT, is_own: false, column_list: [...PROJECT.column_list!, checked] });
    await startApp(`/user-project?project_id=${PROJECT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Iris' })).toBeInTheDocument();
    // Yes/no values in words, never the stored true/false.
    expect(within(screen.getByRole('table', { name: 'Columns' })).getByRole('row', { name: /Checked/ })).toHaveTextContent('Yes (120), No (30)');
    expect(screen.queryByRole('button', { name: /^Change/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a calculated column' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete project' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Project name/)).not.toBeInTheDocument();
  });

  it('writes numbers, dates and types in Turkish for a Turkish reader', async () => {
    localStorage.setItem('active_lang', JSON.stringify({ label: 'tr', value: 0 }));
    fakeAnalysis({ ...PROJECT, is_own: false, details: { ...PROJECT.details, filled_cell_count: 12345 } });
    await startApp(`/kullanici-proje?project_id=${PROJECT_ID}`);
    const columns = await screen.findByRole('table', { name: 'Sütunlar' });
    const sepal = within(columns).getByRole('row', { name: /Sepal length/ });
    expect(sepal).toHaveTextContent('Sayısal');
    expect(sepal).toHaveTextContent('ortalama 5,8433, ortanca 5,8');
    expect(screen.getByText('Dolu hücre sayısı').nextElementSibling).toHaveTextContent('12.345');
    expect(screen.getByRole('link', { name: 'Veri Seti Filtresi' })).toHaveAttribute('href', `/kullanici-proje/veri-seti-filtre?project_id=${PROJECT_ID}`);
  });
});

describe('Add Dataset', () => {
  const fileInput = () => screen.getByLabelText(/^Excel file/);
  const workbook = (name = 'iris.xlsx') => new File([new Uint8Array([0x50, 0x4b, 3, 4])], name);

  it('refuses a file that is not a workbook in the browser, and one the server finds too large at the field', async () => {
    const { calls, state } = fakeAnalysis();
    const user = userEvent.setup({ applyAccept: false });
    await startApp('/add-dataset');
    logIn();
    await user.upload(await screen.findByLabelText(/^Excel file/), new File(['a;b'], 'iris.csv'));
    expect(fileInput()).toHaveAccessibleDescription(expect.stringContaining('Invalid file type'));
    expect(calls.credit).toBeUndefined();

    state.refuseSaveWith = 'excel_cell_limit';
    await user.upload(fileInput(), workbook());
    await waitFor(() => expect(fileInput()).toHaveAccessibleDescription(expect.stringContaining('The Excel file can have at most 100,000 filled cells')));
  });

  it('shows the server’s price, says when the credits are not enough, and saves only after the price is confirmed', async () => {
    const { calls, state } = fakeAnalysis();
    const user = userEvent.setup();
    state.credit = { needed: 5, balance: 3 };
    await startApp('/add-dataset');
    logIn();
    await user.upload(await screen.findByLabelText(/^Excel file/), workbook());
    const quote = within(await screen.findByRole('region', { name: 'Price' }));
    expect(quote.getByText('Credits needed').nextElementSibling).toHaveTextContent('5');
    expect(quote.getByText('Your credits').nextElementSibling).toHaveTextContent('3');
    expect(screen.getByRole('alert')).toHaveTextContent("You don't have enough credit!");
    expect(screen.getByRole('link', { name: 'Get credits in the shop' })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('button', { name: 'Save project (5 credits)' })).toBeDisabled();

    state.credit = { needed: 5, balance: 40 };
    await user.upload(fileInput(), workbook('flowers.xlsx'));
    expect(await screen.findByText('You have enough credits.')).toBeInTheDocument();
    // The name comes from the first file; the user may change it.
    expect(screen.getByLabelText(/^Project name/)).toHaveValue('iris');
    await user.click(screen.getByRole('button', { name: 'Save project (5 credits)' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Use credits?' }));
    expect(dialog.getByText('This uses 5 credits. You will have 35 credits left.')).toBeInTheDocument();
    expect(calls.save).toBeUndefined();
    await user.click(dialog.getByRole('button', { name: 'Save and use the credits' }));

    // The project's home, with the detected column types to review.
    expect(await screen.findByRole('heading', { level: 1, name: 'Iris' })).toBeInTheDocument();
    expect(screen.getByText('The project is saved. 5 credits were used; 35 credits are left.')).toBeInTheDocument();
    expect(screen.getByText('Check the data type detected for each column; change any that is wrong.')).toBeInTheDocument();
    expect(calls.save).toEqual([{ project_name: 'iris', is_public: false, excel_file: { file_name: 'flowers.xlsx', content_base64: 'UEsDBA==' } }]);
  });
});

describe('the project pages', () => {
  it('offers a project to pick without one in the address, and says when a project is unknown', async () => {
    fakeAnalysis();
    const user = userEvent.setup();
    await startApp('/user-project/dataset-filter');
    logIn();
    await user.click(await screen.findByRole('link', { name: 'Tooth growth' }));
    expect(await screen.findByText('This project does not exist or is not open to you.')).toBeInTheDocument();
  });

  it('says when a project could not be read, and reads it again on request', async () => {
    fakeAnalysis();
    let failOnce = true;
    server.use(
      http.post('*/v1/wanalyzer/project/details/columns/wai/get', () => {
        if (!failOnce) return undefined;
        failOnce = false;
        return refusal('internal_error');
      }),
    );
    const user = userEvent.setup();
    await startApp(`/user-project/create-data-query?project_id=${PROJECT_ID}`);
    logIn();
    expect(await screen.findByText(/The project could not be loaded\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run query' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Iris' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Data Query' })).toHaveAttribute('aria-current', 'page');
  });

  it('filters the dataset on the server with typed values and a category picked from the column, and exports the page', async () => {
    const { calls } = fakeAnalysis();
    const user = userEvent.setup();
    await startApp(`/user-project/dataset-filter?project_id=${PROJECT_ID}`);
    logIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Iris' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dataset Filter' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('150 of 150 rows')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Matching rows' });
    expect(within(table).getByRole('row', { name: /versicolor/ })).toHaveTextContent('—');

    await user.click(screen.getByRole('button', { name: 'Add a condition' }));
    await user.click(screen.getByRole('button', { name: 'Add a condition' }));
    const first = within(screen.getByRole('group', { name: 'Condition 1' }));
    // Apply waits for the values.
    await user.click(screen.getByRole('button', { name: 'Apply filter' }));
    expect(first.getByLabelText('Value')).toHaveAccessibleDescription('Please write or choose a value.');
    expect(calls.dataset).toHaveLength(1);

    // "Includes" looks for a part of the text: typed, not picked.
    await user.selectOptions(first.getByLabelText('Comparison'), 'Includes');
    expect(first.getByRole('textbox', { name: 'Value' })).toBeInTheDocument();
    await user.selectOptions(first.getByLabelText('Comparison'), 'Equal');
    await user.selectOptions(first.getByLabelText('Value'), 'virginica (50 rows)');
    const second = within(screen.getByRole('group', { name: 'Condition 2' }));
    await user.selectOptions(second.getByLabelText('Column'), 'Sepal length');
    expect(second.getByLabelText('Comparison')).not.toHaveTextContent('Includes');
    await user.selectOptions(second.getByLabelText('Comparison'), 'Greater or equal');
    await user.type(second.getByLabelText('Value'), '6.25');
    await user.click(screen.getByRole('radio', { name: 'any condition' }));
    await user.click(screen.getByRole('button', { name: 'Apply filter' }));
    expect(await screen.findByText('41 of 150 rows')).toBeInTheDocument();
    expect(calls.dataset.at(-1)).toEqual({
      project_id: PROJECT_ID,
      column_id_list: [SPECIES.column_id, SEPAL.column_id, MEASURED.column_id],
      filter: {
        logic: 'or',
        condition_list: [
          { column_id: SPECIES.column_id, operator: 'equal', value: 'virginica' },
          { column_id: SEPAL.column_id, operator: 'greater_or_equal', value: 6.25 },
        ],
      },
      page: 1,
      page_size: 20,
    });

    await user.click(screen.getByRole('button', { name: 'Export this page to Excel' }));
    await waitFor(() => expect(calls.excel).toHaveLength(1));
    expect(calls.excel[0]).toMatchObject({
      file_name: 'iris-filtered-rows',
      column_list: [
        { key: SPECIES.column_id, label: 'Species' },
        { key: SEPAL.column_id, label: 'Sepal length' },
        { key: MEASURED.column_id, label: 'Measured on' },
      ],
      row_list: [['virginica', 6.3, '2026-01-05']],
    });
  });

  it('runs a data query with the chosen columns and shows its result', async () => {
    const { calls } = fakeAnalysis();
    const user = userEvent.setup();
    await startApp(`/user-project/create-data-query?project_id=${PROJECT_ID}`);
    logIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Iris' })).toBeInTheDocument();
    expect(calls.query).toBeUndefined();
    await user.click(screen.getByText('Columns'));
    await user.click(screen.getByRole('checkbox', { name: 'Species' }));
    await user.click(screen.getByRole('checkbox', { name: 'Measured on' }));
    await user.click(screen.getByRole('button', { name: 'Add a condition' }));
    const condition = within(screen.getByRole('group', { name: 'Condition 1' }));
    await user.selectOptions(condition.getByLabelText('Column'), 'Sepal length');
    await user.selectOptions(condition.getByLabelText('Comparison'), 'Greater');
    await user.type(condition.getByLabelText('Value'), '7.5');
    // A date is written in the page's language and sent as the wire's; a day that does not exist is not sent.
    await user.click(screen.getByRole('button', { name: 'Add a condition' }));
    const day = within(screen.getByRole('group', { name: 'Condition 2' }));
    await user.selectOptions(day.getByLabelText('Column'), 'Measured on');
    await user.selectOptions(day.getByLabelText('Comparison'), 'Smaller');
    await user.type(day.getByLabelText('Value'), '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    expect(day.getByLabelText('Value')).toHaveAccessibleDescription('DD/MM/YYYY Please write a date as DD/MM/YYYY.');
    expect(calls.query).toBeUndefined();
    await user.clear(day.getByLabelText('Value'));
    await user.type(day.getByLabelText('Value'), '05/01/2026');
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    expect(await screen.findByText('2 of 150 rows')).toBeInTheDocument();
    expect(calls.query).toEqual([
      {
        project_id: PROJECT_ID,
        query: {
          logic: 'and',
          condition_list: [
            { column_id: SEPAL.column_id, operator: 'greater', value: 7.5 },
            { column_id: MEASURED.column_id, operator: 'smaller', value: '2026-01-05' },
          ],
        },
        column_id_list: [SEPAL.column_id],
        page: 1,
        page_size: 20,
      },
    ]);
    const table = screen.getByRole('table', { name: 'Query result' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['No.', 'Sepal length']);
    expect(within(table).getByRole('row', { name: /^2/ })).toHaveTextContent('7.9');
  });
});

describe('the statistics query frame', () => {
  it('hands the panel below the filter it applies, numbers typed with a Turkish comma, and none after clearing', async () => {
    initI18n('tr');
    fakeAnalysis();
    const user = userEvent.setup();
    render(<FilteredPanel project={PROJECT}>{(filter) => <output aria-label="panel">{JSON.stringify(filter ?? null)}</output>}</FilteredPanel>);
    expect(screen.getByRole('status', { name: 'panel' })).toHaveTextContent('null');
    await user.click(screen.getByRole('button', { name: 'Koşul ekle' }));
    const condition = within(screen.getByRole('group', { name: 'Koşul 1' }));
    await user.selectOptions(condition.getByLabelText('Sütun'), 'Sepal length');
    await user.selectOptions(condition.getByLabelText('Karşılaştırma'), 'Büyük');
    await user.type(condition.getByLabelText('Değer'), '5,5');
    await user.click(screen.getByRole('button', { name: 'Filtreyi uygula' }));
    expect(JSON.parse(screen.getByRole('status', { name: 'panel' }).textContent!)).toEqual({ logic: 'and', condition_list: [{ column_id: SEPAL.column_id, operator: 'greater', value: 5.5 }] });
    expect(screen.getByText('Aşağıdaki sonuçlar koşulu sağlayan satırlar içindir.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Temizle' }));
    expect(screen.getByRole('status', { name: 'panel' })).toHaveTextContent('null');
  });
});
