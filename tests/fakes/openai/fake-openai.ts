import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedOpenAiRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
};

/** A few bytes that start like an MP3 file (ID3 tag + a frame sync), varied by input so tests can tell clips apart. */
export const fakeMp3 = (input: string) =>
  Buffer.concat([
    Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'binary'),
    Buffer.from([0xff, 0xfb, 0x90, 0x64]),
    Buffer.from(input),
  ]);

/**
 * A local fake of the OpenAI REST API for the two calls we make: POST /v1/chat/completions and
 * POST /v1/audio/speech. Bearer auth with the configured key is required; errors use OpenAI's JSON shape
 * ({ error: { message, type, code } }). Chat replies come from `reply` (by default an echo of the last user
 * message, so a test can see what the prompt held); `failNext` makes the next calls fail with a status.
 */
export async function startFakeOpenAi(options: {
  apiKey: string;
  reply?: (body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string };
  }) => string;
  /** Streamed chat (stream: true): text and/or tool calls, sent as OpenAI's SSE chunks in fragments. */
  streamReply?: (body: Record<string, unknown>) => {
    content?: string;
    toolCalls?: Array<{ name: string; arguments: string }>;
  };
  /** How long a streamed reply waits before its first chunk (a slow model); none by default. */
  streamDelayMs?: (body: Record<string, unknown>) => number;
}) {
  const requests: RecordedOpenAiRequest[] = [];
  let failure: { status: number; message: string; times: number } | undefined;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(body));
  };
  const openAiError = (
    res: http.ServerResponse,
    status: number,
    message: string,
    type: string,
    code: string | null,
  ) => send(res, status, { error: { message, type, param: null, code } });

  /** Chat completion chunks as OpenAI streams them: deltas of content, tool calls split mid-arguments. */
  function streamChat(res: http.ServerResponse, body: Record<string, unknown>) {
    const reply = options.streamReply?.(body) ?? { content: 'Hello from the fake.' };
    const id = `chatcmpl-fake-${requests.length}`;
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      })}\n\n`;
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/event-stream');
    res.write(chunk({ role: 'assistant', content: '' }));
    for (const piece of reply.content?.match(/\S+\s*/g) ?? []) res.write(chunk({ content: piece }));
    (reply.toolCalls ?? []).forEach((call, index) => {
      const half = Math.floor(call.arguments.length / 2);
      res.write(
        chunk({
          tool_calls: [
            {
              index,
              id: `call_fake_${index}`,
              type: 'function',
              function: { name: call.name, arguments: call.arguments.slice(0, half) },
            },
          ],
        }),
      );
      res.write(chunk({ tool_calls: [{ index, function: { arguments: call.arguments.slice(half) } }] }));
    });
    res.write(chunk({}, reply.toolCalls?.length ? 'tool_calls' : 'stop'));
    res.end('data: [DONE]\n\n');
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return openAiError(
          res,
          400,
          'We could not parse the JSON body of your request.',
          'invalid_request_error',
          null,
        );
      }
      requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization, body });

      if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
        return openAiError(
          res,
          401,
          'Incorrect API key provided.',
          'invalid_request_error',
          'invalid_api_key',
        );
      }
      if (failure) {
        const { status, message } = failure;
        failure = failure.times > 1 ? { ...failure, times: failure.times - 1 } : undefined;
        return openAiError(
          res,
          status,
          message,
          status === 429 ? 'requests' : 'server_error',
          status === 429 ? 'rate_limit_exceeded' : null,
        );
      }

      if (req.method === 'POST' && path === '/v1/chat/completions') {
        const messages = body.messages as Array<{ role: string; content: string }> | undefined;
        if (typeof body.model !== 'string' || !Array.isArray(messages) || messages.length === 0) {
          return openAiError(
            res,
            400,
            "Missing required parameter: 'messages'.",
            'invalid_request_error',
            'missing_required_parameter',
          );
        }
        if (body.stream === true) {
          const delay = options.streamDelayMs?.(body) ?? 0;
          if (delay > 0) return void setTimeout(() => streamChat(res, body), delay);
          return streamChat(res, body);
        }
        const content = options.reply
          ? options.reply(body as Parameters<NonNullable<typeof options.reply>>[0])
          : (messages.at(-1)?.content ?? '');
        return send(res, 200, {
          id: `chatcmpl-fake-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content, refusal: null },
              logprobs: null,
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        });
      }

      if (req.method === 'POST' && path === '/v1/audio/speech') {
        if (typeof body.input !== 'string' || body.input.length === 0 || body.input.length > 4096) {
          return openAiError(
            res,
            400,
            "Invalid 'input': string must be 1 to 4096 characters.",
            'invalid_request_error',
            null,
          );
        }
        if (typeof body.voice !== 'string' || typeof body.model !== 'string') {
          return openAiError(res, 400, "Missing required parameter: 'voice'.", 'invalid_request_error', null);
        }
        res.statusCode = 200;
        res.setHeader('Content-Type', body.response_format === 'wav' ? 'audio/wav' : 'audio/mpeg');
        return res.end(fakeMp3(`${body.voice}:${body.input}`));
      }

      openAiError(res, 404, `Invalid URL (${req.method} ${path})`, 'invalid_request_error', null);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** The next `times` authorized calls answer with this status and an OpenAI error body. */
    failNext(status: number, times = 1, message = 'The server had an error while processing your request.') {
      failure = { status, message, times };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
