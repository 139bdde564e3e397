/**
 * An e-mail address that may break before its '@' (and nowhere else): in a table it then takes the width of its
 * longer half rather than the whole address, so the table fits its box without breaking a word.
 */
export default function EmailText({ value }) {
  const at = value ? value.lastIndexOf('@') : -1;
  if (at <= 0) return value || '';
  return <>{value.slice(0, at)}<wbr />{value.slice(at)}</>;
}
