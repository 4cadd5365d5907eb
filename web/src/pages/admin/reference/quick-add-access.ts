import { type ComponentType, useCallback, useContext } from 'react';
import { useSession } from '../../../app/session';
import { type QuickAddProps, QuickAddContext } from './quick-add-context';
import { quickAddAllowed } from './reference-config';

/** Whether the signed-in user may quick-add records of a collection (reference-config.ts `quickAddAllowed`). */
export function useQuickAddAllowed(): (collection: string) => boolean {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  return useCallback((collection: string) => quickAddAllowed(collection, isAdmin), [isAdmin]);
}

/** The quick-add modal when the user may add records of the collection; null hides "Add new". */
export function useQuickAdd(collection: string | undefined): ComponentType<QuickAddProps> | null {
  const QuickAddModal = useContext(QuickAddContext);
  const allowed = useQuickAddAllowed();
  return QuickAddModal && collection && allowed(collection) ? QuickAddModal : null;
}
