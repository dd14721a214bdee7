// The strings of the buyer's billing page (src/app/i18n/billing.{tr,en}.json), added when its chunk loads.
import { addTranslations } from '../../app/i18n';
import en from '../../app/i18n/billing.en.json';
import tr from '../../app/i18n/billing.tr.json';

addTranslations({ tr, en });
