/** The outcome under a form: the server's message (blue, a status) and an error (red, an alert). */
export default function FormStatus({ message, error }) {
  return (
    <>
      {message && <div className="form__message form__message--info" role="status">{message}</div>}
      {error && <div className="form__error" role="alert">{error}</div>}
    </>
  );
}
