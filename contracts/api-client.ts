// The browser's one way to the API, used by the admin (admin/src/api/client.ts) and the onboarding
// island (templates/onboarding/): same-origin JSON with the session cookie (the browser sends Origin,
// which the API's CSRF check wants), the API's Danish error message from its
// `{ "error": { "code", "message" } }` body when it sends one, the caller's fallback otherwise (a
// network failure, a proxy's HTML error page). Uploads go through XMLHttpRequest because fetch
// cannot report upload progress. Client-safe: it imports only the generated route table's types.
//
// Calls are typed by the route table contracts/api-paths.ts, generated from the API's own OpenAPI
// document (`npm run api-paths`, scripts/api-paths.ts): a path must be one the API mounts for
// that method (`/pages/${id}` matches `/pages/{id}`), the body is what the route validates, and the
// answer's type is what its schema sends. Renaming a route or a field fails the type check here.
import type { ApiPaths } from './api-paths';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** `/pages/{id}` as the strings that reach it: `/pages/${string}`. */
type Filled<P extends string> = P extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${Filled<Tail>}`
  : P;

/** The route `S` calls with method `M`: the path itself when it is one, else the template it fills. */
type RouteOf<M extends Method, S extends string> = S extends keyof ApiPaths
  ? M extends keyof ApiPaths[S]
    ? S
    : never
  : {
      [P in keyof ApiPaths]: M extends keyof ApiPaths[P] ? (S extends Filled<P> ? P : never) : never;
    }[keyof ApiPaths];

type Operation<M extends Method, S extends string> = ApiPaths[RouteOf<M, S>][M &
  keyof ApiPaths[RouteOf<M, S>]];

/** `S` when it names a route for `M`, else never (so an unknown path fails where it is written). */
type ApiPath<M extends Method, S extends string> = [RouteOf<M, S>] extends [never] ? never : S;

/** The answer of method `M` at path `S`. */
export type ApiAnswer<M extends Method, S extends string> =
  Operation<M, S> extends { answer: infer A } ? A : never;

type ApiBody<M extends Method, S extends string> = Operation<M, S> extends { body: infer B } ? B : never;

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
  signal?: AbortSignal,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network', fallback);
  }
  const json = await readJson(response);
  if (!response.ok) throw errorFrom(response.status, json, fallback);
  return json as T;
}

/** A route without a body is called without one; a route with one needs it. */
type BodyArgument<M extends Method, S extends string> = [ApiBody<M, S>] extends [never]
  ? []
  : [body: ApiBody<M, S>];

export const api = {
  get: <S extends string>(path: ApiPath<'get', S>, fallback: string) =>
    apiRequest<ApiAnswer<'get', S>>('GET', path, fallback),
  post: <S extends string>(path: ApiPath<'post', S>, fallback: string, ...body: BodyArgument<'post', S>) =>
    apiRequest<ApiAnswer<'post', S>>('POST', path, fallback, body.length > 0 ? body[0] : {}),
  put: <S extends string>(path: ApiPath<'put', S>, fallback: string, ...body: BodyArgument<'put', S>) =>
    apiRequest<ApiAnswer<'put', S>>('PUT', path, fallback, body[0]),
  delete: <S extends string>(path: ApiPath<'delete', S>, fallback: string) =>
    apiRequest<ApiAnswer<'delete', S>>('DELETE', path, fallback),
  patch: <S extends string>(path: ApiPath<'patch', S>, fallback: string, ...body: BodyArgument<'patch', S>) =>
    apiRequest<ApiAnswer<'patch', S>>('PATCH', path, fallback, body[0]),
  /** A POST the caller may abort (a newer request makes it moot, e.g. the live preview). */
  postAbortable: <S extends string>(
    path: ApiPath<'post', S>,
    fallback: string,
    signal: AbortSignal,
    ...body: BodyArgument<'post', S>
  ) => apiRequest<ApiAnswer<'post', S>>('POST', path, fallback, body.length > 0 ? body[0] : {}, signal),
};

/** Sends a multipart form, reporting progress (0–1) as the bytes go out. */
export function uploadForm<S extends string>(
  path: ApiPath<'post', S>,
  form: FormData & ApiBody<'post', S>,
  fallback: string,
  onProgress?: (fraction: number) => void,
): Promise<ApiAnswer<'post', S>> {
  type T = ApiAnswer<'post', S>;
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
