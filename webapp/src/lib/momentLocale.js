/**
 * moment in the app's language (issue 43): its locale data (month names, ordinals, the first day of the week) is
 * loaded with the signed-in app's catalogs. English is British English: the product is European (weeks start on
 * Monday, 24-hour times).
 */
import moment from 'moment';

const LOCALES = {
  en: () => import('moment/dist/locale/en-gb'),
  de: () => import('moment/dist/locale/de'),
  fr: () => import('moment/dist/locale/fr'),
  it: () => import('moment/dist/locale/it'),
  es: () => import('moment/dist/locale/es'),
  pt: () => import('moment/dist/locale/pt'),
};
const MOMENT_NAME = { en: 'en-gb' };

export async function applyMomentLocale(language) {
  const load = LOCALES[language] || LOCALES.en;
  await load();
  moment.locale(MOMENT_NAME[language] || (LOCALES[language] ? language : 'en-gb'));
}
