/**
 * A stand-in for the Lambda Node.js runtime, run by plain `node` (no tsx: the bundle must run as shipped):
 *
 *   node runtime-child.mjs <taskRoot> <handler> <timeoutSeconds> <vendorHostsJson>
 *
 * Like the runtime it resolves `<file>.<export>` (the template's Handler) in the task root, imports the file
 * with Node's ESM loader (its top-level await is the cold start), then takes invocations from the parent
 * over IPC, one at a time, with a Lambda context. Reports an init failure as Lambda would (and exits).
 *
 * `vendorHosts` maps a vendor's https origin (https://api.openai.com) to a local fake: the test plays the
 * internet for the vendors' SDKs, which in AWS mode ignore every base-URL setting by design
 * (backend/src/platform/config/env.ts LOCAL_ONLY_SETTINGS). AWS services are pointed at local endpoints through the
 * environment instead (AWS_ENDPOINT_URL_<SERVICE>, read by the AWS SDK itself).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [taskRoot, handlerSetting, timeoutSeconds, vendorHostsJson] = process.argv.slice(2);
const vendorHosts = JSON.parse(vendorHostsJson ?? '{}');

const nativeFetch = globalThis.fetch;
// The vendor SDKs here call fetch with a URL string and an init (never a Request object).
globalThis.fetch = (input, init) => {
  const url = typeof input === 'string' || input instanceof URL ? new URL(input) : undefined;
  const local = url && vendorHosts[url.origin];
  return nativeFetch(local ? `${local}${url.pathname}${url.search}` : input, init);
};

/** As the runtime: `index.handler` → the first of index.js, index.mjs, index.cjs, and its export `handler`. */
function resolveHandler(setting) {
  const dot = setting.lastIndexOf('.');
  if (dot <= 0) throw new Error(`Runtime.MalformedHandlerName: ${setting}`);
  const base = path.join(taskRoot, setting.slice(0, dot));
  const file = ['.js', '.mjs', '.cjs']
    .map((ext) => `${base}${ext}`)
    .find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`Runtime.ImportModuleError: Cannot find module '${setting.slice(0, dot)}'`);
  return { file, exportName: setting.slice(dot + 1) };
}

const errorOf = (error) => ({
  errorType: error?.name ?? 'Error',
  errorMessage: error?.message ?? String(error),
  stack: error?.stack,
});

let handler;
try {
  const { file, exportName } = resolveHandler(handlerSetting);
  const module = await import(pathToFileURL(file).href);
  handler = module[exportName];
  if (typeof handler !== 'function') {
    throw new Error(`Runtime.HandlerNotFound: ${handlerSetting} is undefined or not exported`);
  }
} catch (error) {
  process.send({ type: 'init-error', error: errorOf(error) }, () => process.exit(1));
}

if (handler) {
  let sequence = 0;
  process.on('message', async (message) => {
    if (message?.type !== 'invoke') return;
    sequence += 1;
    const deadline = Date.now() + Number(timeoutSeconds) * 1000;
    const functionName = process.env.AWS_LAMBDA_FUNCTION_NAME;
    const context = {
      callbackWaitsForEmptyEventLoop: true,
      functionName,
      functionVersion: process.env.AWS_LAMBDA_FUNCTION_VERSION,
      invokedFunctionArn: `arn:aws:lambda:${process.env.AWS_REGION}:123456789012:function:${functionName}`,
      memoryLimitInMB: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE,
      awsRequestId: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
      logGroupName: process.env.AWS_LAMBDA_LOG_GROUP_NAME,
      logStreamName: process.env.AWS_LAMBDA_LOG_STREAM_NAME,
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    };
    try {
      const result = await handler(message.event, context);
      process.send({ type: 'result', id: message.id, result: result ?? null });
    } catch (error) {
      process.send({ type: 'result', id: message.id, error: errorOf(error) });
    }
  });
  process.send({ type: 'ready' });
}
