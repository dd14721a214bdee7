// The processes page's strings (src/app/i18n/processes.{tr,en}.json), added when its chunk loads.
import { addTranslations } from '../app/i18n';
import en from '../app/i18n/processes.en.json';
import tr from '../app/i18n/processes.tr.json';

addTranslations({ tr, en });
