// Settings › Domæne (the spec's Screens, Limits): the current addresses, the owner's own domain, the DNS records it
// needs as a registrar's form wants them (issue 49: host part, type, value, a "Kopiér" per value; A
// records for the bare domain and www, a TXT value per company; rules/domain-guide.ts), a check of
// what DNS answers now, and the note that changes take up to 24 hours.
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import type { DomainCheckJson as CheckJson, domainSchema } from '../../../../contracts/company';
import { MESSAGES } from '../../../../rules/messages';
import { DOMAIN_MESSAGES } from '../../../../rules/settings-messages';
import { ApiError, api } from '../../api/client';
import { useResource } from '../../api/use-resource';
import { Field } from '../../components/field';
import { LoadState } from '../../components/load-state';
import { SaveBar } from '../../components/save-bar';
import { CopyValue } from './copy-value';
import { TAB_FIELDS } from './settings-draft';
import { useSettingsEditor } from './settings-editor';

/** The records a custom domain needs, as GET /api/company/domain gives them. */
type DnsGuide = NonNullable<z.infer<typeof domainSchema>['guide']>;

const loadDomain = () => api.get('/company/domain', MESSAGES.loadCompanyFailed);

export function DomainTab() {
  const domain = useResource(loadDomain);
  const { form, change, state, errors, save, dirty } = useSettingsEditor();
  const [check, setCheck] = useState<{ busy: boolean; result: CheckJson | null; error: string | null }>({
    busy: false,
    result: null,
    error: null,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save(TAB_FIELDS.domain)) {
      setCheck({ busy: false, result: null, error: null });
      await domain.reload();
    }
  };

  const runCheck = async () => {
    setCheck({ busy: true, result: null, error: null });
    try {
      const result = await api.post('/company/domain/check', DOMAIN_MESSAGES.dnsUnavailable);
      setCheck({ busy: false, result, error: null });
      // The check may have verified the domain (or put it back to pending).
      await domain.reload();
    } catch (error) {
      setCheck({
        busy: false,
        result: null,
        error: error instanceof ApiError ? error.message : String(error),
      });
    }
  };

  const data = domain.data;
  if (!data) return <LoadState resource={domain} />;
  const guide = data.guide;

  return (
    <div>
      <h2>Domæne</h2>
      <p>Din hjemmeside findes nu på:</p>
      <ul className="domain-addresses">
        <li>
          <a href={data.subdomainUrl} target="_blank" rel="noopener">
            {displayUrl(data.subdomainUrl)}
          </a>
        </li>
        <li>
          <a href={data.pathUrl} target="_blank" rel="noopener">
            {displayUrl(data.pathUrl)}
          </a>
        </li>
        {data.customDomain && data.status === 'verified' ? (
          <li>
            <a href={`https://${data.customDomain}/`} target="_blank" rel="noopener">
              {data.customDomain}
            </a>
          </li>
        ) : null}
      </ul>
      {data.notice ? (
        <p className={data.status === 'verified' ? 'form-success' : 'notice notice-info'} role="status">
          {data.notice}
        </p>
      ) : null}

      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="Eget domæne"
          placeholder="f.eks. www.ditfirma.dk"
          inputMode="url"
          value={form.customDomain}
          onChange={(value) => change('customDomain', value)}
          hint="Har du dit eget domæne, kan hjemmesiden også vises der. Lad feltet stå tomt for ikke at bruge et."
          error={errors.customDomain}
        />
        <SaveBar state={state} dirty={dirty(TAB_FIELDS.domain)} />
      </form>

      {guide ? (
        <section className="card dns-card" aria-labelledby="dns-title">
          <h3 id="dns-title">Sådan sætter du DNS op</h3>
          <p>{guide.intro}</p>
          <DnsRecordTable guide={guide} />
          {guide.addressMissing ? <p className="notice notice-info">{guide.addressMissing}</p> : null}
          <p className="field-hint">{guide.hostHelp}</p>
          <p className="field-hint">{guide.bothNames}</p>
          <p className="notice notice-info">{data.note}</p>
          <button
            type="button"
            className="button button-secondary"
            disabled={check.busy}
            onClick={() => void runCheck()}
          >
            {check.busy ? 'Tjekker...' : 'Tjek nu'}
          </button>
          <div aria-live="polite">{check.result ? <DnsCheckResult result={check.result} /> : null}</div>
          {check.error ? (
            <p className="form-error" role="alert">
              {check.error}
            </p>
          ) : null}
        </section>
      ) : (
        <p className="field-hint">{data.note}</p>
      )}
    </div>
  );
}

/** The DNS records as a registrar's form wants them: host part, type, and the value with "Kopiér". */
function DnsRecordTable({ guide }: { guide: DnsGuide }) {
  return (
    <table className="dns-table">
      <caption className="visually-hidden">DNS-poster for {guide.zone}</caption>
      <thead>
        <tr>
          <th scope="col">Navn</th>
          <th scope="col">Type</th>
          <th scope="col">Værdi</th>
        </tr>
      </thead>
      <tbody>
        {guide.records.map((record) => (
          <tr key={`${record.type} ${record.name}`}>
            <td data-label="Navn">
              <div>
                <code className="dns-host">{record.host}</code>
                <span className="dns-purpose">{record.purpose}</span>
              </div>
            </td>
            <td data-label="Type">
              <div>{record.type}</div>
            </td>
            <td data-label="Værdi">
              <div>
                {record.value !== null ? (
                  <>
                    <code className="dns-value">{record.value}</code>
                    <CopyValue value={record.value} what={`værdien for ${record.host}`} />
                  </>
                ) : (
                  <span className="dns-value-missing">Ingen IP-adresse (se herunder)</span>
                )}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What DNS answered at "Tjek nu": the verdict and the A and TXT records found. */
function DnsCheckResult({ result }: { result: CheckJson }) {
  return (
    <div className={result.aOk && result.twinOk && result.txtOk ? 'form-success' : 'notice notice-info'}>
      <p>{result.message}</p>
      <p className="field-hint">
        A-post for {result.domain}: {result.a.length > 0 ? result.a.join(', ') : 'ingen'} · A-post for{' '}
        {result.twin}: {result.twinA.length > 0 ? result.twinA.join(', ') : 'ingen'} · TXT-post:{' '}
        {result.txt.length > 0 ? result.txt.join(', ') : 'ingen'}
      </p>
    </div>
  );
}

/** `http://localhost:3000/12345678` → `localhost:3000/12345678` (the spec: shown as host/{cvr}). */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}
