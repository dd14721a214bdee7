import { setupServer } from 'msw/node';
import { accountHandlers } from './account';
import { handlers } from './handlers';
import { storefrontHandlers } from './storefront';
import { supportRequestHandlers } from './support-requests';

export const server = setupServer(...handlers, ...accountHandlers, ...storefrontHandlers, ...supportRequestHandlers);
