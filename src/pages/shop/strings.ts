// The strings of the storefront pages (src/app/i18n/shop.{tr,en}.json), added to the translations when one of
// those pages' chunks loads: they stay out of the first page.
import { addTranslations } from '../../app/i18n';
import en from '../../app/i18n/shop.en.json';
import tr from '../../app/i18n/shop.tr.json';

addTranslations({ tr, en });
