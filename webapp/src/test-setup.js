import '@testing-library/jest-dom/vitest';
import moment from 'moment';
import 'moment/dist/locale/en-gb';
import { addCatalog } from './lib/i18n.js';

// Components under test speak English, as the app does by default: every English catalog, at once.
const english = import.meta.glob('./locales/en/*.json', { eager: true, import: 'default' });
for (const [path, messages] of Object.entries(english)) addCatalog('en', path.slice(path.lastIndexOf('/') + 1, -5), messages);
// moment as the app has it in English (lib/momentLocale.js): British English, weeks from Monday.
moment.locale('en-gb');
