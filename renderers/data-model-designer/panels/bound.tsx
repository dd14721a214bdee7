// The designer's bound fields: the shared ones (src/app/ui/bound.tsx) typed to its commands; the page gives
// them the store through `EditorBindingContext` (DesignerBinding).
import { useMemo, type ReactNode } from 'react';
import { BoundCheckbox as Checkbox, BoundNumber as NumberBox, BoundSelect as Select, BoundText as Text, EditorBindingContext } from '../../../src/app/ui/bound';
import type { Command } from '../../../src/domain/data-model/commands';
import { useDesigner, useDesignerApi } from '../store';

export { useTyping } from '../../../src/app/ui/bound';

export const BoundText = Text<Command>;
export const BoundNumber = NumberBox<Command>;
export const BoundSelect = Select<Command>;
export const BoundCheckbox = Checkbox<Command>;

/** The designer's store as the bound fields' editor. */
export function DesignerBinding({ children }: { children: ReactNode }) {
  const api = useDesignerApi();
  const readOnly = useDesigner((s) => s.readOnly);
  const binding = useMemo(() => ({ run: (command: unknown, options?: { mergeKey?: string }) => api.getState().run(command as Command, options), seal: () => api.getState().seal(), readOnly }), [api, readOnly]);
  return <EditorBindingContext.Provider value={binding}>{children}</EditorBindingContext.Provider>;
}
