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

  it('lays out descriptives, a cross table, ANOVA and both regressions as jamovi does', async () => {
    serveEarlier();
    const bins = { bin_list: [{ from: 4, to: 5, count: 32 }, { from: 5, to: 6, count: 57 }, { from: 6, to: 8, count: 61 }] };
    const desc = (column_id: string, mean: number) => ({ column_id, n: 150, missing: 0, mean, sd: 0.8281, se: 0.0676, min: 4.3, q1: 5.1, median: 5.8, q3: 6.4, max: 7.9, skewness: 0.3086, kurtosis: -0.6058, histogram: bins, box: box(5.8, [7.9]) });
    const results = [
      { result_id: 'd', analyze_type: 'descriptive', column_list: ['c-sl', 'c-pl'], created_at: '2026-11-26T10:00:00Z', result: { variable_list: [desc('c-sl', 5.8433), desc('c-pl', 3.758)] } },
      { result_id: 'x', analyze_type: 'crosstab', column_list: ['c-sp'], group_column_id: 'c-big', created_at: '2026-11-26T10:00:00Z', result: { table_list: [{ row_column_id: 'c-sp', column_column_id: 'c-big', row_value_list: ['setosa', 'versicolor', 'virginica'], column_value_list: [false, true], count_matrix: [[50, 0], [30, 20], [5, 45]], expected_matrix: [[28.3, 21.7], [28.3, 21.7], [28.3, 21.7]], row_total_list: [50, 50, 50], column_total_list: [85, 65], n: 150, chi_square: 85.34, df: 2, p: 2.9e-19, cramers_v: 0.754, low_expected_count: 1 }] } },
      { result_id: 'a', analyze_type: 'anova', column_list: ['c-sl'], group_column_id: 'c-sp', created_at: '2026-11-26T10:00:00Z', result: { test_list: [{ column_id: 'c-sl', group_list: tTest.test_list[0].group_list, between: { sum_of_squares: 63.212, df: 2, mean_square: 31.606 }, within: { sum_of_squares: 38.956, df: 147, mean_square: 0.265 }, f: 119.26, p: 1.669e-31, eta_squared: 0.6187, welch_f: 138.91, welch_df2: 92.211, welch_p: 1.505e-28 }] } },
      { result_id: 'l', analyze_type: 'linear_regression', column_list: ['c-sl'], dependent_column_id: 'c-pl', created_at: '2026-11-26T10:00:00Z', result: { dependent_column_id: 'c-pl', n: 150, r: 0.8718, r2: 0.76, adjusted_r2: 0.7583, f: 468.55, df1: 1, df2: 148, p: 1.04e-47, residual_se: 0.8678, coefficient_list: [{ column_id: null, estimate: -7.1014, se: 0.5066, t: -14.02, p: 1e-28, ci_lower: -8.1025, ci_upper: -6.1003 }, { column_id: 'c-sl', estimate: 1.8584, se: 0.0859, t: 21.65, p: 1.04e-47, ci_lower: 1.6888, ci_upper: 2.028 }], point_list: [[5.1, 1.4], [7, 4.7], [6.3, 6]] } },
      { result_id: 'g', analyze_type: 'logistic_regression', column_list: ['c-sl', 'c-sp'], dependent_column_id: 'c-big', created_at: '2026-11-26T10:00:00Z', result: { dependent_column_id: 'c-big', positive_value: true, n: 150, deviance: 60.1, null_deviance: 204.2, aic: 68.1, mcfadden_r2: 0.7057, converged: false, coefficient_list: [{ column_id: null, estimate: -12.3, se: 2.1, z: -5.86, p: 4.6e-9, odds_ratio: 4.5e-6, or_ci_lower: 7.4e-8, or_ci_upper: 2.8e-4 }, { column_id: 'c-sp', level: 'versicolor', estimate: 1.2, se: 0.6, z: 2, p: 0.0455, odds_ratio: 3.32, or_ci_lower: 1.02, or_ci_upper: 10.8 }], classification: { threshold: 0.5, accuracy: 0.88, sensitivity: 0.862, specificity: 0.894, auc: 0.951, true_positive: 56, false_positive: 9, true_negative: 76, false_negative: 9 } } },
    ];
    serve('wanalyzer/project/statistics/analyze/list', () => ({ ...ok, stats_result_list: results }));
    const user = userEvent.setup();
    renderPanel(<StatisticsPanel project={project()} />, 'en');
    await user.click(screen.getByRole('checkbox', { name: 'Descriptive statistics' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sepal.Length (numeric)' }));
    await user.click(screen.getByRole('button', { name: 'Run the analyses' }));

    // Descriptives: the variables are the columns, the statistics the rows.
    const descriptives = await screen.findByRole('table', { name: 'Descriptives' });
    expect(within(descriptives).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', 'Sepal.Length', 'Petal.Length']);
    expect(within(descriptives).getByRole('row', { name: /^Mean/ })).toHaveTextContent(/Mean\s*5\.843\s*3\.758/);
    expect(within(descriptives).getByRole('row', { name: /^Kurtosis/ })).toHaveTextContent('-0.606');
    // The cross table with its totals, and χ² under it with the warning about small expected counts.
    const crosstab = screen.getByRole('table', { name: 'Species by Large' });
    expect(within(crosstab).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Species \\ Large', 'No', 'Yes', 'Total']);
    expect(within(crosstab).getAllByRole('row').at(-1)).toHaveTextContent(/Total\s*85\s*65\s*150/);
    expect(within(screen.getByRole('table', { name: 'χ² test: Species by Large' })).getAllByRole('row')[1]).toHaveTextContent(/χ²\s*85\.340\s*2\s*< \.001/);
    expect(screen.getByText('1 cell has an expected count below 5: χ² is approximate.')).toBeInTheDocument();
    // ANOVA: Fisher's and Welch's, then the table of sums of squares.
    expect(within(screen.getByRole('table', { name: 'One-way ANOVA' })).getAllByRole('row')[2]).toHaveTextContent(/Welch's\s*138\.910\s*2\s*92\.211\s*< \.001/);
    expect(within(screen.getByRole('table', { name: 'ANOVA table' })).getAllByRole('row')[1]).toHaveTextContent(/Between groups\s*63\.212\s*2\s*31\.606\s*119\.260\s*< \.001/);
    // Regressions: model fit and coefficients, the intercept named, a dummy by its level.
    expect(within(screen.getByRole('table', { name: 'Model fit: Petal.Length' })).getAllByRole('row')[1]).toHaveTextContent(/150\s*0\.872\s*0\.760\s*0\.758\s*468\.550\s*1\s*148\s*< \.001\s*0\.868/);
    const [linear, logistic] = screen.getAllByRole('table', { name: 'Model coefficients' });
    expect(within(linear).getAllByRole('row')[1]).toHaveTextContent(/Intercept\s*-7\.101\s*0\.507\s*-14\.020\s*< \.001\s*-8\.103\s*-6\.100/);
    expect(within(logistic).getAllByRole('row')[2]).toHaveTextContent(/Species: versicolor\s*1\.200\s*0\.600\s*2\.000\s*0\.046\s*3\.320/);
    expect(within(logistic).getAllByRole('row')[1]).toHaveTextContent('4.5E-6');
    expect(screen.getByText('Modelled: the probability that Large is Yes.')).toBeInTheDocument();
    expect(screen.getByText('The model did not converge: read its coefficients with care.')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Observed and predicted' })).getAllByRole('row')[1]).toHaveTextContent(/Observed positive\s*56\s*9/);
    // Figures beside them: the histogram, the grouped bars and the scatter with its line.
    expect(await screen.findByText(/^Histogram of Sepal\.Length: 150 values in 3 bins from 4 to 8/)).toBeInTheDocument();
    expect(screen.getByText(/^Bar chart of Species by Large \(Count\): setosa, No: 50; setosa, Yes: 0;/)).toBeInTheDocument();
    expect(screen.getByText('Scatter plot of Petal.Length against Sepal.Length, 3 points, with the fitted line Petal.Length = -7.101 + 1.858 × Sepal.Length.')).toBeInTheDocument();
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
