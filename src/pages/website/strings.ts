// The strings of the front-end settings, website-unit and icon pages (src/app/i18n/website.{tr,en}.json),
// added to the translations when one of those pages' chunks loads: they stay out of the first page.
import { addTranslations } from '../../app/i18n';
import en from '../../app/i18n/website.en.json';
import tr from '../../app/i18n/website.tr.json';

addTranslations({ tr, en });
