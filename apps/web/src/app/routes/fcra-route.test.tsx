import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { AcdvImportResponse } from '@portal/contracts';
import { answerApiCalls, type ApiAnswers, callsTo } from '../../test/api-server.ts';
import { NO_FILES, acdvAnswer, acdvFixture, reportingFileFixture } from '../../test/credit-reporting-fixtures.ts';
import { readFlashes } from '../../lib/flash.ts';
import { saveSession } from '../../lib/session.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { sessionFixture } from '../../test/session-fixture.ts';
import { FcraRoute } from './fcra-route.tsx';

// The ACDV dashboard (/fcra and /acdv; spec 001 sections 2, 4, 7, 9) against a fake server.

vi.setConfig({ testTimeout: 30_000 });

const REQUEST = 'GET fcra/acdv_request';
const RESPOND = 'POST fcra/acdv_response';

beforeEach(() => {
  saveSession(sessionFixture({ employeeId: 7 }));
});

function renderAt(route: string, server: ApiAnswers) {
  const sent = answerApiCalls({ 'GET fcra/reporting_files': [200, NO_FILES], ...server });
  renderWithProviders(<></>, {
    route,
    extraRoutes: (
      <>
        <Route path="fcra" element={<FcraRoute />} />
        <Route path="acdv" element={<FcraRoute />} />
      </>
    ),
  });
  return sent;
}

const messages = () => readFlashes().map((entry) => entry.message);
const verification = (label: string) => screen.getByRole('radiogroup', { name: `Verification of ${label}` });
const checked = (label: string) =>
  within(verification(label))
    .getAllByRole('radio')
    .find((radio) => (radio as HTMLInputElement).checked)
    ?.getAttribute('value');

describe('the ACDV dashboard', () => {
  it('shows the request: control number, dispute code and meaning, dates, count, the fields by group', async () => {
    renderAt('/acdv', {
      [REQUEST]: [200, acdvAnswer({ acdv: acdvFixture({ overdue: true, days_left: -3 }), count: 4 })],
    });
    expect(await screen.findByRole('heading', { name: 'ACDV CN-1001' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'FCRA', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('4 remaining')).toBeInTheDocument();
    expect(screen.getByText('101')).toBeInTheDocument();
    expect(screen.getByText(/Not liable for account/)).toBeInTheDocument();
    expect(screen.getByText('Jan 5, 2026')).toBeInTheDocument();
    expect(screen.getByText('Feb 4, 2026')).toBeInTheDocument();
    expect(screen.getByText('Overdue by 3 calendar days')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Maria Garcia (#38)' })).toHaveAttribute('href', '/user?ID=38');

    const consumer = screen.getByRole('table', { name: 'Consumer' });
    const account = screen.getByRole('table', { name: 'Account' });
    expect(
      within(consumer)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['First name', 'StreetDiffers', 'Generation codeNo Portal value']);
    const balance = within(account).getByRole('row', { name: /Current balance/ });
    expect(
      within(balance)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 2),
    ).toEqual(['945', '820']);
    expect(balance).toHaveAttribute('data-differs', 'true');
    // A code's meaning under it.
    expect(within(account).getAllByText('Current account (0-29 days past the due date)')).toHaveLength(2);
  });

  it('prefills each verification from responseVerification and sends the answers chosen', async () => {
    const sent = renderAt('/fcra', {
      [REQUEST]: [
        200,
        acdvAnswer({
          responseVerification: {
            first_name: 'SAME',
            street: 'DIFF',
            generation_code: 'UNKN',
            account_status: 'SAME',
            // The server's suggestion for this request, whatever the field's own.
            current_balance: 'UNKN',
          },
        }),
      ],
      [RESPOND]: [
        200,
        { message: 'ACDV CN-1001 answered 23: Disputed info accurate, unrelated info updated.', count: 2 },
      ],
    });
    await screen.findByRole('heading', { name: 'ACDV CN-1001' });
    expect(checked('First name')).toBe('SAME');
    expect(checked('Street')).toBe('DIFF');
    expect(checked('Generation code')).toBe('UNKN');
    expect(checked('Current balance')).toBe('UNKN');

    await userEvent.click(within(verification('Current balance')).getByRole('radio', { name: 'DIFF' }));
    await userEvent.click(within(verification('Generation code')).getByRole('radio', { name: 'SAME' }));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Response code' }),
      '23 — Disputed info accurate, unrelated info updated',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(callsTo(sent, RESPOND)).toHaveLength(1));
    expect(callsTo(sent, RESPOND)[0]!.body).toEqual({
      control_number: 'CN-1001',
      acdv_response_code: '23',
      consumer_disagrees: false,
      response_verification: {
        first_name: 'SAME',
        street: 'DIFF',
        generation_code: 'SAME',
        account_status: 'SAME',
        current_balance: 'DIFF',
      },
    });
    await waitFor(() =>
      expect(messages()).toEqual(['ACDV CN-1001 answered 23: Disputed info accurate, unrelated info updated.']),
    );
    expect(readFlashes()[0]).toMatchObject({ type: 'success', placement: 'top', duration: 5 });
    // The next request is asked for with the same (empty) skip list.
    await waitFor(() => expect(callsTo(sent, REQUEST)).toHaveLength(2));
    expect(callsTo(sent, REQUEST)[1]!.query.get('skip')).toBeNull();
  });

  it('lists the spec response codes with their meanings and asks for one before sending', async () => {
    const sent = renderAt('/fcra', { [REQUEST]: [200, acdvAnswer()] });
    await screen.findByRole('heading', { name: 'ACDV CN-1001' });
    const options = within(screen.getByRole('combobox', { name: 'Response code' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Choose a response code',
      '01 — Account information accurate as of date reported',
      '03 — Delete account',
      '04 — Misrouted, please reroute',
      '07 — Delete due to fraud',
      '21 — Updated disputed info only',
      '22 — Updated disputed info and additional info',
      '23 — Disputed info accurate, unrelated info updated',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Choose a response code.')).toBeInTheDocument();
    expect(callsTo(sent, RESPOND)).toHaveLength(0);
  });

  it("shows the server's errors when the response is refused, and stays on the request", async () => {
    renderAt('/fcra', {
      [REQUEST]: [200, acdvAnswer()],
      [RESPOND]: [409, { errors: ['ACDV CN-1001 was already answered (01).'] }],
    });
    await screen.findByRole('heading', { name: 'ACDV CN-1001' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Response code' }), '01');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('ACDV CN-1001 was already answered (01).')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ACDV CN-1001' })).toBeInTheDocument();
    expect(messages()).toEqual([]);
  });

  it('adds the request to the skip list on Skip and loads the next; starts over with an empty list', async () => {
    const sent = renderAt('/fcra', {
      [REQUEST]: ({ query }) => {
        const skip = query.get('skip') ?? '';
        if (skip === '') return [200, acdvAnswer()];
        if (skip === 'CN-1001') return [200, acdvAnswer({ acdv: acdvFixture({ control_number: 'CN-1002' }) })];
        return [200, acdvAnswer({ acdv: null, user: null, loan_id: null, count: 2, responseVerification: {} })];
      },
    });
    await screen.findByRole('heading', { name: 'ACDV CN-1001' });
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('heading', { name: 'ACDV CN-1002' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('No ACDV requests are waiting for a response.')).toBeInTheDocument();
    expect(callsTo(sent, REQUEST).map((call) => call.query.get('skip'))).toEqual([null, 'CN-1001', 'CN-1001,CN-1002']);

    await userEvent.click(screen.getByRole('button', { name: 'Start over with the skipped requests' }));
    expect(await screen.findByRole('heading', { name: 'ACDV CN-1001' })).toBeInTheDocument();
    expect(callsTo(sent, REQUEST).at(-1)!.query.get('skip')).toBeNull();
  });

  it('says when none is left, without a start-over button when nothing was skipped', async () => {
    renderAt('/fcra', {
      [REQUEST]: [200, acdvAnswer({ acdv: null, user: null, loan_id: null, count: 0, responseVerification: {} })],
    });
    expect(await screen.findByText('No ACDV requests are waiting for a response.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Start over/ })).not.toBeInTheDocument();
  });

  it('says plainly when no loan matches the account number', async () => {
    renderAt('/fcra', {
      [REQUEST]: [200, acdvAnswer({ acdv: acdvFixture({ account_number: '77000123456' }), user: null, loan_id: null })],
    });
    expect(await screen.findByText(/No loan in the Portal matches account number 77000123456/)).toHaveTextContent(
      '04 (Misrouted, please reroute)',
    );
  });

  it("shows the server's sentence to an employee without the credit_reporting role", async () => {
    const refusal = 'Only employees on the credit reporting desk (the credit_reporting role) can answer ACDV requests.';
    renderAt('/fcra', { [REQUEST]: [403, { errors: [refusal] }] });
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Import ACDV requests' })).not.toBeInTheDocument();
  });

  it('shows the dispute image the bureau sent', async () => {
    const sent = renderAt('/fcra', {
      [REQUEST]: [200, acdvAnswer({ hasImage: true })],
      'GET fcra/get_image': [200, { imageString: 'data:image/png;base64,iVBORw0KGgo=', content_type: 'image/png' }],
    });
    const image = await screen.findByRole('img', { name: 'Dispute image of ACDV CN-1001' });
    expect(image).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(callsTo(sent, 'GET fcra/get_image')[0]!.query.get('control_number')).toBe('CN-1001');
  });

  it('shows a PDF image from a blob URL, not the data: URL the CSP would block', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:portal/acdv-image');
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    onTestFinished(() => {
      createObjectURL.mockRestore();
      revokeObjectURL.mockRestore();
    });
    renderAt('/fcra', {
      [REQUEST]: [200, acdvAnswer({ hasImage: true })],
      'GET fcra/get_image': [
        200,
        { imageString: 'data:application/pdf;base64,JVBERi0xLjc=', content_type: 'application/pdf' },
      ],
    });
    // The request, then the image: more than findBy's own second on a busy machine.
    const frame = await screen.findByTitle('Dispute image of ACDV CN-1001', {}, { timeout: 10_000 });
    await waitFor(() => expect(frame).toHaveAttribute('src', 'blob:portal/acdv-image'));
    const blob = createObjectURL.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
  });
});

describe("the desk's panel", () => {
  it('imports files and reports the count, the duplicates and each skipped record with its errors', async () => {
    const report: AcdvImportResponse = {
      message: '1 ACDV request imported; 1 duplicate; 1 record skipped.',
      imported: 1,
      duplicates: ['CN-0900'],
      skipped: [
        { record: 3, control_number: 'CN-0903', errors: ["dispute_code '009' is not one of 001, 002, 101, 103."] },
      ],
      failed_files: [],
    };
    const sent = renderAt('/fcra', {
      [REQUEST]: [200, acdvAnswer()],
      'POST fcra/import_acdvs': [200, report],
    });
    await screen.findByRole('heading', { name: 'Import ACDV requests' });
    const file = new File(['[]'], 'requests.json', { type: 'application/json' });
    await userEvent.upload(screen.getByLabelText('ACDV request files'), file);
    expect(screen.getByText('requests.json')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported:')).toHaveTextContent('Imported: 1');
    expect(screen.getByText('Already imported (skipped): CN-0900')).toBeInTheDocument();
    expect(
      screen.getByText("Record 3 (CN-0903): dispute_code '009' is not one of 001, 002, 101, 103."),
    ).toBeInTheDocument();
    const form = callsTo(sent, 'POST fcra/import_acdvs')[0]!.body as FormData;
    expect(form.getAll('files[]').map((entry) => (entry as File).name)).toEqual(['requests.json']);
    // New requests may be waiting: the queue is asked again.
    await waitFor(() => expect(callsTo(sent, REQUEST)).toHaveLength(2));
  });

  it('names the files refused as a whole', async () => {
    renderAt('/fcra', {
      [REQUEST]: [200, acdvAnswer()],
      'POST fcra/import_acdvs': [
        422,
        {
          errors: ['No file could be read.'],
          failed_files: [{ file_name: 'bad.csv', error: 'The CSV header lacks the column control_number.' }],
        },
      ],
    });
    await screen.findByRole('heading', { name: 'Import ACDV requests' });
    await userEvent.upload(screen.getByLabelText('ACDV request files'), new File(['a,b'], 'bad.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('bad.csv: The CSV header lacks the column control_number.')).toBeInTheDocument();
  });

  it('records and processes answered ACDVs and flashes the message; lists the recent files', async () => {
    const file = reportingFileFixture({ id: 4, kind: 'acdv_response', file_name: 'acdv-responses-2026-01-20-1.json' });
    let files = { ...NO_FILES, unprocessed_acdvs: 2 };
    const sent = renderAt('/fcra', {
      [REQUEST]: [200, acdvAnswer()],
      'GET fcra/reporting_files': () => [200, files],
      'PATCH fcra/record_and_process_acdvs': () => {
        files = { ...NO_FILES, files: [file] };
        return [
          200,
          { message: '2 answered ACDV requests recorded in acdv-responses-2026-01-20-1.json.', processed: 2, file },
        ];
      },
    });
    expect(await screen.findByText('2 answered requests are waiting to be recorded.')).toBeInTheDocument();
    expect(screen.getByText('No files yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Record and process' }));
    await waitFor(() =>
      expect(messages()).toEqual(['2 answered ACDV requests recorded in acdv-responses-2026-01-20-1.json.']),
    );
    const table = await screen.findByRole('table', { name: 'Recent files' });
    expect(within(table).getByText('acdv-responses-2026-01-20-1.json')).toBeInTheDocument();
    expect(
      within(table).getByRole('button', { name: 'Download acdv-responses-2026-01-20-1.json' }),
    ).toBeInTheDocument();
    expect(callsTo(sent, 'PATCH fcra/record_and_process_acdvs')).toHaveLength(1);
  });
});
