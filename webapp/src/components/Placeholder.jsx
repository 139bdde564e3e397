/** A clear 'coming' notice for a tab whose feature lands with a later piece of work. */
export default function Placeholder({ title, children }) {
  return (
    <div className="coming" data-testid="coming">
      <div className="coming__icon" aria-hidden="true">◔</div>
      <div>
        <div className="coming__title">{title} is coming</div>
        <div className="coming__text">{children || 'This part of the platform is being built and will appear here soon.'}</div>
      </div>
    </div>
  );
}
