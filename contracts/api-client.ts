// The browser's one way to the API, used by the admin (admin/src/api/client.ts) and the onboarding
// island (templates/onboarding/): same-origin JSON with the session cookie (the browser sends Origin,
// which the API's CSRF check wants), the API's Danish error message from its
// `{ "error": { "code", "message" } }` body when it sends one, the caller's fallback otherwise (a
// network failure, a proxy's HTML error page). Uploads go through XMLHttpRequest because fetch
// cannot report upload progress. Client-safe: no import at all.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The answer's JSON body, when it had one (GET /api/auth/session names a hand-off in it). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown };
}

function errorFrom(status: number, body: unknown, fallback: string): ApiError {
  const error = (body as ErrorBody | null)?.error;
  const message = typeof error?.message === 'string' && error.message !== '' ? error.message : fallback;
  const code = typeof error?.code === 'string' ? error.code : 'internal';
  return new ApiError(status, code, message, body);
}

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 204 || !type.includes('application/json')) return null;
  return response.json().catch(() => null);
}

/**
 * One API call to `/api<path>`. `fallback` is the message shown when the API gives none (a network failure, a
 * proxy's HTML error page): the spec's message for the action, e.g. 'Kunne ikke gemme ændringer'.
 */
async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  fallback: string,
  body?: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network', fallback);
  }
  const json = await readJson(response);
  if (!response.ok) throw errorFrom(response.status, json, fallback);
  return json as T;
}

export const api = {
  get: <T>(path: string, fallback: string) => apiRequest<T>('GET', path, fallback),
  post: <T>(path: string, fallback: string, body: unknown = {}) =>
    apiRequest<T>('POST', path, fallback, body),
  put: <T>(path: string, fallback: string, body: unknown) => apiRequest<T>('PUT', path, fallback, body),
  patch: <T>(path: string, fallback: string, body: unknown) => apiRequest<T>('PATCH', path, fallback, body),
  delete: <T>(path: string, fallback: string) => apiRequest<T>('DELETE', path, fallback),
};

/** Sends a multipart form, reporting progress (0–1) as the bytes go out. */
export function uploadForm<T>(
  path: string,
  form: FormData,
  fallback: string,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api${path}`);
    request.withCredentials = true;
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'network', fallback));
    request.onload = () => {
      let json: unknown = null;
      try {
        json = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        json = null;
      }
      if (request.status >= 200 && request.status < 300) resolve(json as T);
      else reject(errorFrom(request.status, json, fallback));
    };
    request.send(form);
  });
}
