// One address of the site with a copy button; the result is announced (aria-live) and shown briefly.
import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../../rules/messages';

export function CopyAddress({ url }: { url: string }) {
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), 2500);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('ok');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <li className="site-address">
      <a href={url} target="_blank" rel="noopener">
        {url.replace(/^https?:\/\//, '').replace(/\/$/, '')}
      </a>
      <button type="button" className="button button-secondary button-small" onClick={copy}>
        Kopiér<span className="visually-hidden"> {url}</span>
      </button>
      <span className="site-address-status" aria-live="polite">
        {copied === 'ok' ? MESSAGES.addressCopied : copied === 'failed' ? MESSAGES.addressCopyFailed : ''}
      </span>
    </li>
  );
}
