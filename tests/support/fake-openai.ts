// A real HTTP server on 127.0.0.1 that answers POST /v1/chat/completions in OpenAI's wire format,
// records every request, and can be switched to misbehave: malformed JSON, HTTP 500, a hang, or an
// answer wrapped in a ```json fence. Point OPENAI_BASE_URL (config.openai.baseUrl) at `baseUrl`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type FakeBehaviour =
  /** 200 with the answer as JSON message content. */
  | 'json'
  /** 200 with the answer JSON inside a ```json fence. */
  | 'fenced'
  /** 200 whose message content is not JSON. */
  | 'malformed'
  /** 200 with JSON content of the wrong shape (no title, no content). */
  | 'wrong-shape'
  /** HTTP 500 with an OpenAI-style error body. */
  | 'error-500'
  /** Reads the request and never answers. */
  | 'hang';

export interface FakeAnswer {
  title: string;
  subtitle?: string;
  content: string;
}

interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (model, messages, temperature, max_tokens, response_format, …). */
  body: ChatRequestBody;
}

interface ChatRequestBody {
  model?: string;
  temperature?: number;
  max_tokens?: number;
  response_format?: { type: string };
  messages?: { role: string; content: string }[];
  [key: string]: unknown;
}

export interface FakeOpenAi {
  /** `http://127.0.0.1:<port>/v1`, as OPENAI_BASE_URL expects it. */
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  behaviour: FakeBehaviour;
  answer: FakeAnswer;
  close(): Promise<void>;
}

export const DEFAULT_FAKE_ANSWER: FakeAnswer = {
  title: 'VVS Service Og Nye Badeværelser I Køge',
  subtitle: 'Vi hjælper private og erhverv i Køge med VVS og badeværelser.',
  content: [
    'Velkommen til vores firma. Vi hjælper med VVS-opgaver i hele Køge.',
    'Vi renoverer badeværelser og skifter rør, når det er nødvendigt.',
    'Ring til os, så finder vi en løsning sammen.',
  ].join('\n\n'),
};

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let completions = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: ChatRequestBody = {};
      try {
        body = raw ? (JSON.parse(raw) as ChatRequestBody) : {};
      } catch {
        // recorded as an empty body; the tests look at what a real client sent
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        send(res, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
        return;
      }
      completions++;
      respond(res, body);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeOpenAi = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    behaviour: 'json',
    answer: DEFAULT_FAKE_ANSWER,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  function respond(res: ServerResponse, body: ChatRequestBody): void {
    const answer = JSON.stringify(fake.answer);
    switch (fake.behaviour) {
      case 'hang':
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        break;
      case 'error-500':
        // retry-after-ms keeps the client's one retry quick.
        send(
          res,
          500,
          { error: { message: 'The server had an error', type: 'server_error' } },
          {
            'retry-after-ms': '10',
          },
        );
        break;
      case 'malformed':
        send(res, 200, completion(body, '{"title": "Ufærdig, "content": mangler'));
        break;
      case 'wrong-shape':
        send(res, 200, completion(body, JSON.stringify({ heading: 'Forkert', text: 'Forkert form' })));
        break;
      case 'fenced':
        send(res, 200, completion(body, `\`\`\`json\n${answer}\n\`\`\``));
        break;
      default:
        send(res, 200, completion(body, answer));
    }
  }

  function completion(body: ChatRequestBody, content: string) {
    return {
      id: `chatcmpl-fake-${completions}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model ?? 'fake-model',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 200, total_tokens: 300 },
    };
  }

  return fake;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(json),
    ...headers,
  });
  res.end(json);
}
