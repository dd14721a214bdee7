// The sending_mail page's user chooser: a search over the site's users (name, username or mail address) and
// an auth-code filter, a page of matches to tick one by one or all at once, and the chosen users as removable
// chips with their count. Users a mail would not reach say why, so the admin knows before sending.
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import { enumLabel, enumOptions, Notice, Pagination, SelectField, TextField, useErrorText } from '../../app/ui';
import { authCode } from '../../generated/enums/authCode';
import { mailingSkipReason } from '../../generated/enums/mailingSkipReason';
import { mailingRecipientSearch } from '../../generated/client';
import type { AuthCode } from '../../generated/types/entities';
import type { MailingRecipientSearchResponse } from '../../generated/types/routes';
import { usePagedList } from '../shared/paged';

export type Candidate = MailingRecipientSearchResponse['user_list'][number];

const PAGE_SIZE = 10;

/** How a user is named on the page: their names with the username, or the username alone. */
export const userName = (u: Pick<Candidate, 'firstname' | 'lastname' | 'username'>) => {
  const names = [u.firstname, u.lastname].filter(Boolean).join(' ');
  return names ? `${names} (${u.username})` : u.username;
};

export function RecipientChooser({ chosen, onChosen, error }: { chosen: Candidate[]; onChosen: (next: Candidate[]) => void; error?: string }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const id = useId().replace(/:/g, '');
  const [search, setSearch] = useState('');
  const [authName, setAuthName] = useState('');
  const load = useCallback(
    (page: number) =>
      mailingRecipientSearch({ search: search.trim() || undefined, auth_name: (authName || undefined) as AuthCode | undefined, page, page_size: PAGE_SIZE }).then((a) => ({
        rows: a.user_list,
        total: a.total,
      })),
    [search, authName],
  );
  const list = usePagedList<Candidate>(load);
  const isChosen = (u: Candidate) => chosen.some((c) => c.user_client_id === u.user_client_id);
  const toggle = (u: Candidate, on: boolean) => onChosen(on ? [...chosen, u] : chosen.filter((c) => c.user_client_id !== u.user_client_id));
  const selectPage = () => onChosen([...chosen, ...list.rows.filter((u) => !isChosen(u))]);

  return (
    <section className="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('mail.recipients')}</h2>
      <div className="form__row">
        <TextField label={t('mail.search')} name="search" type="search" value={search} onValue={setSearch} autoComplete="off" />
        <SelectField
          label={t('mail.authFilter')}
          name="auth_name"
          value={authName}
          onValue={setAuthName}
          options={[{ value: '', label: t('mail.anyAuth') }, ...enumOptions(authCode, lang)]}
        />
      </div>
      {list.error ? <Notice>{errorText(list.error)}</Notice> : null}
      <p role="status">{list.loading ? t('app.loading') : list.rows.length === 0 ? t('mail.noUsers') : t('common.found', { count: list.total })}</p>
      {list.rows.length > 0 && (
        <>
          <button type="button" className="button button--secondary button--small" onClick={selectPage} disabled={list.rows.every(isChosen)}>
            {t('mail.selectPage')}
          </button>
          <ul className="mail-candidates" aria-label={t('mail.recipients')}>
            {list.rows.map((u) => (
              <li key={u.user_client_id} className="mail-candidates__item">
                <label className="mail-candidates__label">
                  <input type="checkbox" checked={isChosen(u)} onChange={(e) => toggle(u, e.target.checked)} />
                  <span>
                    <span className="mail-candidates__name">{userName(u)}</span>
                    <span className="mail-candidates__detail">
                      {[u.mail, t('mail.readsIn', { language: t(`mail.language.${u.mail_lang}`) })].filter(Boolean).join(' · ')}
                    </span>
                    {u.skip_reason && (
                      <span className="mail-candidates__skip">{t('mail.willSkip', { reason: enumLabel(mailingSkipReason, u.skip_reason, lang) })}</span>
                    )}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
      {list.total > PAGE_SIZE && <Pagination page={list.page} pageSize={PAGE_SIZE} total={list.total} onPage={list.setPage} label={t('mail.usersPages')} />}
      <ChosenChips chosen={chosen} onChosen={onChosen} error={error} />
    </section>
  );
}

function ChosenChips({ chosen, onChosen, error }: { chosen: Candidate[]; onChosen: (next: Candidate[]) => void; error?: string }) {
  const { t } = useTranslation();
  const id = useId().replace(/:/g, '');
  return (
    <fieldset className="mail-chosen" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mail-chosen__count" aria-live="polite">
        {chosen.length ? t('mail.chosen', { count: chosen.length }) : t('mail.noneChosen')}
      </legend>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      {chosen.length > 0 && (
        <ul className="mail-chosen__chips">
          {chosen.map((u) => (
            <li key={u.user_client_id}>
              <button
                type="button"
                className="mail-chip"
                aria-label={t('mail.remove', { name: userName(u) })}
                onClick={() => onChosen(chosen.filter((c) => c.user_client_id !== u.user_client_id))}
              >
                {userName(u)} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          {chosen.length > 1 && (
            <li>
              <button type="button" className="button button--secondary button--small" onClick={() => onChosen([])}>
                {t('mail.clearChosen')}
              </button>
            </li>
          )}
        </ul>
      )}
    </fieldset>
  );
}
