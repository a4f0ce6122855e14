import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { permissionRefusal, type UserProfile } from '@portal/contracts';
import { formatDate } from '../../../lib/format.ts';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { ContactFlagSwitches } from './contact-flag-switches.tsx';

const setBy = (reason: string, context: string | null = null) => ({
  reason,
  context,
  employee_name: 'Paula Agent',
  at: '2026-11-20T18:00:00Z',
});

// A customer under a cease request and represented by an attorney; DNC and DNL off.
const user: UserProfile = {
  id: 38,
  first_name: 'Ada',
  middle_initial: null,
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone_number: '5035550199',
  birthday: '1990-05-17',
  verified: 1,
  dnc: false,
  dnl: false,
  cease: true,
  attorney: true,
  dnp: false,
  street: null,
  city: null,
  state: 'OR',
  zip: null,
  cycle: 1,
  user_credit: 0,
  bank_account: null,
  debit_card: null,
  comments: [],
  verified_time: null,
  dnc_detail: null,
  dnl_detail: null,
  cease_detail: setBy('Written request from the customer'),
  attorney_detail: setBy('Attorney letter received', 'J. Ruiz, 503-555-0100'),
  plaid_needs_update_mode: false,
  plaid_count: 0,
  ibv_count: 0,
  utm_source: null,
  utm_content: null,
  referral_code: null,
  referred_by: null,
  referrals: [],
  bounces: 0,
  days_delayed: 0,
  ssn: null,
  emails: [],
  recent_messages: [],
  survey_links: [],
  created_at: '2026-01-01T00:00:00Z',
};

const HINT = 'Only compliance staff can clear this flag.';
const LIFT_REASON = 'Customer withdrew the request in writing, letter of Nov 20';

describe('ContactFlagSwitches (issue 37: who may lift a flag)', () => {
  it('shows a plain agent each duty flag on, with who set it, and the switch inert with the hint', async () => {
    saveSession(sessionFixture({ permissions: [] }));
    const sent = answerApiCalls({ 'PATCH users/contact_flag': [200, { message: 'Changed.' }] });
    renderWithProviders(<ContactFlagSwitches user={user} />);

    const cease = screen.getByRole('switch', { name: 'Cease communication' });
    expect(cease).toBeChecked();
    expect(cease).toHaveAttribute('aria-disabled', 'true');
    // Still reachable from the keyboard, so the hint is heard; not the native disabled.
    expect(cease).toBeEnabled();
    expect(cease).toHaveAccessibleDescription(
      `Written request from the customer (Paula Agent, ${formatDate('2026-11-20T18:00:00Z')}) ${HINT}`,
    );
    const attorney = screen.getByRole('switch', { name: 'Represented by an attorney' });
    expect(attorney).toHaveAttribute('aria-disabled', 'true');
    expect(attorney).toHaveAccessibleDescription(/J\. Ruiz, 503-555-0100 \(Paula Agent, .+\) Only compliance staff/);
    expect(screen.getAllByText(HINT)).toHaveLength(2);

    // Neither a click nor the keyboard clears it, and no dialog opens.
    await userEvent.click(cease);
    attorney.focus();
    await userEvent.keyboard(' ');
    expect(cease).toBeChecked();
    expect(attorney).toBeChecked();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('lets a plain agent switch DNC on, and DNL either way, as before', async () => {
    saveSession(sessionFixture({ permissions: [] }));
    renderWithProviders(<ContactFlagSwitches user={{ ...user, dnl: true, dnl_detail: setBy('In bankruptcy') }} />);
    const dnc = screen.getByRole('switch', { name: 'DNC (do not contact)' });
    expect(dnc).not.toHaveAttribute('aria-disabled');
    expect(dnc).not.toHaveAccessibleDescription(HINT);
    await userEvent.click(dnc);
    expect(await screen.findByRole('dialog', { name: 'Turn on DNC (do not contact)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const dnl = screen.getByRole('switch', { name: 'DNL (do not lend)' });
    expect(dnl).not.toHaveAttribute('aria-disabled');
    await userEvent.click(dnl);
    expect(await screen.findByRole('dialog', { name: 'Turn off DNL (do not lend)' })).toBeInTheDocument();
  });

  it('asks a holder of customers.lift_duties for the reason, then sends it', async () => {
    saveSession(sessionFixture({ permissions: ['customers.lift_duties'] }));
    const sent = answerApiCalls({ 'PATCH users/contact_flag': [200, { message: 'Cease communication turned off.' }] });
    renderWithProviders(<ContactFlagSwitches user={user} />);
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();

    const cease = screen.getByRole('switch', { name: 'Cease communication' });
    expect(cease).not.toHaveAttribute('aria-disabled');
    await userEvent.click(cease);
    const dialog = await screen.findByRole('dialog', { name: 'Turn off Cease communication' });
    const reason = within(dialog).getByRole('textbox', { name: /Why the flag is cleared/ });
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toBeRequired();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /^Clearing the Cease communication flag needs a reason of at least 10 characters/,
    );
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await userEvent.click(reason);
    await userEvent.paste(LIFT_REASON);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ user_id: 38, flag: 'cease', on: false, reason: LIFT_REASON, context: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal in the dialog", async () => {
    saveSession(sessionFixture({ permissions: ['customers.lift_duties'] }));
    const refusal = permissionRefusal('customers.lift_duties');
    answerApiCalls({ 'PATCH users/contact_flag': [403, { errors: [refusal] }] });
    renderWithProviders(<ContactFlagSwitches user={user} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Represented by an attorney' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off Represented by an attorney' });
    await userEvent.click(within(dialog).getByRole('textbox', { name: /Why the flag is cleared/ }));
    await userEvent.paste(LIFT_REASON);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
  });
});
