import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { ConfirmDialog } from './ConfirmDialog';
import { Notice } from './Notice';
import './sharing.css';

type ShareMessage = { kind: 'error' | 'success'; text: string } | null;

export interface SharingProps {
  /** Where the wording is in the i18n resources (`rules.share`, `designer.share`): each kind of document says it its way. */
  words: string;
  shares: readonly { username: string; can_edit: boolean }[];
  /** Shares with a user (again: changes can_edit); a refusal is thrown for the section to show. */
  share: (username: string, canEdit: boolean) => Promise<void>;
  unshare: (username: string) => Promise<void>;
  /** The host panel's section class, beside the section's own. */
  className?: string;
}

/**
 * The owner's sharing of a document (a decision package, a data model; spec section 6: owners authorize
 * others): who it is shared with, may-edit switches, removal after asking, and adding a user by username.
 */
export function SharingSection({ words, shares, share, unshare, className }: SharingProps) {
  const { t } = useTranslation();
  const id = useId().replace(/:/g, '');
  const [username, setUsername] = useState('');
  const [mayEdit, setMayEdit] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<ShareMessage>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  /** One call at a time; the server's refusal (in the user's language) is shown above the list. */
  const attempt = async (key: string, call: () => Promise<void>, done: string): Promise<boolean> => {
    setBusy(key);
    setMessage(null);
    try {
      await call();
      setMessage({ kind: 'success', text: done });
      return true;
    } catch (e) {
      setMessage({ kind: 'error', text: e instanceof ApiError ? e.status_message : t('common.unexpected') });
      return false;
    } finally {
      setBusy(null);
    }
  };

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const user = username.trim();
    if (!user) {
      setMessage({ kind: 'error', text: t(`${words}.usernameNeeded`) });
      return;
    }
    if (await attempt('add', () => share(user, mayEdit), t(`${words}.added`, { user }))) {
      setUsername('');
      setMayEdit(false);
    }
  };

  return (
    <section className={`sharing ${className ?? ''}`} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t(`${words}.title`)}
      </h3>
      <p className="field__hint">{t(`${words}.hint`)}</p>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {shares.length === 0 ? (
        <p>{t(`${words}.none`)}</p>
      ) : (
        <ul className="outlined-rows" aria-label={t(`${words}.list`)}>
          {shares.map((s) => (
            <li key={s.username} className="outlined-row">
              <span className="sharing__user">{s.username}</span>
              <label className="sharing__switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={s.can_edit}
                  aria-checked={s.can_edit}
                  disabled={busy !== null}
                  onChange={(e) => {
                    const edit = e.target.checked;
                    void attempt(`edit:${s.username}`, () => share(s.username, edit), t(edit ? `${words}.nowEdit` : `${words}.nowRead`, { user: s.username }));
                  }}
                />{' '}
                {t(`${words}.canEdit`, { user: s.username })}
              </label>
              <button
                type="button"
                className="button button--danger button--small"
                disabled={busy !== null}
                aria-label={t(`${words}.removeLabel`, { user: s.username })}
                onClick={() => setRemoving(s.username)}
              >
                {t(`${words}.remove`)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="sharing__form" onSubmit={add} noValidate aria-labelledby={`${id}-add`}>
        <h4 id={`${id}-add`}>{t(`${words}.add`)}</h4>
        <div className="field">
          <label htmlFor={`${id}-user`} className="field__label">
            {t(`${words}.username`)}
          </label>
          <input
            id={`${id}-user`}
            className="field__input"
            type="text"
            value={username}
            maxLength={100}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            onChange={(e) => setUsername(e.target.value)}
          />
        </div>
        <div className="field field--checkbox">
          <input id={`${id}-edit`} type="checkbox" checked={mayEdit} onChange={(e) => setMayEdit(e.target.checked)} />
          <label htmlFor={`${id}-edit`} className="field__label">
            {t(`${words}.mayEdit`)}
          </label>
        </div>
        <div className="form__actions">
          <button type="submit" className="button button--small" disabled={busy !== null}>
            {busy === 'add' ? t('common.sending') : t(`${words}.submit`)}
          </button>
        </div>
      </form>
      {removing && (
        <ConfirmDialog
          title={t(`${words}.confirmTitle`)}
          confirmLabel={t(`${words}.confirm`)}
          busy={busy !== null}
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const user = removing;
            setRemoving(null);
            // The removed row's button goes: the focus goes to the section's heading.
            void attempt(`remove:${user}`, () => unshare(user), t(`${words}.removed`, { user })).then((ok) => ok && heading.current?.focus());
          }}
        >
          <p>{t(`${words}.confirmText`, { user: removing })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
