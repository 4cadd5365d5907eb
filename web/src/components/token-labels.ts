import type { MultiselectProps } from '@cloudscape-design/components/multiselect';

/** The ✕ of a chosen option's token says what it removes ("Remove Composer"): an unnamed button reads as nothing. */
export const removeTokenLabel: MultiselectProps.DeselectAriaLabelFunction = (option) =>
  `Remove ${option.label ?? option.value ?? ''}`.trim();
