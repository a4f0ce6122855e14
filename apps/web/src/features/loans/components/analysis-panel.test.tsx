import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApiCalls, inTurn } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { loanFixture } from '../../../test/ticket-fixtures.ts';
import { AnalysisPanel } from './analysis-panel.tsx';

const active = loanFixture({ id: 12, type: 'CreditBuilder', apr: 35.5, applied_amt: 600 });
const approved = loanFixture({
  id: 14,
  applied: '2026-02-01T00:00:00Z',
  accepted: null,
  funded: null,
  approval_code: 'XY12',
});
const loans = { '12': active, '14': approved };
const analysis = { active_loan: [12], applied_loan: [14], recently_approved_loan: 14 };

describe('AnalysisPanel', () => {
  it('summarises the active loan and the recent application, with more on Show More', async () => {
    renderWithProviders(<AnalysisPanel analysis={analysis} loans={loans} />);
    const activeLoan = screen.getByRole('region', { name: 'Active loan #12' });
    expect(activeLoan).toHaveTextContent('ACTIVE');
    expect(activeLoan).toHaveTextContent('Credit Builder · 36%');
    expect(screen.getByRole('region', { name: 'Recent application #14' })).toHaveTextContent('Approved - Not Accepted');
    expect(screen.queryByText('XY12')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(screen.getByText('XY12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Less' })).toBeInTheDocument();
  });

  it("resends the approval text: 'Text Sent', that it is held and until when, or the spec's 'An error occured.'", async () => {
    const held =
      "The text to 5035550161 is held for the customer's quiet hours, not sent yet: it is 9:42 pm for this customer; the text will go out at 8:00 am.";
    const sent = answerApiCalls({
      'POST users/resend_approval_text': inTurn(
        [200, { message: 'Text Sent', held_until: null }],
        [200, { message: held, held_until: '2026-11-22T16:00:00.000Z' }],
        [409, { errors: ['The customer has no phone number.'] }],
      ),
    });
    renderWithProviders(<AnalysisPanel analysis={analysis} loans={loans} />);

    await userEvent.click(screen.getByRole('button', { name: 'Resend Approval Text' }));
    expect(await screen.findByText('Text Sent')).toBeInTheDocument();
    expect(sent[0]!.body).toEqual({ loan_id: 14 });

    await userEvent.click(screen.getByRole('button', { name: 'Resend Approval Text' }));
    expect(await screen.findByText(held)).toBeInTheDocument();
    expect(screen.queryByText('Text Sent')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Resend Approval Text' }));
    expect(await screen.findByText('An error occured.')).toBeInTheDocument();
  });

  it('offers no resend without a recently approved loan', () => {
    renderWithProviders(<AnalysisPanel analysis={{ ...analysis, recently_approved_loan: null }} loans={loans} />);
    expect(screen.queryByRole('button', { name: 'Resend Approval Text' })).not.toBeInTheDocument();
  });
});
