import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFlashes } from '../../../lib/flash.ts';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls, callsTo, fileResponse } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { EvidencePackButton } from './evidence-pack-button.tsx';

const mayBuild = () => saveSession(sessionFixture({ permissions: ['customers.evidence_pack'] }));

describe('EvidencePackButton', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is not there for an employee without customers.evidence_pack', () => {
    saveSession(sessionFixture({ permissions: ['customers.reveal_ssn', 'staff.admin'] }));
    renderWithProviders(<EvidencePackButton userId={38} />);
    expect(screen.queryByRole('button', { name: 'Evidence pack' })).toBeNull();
  });

  it("downloads the customer's pack with the bearer header, saved under its name", async () => {
    mayBuild();
    const sent = answerApiCalls({ 'GET users/evidence_pack': () => fileResponse('PK\u0003\u0004', 'application/zip') });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:portal/pack');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<EvidencePackButton userId={38} />);
    await userEvent.click(screen.getByRole('button', { name: 'Evidence pack' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^evidence-pack-customer-38-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(link.href).toBe('blob:portal/pack');
    expect((createObjectURL.mock.calls[0]![0] as Blob).size).toBe(4);
    const [call] = callsTo(sent, 'GET users/evidence_pack');
    expect(call!.query.get('user_id')).toBe('38');
    expect(call!.headers.get('Authorization')).toBe('Bearer token-abc');
  });

  it("flashes the server's refusal, as the card's other actions do", async () => {
    mayBuild();
    answerApiCalls({ 'GET users/evidence_pack': [404, { errors: ['Customer 38 was not found.'] }] });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<EvidencePackButton userId={38} />);
    await userEvent.click(screen.getByRole('button', { name: 'Evidence pack' }));
    await waitFor(() =>
      expect(readFlashes().map((entry) => [entry.type, entry.message])).toEqual([
        ['error', 'Customer 38 was not found.'],
      ]),
    );
    expect(click).not.toHaveBeenCalled();
  });
});
