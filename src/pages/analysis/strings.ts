// The analysis pages' strings (src/app/i18n/analysis.{tr,en}.json), added when their chunks load.
import { addTranslations } from '../../app/i18n';
import en from '../../app/i18n/analysis.en.json';
import tr from '../../app/i18n/analysis.tr.json';

addTranslations({ tr, en });
