import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApiCalls } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { EnableMfaForm } from './enable-mfa-form.tsx';

const otpUri = 'otpauth://totp/The%20Portal:ana%40portal.example?secret=JBSWY3DPEHPK3PXP&issuer=The%20Portal';

async function submit() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'ana@portal.example');
  await user.type(screen.getByLabelText('Password'), 'portal-demo');
  await user.click(screen.getByRole('button', { name: 'Get QR code' }));
  return user;
}

describe('EnableMfaForm', () => {
  it('posts email and password, then shows the QR code, the secret and the way back', async () => {
    const sent = answerApiCalls({ 'POST enable_2fa': [200, { otp_uri: otpUri }] });
    renderWithProviders(<EnableMfaForm />);
    await submit();

    const image = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByLabelText('Secret key')).toHaveValue('JBSWY3DPEHPK3PXP');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');

    expect(sent).toEqual([
      expect.objectContaining({
        url: '/internal/api/enable_2fa',
        body: { email: 'ana@portal.example', password: 'portal-demo' },
      }),
    ]);
  });

  it('shows the server errors in a dismissible box', async () => {
    answerApiCalls({ 'POST enable_2fa': [401, { errors: ['Invalid email or password.'] }] });
    renderWithProviders(<EnableMfaForm />);
    const user = await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
