import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BankruptcyNotice } from '@portal/contracts';
import { readFlashes } from '../../../lib/flash.ts';
import { saveSession } from '../../../lib/session.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { answerApiCalls, type ApiAnswers, type SentCall } from '../../../test/api-server.ts';
import { noticeFixture } from '../../../test/notice-fixtures.ts';
import { NoticeDetailPage } from './notice-detail-page.tsx';

// The notice form's rules (spec 001 section 5) as staff meet them on the notice screen.

// Typing into many fields with user-event is slow on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

// (What the last test's unmount let go of went out in the shared afterEach, test/setup.ts.)
beforeEach(() => {
  saveSession(sessionFixture({ employeeId: 7 }));
});

async function openNotice(notice: BankruptcyNotice, extra: ApiAnswers = {}) {
  const sent = answerApiCalls({
    'GET bankruptcy_notices/31': [200, { notice }],
    'PATCH bankruptcy_notices/31/unassign': [200, { success: true }],
    ...extra,
  });
  renderWithProviders(<NoticeDetailPage id={31} />);
  await screen.findByRole('heading', { name: 'Notice Details' });
  return sent;
}

async function edit() {
  await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
}

const field = (label: string) => screen.getByRole('textbox', { name: label });
const combobox = (label: string) => screen.getByRole('combobox', { name: label });

async function choose(label: string, option: string) {
  await userEvent.click(combobox(label));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function retype(label: string, text: string) {
  await userEvent.clear(field(label));
  if (text !== '') await userEvent.type(field(label), text);
}

// Save pressed: once the server's answer is flashed, what the PATCH sent.
async function saveNotice(sent: readonly SentCall[]) {
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(readFlashes().map((entry) => entry.message)).toContain('Notice updated successfully.'));
  return sent.find((call) => call.method === 'PATCH' && call.url.endsWith('bankruptcy_notices/31'))?.body;
}

const processButton = () => screen.getByRole('button', { name: 'Process Notice' });

describe('the notice form', () => {
  it("asks for the required fields with '{Field name} is required.', as warnings while editing", async () => {
    await openNotice(
      noticeFixture({
        type: '',
        parsed_data: { case_number: null, court_district: null, b_type: null },
      }),
    );
    await edit();
    for (const message of [
      'Case number is required.',
      'Court district is required.',
      'Bankruptcy type is required.',
      'Notice type is required.',
    ])
      expect(screen.getByText(message)).toBeInTheDocument();
    // Warnings: the fields are not marked invalid yet.
    expect(field('Case number')).not.toBeInvalid();
    expect(combobox('Notice type')).not.toBeInvalid();
  });

  it('turns the warnings into errors once Process is pressed, and keeps Process disabled until none is left', async () => {
    const sent = await openNotice(noticeFixture({ type: '', parsed_data: { case_number: null } }), {
      'POST bankruptcy_notices/31/process_notice': [
        200,
        {
          message: 'Notice processed successfully.',
          notice: noticeFixture({ status: 'processed', processed_at: '2024-01-07T18:00:00.000Z' }),
          consequences: { customer_id: 12, consumer_information_indicator: 'A', auto_debit_stopped_loan_ids: [5, 6] },
        },
      ],
      'PATCH bankruptcy_notices/31': ({ body }) => [
        200,
        {
          message: 'Notice updated successfully.',
          notice: noticeFixture({ parsed_data: { case_number: '24-999' } }),
          echo: body,
        },
      ],
    });
    await userEvent.click(processButton());
    // Pressing it from the view opens the form, with the problems as errors.
    expect(field('Case number')).toBeInvalid();
    expect(combobox('Notice type')).toBeInvalid();
    expect(screen.getByText('Case number is required.')).toBeInTheDocument();
    expect(processButton()).toBeDisabled();
    expect(sent.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.type(field('Case number'), '24-999');
    expect(processButton()).toBeDisabled();
    await choose('Notice type', 'Initial filing');
    await waitFor(() => expect(processButton()).toBeEnabled());
    expect(field('Case number')).not.toBeInvalid();

    // The edits are saved first, then the notice is processed.
    await userEvent.click(processButton());
    expect(await screen.findByText('Recorded by processing')).toBeInTheDocument();
    const writes = sent.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`);
    expect(writes).toEqual([
      'PATCH /internal/api/bankruptcy_notices/31',
      'POST /internal/api/bankruptcy_notices/31/process_notice',
    ]);
    expect(
      screen.getByText('Customer #12: consumer information indicator A (Petition for Chapter 7 bankruptcy).'),
    ).toBeInTheDocument();
    expect(screen.getByText('Automatic debits stopped on loan(s) #5, #6.')).toBeInTheDocument();
    expect(readFlashes().map((entry) => entry.message)).toEqual([
      'Notice updated successfully.',
      'Notice processed successfully.',
    ]);
    // Processed: no Process button any more, and the next notice may be taken.
    expect(screen.queryByRole('button', { name: 'Process Notice' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Next Notice' })).toBeInTheDocument();
  });

  it('keeps SSN entry to digits: up to 4 stay raw, longer ones are formatted', async () => {
    await openNotice(noticeFixture({ parsed_data: { debtor_ssn: null } }));
    await edit();
    const ssn = field('Debtor SSN');
    await userEvent.type(ssn, 'a1b2');
    expect(ssn).toHaveValue('12');
    await userEvent.type(ssn, '34');
    expect(ssn).toHaveValue('1234');
    await userEvent.type(ssn, '5');
    expect(ssn).toHaveValue('123-45');
    await userEvent.type(ssn, '6789');
    expect(ssn).toHaveValue('123-45-6789');
    await userEvent.type(ssn, '0');
    expect(ssn).toHaveValue('123-45-6789');
  });

  it('wants an SSN of 4 or 9 digits', async () => {
    await openNotice(noticeFixture({ type: 'BankruptcyNotice::Discharge', parsed_data: { discharged: '2024-01-03' } }));
    await edit();
    await retype('Debtor SSN', '12345');
    expect(screen.getByText('SSN must be either 4 digits or 9 digits.')).toBeInTheDocument();
    await retype('Debtor SSN', '1234');
    expect(screen.queryByText('SSN must be either 4 digits or 9 digits.')).not.toBeInTheDocument();

    // For an initial filing the message says which length goes with what.
    await choose('Notice type', 'Initial filing');
    await retype('Debtor SSN', '12345');
    expect(screen.getByText('SSN must be either 4 digits (with name) or 9 digits (standalone).')).toBeInTheDocument();
  });

  it('asks an initial filing for a complete debtor pair', async () => {
    await openNotice(noticeFixture({ parsed_data: { debtor_name: null, debtor_ssn: null } }));
    await edit();
    expect(
      screen.getByText(
        'At least one debtor must have complete information (either full 9-digit SSN or name with 4-digit SSN).',
      ),
    ).toBeInTheDocument();

    await userEvent.type(field('Debtor SSN'), '1234');
    expect(screen.getByText('Primary debtor needs a name when using a 4-digit SSN.')).toBeInTheDocument();

    await retype('Debtor SSN', '');
    await userEvent.type(field('Joint debtor name'), 'John Doe');
    expect(
      screen.getByText('Joint debtor needs either a full 9-digit SSN or a 4-digit SSN with the name.'),
    ).toBeInTheDocument();

    await userEvent.type(field('Joint debtor SSN'), '9876');
    expect(screen.queryByText(/Joint debtor needs/)).not.toBeInTheDocument();
    expect(screen.queryByText(/At least one debtor must have/)).not.toBeInTheDocument();
  });

  it('asks each notice type for its own date', async () => {
    await openNotice(noticeFixture({ parsed_data: { filed: null } }));
    await edit();
    expect(screen.getByText('Filing date is required for initial filing notices.')).toBeInTheDocument();
    const cases: Array<[string, string, string]> = [
      ['Discharge', 'Discharge date', 'Discharge date is required for discharge notices.'],
      ['Dismissal', 'Dismissal date', 'Dismissal date is required for dismissal notices.'],
      ['Conversion', 'Conversion date', 'Conversion date is required for conversion notices.'],
      [
        'Plan confirmation',
        'Plan confirmation date',
        'Plan confirmation date is required for plan confirmation notices.',
      ],
    ];
    for (const [type, label, message] of cases) {
      await choose('Notice type', type);
      expect(screen.getByText(message)).toBeInTheDocument();
      await userEvent.type(field(label), '01052024');
      expect(field(label)).toHaveValue('01/05/2024');
      expect(screen.queryByText(message)).not.toBeInTheDocument();
    }
    await choose('Notice type', 'Other');
    expect(screen.queryByText(/is required for/)).not.toBeInTheDocument();
  });

  it('Cancel puts back the values the server holds', async () => {
    const sent = await openNotice(noticeFixture());
    await edit();
    await retype('Case number', '99-1');
    await retype('Filing date', '02/03/2024');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const details = screen.getByLabelText('Notice details');
    expect(within(details).getByText('24-10001')).toBeInTheDocument();
    expect(within(details).getByText('01/02/2024')).toBeInTheDocument();
    await edit();
    expect(field('Case number')).toHaveValue('24-10001');
    expect(field('Filing date')).toHaveValue('01/02/2024');
    expect(sent.filter((call) => call.method === 'PATCH' && !call.url.endsWith('unassign'))).toEqual([]);
  });

  it('shows the court district by name and sends its code, with dates and SSNs in the wire format', async () => {
    const sent = await openNotice(noticeFixture(), {
      'PATCH bankruptcy_notices/31': [
        200,
        {
          message: 'Notice updated successfully.',
          notice: noticeFixture({ parsed_data: { court_district: 'NV', filed: '2024-02-03' } }),
        },
      ],
    });
    expect(within(screen.getByLabelText('Notice details')).getByText('California - North')).toBeInTheDocument();
    await edit();
    expect(combobox('Court district')).toHaveValue('California - North');
    await userEvent.clear(combobox('Court district'));
    await userEvent.type(combobox('Court district'), 'Nevad');
    await userEvent.click(await screen.findByRole('option', { name: 'Nevada' }));
    await retype('Filing date', '02/03/2024');
    await retype('Debtor SSN', '987654321');
    expect(field('Debtor SSN')).toHaveValue('987-65-4321');
    expect(await saveNotice(sent)).toEqual({
      notice: {
        type: 'BankruptcyNotice::InitialFiling',
        parsed_data: expect.objectContaining({
          court_district: 'NV',
          filed: '2024-02-03',
          debtor_ssn: '987654321',
          case_number: '24-10001',
          discharged: null,
        }),
      },
    });
    expect(within(screen.getByLabelText('Notice details')).getByText('Nevada')).toBeInTheDocument();
    expect(readFlashes().at(-1)).toMatchObject({ type: 'success', placement: 'top', duration: 5 });
  });

  // Issue 28: re-picking Bankruptcy type 7 emptied it, the notice was saved empty and Process said
  // 'Bankruptcy type is required.'. Picking the chosen option again keeps it, in every select.
  it("keeps a select's value when its chosen option is picked again", async () => {
    const sent = await openNotice(noticeFixture(), {
      'PATCH bankruptcy_notices/31': [200, { message: 'Notice updated successfully.', notice: noticeFixture() }],
    });
    await edit();
    for (const [label, option] of [
      ['Bankruptcy type', '7'],
      ['Notice type', 'Initial filing'],
      ['Court district', 'California - North'],
    ] as const) {
      await choose(label, option);
      expect(combobox(label)).toHaveValue(option);
    }
    expect(screen.queryByText(/is required\./)).not.toBeInTheDocument();
    expect(processButton()).toBeEnabled();
    // Saved with another edit (an unchanged form has nothing to save), the selects' values go too.
    await retype('Case number', '24-10002');
    expect(await saveNotice(sent)).toEqual({
      notice: {
        type: 'BankruptcyNotice::InitialFiling',
        parsed_data: expect.objectContaining({ b_type: '7', court_district: 'CAN', case_number: '24-10002' }),
      },
    });
  });

  it("says the server's errors, or 'Failed to update notice.', when saving fails", async () => {
    await openNotice(noticeFixture(), {
      'PATCH bankruptcy_notices/31': [422, { errors: ['Case number is too long.'] }],
    });
    await edit();
    await retype('Case number', '24-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(readFlashes().map((entry) => entry.message)).toEqual(['Case number is too long.']));
    expect(readFlashes()[0]).toMatchObject({ type: 'error', placement: 'top' });
    // Still editing, the edit kept.
    expect(field('Case number')).toHaveValue('24-2');
  });

  it('lets staff choose the customer when none matched', async () => {
    const sent = await openNotice(noticeFixture(), {
      'PATCH bankruptcy_notices/31': [
        200,
        {
          message: 'Notice updated successfully.',
          notice: noticeFixture({
            customer: {
              id: 12,
              first_name: 'Jane',
              last_name: 'Doe',
              ssn_last_four: '6789',
              match: 'staff',
              open_loan_ids: [5],
            },
          }),
        },
      ],
    });
    expect(screen.getByText('No matching customer')).toBeInTheDocument();
    await edit();
    await userEvent.type(field('Customer ID'), '1x2');
    expect(field('Customer ID')).toHaveValue('12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('link', { name: '#12 Jane Doe' });
    expect(screen.getByRole('link', { name: '#12 Jane Doe' })).toHaveAttribute('href', '/user?ID=12');
    const save = sent.find((call) => call.method === 'PATCH' && call.url.endsWith('bankruptcy_notices/31'));
    expect(save?.body).toMatchObject({ notice: { user_id: 12 } });
  });

  it('names the matched customer and the loans whose automatic debits stop', async () => {
    await openNotice(
      noticeFixture({
        customer: {
          id: 12,
          first_name: 'Jane',
          last_name: 'Doe',
          ssn_last_four: '6789',
          match: 'ssn_last4_and_name',
          open_loan_ids: [5, 6],
        },
      }),
    );
    expect(screen.getByText(/^Matched customer:/)).toHaveTextContent(
      'Matched customer: #12 Jane Doe (by SSN last four and name)',
    );
    expect(
      screen.getByText('Open loans whose automatic debits stop when the notice is processed: #5, #6.'),
    ).toBeInTheDocument();
    await edit();
    expect(screen.queryByRole('textbox', { name: 'Customer ID' })).not.toBeInTheDocument();
  });

  it("is read-only, with the spec's warning, when another employee holds the notice", async () => {
    const sent = await openNotice(noticeFixture({ employee_id: 99, employee_name: 'Bo Chen' }));
    expect(
      screen.getByText('This notice is already assigned to another employee and is not editable by you.', {
        selector: '.mantine-Alert-message, .mantine-Alert-message *',
      }),
    ).toBeInTheDocument();
    expect(readFlashes()).toEqual([
      expect.objectContaining({
        message: 'This notice is already assigned to another employee and is not editable by you.',
        type: 'warning',
        duration: 7,
        placement: 'top',
      }),
    ]);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(processButton()).toBeDisabled();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    // Nothing is taken, nothing let go.
    expect(sent.map((call) => call.method)).toEqual(['GET']);
  });
});

describe('the notice form when the server fails', () => {
  it("falls back to 'Failed to update notice.' and 'Failed to process notice.'", async () => {
    await openNotice(noticeFixture(), {
      'PATCH bankruptcy_notices/31': [500, {}],
      'POST bankruptcy_notices/31/process_notice': [500, {}],
    });
    await edit();
    await retype('Case number', '24-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(readFlashes().map((entry) => entry.message)).toEqual(['Failed to update notice.']));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(processButton());
    await waitFor(() =>
      expect(readFlashes().map((entry) => entry.message)).toEqual([
        'Failed to update notice.',
        'Failed to process notice.',
      ]),
    );
    expect(readFlashes()[1]).toMatchObject({ type: 'error', placement: 'top', duration: 5 });
  });
});
