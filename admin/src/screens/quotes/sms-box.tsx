// The SMS text of a sent tilbud whose customer has only a phone number (issue 51 item 3): the
// company, the number, the total and the link, read-only, with "Kopiér". The clipboard where the
// browser allows it; otherwise the text is selected for the owner to copy himself.
import { useId, useRef, useState } from 'react';
import { formatPhone } from '../../../../rules/phone';
import { QUOTE_MESSAGES } from '../../../../rules/quote-messages';

export function SmsBox(props: { text: string; phone: string }) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.text);
      setCopied(QUOTE_MESSAGES.smsCopied);
    } catch {
      area.current?.focus();
      area.current?.select();
      setCopied(QUOTE_MESSAGES.smsCopyManual);
    }
  };
  return (
    <section className="card quote-sms" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Send tilbuddet som sms</h2>
      <p className="field-hint" id={`${id}-hint`}>
        Kunden har kun et telefonnummer. Kopiér teksten, og send den i en sms til {formatPhone(props.phone)}.
      </p>
      <label className="field">
        <span className="field-label">Tekst til sms</span>
        <textarea
          ref={area}
          readOnly
          rows={5}
          value={props.text}
          aria-describedby={`${id}-hint`}
          onFocus={(event) => event.currentTarget.select()}
        />
      </label>
      <div className="save-bar">
        <button type="button" className="button" onClick={() => void copy()}>
          Kopiér
        </button>
        <span role="status" className="save-ok">
          {copied}
        </span>
      </div>
    </section>
  );
}
