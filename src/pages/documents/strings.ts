// The documents page's strings (src/app/i18n/documents.{tr,en}.json), added when its chunk loads.
import { addTranslations } from '../../app/i18n';
import en from '../../app/i18n/documents.en.json';
import tr from '../../app/i18n/documents.tr.json';

addTranslations({ tr, en });
