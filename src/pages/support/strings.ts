// The strings of the support pages (src/app/i18n/support.{tr,en}.json), added to the translations when one of
// those pages' chunks loads: they stay out of the first page.
import { addTranslations } from '../../app/i18n';
import en from '../../app/i18n/support.en.json';
import tr from '../../app/i18n/support.tr.json';

addTranslations({ tr, en });
