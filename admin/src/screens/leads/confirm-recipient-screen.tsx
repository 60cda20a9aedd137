// /admin/bekraeft-modtager?token=… — the link mailed to a new address for a company's quote requests
// (issue 39). Whoever reads that inbox lands here, often someone without a login (the office, a
// colleague): the page says which company wants its requests sent where, and confirms only when the
// button is pressed, so a mail scanner opening the link confirms nothing.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LEAD_RECIPIENT_MESSAGES } from '../../../../rules/lead-messages';
import { MESSAGES } from '../../../../rules/messages';
import { api } from '../../api/client';
import { Spinner } from '../../components/spinner';

type LinkState =
  | { status: 'checking' }
  | { status: 'valid'; companyName: string; email: string }
  | { status: 'unusable'; message: string }
  | { status: 'confirmed'; message: string };

export function ConfirmRecipientScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [link, setLink] = useState<LinkState>({ status: 'checking' });
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    if (token === '') {
      setLink({ status: 'unusable', message: MESSAGES.emailLinkInvalid });
      return;
    }
    api
      .post('/lead-recipient/check', MESSAGES.emailLinkInvalid, { token })
      .then((answer) => {
        if (!live) return;
        setLink(
          answer.state === 'valid'
            ? { status: 'valid', companyName: answer.companyName ?? '', email: answer.email ?? '' }
            : { status: 'unusable', message: answer.message || MESSAGES.emailLinkInvalid },
        );
      })
      .catch((caught: unknown) => {
        if (live) {
          setLink({
            status: 'unusable',
            message: caught instanceof Error ? caught.message : MESSAGES.emailLinkInvalid,
          });
        }
      });
    return () => {
      live = false;
    };
  }, [token]);

  const confirm = async () => {
    setSending(true);
    setError(null);
    try {
      const answer = await api.post('/lead-recipient/confirm', LEAD_RECIPIENT_MESSAGES.confirmFailed, {
        token,
      });
      setLink({ status: 'confirmed', message: answer.message });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : LEAD_RECIPIENT_MESSAGES.confirmFailed);
      setSending(false);
    }
  };

  if (link.status === 'checking') return <Spinner label="Tjekker linket…" />;

  return (
    <main className="login">
      <div className="login-card">
        <p className="login-brand">Mesterside</p>
        <h1>Bekræft modtager af forespørgsler</h1>
        {link.status === 'valid' ? (
          <>
            <p className="login-intro">
              Ejeren af hjemmesiden for <strong>{link.companyName}</strong> vil have forespørgsler fra
              hjemmesidens formular "Få et tilbud" sendt til <strong>{link.email}</strong>.
            </p>
            <p className="login-intro">Er det din adresse, og vil du modtage dem, så klik på knappen.</p>
            {error ? (
              <p className="form-error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="button" className="button button-wide" disabled={sending} onClick={confirm}>
              {sending ? 'Bekræfter...' : 'Bekræft adressen'}
            </button>
          </>
        ) : link.status === 'confirmed' ? (
          <p className="form-success" role="status">
            {link.message}
          </p>
        ) : (
          <p className="form-error" role="alert">
            {link.message}
          </p>
        )}
      </div>
    </main>
  );
}
