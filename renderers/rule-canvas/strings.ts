// The rule canvas's strings (src/app/i18n/rules.{tr,en}.json), added to the translations when its chunk
// loads: they stay out of the first page.
import { addTranslations } from '../../src/app/i18n';
import en from '../../src/app/i18n/rules.en.json';
import tr from '../../src/app/i18n/rules.tr.json';

addTranslations({ tr, en });
