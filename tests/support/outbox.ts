// Reading what the outbox mailer filed: the .eml files in <STORAGE_DIR>/outbox/, decoded enough to
// find a link in a plain-text body (quoted-printable soft breaks and escapes undone).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { outboxDir } from '../../lib/mailer';

export function outboxMails(storageDir: string): string[] {
  const dir = outboxDir({ storageDir });
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((name) => decodeQuotedPrintable(readFileSync(path.join(dir, name), 'utf8')));
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Waits for a mail to `to` whose text matches `pattern`; answers the first capture (or the match). */
export async function waitForMailLink(storageDir: string, to: string, pattern: RegExp): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 25) {
    for (const mail of outboxMails(storageDir).reverse()) {
      if (!mail.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
      const match = pattern.exec(mail);
      if (match) return match[1] ?? match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}
