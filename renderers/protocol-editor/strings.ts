// The protocol pages' strings (src/app/i18n/protocol.{tr,en}.json), added to the translations when their chunk
// loads: they stay out of the first page.
import { addTranslations } from '../../src/app/i18n';
import en from '../../src/app/i18n/protocol.en.json';
import tr from '../../src/app/i18n/protocol.tr.json';

addTranslations({ tr, en });
