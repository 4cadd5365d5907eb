import type { CSSProperties } from 'react';

/**
 * A release's cover art as a square that holds its place before the file arrives. Cover art is always square
 * (the upload refuses any other shape), so the page is laid out once: without a size the image has no height
 * until it loads, and every panel below it jumps down, a button moving from under the pointer as it is clicked.
 */
export function CoverImage(props: { src: string; alt: string; maxWidth?: number; testId?: string }) {
  const style: CSSProperties = {
    width: '100%',
    maxWidth: props.maxWidth,
    aspectRatio: '1 / 1',
    objectFit: 'cover',
    display: 'block',
  };
  return <img src={props.src} alt={props.alt} style={style} data-testid={props.testId} />;
}
