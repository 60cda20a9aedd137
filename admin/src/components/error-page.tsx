// The router's error boundary: the spec keeps React Router's default heading
// 'Unexpected Application Error!' (the spec's Error catalogue); below it a Danish way back instead of a dead end.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MESSAGES } from '../../../rules/messages';

export function ErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  return (
    <main className="error-page">
      <h1>{MESSAGES.unexpectedError}</h1>
      <p>{MESSAGES.unknownAdminError}</p>
      {detail ? <pre className="error-detail">{detail}</pre> : null}
      <p className="error-actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Genindlæs siden
        </button>
        <a className="button button-secondary" href="/admin/dashboard">
          Til oversigten
        </a>
      </p>
    </main>
  );
}
