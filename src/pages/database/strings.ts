// The db page's strings (src/app/i18n/database.{tr,en}.json), added when its chunk loads.
import { addTranslations } from '../../app/i18n';
import en from '../../app/i18n/database.en.json';
import tr from '../../app/i18n/database.tr.json';

addTranslations({ tr, en });
