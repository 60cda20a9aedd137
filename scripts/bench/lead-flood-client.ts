// The large-body flood of issue 39, as an attacker sends it: one address, many connections, each a
// quote-form post of about 31 MB (three photos of nearly 10 MB) with a token that is not valid, over
// raw sockets so that what was sent before the answer came can be counted. Used by
// tests/lead-large-bodies.test.ts (one round, watching what the server reads) and by the lead
// bench (`lead_flood_visitor_p95_ratio`: connections that send again as soon as they are answered, in
// the bench's client process at the lowest priority, so the attacker's CPU is not the server's).
import { connect, type Socket } from 'node:net';
import { clientJob } from './client-process';

const BOUNDARY = '----mesterside-flood';
/** What a connection sends before it waits to see whether the headers alone were refused. */
const FIRST_BYTES = 64 * 1024;
const SLICE = 256 * 1024;

export interface FloodTarget {
  port: number;
  /** The Host header: the site's address (the main host, path mode). */
  host: string;
  cvr: string;
}

/** A quote-form body of `bytes` (about): the form's fields (a forged token unless given), then three photos. */
export function floodBody(
  bytes: number,
  token = '1700000000000.p.forfalsket-token-forfalsket-token-forfalsket-t',
): Buffer {
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    [
      field('token', token),
      field('website', ''),
      field('name', 'Bo Bot'),
      field('phone', '12345678'),
      field('email', 'bo@bot.example'),
      field('postcode', '1000'),
      field('message', 'Tilbud på alt'),
    ].join(''),
  );
  const photoHead = (n: number) =>
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="foto-${n}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const overhead = head.length + 3 * photoHead(0).length + 2 * 2 + tail.length;
  // Nearly 10 MB each (the cap per photo is 10 MiB): photos the server would accept by size.
  const photoBytes = Math.max(1, Math.floor((bytes - overhead) / 3));
  const photo = Buffer.alloc(photoBytes, 0xab);
  const crlf = Buffer.from('\r\n');
  return Buffer.concat([
    head,
    photoHead(1),
    photo,
    crlf,
    photoHead(2),
    photo,
    crlf,
    photoHead(3),
    photo,
    tail,
  ]);
}

function requestHead(target: FloodTarget, length: number): Buffer {
  return Buffer.from(
    [
      `POST /api/sites/${target.cvr}/leads HTTP/1.1`,
      `Host: ${target.host}`,
      `Origin: http://${target.host}`,
      'Accept: application/json',
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
      `Content-Length: ${length}`,
      '',
      '',
    ].join('\r\n'),
  );
}

export interface FloodAnswer {
  /** The answer's status, null when none came (the connection broke or this side gave up). */
  status: number | null;
  /** Body bytes written before the answer arrived (or in all, without one). */
  sentBeforeAnswer: number;
  /** This side broke the connection off mid-body on purpose. */
  aborted: boolean;
}

interface Connection {
  socket: Socket;
  answer: Promise<number | null>;
  answered(): boolean;
}

function open(target: FloodTarget, body: Buffer): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = connect(target.port, '127.0.0.1');
    let head = '';
    let status: number | null = null;
    let settle: (value: number | null) => void = () => {};
    const answer = new Promise<number | null>((done) => {
      settle = done;
    });
    socket.on('data', (chunk: Buffer) => {
      if (status !== null) return;
      head += chunk.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (match && head.includes('\r\n\r\n')) {
        status = Number(match[1]);
        settle(status);
      }
    });
    socket.on('error', () => settle(status));
    socket.on('close', () => settle(status));
    socket.once('connect', () => {
      socket.write(requestHead(target, body.length));
      resolve({ socket, answer, answered: () => status !== null });
    });
    socket.once('error', reject);
  });
}

/** Writes `body` from `from` in slices while the server reads; stops at `until` or once answered. */
async function send(connection: Connection, body: Buffer, from: number, until: number): Promise<number> {
  let sent = from;
  while (sent < until && !connection.answered() && !connection.socket.destroyed) {
    const slice = body.subarray(sent, Math.min(until, sent + SLICE));
    sent += slice.length;
    if (!connection.socket.write(slice)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          connection.socket.off('drain', done);
          connection.socket.off('close', done);
          resolve();
        };
        connection.socket.once('drain', done);
        connection.socket.once('close', done);
      });
    }
  }
  return sent;
}

/**
 * One round: `connections` posts of `body` at once. Each sends its headers and its first bytes, then
 * all wait `pauseMs` (an answer by then came from the headers alone, or from those first bytes); the
 * rest send their whole body (those `abort` picks break off after half of it) and wait for their
 * answer.
 */
export async function floodOnce(
  target: FloodTarget,
  body: Buffer,
  options: {
    connections: number;
    pauseMs: number;
    abort?: (index: number) => boolean;
    /** What each sends before the pause; default FIRST_BYTES. */
    firstBytes?: number;
  },
): Promise<FloodAnswer[]> {
  const first = options.firstBytes ?? FIRST_BYTES;
  const connections = await Promise.all(
    Array.from({ length: options.connections }, () => open(target, body)),
  );
  const firstSent = await Promise.all(connections.map((connection) => send(connection, body, 0, first)));
  await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
  return Promise.all(
    connections.map(async (connection, index): Promise<FloodAnswer> => {
      if (connection.answered()) {
        connection.socket.destroy();
        return { status: await connection.answer, sentBeforeAnswer: firstSent[index] ?? 0, aborted: false };
      }
      if (options.abort?.(index)) {
        const sent = await send(connection, body, first, Math.floor(body.length / 2));
        connection.socket.destroy();
        return { status: null, sentBeforeAnswer: sent, aborted: true };
      }
      // The next 64 KB, and a moment to read an answer that came early (as a browser would).
      let sent = await send(connection, body, first, first + FIRST_BYTES);
      await Promise.race([connection.answer, new Promise((resolve) => setTimeout(resolve, 300))]);
      sent = await send(connection, body, sent, body.length);
      const status = await Promise.race([
        connection.answer,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 60_000)),
      ]);
      connection.socket.destroy();
      return { status, sentBeforeAnswer: sent, aborted: false };
    }),
  );
}

/** Connections that post `body` again and again, each as soon as its last post was answered. */
async function floodLoop(target: FloodTarget, body: Buffer, connections: number, stop: () => boolean) {
  const counts = { posts: 0, statuses: {} as Record<string, number> };
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!stop()) {
        try {
          const connection = await open(target, body);
          await send(connection, body, 0, body.length);
          const status = await connection.answer;
          connection.socket.destroy();
          counts.posts += 1;
          const key = String(status);
          counts.statuses[key] = (counts.statuses[key] ?? 0) + 1;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
    }),
  );
  return counts;
}

/** The flood (floodLoop) until stopped: run it in a client process (startClientProcess with nice 19,
 *  as an attacker's machine is not ours: here it gets what the server leaves). */
export const leadFlood = clientJob(
  import.meta.url,
  'leadFlood',
  (args: { target: FloodTarget; connections: number; bodyBytes: number }, signal) =>
    floodLoop(args.target, floodBody(args.bodyBytes), args.connections, () => signal.aborted),
);
