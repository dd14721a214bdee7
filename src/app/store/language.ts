// Language slice: the languages this host offers (label + value, in menu order) and the active one.
import type { LanguageOption } from '../../generated/types/entities';
import type { SliceCreator } from './types';

export interface LanguageState {
  list: LanguageOption[];
  active: LanguageOption;
}

export interface LanguageSlice {
  language: LanguageState;
  setLanguages: (list: LanguageOption[], active: LanguageOption) => void;
  setActiveLanguage: (active: LanguageOption) => void;
}

export const createLanguageSlice: SliceCreator<LanguageSlice> = (set) => ({
  language: { list: [], active: { label: 'tr', value: 0 } },
  setLanguages: (list, active) =>
    set((s) => {
      s.language = { list, active };
    }),
  setActiveLanguage: (active) =>
    set((s) => {
      s.language.active = active;
    }),
});
