import { setupServer } from 'msw/node';
import { accountHandlers } from './account';
import { handlers } from './handlers';
import { storefrontHandlers } from './storefront';

export const server = setupServer(...handlers, ...accountHandlers, ...storefrontHandlers);
