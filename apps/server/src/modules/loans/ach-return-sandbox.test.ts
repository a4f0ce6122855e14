import { expect, it } from 'vitest';
import { multipartBody } from '../../testing/multipart.ts';
import { returnFile } from '../../testing/nacha-return-file.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { sandboxState } from '../../platform/upload-sandbox.ts';

// A return file is an upload like any other: read in the upload sandbox (decision 039), never on
// the API's thread. The files of a worker share the sandbox (isolate: false): counted from here.

const t = useTestApp();
const admin = useStaffSession(t, ['agent', 'payments_admin']);

it('reads an uploaded return file in a reader process of the upload sandbox', async () => {
  const handedBefore = sandboxState().handed;
  const text = returnFile([{ code: 'R01', originalTrace: '099999990000001', amountCents: 1500 }], '2026-11-21');
  const { contentType, payload } = await multipartBody([
    { name: 'returns.ach', content: new TextEncoder().encode(text), type: 'text/plain' },
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/internal/api/ach/returns',
    headers: { ...admin.headers, 'content-type': contentType },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().unknown).toHaveLength(1);
  expect(sandboxState().handed).toBe(handedBefore + 1);
});
