// "Kontakt" in the owner's Sider list (issue 49 item 12): the site's menu always ends with Kontakt, a
// page Mesterside makes from the company's own details (generator/lead-pages.ts) until the owner has a
// page named Kontakt. So the list shows it too, says where what is on it is changed (the contact
// details and hours under Hjemmeside, the form under Henvendelser), and offers to write the page's own
// text: that makes the owner's Kontakt page, which takes its place with the same details and form.
import { Link } from 'react-router';
import { ADMIN_PATHS } from '../../paths';

interface ContactPageInfoProps {
  /** The page's address on the site, as the editor shows addresses. */
  url: string;
  creating: boolean;
  onWrite(): void;
}

export function ContactPageInfo({ url, creating, onWrite }: ContactPageInfoProps) {
  return (
    <section className="page-editor contact-page-info" aria-labelledby="contact-page-title">
      <div className="page-editor-head">
        <h2 id="contact-page-title">Kontakt</h2>
        <span className="field-hint">{url}</span>
      </div>
      <p>
        Kontaktsiden laver vi ud fra dine oplysninger: telefon, e-mail, adresse og åbningstider, og
        formularen, hvor kunder kan bede om et tilbud. Den står altid sidst i menuen.
      </p>
      <ul className="contact-page-links">
        <li>
          <Link to={`${ADMIN_PATHS.settings}?fane=kontakt`}>Ret telefon, e-mail og adresse</Link>
        </li>
        <li>
          <Link to={`${ADMIN_PATHS.settings}?fane=aabningstider`}>Ret åbningstider</Link>
        </li>
        <li>
          <Link to={ADMIN_PATHS.leads}>Formularen og hvem der får henvendelserne</Link>
        </li>
      </ul>
      <p>Vil du selv skrive teksten øverst på siden, kan du gøre kontaktsiden til din egen side.</p>
      <button type="button" className="button button-primary" disabled={creating} onClick={onWrite}>
        {creating ? 'Opretter...' : 'Skriv din egen tekst på kontaktsiden'}
      </button>
    </section>
  );
}
