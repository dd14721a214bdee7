// The patient pages' strings (src/app/i18n/patient.{tr,en}.json), added when their chunk loads.
import { addTranslations } from '../../app/i18n';
import en from '../../app/i18n/patient.en.json';
import tr from '../../app/i18n/patient.tr.json';

addTranslations({ tr, en });
