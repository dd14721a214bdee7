// The seam between the generated client and the wire. The generated functions call `call`; the app installs
// the HTTP transport at boot, tests install one of their own (msw-backed fetch, or Fastify's inject).
/** The specification's envelope; a refusal may add status_params (the message's parameters, to word it again in another language). */
export type Envelope<T> = T & { status_code: string; status_message: string; status_params?: Record<string, unknown> };

export interface RouteRef {
  name: string;
  method: 'GET' | 'POST';
  path: string;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export type Transport = <Req, Res>(route: RouteRef, input: Req, options?: CallOptions) => Promise<Envelope<Res>>;

let transport: Transport = () => Promise.reject(new Error('No API transport is installed: call setTransport() first.'));

export function setTransport(next: Transport): void {
  transport = next;
}

export function call<Req, Res>(route: RouteRef, input: Req, options?: CallOptions): Promise<Envelope<Res>> {
  return transport<Req, Res>(route, input, options);
}
