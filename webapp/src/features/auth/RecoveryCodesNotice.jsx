import { useDispatch, useSelector } from 'react-redux';
import MessageDialog from '../../components/MessageDialog.jsx';
import RecoveryCodes from '../../components/RecoveryCodes.jsx';
import { recoveryCodesSeen } from './authSlice.js';
import { t } from '../../lib/i18n.js';

/** The recovery codes of an enrolment made while signing in, shown once after the sign-in. */
export default function RecoveryCodesNotice() {
  const dispatch = useDispatch();
  const codes = useSelector((s) => s.auth.recoveryCodes);
  if (!codes) return null;
  return (
    <MessageDialog title={t('auth.yourRecoveryCodes')} message="codes" onClose={() => dispatch(recoveryCodesSeen())}>
      <RecoveryCodes codes={codes} />
    </MessageDialog>
  );
}
