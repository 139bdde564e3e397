/** The profile's security sections (issue 18): password, two-factor sign-in, sessions, API tokens, the log. */
import ApiTokens from './ApiTokens.jsx';
import ChangePassword from './ChangePassword.jsx';
import SecurityLog from './SecurityLog.jsx';
import Sessions from './Sessions.jsx';
import TwoFactor from './TwoFactor.jsx';
import './profile.css';

export default function AccountSecurity() {
  return (
    <>
      <ChangePassword />
      <TwoFactor />
      <Sessions />
      <ApiTokens />
      <SecurityLog />
    </>
  );
}
