// The words of the rule engine's problems, in both languages. `{name}` placeholders are filled from params.
import type { Bilingual, RuleIssue, Span } from './types.ts';

const MESSAGES = {
  parenthesis: {
    en: 'Please check the parenthesis: {detail}',
    tr: 'Lütfen parantezleri kontrol edin: {detail}',
  },
  unclosed: { en: 'the one at position {pos} is never closed', tr: '{pos}. konumdaki parantez hiç kapanmıyor' },
  unopened: { en: 'the one at position {pos} closes nothing', tr: '{pos}. konumdaki parantez hiçbir şeyi kapatmıyor' },
  mismatched: { en: 'the one at position {pos} does not match the one at position {open}', tr: '{pos}. konumdaki parantez {open}. konumdakiyle eşleşmiyor' },
  empty: { en: 'Write a condition.', tr: 'Bir koşul yazın.' },
  empty_expression: { en: 'Write a value or an expression.', tr: 'Bir değer ya da ifade yazın.' },
  unexpected_char: { en: 'Position {pos}: “{text}” is not part of the rule language.', tr: '{pos}. konum: “{text}” kural dilinde yok.' },
  unterminated_string: { en: 'Position {pos}: the text in quotes is never closed.', tr: '{pos}. konum: tırnak içindeki metin kapanmıyor.' },
  unexpected_token: { en: 'Position {pos}: “{text}” was not expected here; expected {expected}.', tr: '{pos}. konum: burada “{text}” beklenmiyordu; beklenen: {expected}.' },
  unexpected_end: { en: 'The rule ends too early; expected {expected}.', tr: 'Kural erken bitiyor; beklenen: {expected}.' },
  unknown_variable: { en: 'Position {pos}: “{name}” is not a parameter of the record or a variable set before this point.', tr: '{pos}. konum: “{name}” kaydın bir parametresi ya da bu noktadan önce atanmış bir değişken değil.' },
  unknown_function: { en: 'Position {pos}: there is no function “{name}”. Functions: {list}.', tr: '{pos}. konum: “{name}” adında bir fonksiyon yok. Fonksiyonlar: {list}.' },
  function_arity: { en: 'Position {pos}: {name} takes {count} value(s).', tr: '{pos}. konum: {name} {count} değer alır.' },
  argument_type: { en: 'Position {pos}: {name} needs {expected}, not {actual}.', tr: '{pos}. konum: {name} için {expected} gerekir, {actual} değil.' },
  operator_type: { en: 'Position {pos}: the operator “{operator}” is not valid for {type} “{name}”.', tr: '{pos}. konum: “{operator}” işleci {type} türündeki “{name}” için geçerli değil.' },
  compare_types: { en: 'Position {pos}: {left} cannot be compared with {right}.', tr: '{pos}. konum: {left} ile {right} karşılaştırılamaz.' },
  arithmetic_type: { en: 'Position {pos}: “{operator}” cannot be used with {left} and {right}.', tr: '{pos}. konum: “{operator}” {left} ile {right} arasında kullanılamaz.' },
  not_a_condition: { en: 'Position {pos}: {type} is not a condition; compare it with a value (for example “= true”).', tr: '{pos}. konum: {type} bir koşul değil; bir değerle karşılaştırın (örneğin “= true”).' },
  bad_date: { en: 'Position {pos}: “{text}” is not a date (YYYY-MM-DD).', tr: '{pos}. konum: “{text}” bir tarih değil (YYYY-AA-GG).' },
  list_items: { en: 'Position {pos}: a list holds numbers or texts written out.', tr: '{pos}. konum: liste yazılmış sayılar ya da metinler içerir.' },
  value_type: { en: 'The value is {actual}, but the column “{name}” holds {expected}.', tr: 'Değer {actual}, ama “{name}” sütunu {expected} tutar.' },

  no_input: { en: 'The algorithm needs an input node.', tr: 'Algoritmanın bir giriş düğümü olmalı.' },
  many_inputs: { en: 'The algorithm has more than one input node.', tr: 'Algoritmada birden çok giriş düğümü var.' },
  duplicate_id: { en: 'The id “{id}” is used twice.', tr: '“{id}” kimliği iki kez kullanılmış.' },
  dangling_edge: { en: 'The connection points to a node that does not exist.', tr: 'Bağlantı var olmayan bir düğümü gösteriyor.' },
  bad_handle: { en: 'The connection leaves from a branch that does not exist.', tr: 'Bağlantı var olmayan bir daldan çıkıyor.' },
  handle_needed: { en: 'A connection from a switch must leave from one of its branches.', tr: 'Bir anahtardan çıkan bağlantı dallarından birinden çıkmalı.' },
  into_input: { en: 'Nothing may connect into the input node.', tr: 'Giriş düğümüne bağlantı yapılamaz.' },
  self_edge: { en: 'A node cannot connect to itself.', tr: 'Bir düğüm kendisine bağlanamaz.' },
  cycle: { en: 'The algorithm goes round in a circle through: {nodes}.', tr: 'Algoritma şu düğümlerden geçerek döngüye giriyor: {nodes}.' },
  unreachable: { en: 'Nothing leads to this node from the input.', tr: 'Girişten bu düğüme ulaşan bir yol yok.' },
  dead_end: { en: 'This node leads nowhere: connect it to a next step or an output.', tr: 'Bu düğüm hiçbir yere gitmiyor: bir sonraki adıma ya da bir çıktıya bağlayın.' },
  undefined_on_some_path: { en: 'Position {pos}: “{name}” is not set on every path that reaches this node.', tr: '{pos}. konum: “{name}” bu düğüme ulaşan her yolda atanmıyor.' },
  bad_name: { en: '“{name}” is not a valid name: lower-case English letters, digits and _, starting with a letter.', tr: '“{name}” geçerli bir ad değil: küçük İngilizce harfler, rakamlar ve _; bir harfle başlar.' },
  input_reassigned: { en: '“{name}” is a parameter of the record; give the computed value another name.', tr: '“{name}” kaydın bir parametresi; hesaplanan değere başka bir ad verin.' },
  duplicate_field: { en: 'The parameter “{name}” is listed twice.', tr: '“{name}” parametresi iki kez yazılmış.' },
  unknown_column: { en: 'The row names a column that does not exist.', tr: 'Satır var olmayan bir sütunu adlandırıyor.' },
  no_branches: { en: 'A switch needs at least one branch.', tr: 'Bir anahtarın en az bir dalı olmalı.' },
  no_rows: { en: 'The table has no rows.', tr: 'Tabloda satır yok.' },
  no_outputs: { en: 'The table sets no variable: add an output column.', tr: 'Tablo hiçbir değişken atamıyor: bir çıktı sütunu ekleyin.' },
  text_variable: { en: 'The text names “{name}”, which is not known at this node.', tr: 'Metin bu düğümde bilinmeyen “{name}” değişkenini adlandırıyor.' },
  too_large: { en: 'The document is too large: at most {max} {what}.', tr: 'Belge çok büyük: en fazla {max} {what}.' },
  bad_document: { en: 'This is not a decision graph document: {detail}.', tr: 'Bu bir karar grafiği belgesi değil: {detail}.' },

  unique_violation: { en: 'More than one row matched ({rows}) in a table that allows one.', tr: 'Tek eşleşmeye izin veren tabloda birden çok satır eşleşti ({rows}).' },
  undecided: { en: 'The step could not decide which way to go: {names} missing.', tr: 'Adım hangi yöne gideceğine karar veremedi: {names} eksik.' },
  input_value: { en: 'The value of “{name}” is not {type}; it was treated as missing.', tr: '“{name}” değeri {type} değil; eksik sayıldı.' },
} satisfies Record<string, Bilingual>;

export type MessageKey = keyof typeof MESSAGES;

const TYPE_WORDS: Record<string, Bilingual> = {
  number: { en: 'a number', tr: 'sayı' },
  string: { en: 'a text', tr: 'metin' },
  date: { en: 'a date', tr: 'tarih' },
  boolean: { en: 'a yes/no value', tr: 'evet/hayır değeri' },
  list: { en: 'a list', tr: 'liste' },
  unknown: { en: 'an unknown value', tr: 'bilinmeyen değer' },
};

/** A value's type in words, for messages. */
export function typeWords(type: string): Bilingual {
  return TYPE_WORDS[type] ?? { en: type, tr: type };
}

type Param = string | number | Bilingual;

export function message(key: MessageKey, params: Record<string, Param> = {}): Bilingual {
  const fill = (lang: 'en' | 'tr') =>
    MESSAGES[key][lang].replace(/\{(\w+)\}/g, (all, name: string) => {
      const p = params[name];
      return p === undefined ? all : typeof p === 'object' ? p[lang] : String(p);
    });
  return { en: fill('en'), tr: fill('tr') };
}

export function issue(key: MessageKey, params: Record<string, Param> = {}, where: Partial<Pick<RuleIssue, 'node_id' | 'edge_id' | 'field' | 'span'>> & { severity?: 'error' | 'warning' } = {}): RuleIssue {
  const { severity = 'error', ...place } = where;
  return { code: key, severity, message: message(key, params), ...place };
}

/** A person's position in a text: 1-based. */
export const human = (span: Span | undefined) => (span ? span[0] + 1 : 1);
