// The SMS text of a sent tilbud whose customer has only a phone number (issue 51 item 3): the
// company, the number, the total and the link, read-only, with "Kopiér" (and "Åbn i sms" for the
// phone's own messages app, as the review request has). The clipboard API where the browser allows
// it; otherwise the text is selected in its box and copied the old way (execCommand), or, where even
// that is refused, left selected for the owner to copy himself.
import { useId, useRef, useState } from 'react';
import { formatPhone, phoneE164 } from '../../../../rules/phone';
import { QUOTE_MESSAGES } from '../../../../rules/quote-messages';

async function copied(text: string, area: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    if (window.isSecureContext && navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, the page not focused): select it below.
  }
  if (!area) return false;
  area.focus();
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

export function SmsBox(props: { text: string; phone: string }) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const to = phoneE164(props.phone);
  const copy = async () => {
    setNotice(
      (await copied(props.text, area.current)) ? QUOTE_MESSAGES.smsCopied : QUOTE_MESSAGES.smsCopyManual,
    );
  };
  return (
    <section className="card quote-sms" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Send tilbuddet som sms</h2>
      <p className="field-hint" id={`${id}-hint`}>
        Kunden har kun et telefonnummer, så tilbuddet er ikke mailet. Kopiér teksten, og send den i en sms til{' '}
        {formatPhone(props.phone)}.
      </p>
      <label className="field">
        <span className="field-label">Tekst til sms</span>
        <textarea
          ref={area}
          readOnly
          rows={8}
          value={props.text}
          aria-describedby={`${id}-hint`}
          onFocus={(event) => event.currentTarget.select()}
        />
      </label>
      <div className="save-bar">
        <button type="button" className="button" onClick={() => void copy()}>
          Kopiér
        </button>
        {to ? (
          <a className="button button-secondary" href={`sms:${to}?body=${encodeURIComponent(props.text)}`}>
            Åbn i sms
          </a>
        ) : null}
        <span role="status" className="save-ok">
          {notice}
        </span>
      </div>
    </section>
  );
}
