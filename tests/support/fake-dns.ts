// A real DNS server on loopback (UDP) that answers A and TXT questions from a table, so the
// domain check runs Node's own resolver end to end. Unknown names get NXDOMAIN.
import { createSocket } from 'node:dgram';

export interface FakeDns {
  /** `127.0.0.1:<port>`, for Resolver#setServers. */
  server: string;
  records: Map<string, { a?: string[]; txt?: string[] }>;
  close(): Promise<void>;
}

const TYPE_A = 1;
const TYPE_TXT = 16;

export async function startFakeDns(): Promise<FakeDns> {
  const records: FakeDns['records'] = new Map();
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    // Header (12 bytes), then one question: labels, type, class.
    let offset = 12;
    const labels: string[] = [];
    while (query[offset] !== 0 && offset < query.length) {
      const length = query[offset] ?? 0;
      labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
      offset += length + 1;
    }
    const questionEnd = offset + 5;
    const type = query.readUInt16BE(offset + 1);
    const entry = records.get(labels.join('.').toLowerCase());
    const answers: Buffer[] = [];
    for (const value of type === TYPE_A ? (entry?.a ?? []) : type === TYPE_TXT ? (entry?.txt ?? []) : []) {
      const data =
        type === TYPE_A
          ? Buffer.from(value.split('.').map(Number))
          : Buffer.concat([Buffer.from([Buffer.byteLength(value)]), Buffer.from(value)]);
      const head = Buffer.alloc(12);
      head.writeUInt16BE(0xc00c, 0); // a pointer to the question's name
      head.writeUInt16BE(type, 2);
      head.writeUInt16BE(1, 4); // class IN
      head.writeUInt32BE(60, 6);
      head.writeUInt16BE(data.length, 10);
      answers.push(head, data);
    }
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(entry ? 0x8180 : 0x8183, 2); // response, recursion available; NXDOMAIN if unknown
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length / 2, 6);
    socket.send(
      Buffer.concat([header, query.subarray(12, questionEnd), ...answers]),
      peer.port,
      peer.address,
    );
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${socket.address().port}`,
    records,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
