// Copy and paste of parameters and groups: the copies are plain clones; a paste gives every pasted parameter
// (sub-parameters included) and group a fresh code — `code_copy`, `code_copy_2`… — that matches the code
// pattern and is unique in the model, so a paste never makes a duplicate the validation then flags.
import type { DataModel, DataModelGroup, DataModelParameter } from '../../generated/types/entities';
import type { Command, ListRef } from './commands';
import { CODE_MAX, findParameter, isCode, parameterCodes } from './document';

export type Clip = { kind: 'groups'; groups: DataModelGroup[] } | { kind: 'parameters'; parameters: DataModelParameter[] };

/** The groups with those codes, as plain copies, or null when none is a group. */
export function copyGroups(doc: DataModel, codes: readonly string[]): Clip | null {
  const groups = doc.group_list.filter((g) => codes.includes(g.code));
  return groups.length ? { kind: 'groups', groups: structuredClone(groups) } : null;
}

/** The parameters with those codes (each with its sub-parameters), as plain copies, or null when none is one. */
export function copyParameters(doc: DataModel, codes: readonly string[]): Clip | null {
  const parameters = codes.map((c) => findParameter(doc, c)?.parameter).filter((p): p is DataModelParameter => !!p);
  return parameters.length ? { kind: 'parameters', parameters: structuredClone(parameters) } : null;
}

/**
 * A code like `base` that is not taken: `base_copy`, then `base_copy_2`, `base_copy_3`…; the base is shortened
 * so the code stays within 64 characters, and trimmed so it never ends in `_` or `-`.
 */
export function freshCode(base: string, taken: ReadonlySet<string>): string {
  const clean = base.replace(/[^A-Za-z0-9_-]/g, '_').replace(/^[_-]+/, '') || 'p';
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '_copy' : `_copy_${n}`;
    const code = `${clean.slice(0, CODE_MAX - suffix.length).replace(/[_-]+$/, '') || 'p'}${suffix}`;
    if (!taken.has(code) && isCode(code)) return code;
  }
}

function renamed(parameter: DataModelParameter, taken: Set<string>): DataModelParameter {
  const code = freshCode(parameter.code, taken);
  taken.add(code);
  const copy: DataModelParameter = { ...structuredClone(parameter), code };
  if (parameter.parameter_list) copy.parameter_list = parameter.parameter_list.map((p) => renamed(p, taken));
  return copy;
}

/**
 * The command that pastes a clip: parameters into a list (`to`, at `index` or the end), groups after the
 * group list's end (or at `index`). Every code is fresh.
 */
export function pasteCommand(doc: DataModel, clip: Clip, to?: ListRef, index?: number): Command {
  const taken = parameterCodes(doc);
  if (clip.kind === 'parameters') {
    const target = to ?? { group: doc.group_list[doc.group_list.length - 1]?.code ?? '' };
    return { type: 'parameter.add', to: target, parameters: clip.parameters.map((p) => renamed(p, taken)), index };
  }
  const groupCodes = new Set(doc.group_list.map((g) => g.code));
  const groups = clip.groups.map((g) => {
    const code = freshCode(g.code, groupCodes);
    groupCodes.add(code);
    return { ...structuredClone(g), code, parameter_list: g.parameter_list.map((p) => renamed(p, taken)) };
  });
  return { type: 'group.add', groups, index };
}
