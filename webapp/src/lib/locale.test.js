import moment from 'moment';
import { formatDate, formatDateTime, fullDateTime } from './dates.js';
import { formatFileSize } from './format.js';
import { formatNumber, getLanguage, loadGroup, setLanguage } from './i18n.js';

// Dates, times, numbers and sizes in each language (issue 43, point 4).
const AT = '2026-11-03T14:05:00';
const EXPECTED = {
  en: { date: '3rd Nov 2026', time: '3rd Nov 2026 @ 14:05', number: '1,234,567.89', size: '1.5 KB', big: '2.25 MB', week: 1 },
  de: { date: '3. Nov. 2026', time: '3. Nov. 2026, 14:05', number: '1.234.567,89', size: '1,5 KB', big: '2,25 MB', week: 1 },
  fr: { date: '3 nov. 2026', time: '3 nov. 2026 à 14:05', number: '1 234 567,89', size: '1,5 Ko', big: '2,25 Mo', week: 1 },
  it: { date: '3 nov 2026', time: '3 nov 2026, 14:05', number: '1.234.567,89', size: '1,5 KB', big: '2,25 MB', week: 1 },
  es: { date: '3 nov. 2026', time: '3 nov. 2026, 14:05', number: '1.234.567,89', size: '1,5 KB', big: '2,25 MB', week: 1 },
  pt: { date: '3 nov 2026', time: '3 nov 2026, 14:05', number: '1 234 567,89', size: '1,5 KB', big: '2,25 MB', week: 1 },
};
const plain = (s) => s.replace(/[\u202f\u00a0]/g, ' ');

afterAll(() => setLanguage('en'));

describe.each(Object.keys(EXPECTED))('%s', (language) => {
  test('dates on the 24-hour clock, numbers and sizes with its separators, weeks from Monday', async () => {
    await setLanguage(language);
    await loadGroup('app');
    expect(getLanguage()).toBe(language);
    const want = EXPECTED[language];
    expect(formatDate(AT)).toBe(want.date);
    expect(formatDateTime(AT)).toBe(want.time);
    expect(plain(formatNumber(1234567.89))).toBe(want.number);
    expect(plain(formatFileSize(1536))).toBe(want.size);
    expect(plain(formatFileSize(2.25 * 1024 * 1024))).toBe(want.big);
    expect(moment.localeData().firstDayOfWeek()).toBe(want.week);
    expect(fullDateTime(AT)).toMatch(/14:05:00/);
  });
});
