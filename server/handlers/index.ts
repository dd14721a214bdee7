import { frontendHandlers } from './frontend.ts';
import { systemHandlers } from './system.ts';
import type { HandlerSet } from './types.ts';

/** Every implemented route. The route table has the rest; they answer "not implemented". */
export const handlers: HandlerSet = {
  ...systemHandlers,
  ...frontendHandlers,
};
