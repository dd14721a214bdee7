// The generic renderer's strings (src/app/i18n/screen.{tr,en}.json), added to the translations when the
// renderer's chunk loads: they stay out of the first page.
import { addTranslations } from '../../src/app/i18n';
import en from '../../src/app/i18n/screen.en.json';
import tr from '../../src/app/i18n/screen.tr.json';

addTranslations({ tr, en });
