// Every form renderer, one file each with its tester (JSON Forms style): general ones score low, specific ones
// higher; a screen's `widget` hint names one outright. A new widget is one file and one line here.
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import type { FormRenderer } from './registry';
import { text } from './text';
import { textarea } from './textarea';
import { number } from './number';
import { checkbox } from './checkbox';
import { select } from './select';
import { date } from './date';
import { datetime } from './datetime';
import { money } from './money';
import { reference } from './reference';
import { file } from './file';
import { bilingual } from './bilingual';
import { moneyList } from './money-list';
import { authCodes } from './auth-codes';
import { oneOf } from './one-of';
import { richText } from './rich-text';
import { keyValues } from './key-values';
import { icon } from './icon';
import { page } from './page';
import { screen } from './screen';
import { framedUrl } from './framed-url';

export type { FormContext } from './shared';
export type { FormRenderer } from './registry';
export { parseKeyValues } from './key-values';

export const FORM_RENDERERS: FormRenderer[] = [
  text,
  textarea,
  number,
  checkbox,
  select,
  date,
  datetime,
  money,
  reference,
  file,
  bilingual,
  moneyList,
  authCodes,
  oneOf,
  richText,
  keyValues,
  icon,
  page,
  screen,
  framedUrl,
];

export const rjsfWidgets = Object.fromEntries(FORM_RENDERERS.filter((r) => r.kind === 'widget').map((r) => [r.name, r.component])) as RegistryWidgetsType;
export const rjsfFields = Object.fromEntries(FORM_RENDERERS.filter((r) => r.kind === 'field').map((r) => [r.name, r.component])) as RegistryFieldsType;
