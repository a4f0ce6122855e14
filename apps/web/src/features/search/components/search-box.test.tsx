import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { SearchBox } from './search-box.tsx';

function setup() {
  renderWithProviders(<SearchBox />, { route: '/' });
  return { user: userEvent.setup(), input: screen.getByRole('searchbox', { name: 'Search' }) };
}

const location = () => screen.getByTestId('location').textContent;

describe('SearchBox', () => {
  it('offers User, Loan and Payment, with User chosen', () => {
    setup();
    expect(screen.getByRole('radio', { name: 'User' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Loan' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Payment' })).not.toBeChecked();
  });

  it('searches users by phone on Enter, and says so while typing', async () => {
    const { user, input } = setup();
    await user.type(input, '(555) 123-4567');
    expect(screen.getByText('Searching by phone')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(location()).toBe('/user?phone=%28555%29+123-4567');
  });

  it('infers email, ID and name for User searches', async () => {
    const { user, input } = setup();
    await user.type(input, 'ana@example.com{Enter}');
    expect(location()).toBe('/user?email=ana%40example.com');
    await user.clear(input);
    await user.type(input, '42{Enter}');
    expect(location()).toBe('/user?ID=42');
    await user.clear(input);
    await user.type(input, 'Ana Lopez{Enter}');
    expect(location()).toBe('/user?name=Ana+Lopez');
  });

  it('searches by loan_id and payment_id when Loan or Payment is chosen', async () => {
    const { user, input } = setup();
    await user.click(screen.getByRole('radio', { name: 'Loan' }));
    expect(screen.getByText('Searching by loan ID')).toBeInTheDocument();
    await user.type(input, '1234{Enter}');
    expect(location()).toBe('/user?loan_id=1234');
    await user.click(screen.getByRole('radio', { name: 'Payment' }));
    await user.clear(input);
    await user.type(input, ' 99 {Enter}');
    expect(location()).toBe('/user?payment_id=99');
  });

  it('does nothing on Enter when the box is empty', async () => {
    const { user, input } = setup();
    await user.type(input, '   {Enter}');
    expect(location()).toBe('/');
  });
});
