// The strings of the sending_mail page (src/app/i18n/mail.{tr,en}.json), added to the translations when its
// chunk loads: they stay out of the first page.
import { addTranslations } from '../../app/i18n';
import en from '../../app/i18n/mail.en.json';
import tr from '../../app/i18n/mail.tr.json';

addTranslations({ tr, en });
