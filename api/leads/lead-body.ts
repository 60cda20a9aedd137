// Reads a quote form's body as it arrives (issue 39), never buffering it whole: the multipart stream
// goes through busboy, text fields are kept (each capped), and a photo is kept only while the request
// can still be one we store. The form sends its token, honeypot and fields before its photos
// (templates/site/lead-section.astro), so when the first photo part begins the caller is asked
// whether photos are wanted at all. When they are not (a bad token, a filled honeypot: the answer is
// already a refusal), parsing stops. A small body is drained to its end, unparsed, so the client
// reads its answer as usual. A large one (photos the site's script did not shrink) is not read any
// further: the caller answers at once and closes the connection (LeadBody.unread). Reading the rest
// of a bot's 31 MB body only to throw it away is what let a loop of them slow every other visitor
// (a p95 75 times the quiet one while six were drained); a person whose refused form carried that
// much may see the connection drop instead of the refusal, which only happens without the script,
// with a month-old page. Photos that arrive before the token (a body in another order) are held
// until the caller can decide.
//
// The hard size limit counts bytes as they arrive: past it, reading stops at once (LeadBodyTooLarge),
// whatever Content-Length said. A client that goes away mid-body ends the read (LeadBodyAborted);
// nothing read so far is kept, so the memory is the garbage collector's again.
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { Busboy } from '@fastify/busboy';

export interface LeadBodyLimits {
  /** The whole body, in bytes. */
  maxBytes: number;
  /** One photo, in bytes: a larger one is not kept (photoTooLarge). */
  maxPhotoBytes: number;
  /** Photos kept; more are counted (photoCount) and not kept. */
  maxPhotos: number;
  /** The field whose parts are photos. */
  photoField: string;
  /** When photos are not wanted, leave the rest unread rather than drain it (a large body). */
  stopWhenRefused: boolean;
}

export interface LeadBody {
  /** The rest of the body was left unread (a large refused one): answer with Connection: close. */
  unread: boolean;
  /** Text fields: the first value of each name. */
  fields: Record<string, string>;
  /** The photos kept (none when the caller said photos were not wanted). */
  photos: Buffer[];
  /** Photo parts with content that arrived, kept or not. */
  photoCount: number;
  /** A photo was larger than maxPhotoBytes. */
  photoTooLarge: boolean;
}

export class LeadBodyTooLarge extends Error {
  override name = 'LeadBodyTooLarge';
}

export class LeadBodyAborted extends Error {
  override name = 'LeadBodyAborted';
}

class LeadBodyMalformed extends Error {
  override name = 'LeadBodyMalformed';
}

/** A text field is at most this long (the message's limit in UTF-8 with room to spare). */
const FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 20;

/**
 * The body as a Node stream: the request Node's server gave @hono/node-server (read directly, so
 * stopping early leaves the rest to be discarded without going through a web stream), else the web
 * Request's body (app.request() in tests).
 */
export function bodySource(env: unknown, request: Request): Readable | null {
  const incoming = (env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof Readable) return incoming;
  // Node's web stream types and the DOM's differ in name only.
  return request.body ? Readable.fromWeb(request.body as never) : null;
}

/** The multipart parser of one form body, within the form's limits (throws on a bad content type). */
function formParser(headers: IncomingHttpHeaders, limits: LeadBodyLimits): ReturnType<typeof Busboy> {
  return Busboy({
    headers: { ...headers, 'content-type': headers['content-type'] ?? '' },
    limits: {
      fieldSize: FIELD_BYTES,
      fields: MAX_FIELDS,
      fileSize: limits.maxPhotoBytes,
      // Empty file inputs arrive as parts too; beyond this many the rest are skipped unread.
      files: limits.maxPhotos + 2,
      parts: MAX_FIELDS + limits.maxPhotos + 2,
    },
  });
}

/**
 * Reads the form. `photosWanted` is asked once, when the first photo part begins, with the text
 * fields so far; false discards every photo from then on (and those held so far).
 */
export function readLeadBody(
  source: Readable,
  headers: IncomingHttpHeaders,
  limits: LeadBodyLimits,
  photosWanted: (fieldsSoFar: Readonly<Record<string, string>>) => boolean | Promise<boolean>,
): Promise<LeadBody> {
  return new Promise<LeadBody>((resolve, reject) => {
    const fields: Record<string, string> = {};
    const kept: Buffer[] = [];
    let photoCount = 0;
    let photoTooLarge = false;
    // undefined: not asked yet; a promise while the caller decides.
    let wanted: boolean | Promise<boolean> | undefined;
    let received = 0;
    let settled = false;
    const pendingPhotos: Promise<void>[] = [];

    let parser: ReturnType<typeof Busboy>;
    try {
      parser = formParser(headers, limits);
    } catch (error) {
      reject(new LeadBodyMalformed('not a form body', { cause: error }));
      return;
    }

    /** Stops reading: what is left of the body is discarded as it arrives, never held. */
    const stop = () => {
      source.unpipe(parser);
      source.off('data', count);
      source.resume();
    };
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      kept.length = 0;
      stop();
      parser.destroy();
      reject(error);
    };
    /** Photos are not wanted: stop parsing; drain the rest unparsed, or (large) leave it unread. */
    const drain = () => {
      if (settled) return;
      kept.length = 0;
      source.unpipe(parser);
      parser.removeAllListeners();
      parser.on('error', () => {});
      parser.destroy();
      const finish = (unread: boolean) => {
        if (settled) return;
        settled = true;
        source.off('data', count);
        resolve({ fields, photos: [], photoCount, photoTooLarge, unread });
      };
      if (source.readableEnded) return finish(false);
      if (limits.stopWhenRefused) {
        source.pause();
        return finish(true);
      }
      source.once('end', () => finish(false));
      source.resume();
    };
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxBytes) fail(new LeadBodyTooLarge(`body over ${limits.maxBytes} bytes`));
    };

    parser.on('field', (name, value) => {
      if (!(name in fields)) fields[name] = value;
    });
    parser.on('file', (name, stream) => {
      if (name !== limits.photoField) {
        stream.resume();
        return;
      }
      if (wanted === undefined) {
        const answer = photosWanted({ ...fields });
        wanted = answer;
        if (answer instanceof Promise) {
          answer.then(
            (value) => {
              wanted = value;
              if (!value) drain();
            },
            (error: unknown) => fail(error instanceof Error ? error : new Error(String(error))),
          );
        } else if (!answer) {
          stream.resume();
          drain();
          return;
        }
      }
      if (wanted === false) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (wanted !== false && !stream.truncated) chunks.push(chunk);
      });
      stream.on('limit', () => {
        photoTooLarge = true;
        chunks.length = 0;
      });
      pendingPhotos.push(
        new Promise<void>((done) => {
          stream.on('end', () => {
            if (bytes > 0) photoCount++;
            // An empty file input is not a photo; nor is one past the cap or too large.
            if (bytes > 0 && !stream.truncated && wanted !== false && kept.length < limits.maxPhotos) {
              kept.push(Buffer.concat(chunks));
            }
            chunks.length = 0;
            done();
          });
        }),
      );
    });
    parser.on('filesLimit', () => {
      photoCount = Math.max(photoCount, limits.maxPhotos + 1);
    });
    parser.on('error', (error: unknown) =>
      fail(new LeadBodyMalformed('the form body could not be read', { cause: error })),
    );
    parser.on('finish', () => {
      void Promise.all(pendingPhotos).then(async () => {
        const decided = await wanted;
        if (settled) return;
        settled = true;
        source.off('data', count);
        resolve({ fields, photos: decided === false ? [] : kept, photoCount, photoTooLarge, unread: false });
      });
    });

    source.on('data', count);
    source.once('aborted', () => fail(new LeadBodyAborted('the client went away mid-body')));
    source.once('error', (error) => fail(new LeadBodyAborted('the body broke off', { cause: error })));
    source.once('close', () => {
      // 'close' follows 'end' after a whole body; before it, the client is gone.
      if (!source.readableEnded) fail(new LeadBodyAborted('the client went away mid-body'));
    });
    source.pipe(parser);
  });
}
