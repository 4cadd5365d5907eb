import { type ComponentType, createContext } from 'react';
import type { PickedRecord } from '../../../components/record-picker';

export type QuickAddProps = { collection: string; onClose: () => void; onAdded: (picked: PickedRecord) => void };

/**
 * The quick-add modal, handed down instead of imported: a quick-add form shows form fields,
 * whose pickers offer quick-add again, so importing it from the field inputs would close an
 * import cycle. The shell provides the lazily loaded modal (quick-add-provider.tsx).
 */
export const QuickAddContext = createContext<ComponentType<QuickAddProps> | null>(null);
