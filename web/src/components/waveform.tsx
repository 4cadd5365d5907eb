import { useEffect, useState } from 'react';

/** The waveform's height in pixels. */
const WAVEFORM_HEIGHT = 60;

/** Draws waveform peaks (0–1) as bars, the played part darker; peaks come from the worker's JSON. */
export function Waveform({
  peaksUrl,
  progress = 0,
  testId = 'waveform',
}: {
  peaksUrl: string | null | undefined;
  progress?: number;
  testId?: string;
}) {
  const [peaks, setPeaks] = useState<number[]>([]);
  useEffect(() => {
    let live = true;
    setPeaks([]);
    if (peaksUrl) {
      fetch(peaksUrl)
        .then((r) => (r.ok ? r.json() : { peaks: [] }))
        .then((body: { peaks?: number[] }) => live && setPeaks(body.peaks ?? []))
        .catch(() => live && setPeaks([]));
    }
    return () => {
      live = false;
    };
  }, [peaksUrl]);
  if (!peaks.length) return <div style={{ height: WAVEFORM_HEIGHT }} data-testid={testId} data-peaks={0} />;
  const played = Math.floor(progress * peaks.length);
  return (
    <svg
      width="100%"
      height={WAVEFORM_HEIGHT}
      viewBox={`0 0 ${peaks.length} ${WAVEFORM_HEIGHT}`}
      preserveAspectRatio="none"
      data-testid={testId}
      data-peaks={peaks.length}
      role="img"
      aria-label="Waveform"
    >
      {peaks.map((peak, i) => {
        const h = Math.max(1, peak * WAVEFORM_HEIGHT);
        return (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: a bar's position is its identity: bar i is drawn at x = i, and peaks are never reordered.
            key={i}
            x={i}
            y={(WAVEFORM_HEIGHT - h) / 2}
            width={0.8}
            height={h}
            fill={i < played ? '#0972d3' : '#8c8c94'}
          />
        );
      })}
    </svg>
  );
}
