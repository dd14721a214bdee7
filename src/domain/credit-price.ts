// What a spreadsheet costs in credits (spec section 1: saving a project with a new Excel file deducts credits;
// /v1/excel/calculate_credit prices it first). One credit for every started thousand filled cells, so the
// largest allowed file (100,000 cells) costs 100 credits and an empty one nothing. Shared by the price call and
// the project save that spends it, so the price shown is the price taken.
export const CELLS_PER_CREDIT = 1000;

export const creditsForCells = (filledCells: number): number => Math.ceil(filledCells / CELLS_PER_CREDIT);

/**
 * What training a machine-learning model costs: its training cells — the rows with a target that pass the filter
 * times the columns it reads (the features and the target) — priced like a spreadsheet's filled cells, so a model
 * over a whole 100,000-cell dataset costs what saving that dataset cost.
 */
export const creditsForTraining = (rows: number, featureCount: number): number => creditsForCells(rows * (featureCount + 1));
