import { useLocation } from 'react-router-dom';
import { t } from '../lib/i18n.js';
import TabNav from './TabNav.jsx';

/**
 * The home page's tabs (issue 44): My portals (the cards, at whichever home address it was opened: '/' or
 * '/portal4r') and My work (/my-work).
 */
export default function HomeTabs() {
  const { pathname } = useLocation();
  return (
    <TabNav label={t('portals.homeTabs')} testId="home-tabs" tabs={[
      { to: pathname === '/portal4r' ? pathname : '/', label: t('portals.tabPortals'), end: true },
      { to: '/my-work', label: t('portals.tabWork') },
    ]} />
  );
}
