/** A ref callback: the control that replaced the button the user just activated takes the focus. */
export function focusOnMount(el) {
  if (el) el.focus();
}
