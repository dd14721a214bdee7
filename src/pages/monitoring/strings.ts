// The speed-monitoring page's strings (src/app/i18n/monitoring.{tr,en}.json), added when its chunk loads.
import { addTranslations } from '../../app/i18n';
import en from '../../app/i18n/monitoring.en.json';
import tr from '../../app/i18n/monitoring.tr.json';

addTranslations({ tr, en });
