import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { IdentificationCard } from './identification-card.tsx';
import { answerApiCalls } from '../../../test/api-server.ts';
import { cardFixture, identityImages } from '../../../test/identifications-fixtures.ts';

function renderCard(...[overrides, held = false]: [Parameters<typeof cardFixture>[0]?, boolean?]) {
  answerApiCalls({}, identityImages);
  renderWithProviders(<IdentificationCard card={cardFixture(overrides)} held={held} />);
  return screen.getByRole('article', { name: 'Identification of Maria Garcia' });
}

function ekataBadge(card: HTMLElement): HTMLElement {
  const fact = within(card).getByText('Ekata fraud score').parentElement!;
  return within(fact).getByText(/risk|No score/);
}

describe('IdentificationCard', () => {
  it('shows the customer linked to the user page, birthday, license, routing, loan and verification', () => {
    const card = renderCard();
    expect(within(card).getByText('Maria Garcia')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '#38' })).toHaveAttribute('href', '/user?ID=38');
    expect(within(card).getByText('Apr 9, 1988')).toBeInTheDocument();
    expect(within(card).getByText('D1234567')).toBeInTheDocument();
    // A US lender's spelling (issue 28: the card said DRIVER'S LICENCE).
    expect(within(card).getByText("Driver's license")).toBeInTheDocument();
    expect(card).not.toHaveTextContent(/licence/i);
    expect(within(card).getByText('121000358')).toBeInTheDocument();
    expect(within(card).getByText('#2101')).toBeInTheDocument();
    expect(within(card).getByText(/^Waiting since /)).toBeInTheDocument();
    expect(within(card).getByText('Documents received, pending review')).toBeInTheDocument();
    expect(within(card).queryByText('Flagged routing number')).not.toBeInTheDocument();
  });

  it('marks a flagged routing number in red', () => {
    const card = renderCard({ routing: '011000015', routing_flagged: true });
    const badge = within(card).getByText('Flagged routing number');
    expect(badge.closest('.mantine-Badge-root')).toHaveStyle({ '--badge-bg': 'var(--mantine-color-red-filled)' });
  });

  it.each([
    [0, 'Low risk', 'green'],
    [256, 'Low risk', 'green'],
    [257, 'Moderate risk', 'yellow'],
    [440, 'Moderate risk', 'yellow'],
    [441, 'High risk', 'red'],
  ] as const)('bands an Ekata score of %i as %s (%s)', (score, label, color) => {
    const card = renderCard({ ekata_fraud_score: score });
    const badge = ekataBadge(card);
    expect(badge).toHaveTextContent(label);
    expect(within(card).getByText(String(score))).toBeInTheDocument();
    expect(badge.closest('.mantine-Badge-root')).toHaveStyle({ '--badge-bg': `var(--mantine-color-${color}-light)` });
  });

  it("says 'No score' in grey when Ekata gave none", () => {
    const card = renderCard({ ekata_fraud_score: null, ekata_band: 'none' });
    const badge = ekataBadge(card);
    expect(badge).toHaveTextContent('No score');
    expect(badge.closest('.mantine-Badge-root')).toHaveStyle({ '--badge-bg': 'var(--mantine-color-gray-light)' });
  });

  it('warns about EXIF data, naming the date_time, only when an image carries it', () => {
    const card = renderCard({ has_images_with_exif: true, exif_date_time: '2024:01:02 09:15:00' });
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'An image carries EXIF date_time 2024:01:02 09:15:00: it may not have been taken for this application.',
    );
  });

  it('shows no EXIF warning when no image carries EXIF data', () => {
    const card = renderCard({ has_images_with_exif: false });
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(card).queryByText(/EXIF/)).not.toBeInTheDocument();
  });

  it('lists the aggregate check first, then each check, pass in green and fail in red with its reason', () => {
    const card = renderCard();
    const rows = within(within(card).getByRole('table', { name: 'Analytics checks' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'aggregate_checkPassEvery check passed.',
      'name_matchPassThe name matches the application.',
      'expiryFailThe license expired on 2025-01-31.',
    ]);
    expect(within(rows[1]!).getByText('Pass').closest('.mantine-Badge-root')).toHaveStyle({
      '--badge-color': 'var(--mantine-color-green-light-color)',
    });
    expect(within(rows[2]!).getByText('Fail').closest('.mantine-Badge-root')).toHaveStyle({
      '--badge-color': 'var(--mantine-color-red-light-color)',
    });
  });

  it('offers the five decisions in order', () => {
    const names = (card: HTMLElement) =>
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(names(renderCard())).toEqual([
      'Approve',
      'Request New Documents',
      'Cancel Loan',
      'Selfie Cancel',
      'Manual Fraud Hold',
    ]);
  });

  it('offers no manual fraud hold to a customer already held', () => {
    const card = renderCard({ verified: -7 }, true);
    expect(within(card).getByText('Manual fraud hold')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Manual Fraud Hold' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });
});
