// The statistics and machine-learning panels' strings (src/app/i18n/statistics.{tr,en}.json), added when their
// chunk loads; the charts' captions are among them.
import { addTranslations } from '../../../app/i18n';
import en from '../../../app/i18n/statistics.en.json';
import tr from '../../../app/i18n/statistics.tr.json';

addTranslations({ tr, en });
