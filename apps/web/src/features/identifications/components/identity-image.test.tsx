import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { answerApiCalls, callsTo } from '../../../test/api-server.ts';
import { imageFixture, identityImages } from '../../../test/identifications-fixtures.ts';
import { IdentityImageView } from './identity-image.tsx';

function stubObjectUrls() {
  const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:portal/ident-501');
  const revoked = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  onTestFinished(() => {
    created.mockRestore();
    revoked.mockRestore();
  });
  return { created, revoked };
}

beforeEach(() => {
  saveSession(sessionFixture());
});

describe('IdentityImageView', () => {
  it('fetches the image with the bearer header, shows it from a blob URL and enlarges it on a click', async () => {
    const { revoked } = stubObjectUrls();
    const sent = answerApiCalls({}, identityImages);
    const { unmount } = renderWithProviders(
      <IdentityImageView image={imageFixture({ date_time: '2024:01:02 09:15:00' })} />,
    );
    const thumbnail = await screen.findByRole('img', { name: 'Identification: licence-front.jpg' });
    expect(thumbnail).toHaveAttribute('src', 'blob:portal/ident-501');
    expect(callsTo(sent, 'GET documents/501')).toHaveLength(1);
    expect(callsTo(sent, 'GET documents/501')[0]!.headers.get('Authorization')).toBe('Bearer token-abc');
    expect(screen.getByText('EXIF 2024:01:02 09:15:00')).toBeInTheDocument();

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enlarge Identification: licence-front.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Identification: licence-front.jpg' });
    expect(within(dialog).getByRole('img', { name: 'Identification: licence-front.jpg, enlarged' })).toHaveAttribute(
      'src',
      'blob:portal/ident-501',
    );

    unmount();
    expect(revoked).toHaveBeenCalledWith('blob:portal/ident-501');
  });

  it('says so when the image cannot be loaded', async () => {
    stubObjectUrls();
    answerApiCalls({ 'GET documents/501': [404, { errors: ['Document 501 was not found.'] }] });
    renderWithProviders(<IdentityImageView image={imageFixture()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The image could not be loaded: Document 501 was not found.',
    );
  });

  it('offers a HEIC image as a download instead of drawing it', async () => {
    const { created } = stubObjectUrls();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    onTestFinished(() => click.mockRestore());
    const sent = answerApiCalls({}, identityImages);
    renderWithProviders(
      <IdentityImageView
        image={imageFixture({ ident_id: 502, name: 'selfie.heic', kind: 'selfie', content_type: 'image/heic' })}
      />,
    );
    expect(screen.getByText('HEIC image: download to view')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(callsTo(sent, 'GET documents/502')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Download Selfie: selfie.heic' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(callsTo(sent, 'GET documents/502')).toHaveLength(1);
    expect(created).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('selfie.heic');
  });
});
