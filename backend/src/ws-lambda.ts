// TEMP-INFRA-TEST: placeholder created by the infra engineer for synth tests; delete me.
export const handler = async () => ({ statusCode: 200 });
