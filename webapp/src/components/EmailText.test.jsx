import { render } from '@testing-library/react';
import { expect, test } from 'vitest';
import EmailText from './EmailText.jsx';

test('an address may break before its @ only', () => {
  const { container } = render(<p><EmailText value="sofia@demo.eu" /></p>);
  expect(container.querySelector('p').innerHTML).toBe('sofia<wbr>@demo.eu');
  expect(container.textContent).toBe('sofia@demo.eu');
});

test('text without an @, or empty, is shown as it is', () => {
  const { container } = render(<p><EmailText value="admin" />|<EmailText value="" />|<EmailText value={null} /></p>);
  expect(container.querySelector('p').innerHTML).toBe('admin||');
});
