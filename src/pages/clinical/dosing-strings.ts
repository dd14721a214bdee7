// The dose calculator's strings (src/app/i18n/dosing.{tr,en}.json), added when its chunk loads.
import { addTranslations } from '../../app/i18n';
import en from '../../app/i18n/dosing.en.json';
import tr from '../../app/i18n/dosing.tr.json';

addTranslations({ tr, en });
