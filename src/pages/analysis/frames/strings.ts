// The frame pages' strings (src/app/i18n/frames.{tr,en}.json), added when their chunk loads.
import { addTranslations } from '../../../app/i18n';
import en from '../../../app/i18n/frames.en.json';
import tr from '../../../app/i18n/frames.tr.json';

addTranslations({ tr, en });
