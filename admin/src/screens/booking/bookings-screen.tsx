// /admin/bookinger (issue 52): today's and the coming days' bookings as a list a phone can read (360 px
// first): time, service, customer, phone as one tap to call, cancel with a message, and "Book for en
// kunde" for a time taken by phone. Its own lazy chunk.
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BOOKING_MESSAGES } from '../../../../rules/booking-messages';
import { addDays, copenhagenClock, formatSlotTime } from '../../../../rules/booking-slots';
import { formatPhone } from '../../../../rules/phone';
import { api } from '../../api/client';
import { useResource } from '../../api/use-resource';
import { LoadState } from '../../components/load-state';
import { Skeleton } from '../../components/skeleton';
import { ADMIN_PATHS } from '../../paths';
import './booking.css';

type Setup = Awaited<ReturnType<typeof loadSetup>>;
type BookingItem = Awaited<ReturnType<typeof loadBookings>>['bookings'][number];

const loadSetup = () => api.get('/booking', BOOKING_MESSAGES.loadFailed);
const loadBookings = () => api.get('/bookings', BOOKING_MESSAGES.loadFailed);

const DAY_NAME = new Intl.DateTimeFormat('da-DK', {
  timeZone: 'Europe/Copenhagen',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

function dayHeading(date: string, today: string): string {
  if (date === today) return 'I dag';
  if (date === addDays(today, 1)) return 'I morgen';
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const text = DAY_NAME.format(new Date(Date.UTC(y, m - 1, d, 12)));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A held booking's "Bekræft" and "Afvis" (issue 52 item 7): confirm mails the customer his
 *  confirmation; refuse frees the time and mails nobody. */
function HeldActions(props: { booking: BookingItem; onChanged(): void }) {
  const { booking } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async (path: 'confirm' | 'cancel', failed: string) => {
    setBusy(true);
    setError(null);
    try {
      if (path === 'cancel') await api.post(`/bookings/${booking.id}/cancel`, failed, { message: '' });
      else await api.post(`/bookings/${booking.id}/confirm`, failed);
      props.onChanged();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="booking-held">
      <p className="notice notice-info">
        <strong>{BOOKING_MESSAGES.heldBadge}.</strong> {BOOKING_MESSAGES.heldExplained}
      </p>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => act('confirm', BOOKING_MESSAGES.confirmFailed)}
      >
        Bekræft
      </button>{' '}
      <button
        type="button"
        className="button button-secondary"
        disabled={busy}
        onClick={() => act('cancel', BOOKING_MESSAGES.cancelFailed)}
      >
        Afvis
      </button>
    </div>
  );
}

function BookingRow(props: { booking: BookingItem; onCancelled(): void }) {
  const { booking } = props;
  const [cancelling, setCancelling] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onCancel = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      await api.post(`/bookings/${booking.id}/cancel`, BOOKING_MESSAGES.cancelFailed, { message });
      props.onCancelled();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : BOOKING_MESSAGES.cancelFailed);
    }
  };
  return (
    <li className="card booking-row" data-booking={booking.id}>
      <p className="booking-time">
        {formatSlotTime(new Date(booking.startsAt))}–{formatSlotTime(new Date(booking.endsAt))}
      </p>
      <p className="booking-service">{booking.serviceName}</p>
      <p className="booking-customer">{booking.customerName}</p>
      {booking.customerPhone ? (
        <p>
          <a className="booking-phone" href={telHref(booking.customerPhone)}>
            {formatPhone(booking.customerPhone)}
          </a>
        </p>
      ) : null}
      {booking.registrationNumber ? (
        <p className="field-hint">Nummerplade: {booking.registrationNumber}</p>
      ) : null}
      {booking.customerNote ? <p className="field-hint">Besked: {booking.customerNote}</p> : null}
      {booking.held ? (
        <HeldActions booking={booking} onChanged={props.onCancelled} />
      ) : cancelling ? (
        <form onSubmit={onCancel} className="booking-cancel">
          <label className="field">
            <span className="field-label">Besked til kunden (valgfri)</span>
            <textarea value={message} maxLength={500} rows={3} onChange={(e) => setMessage(e.target.value)} />
          </label>
          {error ? (
            <p className="notice notice-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button-danger">
            Aflys tiden
          </button>{' '}
          <button type="button" className="button button-secondary" onClick={() => setCancelling(false)}>
            Fortryd
          </button>
        </form>
      ) : (
        <button type="button" className="button button-secondary" onClick={() => setCancelling(true)}>
          Aflys
        </button>
      )}
    </li>
  );
}

function BookForCustomer(props: { setup: Setup; onBooked(): void }) {
  const { setup } = props;
  const today = copenhagenClock(new Date()).date;
  const [serviceId, setServiceId] = useState(setup.services[0]?.id ?? '');
  const [date, setDate] = useState(today);
  const [times, setTimes] = useState<string[] | null>(null);
  const [startsAt, setStartsAt] = useState('');
  const [customer, setCustomer] = useState({
    customerName: '',
    customerPhone: '',
    customerEmail: '',
    registrationNumber: '',
  });
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const findTimes = async () => {
    setNotice(null);
    setStartsAt('');
    try {
      const answer = await api.get(
        `/bookings/free-times?serviceId=${encodeURIComponent(serviceId)}&date=${date}` as '/bookings/free-times',
        BOOKING_MESSAGES.loadFailed,
      );
      setTimes(answer.times);
    } catch (caught) {
      setNotice({ ok: false, text: caught instanceof Error ? caught.message : BOOKING_MESSAGES.loadFailed });
    }
  };
  const onBook = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    try {
      await api.post('/bookings', BOOKING_MESSAGES.bookFailed, {
        serviceId,
        startsAt,
        customerNote: '',
        ...customer,
      });
      setNotice({ ok: true, text: 'Tiden er booket.' });
      setTimes(null);
      props.onBooked();
    } catch (caught) {
      setNotice({ ok: false, text: caught instanceof Error ? caught.message : BOOKING_MESSAGES.bookFailed });
    }
  };
  const field = (key: keyof typeof customer, label: string, type = 'text') => (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        type={type}
        value={customer[key]}
        onChange={(e) => setCustomer({ ...customer, [key]: e.target.value })}
      />
    </label>
  );
  return (
    <form className="card booking-form" onSubmit={onBook}>
      <h2>Book for en kunde</h2>
      <label className="field">
        <span className="field-label">Ydelse</span>
        <select value={serviceId} onChange={(e) => setServiceId(e.target.value)}>
          {setup.services.map((service) => (
            <option key={service.id} value={service.id}>
              {service.name} ({service.minutes} min)
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-label">Dag</span>
        <input type="date" value={date} min={today} onChange={(e) => setDate(e.target.value)} />
      </label>
      <button type="button" className="button button-secondary" onClick={() => void findTimes()}>
        Vis ledige tider
      </button>
      {times !== null ? (
        times.length === 0 ? (
          <p className="field-hint">Ingen ledige tider den dag.</p>
        ) : (
          <fieldset className="booking-times">
            <legend className="field-label">Tid</legend>
            {times.map((time) => (
              <label key={time} className="booking-time-choice">
                <input
                  type="radio"
                  name="tid"
                  value={time}
                  checked={startsAt === time}
                  onChange={() => setStartsAt(time)}
                />{' '}
                {formatSlotTime(new Date(time))}
              </label>
            ))}
          </fieldset>
        )
      ) : null}
      {field('customerName', 'Kundens navn')}
      {field('customerPhone', 'Telefon', 'tel')}
      {field('customerEmail', 'E-mail (valgfri)', 'email')}
      {setup.asksRegistration ? field('registrationNumber', 'Nummerplade') : null}
      {notice ? (
        <p
          className={notice.ok ? 'notice notice-success' : 'notice notice-error'}
          role={notice.ok ? 'status' : 'alert'}
        >
          {notice.text}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={!startsAt}>
        Book tiden
      </button>
    </form>
  );
}

const BookingScreen = lazy(async () => ({ default: (await import('./booking-screen')).BookingScreen }));

/** /admin/bookinger, or the booking settings under it (/admin/bookinger/indstillinger). */
export function BookingsScreen() {
  if ((useParams()['*'] ?? '') === 'indstillinger')
    return (
      <Suspense fallback={<Skeleton />}>
        <BookingScreen />
      </Suspense>
    );
  return <BookingsList />;
}

function BookingsList() {
  const setup = useResource(loadSetup);
  const bookings = useResource(loadBookings);
  const today = copenhagenClock(new Date()).date;
  const byDay = new Map<string, BookingItem[]>();
  for (const booking of bookings.data?.bookings ?? []) {
    const day = copenhagenClock(new Date(booking.startsAt)).date;
    byDay.set(day, [...(byDay.get(day) ?? []), booking]);
  }
  return (
    <section className="screen booking-screen">
      <h1>Bookinger</h1>
      <p>
        <Link to={ADMIN_PATHS.booking}>Indstillinger for booking</Link>
      </p>
      {bookings.data ? (
        byDay.size === 0 ? (
          <p>Ingen bookinger de næste 14 dage.</p>
        ) : (
          [...byDay].map(([day, list]) => (
            <section key={day} aria-labelledby={`dag-${day}`}>
              <h2 id={`dag-${day}`}>{dayHeading(day, today)}</h2>
              <ul className="booking-list">
                {list.map((booking) => (
                  <BookingRow key={booking.id} booking={booking} onCancelled={() => void bookings.reload()} />
                ))}
              </ul>
            </section>
          ))
        )
      ) : (
        <LoadState resource={bookings} />
      )}
      {setup.data ? <BookForCustomer setup={setup.data} onBooked={() => void bookings.reload()} /> : null}
    </section>
  );
}
