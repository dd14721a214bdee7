// The clinical dashboard's strings (src/app/i18n/dashboard.{tr,en}.json), added when its chunk loads.
import { addTranslations } from '../../app/i18n';
import en from '../../app/i18n/dashboard.en.json';
import tr from '../../app/i18n/dashboard.tr.json';

addTranslations({ tr, en });
