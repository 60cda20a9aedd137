// One writer thread of `npm run rebuild`: compresses and writes the sites the rendering thread sends
// (rebuild-sites.ts), and answers each with its outcome. It loads nothing but write-site.ts.
import { parentPort, workerData } from 'node:worker_threads';
import type { BuildInputs, SiteFile } from '../../generator/site-files';
import { writeSite } from '../../generator/write-site';
import { errorMessage } from '../../lib/errors';

export interface WriteRequest {
  id: number;
  cvr: string;
  files: SiteFile[];
  /** What the site was rendered from, kept beside the build for the next publish. */
  inputs?: BuildInputs;
}

/** `error` is set when the site could not be written (the live site is then unchanged). */
export interface WriteResult {
  id: number;
  error?: string;
}

const { sitesDir, precompress } = workerData as { sitesDir: string; precompress: boolean };
const port = parentPort;
if (!port) throw new Error('rebuild-writer must run as a worker thread');

port.on('message', async ({ id, cvr, files, inputs }: WriteRequest) => {
  let result: WriteResult = { id };
  try {
    // A posted Buffer arrives as a plain Uint8Array over a copy of its bytes.
    const bodies = files.map(({ name, body }) => ({
      name,
      body: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
    }));
    await writeSite(sitesDir, cvr, bodies, { precompress, ...(inputs ? { inputs } : {}) });
  } catch (error) {
    result = { id, error: errorMessage(error) };
  }
  port.postMessage(result);
});
