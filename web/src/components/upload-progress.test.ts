import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UploadProgress } from './upload-progress';

/** A progress bar (an import's, an upload's, a statement run's) says its percentage once, as words beside the bar. */
describe('a progress bar', () => {
  it('shows its percentage once, not again under the bar', () => {
    const html = renderToStaticMarkup(createElement(UploadProgress, { percent: 45, label: 'Importing' }));
    const text = html.replace(/<[^>]+>/g, ' ');
    expect(text).toContain('Importing');
    expect(text.match(/45\s*%/g)).toHaveLength(1);
  });
});
