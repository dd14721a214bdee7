// The statistics panel (issue 14) as an analyst meets it: the choice that stays closed until complete and says
// why, a t-test's tables in jamovi's layout with p "< .001" (Turkish "< ,001", decimal commas), the box plot's
// caption, the same-values notice with the stored results, a refused column at its field, the earlier results
// reopened and a table downloaded as Excel with its numbers unrounded.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StatisticsPanel } from '../../src/pages/analysis/statistics/StatisticsPanel';
import type { TableToExcelRequest, WanalyzerProjectStatisticsAnalyzeListRequest, WanalyzerProjectStatsResultListRequest } from '../../src/generated/types/routes';
import type { TTestResult } from '../../src/generated/types/entities';
import { project, renderPanel, serve } from './support/analysis';
import { ok } from './support/handlers';

const box = (median: number, outliers: number[] = []) => ({ lower_whisker: median - 0.8, q1: median - 0.3, median, q3: median + 0.3, upper_whisker: median + 0.8, outlier_list: outliers });

// R: t.test(Sepal.Length ~ Species, var.equal = TRUE) on iris's setosa and versicolor.
const tTest: TTestResult = {
  test_list: [
    {
      column_id: 'c-sl',
      group_list: [
        { value: 'setosa', n: 50, mean: 5.006, sd: 0.3525, se: 0.04985, median: 5, mean_rank: 29.68, box: box(5) },
        { value: 'versicolor', n: 50, mean: 5.936, sd: 0.5162, se: 0.073, median: 5.9, mean_rank: 71.32, box: box(5.9, [4.9]) },
      ],
      student: { t: -10.521, df: 98, p: 8.985e-18, mean_difference: -0.93, se_difference: 0.0884, ci_lower: -1.1054, ci_upper: -0.7546, cohens_d: -2.104 },
      welch: { t: -10.521, df: 86.538, p: 3.746e-17, mean_difference: -0.93, se_difference: 0.0884, ci_lower: -1.1057, ci_upper: -0.7543, cohens_d: -2.104 },
      mann_whitney: { u: 168.5, p: 8.346e-14, rank_biserial: -0.8652 },
    },
  ],
};

const stored = (id: string, created_at = '2026-11-26T09:30:00Z') => ({
  result_id: id,
  analyze_type: 't_test' as const,
  column_list: ['c-sl'],
  group_column_id: 'c-sp',
  result: tTest,
  created_at,
});

const serveEarlier = (list: ReturnType<typeof stored>[] = []) =>
  serve<WanalyzerProjectStatsResultListRequest>('wanalyzer/project/stats/result/list', () => ({ ...ok, stats_result_list: list, total: list.length, page: 1, page_size: 10 }));

async function chooseTTest(user: ReturnType<typeof userEvent.setup>, names: { analysis: string; column: RegExp; group: string; groupOption: RegExp }) {
  await user.click(screen.getByRole('checkbox', { name: names.analysis }));
  await user.click(screen.getByRole('checkbox', { name: names.column }));
  await user.selectOptions(screen.getByRole('combobox', { name: new RegExp(names.group) }), screen.getByRole('option', { name: names.groupOption }));
}

describe('the statistics panel', () => {
  it('keeps Run closed until the choice is complete, then shows the t-test as jamovi does (English)', async () => {
    const earlier = serveEarlier();
    const asked = serve<WanalyzerProjectStatisticsAnalyzeListRequest>('wanalyzer/project/statistics/analyze/list', () => ({ ...ok, stats_result_list: [stored('r1')] }));
    const user = userEvent.setup();
    renderPanel(<StatisticsPanel project={project()} />, 'en');

    expect(screen.getByText(/Nothing has been asked yet/)).toBeInTheDocument();
    const run = screen.getByRole('button', { name: 'Run the analyses' });
    expect(run).toBeDisabled();
    expect(run).toHaveAccessibleDescription(/Choose at least one analysis/);

    await user.click(screen.getByRole('checkbox', { name: 'Two groups: t-test' }));
    expect(run).toHaveAccessibleDescription(/needs at least 1 column to analyse.*needs a grouping column/);
    // A category is not a number: said at once, and Run stays closed.
    await user.click(screen.getByRole('checkbox', { name: 'Species (categorical)' }));
    expect(run).toHaveAccessibleDescription(/Two groups: t-test cannot use Species \(categorical\): it takes numeric columns/);
    await user.click(screen.getByRole('checkbox', { name: 'Species (categorical)' }));

    await user.click(screen.getByRole('checkbox', { name: 'Sepal.Length (numeric)' }));
    await user.selectOptions(screen.getByRole('combobox', { name: /Grouping column/ }), screen.getByRole('option', { name: 'Species (categorical)' }));
    expect(run).toBeEnabled();
    await user.click(run);

    expect(asked).toEqual([{ project_id: 'p-iris', analyze_type_list: ['t_test'], column_list: ['c-sl'], group_column_id: 'c-sp' }]);
    const tests = await screen.findByRole('table', { name: 'Independent samples tests' });
    const [, student, welch, mannWhitney] = within(tests).getAllByRole('row');
    expect(within(student).getAllByRole('cell').map((c) => c.textContent)).toEqual(["Student's t", '-10.521', '98', '< .001', '-0.930', '0.088', '-1.105', '-0.755', '-2.104']);
    expect(welch).toHaveTextContent("Welch's t");
    expect(welch).toHaveTextContent('86.538');
    expect(mannWhitney).toHaveTextContent('168.500');
    const groups = screen.getByRole('table', { name: 'Group descriptives' });
    expect(within(groups).getAllByRole('row')[2]).toHaveTextContent(/Sepal\.Length\s*versicolor\s*50\s*5\.936/);
    // The heading names the columns, never their ids.
    expect(screen.getByRole('heading', { level: 3, name: 'Two groups: t-test: Sepal.Length, by Species' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('c-sl');
    // The box plot, told in words.
    expect(await screen.findByText(/^Box plot of Sepal\.Length: setosa median 5\.000, middle half 4\.700 to 5\.300, 0 outliers; versicolor median 5\.900.*1 outlier\.$/)).toBeInTheDocument();
    // The earlier results are asked again after the run, newest first.
    await waitFor(() => expect(earlier).toHaveLength(2));
    expect(earlier[0]).toEqual({ project_id: 'p-iris', sort: '-created_at', page: 1, page_size: 10 });
  });

  it('shows the stored results under the same-values notice, in Turkish with decimal commas', async () => {
    serveEarlier();
    serve('wanalyzer/project/statistics/analyze/list', () => ({ status_code: '13006', status_message: 'Bu değerlerle zaten sonuç aldınız.', stats_result_list: [stored('r1')] }));
    const user = userEvent.setup();
    renderPanel(<StatisticsPanel project={project()} />, 'tr');
    await chooseTTest(user, { analysis: 'İki grup: t-testi', column: /^Sepal\.Length/, group: 'Gruplama sütunu', groupOption: /^Species/ });
    await user.click(screen.getByRole('button', { name: 'Analizleri çalıştır' }));

    expect(await screen.findByText('Bu değerlerle zaten sonuç aldınız. İşte yeniden.')).toBeInTheDocument();
    const tests = screen.getByRole('table', { name: 'Bağımsız örneklem testleri' });
    const student = within(tests).getAllByRole('row')[1];
    expect(student).toHaveTextContent('Student t');
    expect(within(student).getAllByRole('cell').map((c) => c.textContent)).toContain('< ,001');
    expect(within(student).getAllByRole('cell').map((c) => c.textContent)).toContain('-0,930');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a column at its field", async () => {
    serveEarlier();
    serve('wanalyzer/project/statistics/analyze/list', () => ({
      status_code: '10001',
      status_message: 'Please check the highlighted fields: group_column_id: Species has 3 values; the t-test needs exactly two.',
      errors: [{ field: 'group_column_id', message: 'Species has 3 values; the t-test needs exactly two.' }],
    }));
    const user = userEvent.setup();
    renderPanel(<StatisticsPanel project={project()} />, 'en');
    await chooseTTest(user, { analysis: 'Two groups: t-test', column: /^Sepal\.Length/, group: 'Grouping column', groupOption: /^Species/ });
    await user.click(screen.getByRole('button', { name: 'Run the analyses' }));

    const group = screen.getByRole('combobox', { name: /Grouping column/ });
    await waitFor(() => expect(group).toHaveAttribute('aria-invalid', 'true'));
    expect(group).toHaveAccessibleDescription(/Species has 3 values; the t-test needs exactly two\./);
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields');
    expect(screen.getByText(/Nothing has been asked yet/)).toBeInTheDocument();
  });

  it('reopens an earlier result and downloads its table as Excel with the numbers unrounded', async () => {
    serveEarlier([stored('r2', '2026-11-26T10:00:00Z')]);
    const excel = serve<TableToExcelRequest>('table/to/excel', () => ({ ...ok, file: { file_name: 'x.xlsx', content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content_base64: 'UEs=' } }));
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderPanel(<StatisticsPanel project={project()} />, 'en');

    await user.click(await screen.findByRole('button', { name: 'Open Two groups: t-test: Sepal.Length, by Species' }));
    expect(await screen.findByText('An earlier result, as it was stored.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download as Excel: Independent samples tests' }));

    await waitFor(() => expect(excel).toHaveLength(1));
    expect(excel[0].file_name).toBe('independent-samples-tests');
    expect(excel[0].column_list.map((c) => c.label)).toEqual(['Variable', 'Test', 'Statistic', 'df', 'p', 'Mean difference', 'SE difference', '95% CI lower', '95% CI upper', 'Effect size']);
    expect(excel[0].row_list[0]).toEqual(['Sepal.Length', "Student's t", -10.521, 98, 8.985e-18, -0.93, 0.0884, -1.1054, -0.7546, -2.104]);
    await waitFor(() => expect(names).toEqual(['x.xlsx']));
  });
});
