import type { RouteName, RouteTypes } from '../../src/generated/route-table.ts';
import type { RequestContext } from '../http/context.ts';

export type Handler<K extends RouteName> = (input: RouteTypes[K]['request'], ctx: RequestContext) => Promise<RouteTypes[K]['response']>;

/** The handlers of one area; a catalogued route without a handler answers "not implemented". */
export type HandlerSet = { [K in RouteName]?: Handler<K> };
