// The shape of a form renderer: a widget (one value) or a field (an object or a list), and the tester that ranks it.
import { NOT_APPLICABLE } from '../../rank';
import type { FormEntry } from '../form';

export interface FormRenderer extends FormEntry {
  component: unknown;
}

/** Only when a screen names it (`widget`). */
export const byName = () => NOT_APPLICABLE;
