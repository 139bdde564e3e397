import PublicPage from './PublicPage.jsx';
import { getBrand } from '../../lib/config.js';
import { t } from '../../lib/i18n.js';

/** The methodology's phases: [code, name, what happens]. */
const phases = () => [
  ['0', t('public.phase0Name'), t('public.phase0Text')],
  ['I', t('public.phase1Name'), t('public.phase1Text')],
  ['II', t('public.phase2Name'), t('public.phase2Text')],
  ['III', t('public.phase3Name'), t('public.phase3Text')],
  ['IV', t('public.phase4Name'), t('public.phase4Text')],
];

/** The steps of 'How to use the platform': each message marks its lead words with **...**. */
const steps = () => [t('public.stepSignIn'), t('public.stepPortal'), t('public.stepProject'), t('public.stepTogether'),
  t('public.stepAdminister')];

/** A message's **bold** parts in <strong>. */
function Marked({ text }) {
  return String(text).split('**').map((part, i) => (i % 2 ? <strong key={part}>{part}</strong> : part));
}

export default function AboutPage() {
  const brand = getBrand();
  return (
    <PublicPage title={t('public.aboutTitle', { title: brand.title })}>
      <p className="lead">{t('public.aboutLead', { title: brand.title })}</p>

      <h2>{t('public.methodologyTitle')}</h2>
      <p>{t('public.methodologyIntro')}</p>
      <ol className="phases">
        {phases().map(([code, name, text]) => (
          <li key={code} className="phases__item">
            <div className="phases__code">{t('public.phaseCode', { code })}</div>
            <div>
              <div className="phases__name">{name}</div>
              <p>{text}</p>
            </div>
          </li>
        ))}
      </ol>

      <h2>{t('public.howToTitle')}</h2>
      <ol>
        {steps().map((text) => <li key={text}><Marked text={text} /></li>)}
      </ol>
      <p className="muted">{t('public.rolesNote')}</p>
    </PublicPage>
  );
}
