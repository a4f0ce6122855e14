import type { Database } from '@portal/db';
import { sealedCustomerSamples } from './modules/customers/index.ts';
import { sealedMfaSamples } from './modules/session/index.ts';
import { createSecretBox } from './platform/secret-box.ts';
import { wrongKeySentence } from './platform/sealed-samples.ts';

// At start (start-portal.ts), before the API listens: does SECRETS_KEY (or, while a new key is
// rolled out, SECRETS_KEY_PREVIOUS) open what this database holds sealed? A few of the newest
// customers' SSNs and bank numbers and employees' MFA secrets are tried (decision 072). Answers the
// sentence to stop with, or null.
const SAMPLES_EACH = 5;

export async function wrongSecretsKey(
  db: Database,
  secretsKey: Buffer,
  previousSecretsKey: Buffer | null,
): Promise<string | null> {
  const [customers, employees] = await Promise.all([
    sealedCustomerSamples(db, SAMPLES_EACH),
    sealedMfaSamples(db, SAMPLES_EACH),
  ]);
  return wrongKeySentence(createSecretBox(secretsKey, previousSecretsKey), [...customers, ...employees]);
}
