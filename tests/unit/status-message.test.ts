// Status messages name a kind of record by its label in the caller's language, not by its schema name.
import { statusMessage } from '../../server/http/api-error.ts';

it('reads an entity given by its schema name as its label, in lower case mid-sentence', () => {
  expect(statusMessage('record_not_found', 'tr', { entity: 'user_authorization' })).toBe('Bu sitede bu numarayla bir atanmış yetki yok.');
  expect(statusMessage('record_not_found', 'en', { entity: 'user_authorization' })).toBe('There is no assigned authorization with this id on this site.');
  expect(statusMessage('record_not_found', 'tr', { entity: 'external_application' })).toContain('dış uygulama');
  // Already in words (a handler's own label) or not an entity: as given.
  expect(statusMessage('record_not_found', 'tr', { entity: 'web sitesi birimi' })).toBe('Bu sitede bu numarayla bir web sitesi birimi yok.');
});
