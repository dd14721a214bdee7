// The strings of the buyer's cart, payment, order and active-product pages and of the top bar's cart link
// (src/app/i18n/checkout.{tr,en}.json), added to the translations when one of their chunks loads: they stay
// out of the first page.
import { addTranslations } from '../../app/i18n';
import en from '../../app/i18n/checkout.en.json';
import tr from '../../app/i18n/checkout.tr.json';

addTranslations({ tr, en });
