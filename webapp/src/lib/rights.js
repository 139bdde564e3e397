/** The four rights of spec §6 as a member popover and the members table show them. */
export const yesNo = (v) => (v ? 'YES' : 'NO');

/** The rights a popover lists, in order. */
export const RIGHTS = [['CREATE', 'allowCreate'], ['VIEW', 'allowView'], ['EDIT', 'allowEdit'], ['DELETE', 'allowDelete']];
