import type { RouteName, RouteTypes } from '../../src/generated/route-table.ts';
import type { FileAnswer, PreparedAnswer, RequestContext } from '../http/context.ts';

/** A handler answers its route's response, or one prepared earlier with ctx.prepare (checked and serialized once), or a file. */
export type Handler<K extends RouteName> = (input: RouteTypes[K]['request'], ctx: RequestContext) => Promise<RouteTypes[K]['response'] | PreparedAnswer | FileAnswer>;

/** The handlers of one area; a catalogued route without a handler answers "not implemented". */
export type HandlerSet = { [K in RouteName]?: Handler<K> };
