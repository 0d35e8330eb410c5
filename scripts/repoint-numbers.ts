/**
 * `npm run repoint-numbers -- <public API URL>` (or PUBLIC_API_URL): points every number of the telephony
 * account (Twilio with TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN or the vendor secret of SECRETS_ARN, else the
 * local provider's account) at this API's voice, call-status and SMS webhooks. Prints one line per number
 * and exits non-zero when any number could not be updated.
 */
import { z } from 'zod';
import { createAppDeps } from '../backend/src/app-deps';
import { loadConfig } from '../backend/src/config/env';
import { withVendorSecrets } from '../backend/src/config/vendor-secrets';
import { repointNumbers } from '../backend/src/providers/telephony/repoint-numbers';

const apiUrl = z
  .url({ protocol: /^https?$/, message: 'Usage: npm run repoint-numbers -- https://<your API address>' })
  .safeParse(process.argv[2] ?? process.env.PUBLIC_API_URL);
if (!apiUrl.success) {
  console.error(apiUrl.error.issues[0]?.message);
  process.exit(2);
}
const deps = createAppDeps(loadConfig(await withVendorSecrets(process.env)));
const outcomes = await repointNumbers(deps.providers.telephony, apiUrl.data);
for (const o of outcomes) {
  console.log(`${o.outcome.padEnd(9)} ${o.phoneNumber} (${o.sid})${o.error ? `: ${o.error}` : ''}`);
}
console.log(`${outcomes.length} numbers on the ${deps.providers.telephony.name} account`);
if (outcomes.some((o) => o.outcome === 'failed')) process.exit(1);
