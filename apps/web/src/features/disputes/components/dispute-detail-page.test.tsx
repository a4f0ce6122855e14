import { StrictMode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BACK_OFFICE_INACTIVITY_MS, DISPUTE_MESSAGES, type Dispute, type Permission } from '@portal/contracts';
import { readFlashes } from '../../../lib/flash.ts';
import { saveSession } from '../../../lib/session.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { answerApiCalls, apiCallsSettled, type ApiAnswers, callsTo } from '../../../test/api-server.ts';
import {
  completeDispute,
  disputeDocuments,
  disputeFixture,
  userResultFixture,
} from '../../../test/dispute-fixtures.ts';
import { DisputeDetailPage } from './dispute-detail-page.tsx';

// Each test drives the whole screen (Mantine re-renders the form on every keystroke): a loaded
// machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

const UPDATE = 'PATCH disputes_dashboard/update_dispute';
const RESOLVE = 'PATCH disputes_dashboard/resolve_dispute';
const ASSIGN = 'PATCH disputes_dashboard/assign_dispute';
const UNASSIGN = 'PATCH disputes_dashboard/unassign_dispute';
const USER_SEARCH = 'GET disputes_dashboard/search/user_search';

// Employee 7 (the session fixture) opens the dispute.
function openDispute(dispute: Dispute, server: ApiAnswers = {}, permissions: Permission[] = ['customers.reveal_ssn']) {
  saveSession(sessionFixture({ employeeId: 7, permissions }));
  const sent = answerApiCalls(
    {
      'GET disputes_dashboard/dispute_details': [200, { dispute }],
      [ASSIGN]: [200, { success: true, dispute_id: dispute.id }],
      [UNASSIGN]: [200, { success: true }],
      ...server,
    },
    disputeDocuments,
  );
  renderWithProviders(<DisputeDetailPage id={dispute.id} />, { route: `/disputes/${dispute.id}` });
  return sent;
}

const panel = (name: string) => within(screen.getByRole('tabpanel', { name }));
const lastFlash = () => readFlashes().at(-1);

async function chooseOption(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('DisputeDetailPage: the Details tab', () => {
  it("offers 'No Changes' (disabled) until something changes, then Save Changes and Clear Changes", async () => {
    openDispute(disputeFixture());
    const unchanged = await screen.findByRole('button', { name: 'No Changes' });
    expect(unchanged).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Clear Changes' })).toBeNull();
    for (const section of ['User Information', 'Response Address', 'Dispute Type', 'Third Party Information'])
      expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'Fresno');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Changes' }));
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'No Changes' })).toBeDisabled();
  });

  it('warns of an invalid ZIP as it is typed, and saving then flashes the spec sentence without a call', async () => {
    const sent = openDispute(disputeFixture());
    await screen.findByRole('tab', { name: 'Details' });
    const zip = panel('Details').getByPlaceholderText('XXXXX or XXXXX-XXXX');
    await userEvent.type(zip, '9370');
    expect(screen.getByText('ZIP must be 5 digits or 5-4 (XXXXX or XXXXX-XXXX).')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(lastFlash()).toMatchObject({
      message: 'Please correct invalid fields before saving',
      type: 'error',
      placement: 'top',
      duration: 5,
    });
    expect(callsTo(sent, UPDATE)).toHaveLength(0);
  });

  it('sends only what changed and says the dispute was updated', async () => {
    const dispute = disputeFixture(completeDispute);
    const sent = openDispute(dispute, {
      [UPDATE]: [200, { message: 'Saved.', dispute: { ...dispute, city: 'Clovis', sent_by_third_party: true } }],
    });
    const city = await screen.findByRole('textbox', { name: 'City' });
    await userEvent.clear(city);
    await userEvent.type(city, 'Clovis');
    await userEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Sent by a third party?' })).getByRole('radio', { name: 'Yes' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(lastFlash()?.message).toBe('Dispute information updated successfully'));
    expect(callsTo(sent, UPDATE).map((call) => call.body)).toEqual([
      { id: 5, dispute: { city: 'Clovis', sent_by_third_party: true } },
    ]);
    expect(await screen.findByRole('button', { name: 'No Changes' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Clovis');
  });

  it("shows the server's refusal of a save", async () => {
    openDispute(disputeFixture(), { [UPDATE]: [409, { errors: ['This dispute is no longer assigned to you.'] }] });
    await userEvent.type(await screen.findByRole('textbox', { name: 'City' }), 'Fresno');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(lastFlash()).toMatchObject({ message: 'This dispute is no longer assigned to you.', type: 'error' }),
    );
  });
});

describe('DisputeDetailPage: who holds the dispute', () => {
  it('is read-only with the warning when another employee holds it, its other tabs disabled', async () => {
    const sent = openDispute(disputeFixture({ employee_id: 12, employee_name: 'Bo Chen' }));
    expect(await screen.findByText(DISPUTE_MESSAGES.heldByOther)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'User Search' })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'Resolution' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'City' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'No Changes' })).toBeDisabled();
    expect(readFlashes()).toEqual([
      expect.objectContaining({
        message: DISPUTE_MESSAGES.heldByOther,
        type: 'warning',
        duration: 7,
        placement: 'top',
      }),
    ]);
    expect(screen.queryByRole('button', { name: 'Get Next Dispute' })).toBeNull();
    expect(callsTo(sent, ASSIGN)).toHaveLength(0);
  });

  it('assigns an unresolved dispute to me once when it opens, which makes it editable', async () => {
    let assigned = false;
    const sent = openDispute(disputeFixture(), {
      'GET disputes_dashboard/dispute_details': () => [
        200,
        {
          dispute: assigned
            ? disputeFixture()
            : disputeFixture({ status: 'unresolved', employee_id: null, employee_name: null }),
        },
      ],
      [ASSIGN]: () => {
        assigned = true;
        return [200, { success: true, dispute_id: 5 }];
      },
    });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'User Search' })).toBeEnabled());
    expect(callsTo(sent, ASSIGN).map((call) => call.body)).toEqual([{ id: 5 }]);
    expect(screen.getByRole('textbox', { name: 'City' })).toBeEnabled();
  });

  it('Back to Disputes lets go of the dispute, then shows the unresolved list', async () => {
    const sent = openDispute(disputeFixture());
    await userEvent.click(await screen.findByRole('button', { name: 'Back to Disputes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/disputes/unresolved'));
    expect(callsTo(sent, UNASSIGN).map((call) => call.body)).toEqual([{ id: 5 }]);
  });

  it("lets go of the dispute when the screen is left (keepalive), not in StrictMode's rehearsal", async () => {
    saveSession(sessionFixture({ employeeId: 7 }));
    const sent = answerApiCalls(
      {
        'GET disputes_dashboard/dispute_details': [200, { dispute: disputeFixture() }],
        [UNASSIGN]: [200, { success: true }],
      },
      disputeDocuments,
    );
    const { unmount } = renderWithProviders(
      <StrictMode>
        <DisputeDetailPage id={5} />
      </StrictMode>,
      { route: '/disputes/5' },
    );
    await screen.findByRole('button', { name: 'No Changes' });
    await apiCallsSettled();
    expect(callsTo(sent, UNASSIGN)).toHaveLength(0);
    unmount();
    await waitFor(() => expect(callsTo(sent, UNASSIGN).map((call) => call.body)).toEqual([{ id: 5 }]));
    expect(callsTo(sent, UNASSIGN)[0]!.keepalive).toBe(true);
  });

  it('lets go of the dispute after 30 minutes without activity, warning in the last minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = openDispute(disputeFixture());
    await screen.findByRole('button', { name: 'No Changes' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(BACK_OFFICE_INACTIVITY_MS - 30_000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('This item will be unassigned in 30 seconds.');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/disputes/unresolved'));
    expect(callsTo(sent, UNASSIGN).map((call) => call.body)).toEqual([{ id: 5 }]);
    expect(lastFlash()).toMatchObject({
      message: 'Dispute was automatically unassigned due to inactivity',
      type: 'warning',
      placement: 'top',
    });
  });

  it('Get Next Dispute (a dispute not in the assigned status) replaces the route with the next one', async () => {
    const sent = openDispute(disputeFixture({ status: 'resolved', employee_id: 7 }), {
      [ASSIGN]: [200, { success: true, dispute_id: 9 }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Get Next Dispute' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/disputes/9'));
    expect(callsTo(sent, ASSIGN).map((call) => call.body)).toEqual([{}]);
    expect(callsTo(sent, UNASSIGN)).toHaveLength(0);
    expect(screen.getByRole('tab', { name: 'Resolution' })).toBeDisabled();
  });

  it("shows 'Error loading dispute: ...' when the dispute cannot be read", async () => {
    openDispute(disputeFixture(), {
      'GET disputes_dashboard/dispute_details': [404, { errors: ['Dispute 5 was not found.'] }],
    });
    expect(await screen.findByText('Error loading dispute: Dispute 5 was not found.')).toBeInTheDocument();
  });
});

describe('DisputeDetailPage: the User Search tab', () => {
  it('refuses a search with too few criteria, in the words of the spec', async () => {
    const sent = openDispute(disputeFixture());
    await userEvent.click(await screen.findByRole('tab', { name: 'User Search' }));
    await userEvent.type(panel('User Search').getByRole('textbox', { name: 'First Name' }), 'Maria');
    await userEvent.click(panel('User Search').getByRole('button', { name: 'Search' }));
    expect(lastFlash()).toMatchObject({
      message: 'Please provide either a primary identifier or at least 2 secondary search fields',
      type: 'error',
      placement: 'top',
    });
    expect(callsTo(sent, USER_SEARCH)).toHaveLength(0);
  });

  it('lets only those who may reveal an SSN search by a whole one', async () => {
    openDispute(disputeFixture(), {}, []);
    await userEvent.click(await screen.findByRole('tab', { name: 'User Search' }));
    const field = panel('User Search').getByRole('textbox', { name: 'Full SSN' });
    expect(field).toBeDisabled();
    expect(panel('User Search').getByText(/Needs the ssn_reveal role/)).toBeInTheDocument();
  });

  it('masks what is typed and says when no user matches', async () => {
    const sent = openDispute(disputeFixture(), {
      [USER_SEARCH]: [
        200,
        { results: [], meta: { current_page: 1, total_pages: 0, total_count: 0, search_type: 'primary' } },
      ],
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'User Search' }));
    const search = panel('User Search');
    await userEvent.type(search.getByRole('textbox', { name: 'Phone' }), '5595551234');
    expect(search.getByRole('textbox', { name: 'Phone' })).toHaveValue('(559) 555-1234');
    await userEvent.type(search.getByRole('textbox', { name: 'Full SSN' }), '123456789');
    expect(search.getByRole('textbox', { name: 'Full SSN' })).toHaveValue('123-45-6789');
    await userEvent.click(search.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No users found matching your search criteria')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search terms or using fewer filters')).toBeInTheDocument();
    expect(Object.fromEntries(callsTo(sent, USER_SEARCH)[0]!.query)).toEqual({
      phone_number: '(559) 555-1234',
      ssn: '123-45-6789',
      page: '1',
    });
  });

  it('applies a selected user to the dispute, says so and returns to Details', async () => {
    const sent = openDispute(disputeFixture(), {
      [USER_SEARCH]: [
        200,
        {
          results: [userResultFixture()],
          meta: { current_page: 1, total_pages: 3, total_count: 21, search_type: 'secondary' },
        },
      ],
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'User Search' }));
    const search = panel('User Search');
    await userEvent.type(search.getByRole('textbox', { name: 'First Name' }), 'Maria');
    await userEvent.type(search.getByRole('textbox', { name: 'Last Name' }), 'Garcia');
    await userEvent.click(search.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(Object.fromEntries(callsTo(sent, USER_SEARCH)[0]!.query)).toEqual({
      first_name: 'Maria',
      last_name: 'Garcia',
      page: '1',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Show details of Maria Garcia' }));
    expect(screen.getByText('#640')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Select User' }));
    expect(lastFlash()).toMatchObject({ message: 'User information applied to dispute', type: 'success' });
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    const details = panel('Details');
    expect(details.getByRole('textbox', { name: 'User ID' })).toHaveValue('38');
    expect(details.getByRole('textbox', { name: 'Loan ID' })).toHaveValue('901');
    expect(details.getByRole('textbox', { name: 'First Name' })).toHaveValue('Maria');
    expect(details.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Garcia');
    expect(details.getByRole('textbox', { name: 'Street' })).toHaveValue('12 Oak St');
    expect(details.getByRole('textbox', { name: 'City' })).toHaveValue('Fresno');
    expect(details.getByRole('combobox', { name: 'State' })).toHaveValue('CA - California');
    expect(details.getByRole('textbox', { name: 'ZIP' })).toHaveValue('93701');
    expect(details.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it("keeps the form's loan id when it has one", async () => {
    openDispute(disputeFixture({ loan_id: 777 }), {
      [USER_SEARCH]: [
        200,
        {
          results: [userResultFixture()],
          meta: { current_page: 1, total_pages: 1, total_count: 1, search_type: 'primary' },
        },
      ],
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'User Search' }));
    await userEvent.type(panel('User Search').getByRole('textbox', { name: 'User ID' }), '38');
    await userEvent.click(panel('User Search').getByRole('button', { name: 'Search' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Select User' }));
    expect(panel('Details').getByRole('textbox', { name: 'Loan ID' })).toHaveValue('777');
    expect(screen.queryByText('Page 1 of 1')).toBeNull();
  });
});

describe('DisputeDetailPage: the Resolution tab', () => {
  it("says 'Please select a response type' and sends nothing without one", async () => {
    const sent = openDispute(disputeFixture(completeDispute));
    await userEvent.click(await screen.findByRole('tab', { name: 'Resolution' }));
    expect(panel('Resolution').getByText('Debt Validation')).toBeInTheDocument();
    await userEvent.click(panel('Resolution').getByRole('button', { name: 'Resolve Dispute' }));
    expect(lastFlash()).toMatchObject({
      message: 'Please select a response type',
      type: 'error',
      duration: 7,
      placement: 'top',
    });
    expect(callsTo(sent, RESOLVE)).toHaveLength(0);
  });

  it("names the fields a response type needs, and shows 'Not specified' for no dispute type", async () => {
    const sent = openDispute(disputeFixture());
    await userEvent.click(await screen.findByRole('tab', { name: 'Resolution' }));
    expect(panel('Resolution').getByText('Not specified')).toBeInTheDocument();
    await chooseOption('Response Type', '3PA');
    await userEvent.click(panel('Resolution').getByRole('button', { name: 'Resolve Dispute' }));
    expect(lastFlash()?.message).toBe('A 3PA response needs User ID, First Name, Last Name, Dispute Type.');
    expect(callsTo(sent, RESOLVE)).toHaveLength(0);
  });

  it("offers 'Save Changes and Resolve Dispute' with unsaved edits: saves, then resolves, then the list", async () => {
    const dispute = disputeFixture(completeDispute);
    const sent = openDispute(dispute, {
      [UPDATE]: [200, { message: 'Saved.', dispute: { ...dispute, city: 'Clovis' } }],
      [RESOLVE]: [200, { message: 'Resolved.', dispute: { ...dispute, city: 'Clovis', status: 'resolved' } }],
    });
    const city = await screen.findByRole('textbox', { name: 'City' });
    await userEvent.clear(city);
    await userEvent.type(city, 'Clovis');
    await userEvent.click(screen.getByRole('tab', { name: 'Resolution' }));
    expect(panel('Resolution').getByText('12 Oak St, Clovis, CA 93701')).toBeInTheDocument();
    await chooseOption('Response Type', 'Validation');
    await userEvent.click(panel('Resolution').getByRole('button', { name: 'Save Changes and Resolve Dispute' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/disputes/unresolved'));
    const writes = sent.filter((call) => call.method === 'PATCH').map((call) => [call.path, call.body]);
    expect(writes).toEqual([
      ['disputes_dashboard/update_dispute', { id: 5, dispute: { city: 'Clovis' } }],
      [
        'disputes_dashboard/resolve_dispute',
        {
          id: 5,
          response_type: 'DisputeResponse::Validation',
          consumer_disagrees: false,
          in_consumers_favour: false,
        },
      ],
    ]);
    expect(readFlashes().map((entry) => entry.message)).toEqual([
      'Dispute information updated successfully',
      'Dispute resolved successfully',
    ]);
  });

  it("sends the outcome for credit reporting: in the consumer's favour, the consumer still disagreeing", async () => {
    const dispute = disputeFixture(completeDispute);
    const sent = openDispute(dispute, {
      [RESOLVE]: [200, { message: 'Resolved.', dispute: { ...dispute, status: 'resolved', consumer_disagrees: true } }],
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Resolution' }));
    const outcome = within(panel('Resolution').getByRole('group', { name: 'Outcome for credit reporting' }));
    const favour = outcome.getByRole('checkbox', { name: "Resolved in the consumer's favour" });
    expect(favour).toHaveAccessibleDescription(/next Metro 2 correction file/);
    // Keyboard only: Tab to a box, Space ticks it.
    favour.focus();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    expect(outcome.getByRole('checkbox', { name: 'The consumer still disagrees' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await chooseOption('Response Type', 'Validation');
    await userEvent.click(panel('Resolution').getByRole('button', { name: 'Resolve Dispute' }));
    await waitFor(() => expect(callsTo(sent, RESOLVE)).toHaveLength(1));
    expect(callsTo(sent, RESOLVE)[0]?.body).toEqual({
      id: 5,
      response_type: 'DisputeResponse::Validation',
      consumer_disagrees: true,
      in_consumers_favour: true,
    });
  });

  it('says beside a ticked outcome that it needs a loan, and resolves nothing without one', async () => {
    const sent = openDispute(disputeFixture({ ...completeDispute, loan_id: null }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Resolution' }));
    const disagrees = panel('Resolution').getByRole('checkbox', { name: 'The consumer still disagrees' });
    const needsLoan = 'A consumer who still disagrees needs a Loan ID: the loan is reported as disputed (XC).';
    expect(disagrees).toBeValid();
    await userEvent.click(disagrees);
    expect(disagrees).toBeInvalid();
    expect(disagrees).toHaveAccessibleDescription(expect.stringContaining(needsLoan));
    await chooseOption('Response Type', 'No Response');
    await userEvent.click(panel('Resolution').getByRole('button', { name: 'Resolve Dispute' }));
    expect(lastFlash()?.message).toBe(needsLoan);
    expect(callsTo(sent, RESOLVE)).toHaveLength(0);
  });

  it('flashes each error of a refused resolve for 7 seconds', async () => {
    openDispute(disputeFixture(completeDispute), {
      [RESOLVE]: [422, { errors: ['The loan is not this user’s.', 'The letter could not be drawn.'] }],
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Resolution' }));
    await chooseOption('Response Type', 'Validation');
    await userEvent.click(panel('Resolution').getByRole('button', { name: 'Resolve Dispute' }));
    await waitFor(() => expect(readFlashes()).toHaveLength(2));
    expect(readFlashes()).toEqual([
      expect.objectContaining({ message: 'The loan is not this user’s.', type: 'error', duration: 7 }),
      expect.objectContaining({ message: 'The letter could not be drawn.', type: 'error', duration: 7 }),
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent('/disputes/5');
  });
});
