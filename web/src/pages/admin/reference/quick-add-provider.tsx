import { lazy, type ReactNode } from 'react';
import { QuickAddContext } from './quick-add-context';

/** Loaded the first time someone quick-adds a record, so the first page's JavaScript stays small. */
const QuickAddModal = lazy(() => import('./reference-quick-add').then((m) => ({ default: m.QuickAddModal })));

/** Makes quick-add available to every form below it. */
export function QuickAddProvider({ children }: { children: ReactNode }) {
  return <QuickAddContext.Provider value={QuickAddModal}>{children}</QuickAddContext.Provider>;
}
