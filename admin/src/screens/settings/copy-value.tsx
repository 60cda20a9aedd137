// A "Kopiér" button beside a value the owner types somewhere else (the domain guide's DNS values,
// issue 49), with a visible "Kopieret" for a moment after. The clipboard API needs a secure context
// (https, or localhost); elsewhere, or when it is refused, a hidden textarea and execCommand('copy')
// do it, as browsers before the API did. When both fail the owner is told to copy it by hand.
import { useEffect, useState } from 'react';
import { DOMAIN_GUIDE_MESSAGES } from '../../../../rules/settings-messages';

const SHOWN_MS = 2500;

/** Copies `text`; false when neither the clipboard API nor the old way was allowed. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (window.isSecureContext && navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not focused): the old way below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

/** `what` names the value for a screen reader: "Kopiér værdien for www". */
export function CopyValue({ value, what }: { value: string; what: string }) {
  const [shown, setShown] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (shown === null) return;
    const timer = setTimeout(() => setShown(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  return (
    <span className="copy-value">
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={`${DOMAIN_GUIDE_MESSAGES.copy} ${what}`}
        onClick={() => void copyText(value).then((copied) => setShown(copied ? 'copied' : 'failed'))}
      >
        {DOMAIN_GUIDE_MESSAGES.copy}
      </button>
      <span role="status" className={shown === 'failed' ? 'copy-status form-error' : 'copy-status'}>
        {shown === 'copied'
          ? DOMAIN_GUIDE_MESSAGES.copied
          : shown === 'failed'
            ? DOMAIN_GUIDE_MESSAGES.copyFailed
            : ''}
      </span>
    </span>
  );
}
