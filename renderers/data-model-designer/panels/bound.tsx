// The designer's bound fields: the shared ones (src/app/ui/bound.tsx) typed to its commands; the page gives
// them the store (StoreBinding).
import { BoundCheckbox as Checkbox, BoundNumber as NumberBox, BoundSelect as Select, BoundText as Text } from '../../../src/app/ui/bound';
import type { Command } from '../../../src/domain/data-model/commands';

export { useTyping } from '../../../src/app/ui/bound';

export const BoundText = Text<Command>;
export const BoundNumber = NumberBox<Command>;
export const BoundSelect = Select<Command>;
export const BoundCheckbox = Checkbox<Command>;
