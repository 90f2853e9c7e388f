/**
 * The one way the web client talks to the server API. Cookies travel with every request
 * (credentials: "include"); request and response bodies are JSON.
 *
 * Non-2xx responses carry `{ "error": { "code", "message", "fields"? } }` and become an ApiError.
 * A request that never reaches the server becomes an ApiError with status 0.
 */

export type ApiFieldErrors = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: ApiFieldErrors | undefined;

  constructor(status: number, code: string, message: string, fields?: ApiFieldErrors) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export const NETWORK_ERROR_MESSAGE = "We couldn't reach Earmark. Check your connection and try again.";
export const GENERIC_ERROR_MESSAGE = "Something went wrong. Please try again.";

/** Like RequestInit, but `body` may also be any JSON-serialisable value (sent as application/json). */
export type ApiRequestInit = Omit<RequestInit, "body"> & { body?: BodyInit | object | null };

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === "string" ||
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof ReadableStream !== "undefined" && body instanceof ReadableStream)
  );
}

function fallbackMessage(status: number): string {
  if (status === 401) return "Please sign in to continue.";
  if (status === 403) return "You don't have permission to do that.";
  if (status === 404) return "We couldn't find what you were looking for.";
  if (status === 429) return "Too many attempts. Please wait a moment and try again.";
  return GENERIC_ERROR_MESSAGE;
}

function toApiError(status: number, payload: unknown): ApiError {
  const error =
    payload && typeof payload === "object" && "error" in payload
      ? (payload as { error: unknown }).error
      : undefined;
  if (error && typeof error === "object") {
    const { code, message, fields } = error as { code?: unknown; message?: unknown; fields?: unknown };
    return new ApiError(
      status,
      typeof code === "string" ? code : `HTTP_${status}`,
      typeof message === "string" && message.length > 0 ? message : fallbackMessage(status),
      fields && typeof fields === "object" ? (fields as ApiFieldErrors) : undefined,
    );
  }
  return new ApiError(status, `HTTP_${status}`, fallbackMessage(status));
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text.length === 0) return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  return text;
}

export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { body, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");

  let requestBody: BodyInit | null | undefined;
  if (body === undefined || body === null || isRawBody(body)) {
    requestBody = body;
  } else {
    requestBody = JSON.stringify(body);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }

  let response: Response;
  try {
    response = await fetch(path, { credentials: "include", ...rest, headers, body: requestBody });
  } catch (error) {
    // Cancellation (TanStack Query, unmounts) must stay an AbortError.
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK_ERROR", NETWORK_ERROR_MESSAGE);
  }

  let payload: unknown;
  try {
    payload = await readBody(response);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    if (response.ok) throw new ApiError(0, "NETWORK_ERROR", NETWORK_ERROR_MESSAGE);
    payload = undefined;
  }

  if (!response.ok) throw toApiError(response.status, payload);
  return payload as T;
}
