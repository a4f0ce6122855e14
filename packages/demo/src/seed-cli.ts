// npm run db:seed -- [--users 200] [--seed 42] [--today YYYY-MM-DD] [--reset]
// The demo-data seed (seed-command.ts) with the server's configuration and secrets key
// (SECRETS_KEY, else in dev the key file in DATA_DIR, made if missing), so the customers' SSNs are
// sealed with the key the server opens them with (decision 023), as are bank accounts' numbers
// (decision 070). Prints how long sealing took.
import { createBankNumbersSealer, createSsnSealer, loadConfig, loadSecretsKey } from '@portal/server/seeding';
import { runSeedCommand } from './seed-command.ts';

const secretsKey = loadSecretsKey(loadConfig().secrets);
const sealSsn = createSsnSealer(secretsKey);
let sealed = 0;
let sealingMs = 0;

await runSeedCommand({
  sealBankNumbers: createBankNumbersSealer(secretsKey),
  sealSsn: (customerId, digits) => {
    const started = performance.now();
    const stored = sealSsn(customerId, digits);
    sealingMs += performance.now() - started;
    sealed += 1;
    return stored;
  },
  afterwards: () =>
    `SSNs sealed and hashed: ${sealed.toLocaleString('en-US')} in ${(sealingMs / 1000).toFixed(1)} s of that (AES-256-GCM and HMAC-SHA256, as the customers were generated).`,
});
