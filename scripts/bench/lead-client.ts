// The visitors of the lead bench (lead.ts) in its client process (client-process.ts): each fetches its
// form token as the site's script does when the form is first touched, waits as a person filling the
// form would, and posts the form; one after another, each from its own address (X-Forwarded-For,
// the bench being the trusted proxy).
import { setTimeout as sleep } from 'node:timers/promises';
import { clientJob } from './client-process';

/** The address the proxy names for visitor `i`. */
function visitorAddress(i: number): string {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

/** `warmup` unmeasured quote requests, then `runs` measured ones: each one's milliseconds from the
 *  click to the answer (the request and its pending mail stored). */
export const submitLeads = clientJob(
  import.meta.url,
  'submitLeads',
  async (args: { origin: string; cvr: string; warmup: number; runs: number; minAgeMs: number }) => {
    const { origin, cvr } = args;
    const total = args.warmup + args.runs;
    // Every visitor's token first; they all age together past the minimum (a person takes longer
    // than that to fill the form).
    const tokens: string[] = [];
    for (let i = 0; i < total; i++) {
      const response = await fetch(`${origin}/api/sites/${cvr}/lead-token`, {
        headers: { 'x-forwarded-for': visitorAddress(i) },
      });
      const answer = (await response.json()) as { token?: string };
      if (response.status !== 200 || !answer.token) throw new Error(`lead-token: ${response.status}`);
      tokens.push(answer.token);
    }
    await sleep(args.minAgeMs + 200);

    const submitOnce = async (i: number): Promise<number> => {
      // What the browser has ready when the visitor clicks "Send": the form's fields as multipart.
      const form = new FormData();
      form.append('name', `Mette Ørsted ${i}`);
      form.append(
        'phone',
        `20 30 ${String(40 + (i % 60)).padStart(2, '0')} ${String(i % 100).padStart(2, '0')}`,
      );
      form.append('email', `mette${i}@example.dk`);
      form.append('postcode', '4600');
      // Distinct words each time: the same words to the same company within a day are one request.
      form.append(
        'message',
        `Taget drypper over køkkenet (forespørgsel ${i}).\nKan I kigge på det i næste uge?`,
      );
      form.append('website', ''); // the honeypot, empty from people
      form.append('token', tokens[i] ?? '');
      const started = performance.now();
      const response = await fetch(`${origin}/api/sites/${cvr}/leads`, {
        method: 'POST',
        headers: { accept: 'application/json', origin, 'x-forwarded-for': visitorAddress(i) },
        body: form,
      });
      const answer = (await response.json()) as { ok?: boolean };
      const elapsed = performance.now() - started;
      if (response.status !== 200 || answer.ok !== true) {
        throw new Error(`lead ${i}: ${response.status} ${JSON.stringify(answer)}`);
      }
      return elapsed;
    };

    for (let i = 0; i < args.warmup; i++) await submitOnce(i);
    const latencies: number[] = [];
    for (let i = args.warmup; i < total; i++) latencies.push(await submitOnce(i));
    return latencies;
  },
);
