import { Link } from 'react-router-dom';
import AuthShell from './AuthShell.jsx';

/** /invitation: the Create Account page; its form body is a placeholder for now (spec §2). */
export default function InvitationPage() {
  return (
    <AuthShell title="Create Account">
      <p className="muted">You have been invited to join a portal.</p>
      <div className="placeholder" data-testid="invitation-placeholder">
        Account creation from an invitation is coming: follow the link in your invitation e-mail
        once it is available, or ask your administrator to create your account.
      </div>
      <div className="auth__links"><Link to="/login">Already have an account? Sign in</Link></div>
    </AuthShell>
  );
}
