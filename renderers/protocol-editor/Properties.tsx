// The protocol's own fields: name (with the automatic title), group (suggested from the list's groups),
// visibility, type, cycles, the dosing settings (BSA formula, weight for creatinine clearance, GFR cap), the
// change warning percent, the laboratory gates (published rule packages by name) and the note. Every field is
// a command (src/app/ui/bound.tsx); a field shows the problem at its own pointer.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BoundNumber, BoundSelect, BoundText } from '../../src/app/ui/bound';
import { enumOptions } from '../../src/app/ui/labels';
import { rulePackageList } from '../../src/generated/client/rule';
import { bsaFormula } from '../../src/generated/enums/bsaFormula';
import { dosingWeight } from '../../src/generated/enums/dosingWeight';
import { protocolType } from '../../src/generated/enums/protocolType';
import { protocolVisibility } from '../../src/generated/enums/protocolVisibility';
import { protocolList } from '../../src/generated/client/protocol';
import type { Lang } from '../../src/domain/language';
import { automaticTitle } from '../../src/domain/protocol';
import { useEditor, useEditorApi, type Command, type ProtocolDoc } from './store';

const set = (path: string) => (value: unknown): Command => ({ type: 'set', path, value });

type Gate = NonNullable<ProtocolDoc['lab_gate_list']>[number];

export function Properties({ lang, problemAt, isAdmin }: { lang: Lang; problemAt: (path: string) => string | null; isAdmin: boolean }) {
  const { t } = useTranslation();
  const api = useEditorApi();
  const doc = useEditor((s) => s.doc);
  const readOnly = useEditor((s) => s.readOnly);
  const groupsId = useId();
  const groups = useGroups(readOnly);
  const title = automaticTitle(doc, lang);
  // Global is offered to an administrator only (the server refuses it to others with 14104), or kept when set.
  const visibilities = enumOptions(protocolVisibility, lang).filter((o) => o.value !== 'global' || isAdmin || doc.visibility === 'global');

  return (
    <section className="protocol-section" aria-labelledby="protocol-props-title">
      <h2 id="protocol-props-title">{t('protocol.props.title')}</h2>
      <div className="protocol-props">
        <div className="protocol-props__name">
          <BoundText<Command> name="name" label={t('protocol.props.name')} required value={doc.name} maxLength={200} error={problemAt('/name')} hint={readOnly ? undefined : title ? t('protocol.props.automatic', { title }) : t('protocol.props.automaticNone')} command={set('name')} />
          {!readOnly && (
            <button type="button" className="button button--secondary button--small" disabled={!title || title === doc.name} onClick={() => api.getState().run({ type: 'set', path: 'name', value: title })}>
              {t('protocol.props.useAutomatic')}
            </button>
          )}
        </div>
        <BoundText<Command> name="protocol_group" label={t('protocol.props.group')} required value={doc.protocol_group} maxLength={100} list={groupsId} hint={readOnly ? undefined : t('protocol.props.groupHint')} error={problemAt('/protocol_group')} command={set('protocol_group')} />
        <datalist id={groupsId}>
          {groups.map((g) => (
            <option key={g} value={g} />
          ))}
        </datalist>
        <BoundSelect<Command> name="visibility" label={t('protocol.props.visibility')} required value={doc.visibility} options={visibilities} placeholder={t('protocol.choose')} error={problemAt('/visibility')} command={set('visibility')} />
        <BoundSelect<Command> name="protocol_type" label={t('protocol.props.type')} required value={doc.protocol_type} options={enumOptions(protocolType, lang)} placeholder={t('protocol.choose')} error={problemAt('/protocol_type')} command={set('protocol_type')} />
        <BoundNumber<Command> name="cycle_count" integer label={t('protocol.props.cycleCount')} value={doc.cycle_count} error={problemAt('/cycle_count')} command={set('cycle_count')} />
        <BoundNumber<Command> name="cycle_length_days" integer label={t('protocol.props.cycleLength')} value={doc.cycle_length_days} error={problemAt('/cycle_length_days')} command={set('cycle_length_days')} />
        <BoundSelect<Command> name="bsa_formula" label={t('protocol.props.bsa')} value={doc.bsa_formula} options={enumOptions(bsaFormula, lang)} command={set('bsa_formula')} />
        <BoundSelect<Command> name="renal_weight" label={t('protocol.props.renalWeight')} value={doc.renal_weight} options={enumOptions(dosingWeight, lang)} command={set('renal_weight')} />
        <BoundNumber<Command> name="gfr_cap" label={t('protocol.props.gfrCap')} hint={readOnly ? undefined : t('protocol.props.gfrCapHint')} value={doc.gfr_cap} error={problemAt('/gfr_cap')} command={set('gfr_cap')} />
        <BoundNumber<Command> name="change_warning_percent" integer label={t('protocol.props.changeWarning')} hint={readOnly ? undefined : t('protocol.props.changeWarningHint')} value={doc.change_warning_percent} error={problemAt('/change_warning_percent')} command={set('change_warning_percent')} />
      </div>
      <LabGates lang={lang} gates={doc.lab_gate_list ?? []} readOnly={readOnly} />
      <BoundText<Command> name="note" multiline label={t('protocol.props.note')} value={doc.note} maxLength={5000} command={set('note')} />
    </section>
  );
}

/** The groups other protocols are filed under, offered as suggestions (the list's first hundred). */
function useGroups(readOnly: boolean): string[] {
  const [groups, setGroups] = useState<string[]>([]);
  useEffect(() => {
    if (readOnly) return;
    let live = true;
    protocolList({ page_size: 100 }).then(
      (a) => live && setGroups([...new Set(a.protocol_list.flatMap((p) => (p.protocol_group ? [p.protocol_group] : [])))].sort((x, y) => x.localeCompare(y))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [readOnly]);
  return groups;
}

interface Package {
  package_id: string;
  name: { en?: string; tr?: string };
}

const nameIn = (name: { en?: string; tr?: string } | undefined, lang: Lang) => name?.[lang] || name?.[lang === 'tr' ? 'en' : 'tr'] || '';

/** The laboratory gates: published rule packages picked by name, each removable. */
function LabGates({ lang, gates, readOnly }: { lang: Lang; gates: readonly Gate[]; readOnly: boolean }) {
  const { t } = useTranslation();
  const api = useEditorApi();
  const [packages, setPackages] = useState<Package[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (readOnly) return;
    let live = true;
    rulePackageList({ page_size: 100, sort: 'name' }).then(
      (a) => live && setPackages(a.decision_package_list.filter((p) => p.published_version || p.status === 'published')),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [readOnly]);
  const setGates = (next: Gate[]) => api.getState().run({ type: 'set', path: 'lab_gate_list', value: next.length ? next : undefined });
  const free = (packages ?? []).filter((p) => !gates.some((g) => g.package_id === p.package_id));
  return (
    <fieldset className="protocol-gates">
      <legend>{t('protocol.gates.title')}</legend>
      <p className="field__hint">{t('protocol.gates.hint')}</p>
      {gates.length === 0 ? (
        <p className="protocol-muted">{t('protocol.gates.none')}</p>
      ) : (
        <ul className="protocol-gates__list">
          {gates.map((g) => {
            const name = nameIn(g.label, lang) || nameIn(packages?.find((p) => p.package_id === g.package_id)?.name, lang) || t('protocol.gates.unnamed');
            return (
              <li key={g.package_id}>
                <span>{name}</span>
                {!readOnly && (
                  <button type="button" className="button button--secondary button--small" aria-label={t('protocol.gates.removeLabel', { name })} onClick={() => setGates(gates.filter((x) => x.package_id !== g.package_id))}>
                    {t('protocol.gates.remove')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!readOnly && failed && <p className="protocol-muted">{t('protocol.gates.unavailable')}</p>}
      {!readOnly && packages && (
        <label className="protocol-gates__add">
              <span className="field__label">{t('protocol.gates.add')}</span>
              <select
                className="field__input"
                value=""
                disabled={free.length === 0}
                onChange={(e) => {
                  const p = free.find((x) => x.package_id === e.target.value);
                  if (p) setGates([...gates, { package_id: p.package_id, label: p.name }]);
                }}
              >
                <option value="">{free.length ? t('protocol.gates.pick') : t('protocol.gates.noMore')}</option>
                {free.map((p) => (
                  <option key={p.package_id} value={p.package_id}>
                    {nameIn(p.name, lang)}
                  </option>
                ))}
              </select>
            </label>
      )}
    </fieldset>
  );
}
