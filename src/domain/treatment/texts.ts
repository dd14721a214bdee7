// The treatment-planning words a screen shows, in both languages, filled by the dosing module's `fill` (numbers
// and quantities in each language's format): the dated inputs of a dose, the plan's warnings, the change
// warnings and the refusals of the drug and treatment state machines.
import { fill } from '../dosing/texts';
import type { Bilingual } from '../language';

export const LABELS = {
  weight_date: { en: 'Weight measured on', tr: 'Kilonun ölçüldüğü tarih' },
  height_date: { en: 'Height measured on', tr: 'Boyun ölçüldüğü tarih' },
  creatinine_date: { en: 'Creatinine measured on', tr: 'Kreatininin ölçüldüğü tarih' },
  birth_date: { en: 'Date of birth', tr: 'Doğum tarihi' },
  age_on: { en: 'Age on {date}', tr: '{date} tarihindeki yaş' },
  protocol_volume: { en: 'Protocol volume', tr: 'Protokol hacmi' },
} satisfies Record<string, Bilingual>;

const MESSAGES = {
  cycles_need_length: {
    en: 'The protocol has {count} cycles but no cycle length, so the cycles cannot be dated.',
    tr: 'Protokolde {count} kür var ama kür süresi yok; kürlere tarih verilemez.',
  },
  cap_unit: {
    en: 'The maximum dose and lifetime limit of {drug} are in mg, but it is dosed in {unit}.',
    tr: '{drug} için en yüksek doz ve yaşam boyu sınır mg cinsindendir, ama ilaç {unit} ile dozlanıyor.',
  },
  volume_formula: { en: 'Dose (mL) = the protocol’s volume', tr: 'Doz (mL) = protokolün hacmi' },
  creatinine_old: {
    en: 'The last creatinine is from {date}, {days} days ago (older than 30 days).',
    tr: 'Son kreatinin {date} tarihli, {days} gün önce (30 günden eski).',
  },
  weight_old: {
    en: 'The last weight is from {date}, {days} days ago (older than 30 days).',
    tr: 'Son kilo {date} tarihli, {days} gün önce (30 günden eski).',
  },
  height_old: {
    en: 'The last height is from {date}, {days} days ago (older than 30 days).',
    tr: 'Son boy {date} tarihli, {days} gün önce (30 günden eski).',
  },
  start_in_past: {
    en: 'The start date {date} is {days} days ago (more than 30 days).',
    tr: 'Başlangıç tarihi {date}, {days} gün önce (30 günden fazla).',
  },
  date_required: { en: '{what}: the date of the measurement is required.', tr: '{what}: ölçüm tarihi gereklidir.' },
  creatinine_missing: {
    en: '{drug} is dosed by kidney function (AUC), but the patient has no creatinine.',
    tr: '{drug} böbrek işlevine göre (EAA) dozlanıyor, ama hastanın kreatinin değeri yok.',
  },
  capped: { en: 'Cycle {cycle}, day {day}, {drug}: {note}', tr: '{cycle}. kür, {day}. gün, {drug}: {note}' },
  capped_cycles: { en: 'Cycles {cycles}, day {day}, {drug}: {note}', tr: '{cycles}. kürler, {day}. gün, {drug}: {note}' },
  refused: { en: 'Cycle {cycle}, day {day}, {drug}: {note}', tr: '{cycle}. kür, {day}. gün, {drug}: {note}' },
  no_dose: { en: '{drug} has no dose: {note}', tr: '{drug} için doz hesaplanamadı: {note}' },
  change_dose: {
    en: 'Cycle {cycle}, day {day}, {drug}: the dose changes from {before} to {after} ({percent} %, more than {limit} %). Confirm the change.',
    tr: '{cycle}. kür, {day}. gün, {drug}: doz {before} değerinden {after} değerine değişiyor (% {percent}, % {limit} üstü). Değişikliği onaylayın.',
  },
  change_duration: {
    en: 'Cycle {cycle}, day {day}, {drug}: the duration changes from {before} to {after} minutes ({percent} %, more than {limit} %). Confirm the change.',
    tr: '{cycle}. kür, {day}. gün, {drug}: süre {before} dakikadan {after} dakikaya değişiyor (% {percent}, % {limit} üstü). Değişikliği onaylayın.',
  },
  change_delay: {
    en: 'Cycle {cycle} is delayed by {after} days, {percent} % of its {length}-day cycle (more than {limit} %). Confirm the delay.',
    tr: '{cycle}. kür {after} gün erteleniyor; bu {length} günlük kürün % {percent} kadarı (% {limit} üstü). Ertelemeyi onaylayın.',
  },
  change_cycle_length: {
    en: 'The cycle length changes from {before} to {after} days ({percent} %, more than {limit} %). Confirm the change.',
    tr: 'Kür süresi {before} günden {after} güne değişiyor (% {percent}, % {limit} üstü). Değişikliği onaylayın.',
  },
  change_cycle_count: {
    en: 'The number of cycles changes from {before} to {after} ({percent} %, more than {limit} %). Confirm the change.',
    tr: 'Kür sayısı {before} değerinden {after} değerine değişiyor (% {percent}, % {limit} üstü). Değişikliği onaylayın.',
  },
  wrong_state: { en: '“{step}” is not possible while the status is “{status}”.', tr: 'Durum “{status}” iken “{step}” yapılamaz.' },
  wrong_role: { en: 'The step “{step}” is for: {roles}.', tr: '“{step}” adımı şu roller içindir: {roles}.' },
  own_check: {
    en: 'You took the step “{done}” yourself; a second person must check it.',
    tr: '“{done}” adımını siz attınız; bir başka kişi kontrol etmelidir.',
  },
  check_needed: {
    en: 'The step “{done}” must first be checked by a second person.',
    tr: '“{done}” adımı önce bir başka kişi tarafından kontrol edilmelidir.',
  },
  already_checked: { en: 'The step “{done}” has already been checked.', tr: '“{done}” adımı zaten kontrol edildi.' },
} satisfies Record<string, Bilingual>;

export type TreatmentMessage = keyof typeof MESSAGES;

export const tell = (key: TreatmentMessage, params: Parameters<typeof fill>[1] = {}) => fill(MESSAGES[key], params);
