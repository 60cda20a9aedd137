// /admin/bookinger/indstillinger (issue 52): booking on or off, the services (prefilled from the trade, editable),
// the opening hours the times come from (edited under Hjemmeside), closed days, chairs or lifts,
// how far ahead and how late customers may book, the new-booking mail, and the private calendar
// link with "Lav et nyt link". Its own lazy chunk, 360 px first.
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { BOOKING_MESSAGES } from '../../../../rules/booking-messages';
import { WEEKDAYS } from '../../../../rules/hours';
import { api } from '../../api/client';
import { useResource } from '../../api/use-resource';
import { LoadState } from '../../components/load-state';
import { ADMIN_PATHS } from '../../paths';
import './booking.css';

type Setup = Awaited<ReturnType<typeof loadSetup>>;
type Service = Setup['services'][number];
type Settings = Setup['settings'];

const loadSetup = () => api.get('/booking', BOOKING_MESSAGES.loadFailed);

function errorText(caught: unknown, fallback: string): string {
  return caught instanceof Error ? caught.message : fallback;
}

function ServiceRow(props: { service: Service; onSaved(next: Service): void; onDeleted(): void }) {
  const [draft, setDraft] = useState(props.service);
  const [error, setError] = useState<string | null>(null);
  const body = {
    name: draft.name,
    minutes: Number(draft.minutes),
    bufferMinutes: Number(draft.bufferMinutes),
    priceKr: draft.priceKr === null || String(draft.priceKr) === '' ? null : Number(draft.priceKr),
    fromPrice: draft.fromPrice,
  };
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      props.onSaved(await api.put(`/booking/services/${draft.id}`, BOOKING_MESSAGES.saveFailed, body));
    } catch (caught) {
      setError(errorText(caught, BOOKING_MESSAGES.saveFailed));
    }
  };
  const remove = async () => {
    try {
      await api.delete(`/booking/services/${draft.id}`, BOOKING_MESSAGES.saveFailed);
      props.onDeleted();
    } catch (caught) {
      setError(errorText(caught, BOOKING_MESSAGES.saveFailed));
    }
  };
  return (
    <li className="card">
      <form className="booking-service-row" onSubmit={save}>
        <label className="field">
          <span className="field-label">Ydelse</span>
          <input
            value={draft.name}
            maxLength={80}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field-label">Minutter</span>
          <input
            type="number"
            inputMode="numeric"
            step={5}
            value={draft.minutes}
            onChange={(e) => setDraft({ ...draft, minutes: Number(e.target.value) })}
          />
        </label>
        <label className="field">
          <span className="field-label">Pause efter (min)</span>
          <input
            type="number"
            inputMode="numeric"
            step={5}
            value={draft.bufferMinutes}
            onChange={(e) => setDraft({ ...draft, bufferMinutes: Number(e.target.value) })}
          />
        </label>
        <label className="field">
          <span className="field-label">Pris i kr. inkl. moms</span>
          <input
            type="number"
            inputMode="numeric"
            value={draft.priceKr ?? ''}
            placeholder="Udfyld selv"
            onChange={(e) =>
              setDraft({ ...draft, priceKr: e.target.value === '' ? null : Number(e.target.value) })
            }
          />
        </label>
        <label className="field field-checkbox">
          <input
            type="checkbox"
            checked={draft.fromPrice}
            onChange={(e) => setDraft({ ...draft, fromPrice: e.target.checked })}
          />{' '}
          Fra-pris
        </label>
        {error ? (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        ) : null}
        <div>
          <button type="submit" className="button button-secondary">
            Gem
          </button>{' '}
          <button type="button" className="button button-secondary" onClick={() => void remove()}>
            Slet
          </button>
        </div>
      </form>
    </li>
  );
}

function SettingsForm(props: { setup: Setup; onSaved(next: Setup): void }) {
  const [draft, setDraft] = useState<Settings>(props.setup.settings);
  const [closedFrom, setClosedFrom] = useState('');
  const [closedTo, setClosedTo] = useState('');
  const [closedLabel, setClosedLabel] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async (settings: Settings) => {
    setNotice(null);
    try {
      const next = await api.put('/booking/settings', BOOKING_MESSAGES.saveFailed, settings);
      setDraft(next.settings);
      props.onSaved(next);
      setNotice({ ok: true, text: 'Gemt.' });
    } catch (caught) {
      setNotice({ ok: false, text: errorText(caught, BOOKING_MESSAGES.saveFailed) });
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save(draft);
  };
  const addClosed = () => {
    if (!closedFrom) return;
    const closed = [...draft.closed, { from: closedFrom, to: closedTo || closedFrom, label: closedLabel }];
    setClosedFrom('');
    setClosedTo('');
    setClosedLabel('');
    void save({ ...draft, closed });
  };
  const number = (key: 'horizonDays' | 'chairs', label: string) => (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        type="number"
        inputMode="numeric"
        value={draft[key]}
        onChange={(e) => setDraft({ ...draft, [key]: Number(e.target.value) })}
      />
    </label>
  );
  return (
    <form className="card booking-settings" onSubmit={onSubmit}>
      <label className="field field-checkbox">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
        />{' '}
        Kunderne kan booke tid på hjemmesiden
      </label>
      {number('chairs', 'Antal stole/lifte')}
      {number('horizonDays', 'Hvor mange dage frem kan kunderne booke')}
      <label className="field">
        <span className="field-label">Hvor mange timer før tiden kan kunderne senest booke</span>
        <input
          type="number"
          inputMode="numeric"
          value={draft.noticeMinutes / 60}
          onChange={(e) => setDraft({ ...draft, noticeMinutes: Math.round(Number(e.target.value) * 60) })}
        />
      </label>
      <label className="field field-checkbox">
        <input
          type="checkbox"
          checked={draft.notifyOwner}
          onChange={(e) => setDraft({ ...draft, notifyOwner: e.target.checked })}
        />{' '}
        Send mig en mail ved hver ny booking
      </label>
      <fieldset className="field">
        <legend className="field-label">Lukkedage og ferie</legend>
        {draft.closed.length === 0 ? <p className="field-hint">Ingen lukkedage.</p> : null}
        <ul>
          {draft.closed.map((range, index) => (
            <li key={`${range.from}-${range.to}`}>
              {range.label ? `${range.label}: ` : ''}
              {range.from === range.to ? range.from : `${range.from} til ${range.to}`}{' '}
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void save({ ...draft, closed: draft.closed.filter((_, i) => i !== index) })}
              >
                Fjern
              </button>
            </li>
          ))}
        </ul>
        <label className="field">
          <span className="field-label">Første dag</span>
          <input type="date" value={closedFrom} onChange={(e) => setClosedFrom(e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">Sidste dag</span>
          <input type="date" value={closedTo} onChange={(e) => setClosedTo(e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">Navn (f.eks. Ferie uge 29)</span>
          <input value={closedLabel} maxLength={60} onChange={(e) => setClosedLabel(e.target.value)} />
        </label>
        <button type="button" className="button button-secondary" onClick={addClosed}>
          Tilføj lukkedage
        </button>
      </fieldset>
      {notice ? (
        <p
          className={notice.ok ? 'notice notice-success' : 'notice notice-error'}
          role={notice.ok ? 'status' : 'alert'}
        >
          {notice.text}
        </p>
      ) : null}
      <button type="submit" className="button">
        Gem indstillinger
      </button>
    </form>
  );
}

export function BookingScreen() {
  const setup = useResource(loadSetup);
  const [newService, setNewService] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!setup.data) {
    return (
      <section className="screen booking-screen">
        <h1>Booking</h1>
        <LoadState resource={setup} />
      </section>
    );
  }
  const data = setup.data;
  const addService = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      const service = await api.post('/booking/services', BOOKING_MESSAGES.saveFailed, {
        name: newService,
        minutes: 30,
        bufferMinutes: 0,
        priceKr: null,
        fromPrice: false,
      });
      setNewService('');
      setup.setData({ ...data, services: [...data.services, service] });
    } catch (caught) {
      setError(errorText(caught, BOOKING_MESSAGES.saveFailed));
    }
  };
  const renewFeed = async () => {
    const { feedUrl } = await api.post('/booking/feed', BOOKING_MESSAGES.saveFailed);
    setup.setData({ ...data, feedUrl });
  };
  return (
    <section className="screen booking-screen">
      <h1>Booking</h1>
      <p>
        <Link to={ADMIN_PATHS.bookings}>Se bookinger</Link>
      </p>
      <SettingsForm setup={data} onSaved={(next) => setup.setData(next)} />
      <h2>Ydelser</h2>
      <p className="field-hint">Priserne udfylder du selv. En ydelse uden pris vises uden pris.</p>
      <ul className="booking-list">
        {data.services.map((service) => (
          <ServiceRow
            key={service.id}
            service={service}
            onSaved={(next) =>
              setup.setData({ ...data, services: data.services.map((s) => (s.id === next.id ? next : s)) })
            }
            onDeleted={() =>
              setup.setData({ ...data, services: data.services.filter((s) => s.id !== service.id) })
            }
          />
        ))}
      </ul>
      <form className="card booking-form" onSubmit={addService}>
        <label className="field">
          <span className="field-label">Ny ydelse</span>
          <input value={newService} maxLength={80} onChange={(e) => setNewService(e.target.value)} />
        </label>
        {error ? (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-secondary">
          Tilføj ydelse
        </button>
      </form>
      <h2>Åbningstider</h2>
      <p className="field-hint">
        Ledige tider følger åbningstiderne. Du ændrer dem under{' '}
        <Link to={ADMIN_PATHS.settings}>Hjemmeside</Link>.
      </p>
      <dl className="booking-hours">
        {WEEKDAYS.map((day) => (
          <div key={day}>
            <dt>{day}</dt>
            <dd>{data.hours[day] || 'Lukket'}</dd>
          </div>
        ))}
      </dl>
      <h2>Kalender</h2>
      <p className="field-hint">
        Abonnér på linket i Google Kalender eller på din iPhone, så ser du bookingerne der. Linket er
        hemmeligt: del det ikke.
      </p>
      <p>
        <input readOnly value={data.feedUrl} aria-label="Kalenderlink" className="booking-feed" />
      </p>
      <button type="button" className="button button-secondary" onClick={() => void renewFeed()}>
        Lav et nyt link (det gamle holder op med at virke)
      </button>
    </section>
  );
}
