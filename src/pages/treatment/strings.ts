// The treatment pages' strings (src/app/i18n/treatment.{tr,en}.json), added when their chunk loads.
import { addTranslations } from '../../app/i18n';
import en from '../../app/i18n/treatment.en.json';
import tr from '../../app/i18n/treatment.tr.json';

addTranslations({ tr, en });
