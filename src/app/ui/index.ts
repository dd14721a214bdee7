// The UI kit shared by pages and renderers: fields, notices, dialogs, pagination, table regions, formats.
// Renderers take it from here, never from src/pages (the house rule: renderers never pick pages).
import './ui.css';

export { CheckboxField, SelectField, SubmitButton, TextAreaField, TextField } from './fields';
export { Notice } from './Notice';
export { EditorLoadFailed } from './EditorLoadFailed';
export { focusFirstInvalid, serverFieldErrors, useErrorText } from './errors';
export { Pagination } from './Pagination';
export { ConfirmDialog, useFocusOnMount, useModalFocus } from './ConfirmDialog';
export { TableRegion } from './TableRegion';
export { ColumnChooser, useChosenColumns, type ColumnChoice } from './ColumnChooser';
export { MenuButton, type MenuItem } from './MenuButton';
export { formatDate, formatNumber } from './format';
export { DateInput, DATE_HINT } from './DateInput';
export { enumLabel, enumOptions, useAuthCodeLabel } from './labels';
export { givingWay, useColumnFit, type FitColumn } from './useColumnFit';
export { useLoad, useRepeatableEffect, useStableValue, type LoadState } from './hooks';
export { useUnsavedGuard } from './useUnsavedGuard';
