import './RecoveryCodes.css';

/** Two-factor recovery codes, shown once: each works once when the authenticator is lost. */
export default function RecoveryCodes({ codes }) {
  return (
    <div className="recovery-codes">
      <p>
        Keep these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator.
        They will not be shown again.
      </p>
      <ul className="recovery-codes__list" data-testid="recovery-codes">
        {codes.map((c) => <li key={c}><code>{c}</code></li>)}
      </ul>
    </div>
  );
}
