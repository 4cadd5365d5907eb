import Badge from '@cloudscape-design/components/badge';
import type { ReactNode } from 'react';
import { statusColour, type StatusColour } from '../../../shared/status-colours';
import { displayLabel } from '../app/display-labels';

/** The product's colour classes drawn as badge colours. */
const STYLES: Record<StatusColour, { background: string; color: string; borderColor?: string }> = {
  black: { background: '#232f3e', color: '#ffffff' },
  danger: { background: '#d91515', color: '#ffffff' },
  warning: { background: '#f89256', color: '#000716' },
  info: { background: '#00819c', color: '#ffffff' },
  link: { background: '#ffffff', color: '#0972d3', borderColor: '#0972d3' },
  success: { background: '#037f0c', color: '#ffffff' },
  white: { background: '#ffffff', color: '#000716', borderColor: '#8c8c94' },
  primary: { background: '#0972d3', color: '#ffffff' },
};

/**
 * A status word in its colour (statusColour from shared/status-colours). `word` picks the
 * colour; `children` (default: the word's display label, never the stored value) is what is shown.
 */
export function StatusBadge({
  word,
  children,
  testId,
}: {
  word: string | boolean | null | undefined;
  children?: ReactNode;
  testId?: string;
}) {
  const colour = statusColour(word);
  const style = STYLES[colour];
  return (
    <Badge
      style={{
        root: {
          background: style.background,
          color: style.color,
          borderColor: style.borderColor ?? style.background,
          borderWidth: '1px',
        },
      }}
      nativeAttributes={{ 'data-colour': colour, ...(testId ? { 'data-testid': testId } : {}) }}
    >
      {children ?? displayLabel(word)}
    </Badge>
  );
}
