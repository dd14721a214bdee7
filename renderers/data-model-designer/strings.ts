// The designer's strings (src/app/i18n/designer.{tr,en}.json), added to the translations when its chunk
// loads: they stay out of the first page.
import { addTranslations } from '../../src/app/i18n';
import en from '../../src/app/i18n/designer.en.json';
import tr from '../../src/app/i18n/designer.tr.json';

addTranslations({ tr, en });
