// Datasets the machine-learning tests train on, as the training's columns.
import iris from '../../fixtures/statistics/iris.json' with { type: 'json' };
import type { TrainingColumn } from '../../src/domain/ml/train.ts';

/** The iris columns' names, in the fixture's order (four measurements, then Species). */
export const IRIS_NAMES = Object.keys(iris.columns) as (keyof typeof iris.columns)[];

/** R's iris as rows of cells in IRIS_NAMES order. */
export const irisRows = (): (number | string)[][] => iris.columns[IRIS_NAMES[0]].map((_, i) => IRIS_NAMES.map((n) => iris.columns[n][i] as number | string));

/** R's iris (fixtures/statistics/iris.json): four numeric columns and Species. */
export function irisColumns(): { features: TrainingColumn[]; species: TrainingColumn } {
  const column = (j: number): TrainingColumn => ({ name: IRIS_NAMES[j], type: j === 4 ? 'categorical' : 'numeric', values: irisRows().map((r) => r[j]) });
  return { features: [0, 1, 2, 3].map(column), species: column(4) };
}

/**
 * mtcars (R, package datasets; Henderson and Velleman 1981): mpg, wt and hp of its 32 cars in R's row order,
 * for lm(mpg ~ wt + hp).
 */
export const MTCARS = {
  mpg: [21, 21, 22.8, 21.4, 18.7, 18.1, 14.3, 24.4, 22.8, 19.2, 17.8, 16.4, 17.3, 15.2, 10.4, 10.4, 14.7, 32.4, 30.4, 33.9, 21.5, 15.5, 15.2, 13.3, 19.2, 27.3, 26, 30.4, 15.8, 19.7, 15, 21.4],
  wt: [2.62, 2.875, 2.32, 3.215, 3.44, 3.46, 3.57, 3.19, 3.15, 3.44, 3.44, 4.07, 3.73, 3.78, 5.25, 5.424, 5.345, 2.2, 1.615, 1.835, 2.465, 3.52, 3.435, 3.84, 3.845, 1.935, 2.14, 1.513, 3.17, 2.77, 3.57, 2.78],
  hp: [110, 110, 93, 110, 175, 105, 245, 62, 95, 123, 123, 180, 180, 180, 205, 215, 230, 66, 52, 65, 97, 150, 150, 245, 175, 66, 91, 113, 264, 175, 335, 109],
};
