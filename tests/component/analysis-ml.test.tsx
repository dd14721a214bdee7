// The machine-learning panel (issue 14): training a model (fields checked first, columns sent by name, the
// credit note and "You don't have enough credit!"), following the training until its held-out metrics show
// (accuracy, per-class table, shaded confusion matrix), predicting with the class probabilities (a Turkish
// decimal comma read as a number), a failed model's reason, a regression's errors, and no training offered on
// another's project.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MachineLearningPanel } from '../../src/pages/analysis/machine-learning/MachineLearningPanel';
import type { MachineLearningModel } from '../../src/generated/types/entities';
import type { WanalyzerMachinelearningPredictRequest, WanalyzerMachinelearningTrainRequest } from '../../src/generated/types/routes';
import { project, renderPanel, serve } from './support/analysis';
import { ok } from './support/handlers';

const training: MachineLearningModel = {
  model_id: 'm-tree',
  project_id: 'p-iris',
  model_name: 'Species tree',
  algorithm: 'decision_tree',
  target_column: 'Species',
  feature_column_list: ['Sepal.Length', 'Petal.Length'],
  train_ratio: 0.8,
  training_status: 'training',
  process_id: 'pr-1',
};

const trained: MachineLearningModel = {
  ...training,
  training_status: 'trained',
  trained_at: '2026-11-26T10:05:00Z',
  metrics: {
    accuracy: 0.9333,
    macro_f1: 0.9327,
    train_count: 120,
    test_count: 30,
    class_list: ['setosa', 'versicolor', 'virginica'],
    confusion_matrix: [
      [10, 0, 0],
      [0, 9, 1],
      [0, 1, 9],
    ],
    class_metric_list: [
      { value: 'setosa', precision: 1, recall: 1, f1: 1, support: 10 },
      { value: 'versicolor', precision: 0.9, recall: 0.9, f1: 0.9, support: 10 },
      { value: 'virginica', precision: 0.9, recall: 0.9, f1: 0.9, support: 10 },
    ],
    feature_importance_list: [
      { column: 'Petal.Length', importance: 0.94 },
      { column: 'Sepal.Length', importance: 0.06 },
    ],
  },
};

const models = (list: MachineLearningModel[]) => ({ ...ok, machine_learning_model_list: list, column_list: project().column_list });

describe('the machine-learning panel', () => {
  it('trains a tree, follows it to its test results and predicts with the class probabilities (Turkish)', async () => {
    let state: MachineLearningModel[] = [];
    const asked = serve('wanalyzer/machinelearning/data/get', () => models(state));
    const trains = serve<WanalyzerMachinelearningTrainRequest>('wanalyzer_machinelearning_train', () => {
      state = [training];
      return { ...ok, machine_learning_model: training, process_id: 'pr-1' };
    });
    const predictions = serve<WanalyzerMachinelearningPredictRequest>('wanalyzer/machinelearning/predict', () => ({
      ...ok,
      prediction: 'versicolor',
      probability_list: [
        { value: 'setosa', probability: 0.02 },
        { value: 'virginica', probability: 0.18 },
        { value: 'versicolor', probability: 0.8 },
      ],
    }));
    const user = userEvent.setup();
    renderPanel(<MachineLearningPanel project={project()} />, 'tr');

    expect(await screen.findByText('Bu projede henüz model yok.')).toBeInTheDocument();
    expect(screen.getByText('Eğitim kredi kullanır.')).toBeInTheDocument();
    // Nothing filled: every problem at its field, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Eğit' }));
    expect(screen.getByRole('textbox', { name: /Model adı/ })).toHaveAccessibleDescription('Modele bir ad verin.');
    expect(screen.getByRole('combobox', { name: /Tahmin edilecek sütun/ })).toHaveAccessibleDescription(/Tahmin edilecek sütunu seçin\./);
    expect(trains).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /Model adı/ }), 'Species tree');
    expect(screen.getByRole('radio', { name: 'Karar ağacı' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Rastgele orman' })).toHaveAccessibleDescription('Oy veren çok sayıda karar ağacı: genellikle tek ağaçtan daha isabetlidir.');
    await user.selectOptions(screen.getByRole('combobox', { name: /Tahmin edilecek sütun/ }), screen.getByRole('option', { name: 'Species (kategorik)' }));
    // The column to predict is not offered as an input.
    const inputs = screen.getByRole('group', { name: 'Girdi sütunları' });
    expect(within(inputs).queryByRole('checkbox', { name: /^Species/ })).not.toBeInTheDocument();
    await user.click(within(inputs).getByRole('checkbox', { name: 'Sepal.Length (sayısal)' }));
    await user.click(within(inputs).getByRole('checkbox', { name: 'Petal.Length (sayısal)' }));
    await user.click(screen.getByRole('button', { name: 'Eğit' }));

    await waitFor(() => expect(trains).toHaveLength(1));
    expect(trains[0]).toEqual({ project_id: 'p-iris', model_name: 'Species tree', algorithm: 'decision_tree', target_column: 'Species', feature_column_list: ['Sepal.Length', 'Petal.Length'], train_ratio: 0.8 });
    expect(await screen.findByRole('button', { name: /Species tree.*Eğitiliyor/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Model henüz hazır değil: eğitim bitince test sonuçları burada görünür.')).toBeInTheDocument();

    // The panel asks again while the model trains; the next answer has it trained.
    const before = asked.length;
    state = [trained];
    expect(await screen.findByText('Test sonuçları (eğitimde kullanılmayan satırlar)', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(asked.length).toBeGreaterThan(before);
    expect(screen.getByRole('button', { name: /Species tree.*Eğitildi/ })).toBeInTheDocument();
    expect(screen.getByText('%93,3')).toBeInTheDocument();
    const perClass = screen.getByRole('table', { name: 'Sınıf başına' });
    expect(within(perClass).getAllByRole('row')[2]).toHaveTextContent(/versicolor\s*0,900\s*0,900\s*0,900\s*10/);
    const confusion = screen.getByRole('table', { name: 'Karışıklık matrisi' });
    const diagonal = within(within(confusion).getAllByRole('row')[1]).getAllByRole('cell')[0];
    expect(diagonal).toHaveTextContent('10');
    expect(diagonal).toHaveClass('ml-confusion__cell--dark');
    expect(await screen.findByText(/^Girdilerin önemi çubuk grafiği \(Önem\): Petal\.Length: 0,94; Sepal\.Length: 0,06\.$/)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Sepal\.Length/ }), '6,1');
    await user.type(screen.getByRole('textbox', { name: /^Petal\.Length/ }), '4,7');
    await user.click(screen.getByRole('button', { name: 'Tahmin et' }));
    await waitFor(() => expect(predictions).toHaveLength(1));
    expect(predictions[0]).toEqual({ model_id: 'm-tree', input: { 'Sepal.Length': 6.1, 'Petal.Length': 4.7 } });
    expect(await screen.findByText('Species: versicolor')).toBeInTheDocument();
    const probabilities = screen.getByRole('table', { name: 'Sınıf olasılıkları' });
    expect(within(probabilities).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['versicolor%80,0', 'virginica%18,0', 'setosa%2,0']);
  });

  it("says when the credits are short, and shows a failed model's reason and a regression's errors (English)", async () => {
    const failed: MachineLearningModel = { ...training, model_id: 'm-failed', model_name: 'Broken', training_status: 'failed', error_message: 'The column to predict has only one value.' };
    const regression: MachineLearningModel = {
      ...training,
      model_id: 'm-lm',
      model_name: 'Petal model',
      algorithm: 'linear_regression',
      target_column: 'Petal.Length',
      feature_column_list: ['Sepal.Length'],
      training_status: 'trained',
      metrics: { rmse: 0.8681, mae: 0.7, r2: 0.76, train_count: 120, test_count: 30 },
    };
    serve('wanalyzer/machinelearning/data/get', () => models([failed, regression]));
    serve('wanalyzer_machinelearning_train', () => ({ status_code: '12001', status_message: "You don't have enough credit!" }));
    const user = userEvent.setup();
    renderPanel(<MachineLearningPanel project={project()} />, 'en');

    await user.click(await screen.findByRole('button', { name: /Broken.*Failed/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('The column to predict has only one value.');
    await user.click(screen.getByRole('button', { name: /Petal model.*Trained/ }));
    expect(screen.getByText('RMSE').nextSibling).toHaveTextContent('0.868');
    expect(screen.getByText('R²').nextSibling).toHaveTextContent('0.760');
    expect(screen.queryByRole('table', { name: 'Confusion matrix' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Model name/ }), 'Another');
    await user.selectOptions(screen.getByRole('combobox', { name: /Column to predict/ }), screen.getByRole('option', { name: 'Large (yes / no)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sepal.Length (numeric)' }));
    await user.click(screen.getByRole('button', { name: 'Train' }));
    expect(await screen.findByText("You don't have enough credit!")).toBeInTheDocument();
  });

  it("offers no training on another's project, but its trained models answer, a refused value at its field", async () => {
    serve('wanalyzer/machinelearning/data/get', () => models([trained]));
    const predictions = serve('wanalyzer/machinelearning/predict', () => ({
      status_code: '10001',
      status_message: 'Please check the highlighted fields: input.Petal.Length must be a number',
      errors: [{ field: 'input.Petal.Length', message: 'must be at most 100' }],
    }));
    const user = userEvent.setup();
    renderPanel(<MachineLearningPanel project={project(false)} />, 'en');
    await user.click(await screen.findByRole('button', { name: /Species tree.*Trained/ }));
    expect(screen.queryByRole('heading', { name: 'Train a new model' })).not.toBeInTheDocument();

    // Every input is needed: said at the fields, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Predict' }));
    expect(screen.getByRole('textbox', { name: /^Sepal\.Length/ })).toHaveAccessibleDescription('Write a value.');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Sepal\.Length/ })).toHaveFocus());
    expect(predictions).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /^Sepal\.Length/ }), '6.1');
    await user.type(screen.getByRole('textbox', { name: /^Petal\.Length/ }), '470');
    await user.click(screen.getByRole('button', { name: 'Predict' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Petal\.Length/ })).toHaveAccessibleDescription('must be at most 100'));
    expect(screen.getByRole('textbox', { name: /^Sepal\.Length/ })).not.toHaveAttribute('aria-invalid');
  });
});
