import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../app/api';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { columnLabel, previewable } from './map-model';
import { royaltiesApi } from './royalties-api';
import type { RoyaltyMap } from '../../../../shared/schemas/royalty-map';
import type { MapPreview } from '../../../../shared/schemas/royalty-views';

/** Sends the sample through the current map (debounced) and keeps the last answer. */
export function useMapPreview(sample: string | null, map: RoyaltyMap) {
  const key = useDebouncedValue(sample === null ? null : JSON.stringify(map), 400);
  const [state, setState] = useState<{ preview: MapPreview | null; error: string | null; loading: boolean }>({
    preview: null,
    error: null,
    loading: false,
  });
  useEffect(() => {
    if (sample === null || key === null) {
      setState({ preview: null, error: null, loading: false });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    royaltiesApi
      .preview(sample, previewable(JSON.parse(key) as RoyaltyMap) ? (JSON.parse(key) as RoyaltyMap) : undefined)
      .then(
        (preview) => live && setState({ preview, error: null, loading: false }),
        (error) => live && setState((s) => ({ ...s, error: errorMessage(error), loading: false })),
      );
    return () => {
      live = false;
    };
  }, [sample, key]);
  return state;
}

/** The first lines of the sample as the import would read them. */
export function MapPreviewTable({
  preview,
  error,
  loading,
}: {
  preview: MapPreview | null;
  error: string | null;
  loading: boolean;
}) {
  const rows = preview?.rows ?? [];
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const shown = keys.filter((c) => rows.some((r) => r[c] !== undefined && r[c] !== null && r[c] !== ''));
  return (
    <>
      {error ? (
        <Alert type="error" header="The preview failed">
          {error}
        </Alert>
      ) : null}
      {preview?.rejected?.length ? (
        <Alert type="warning" header="Lines the import would reject" data-testid="map-preview-rejected">
          {preview.rejected.map((r) => (
            <div key={r.line}>
              Line {r.line}: {r.reason}
            </div>
          ))}
        </Alert>
      ) : null}
      <Table<Record<string, string>>
        data-testid="map-preview"
        variant="embedded"
        loading={loading && !preview}
        loadingText="Reading the sample"
        items={rows}
        columnDefinitions={shown.map((c) => ({
          id: c,
          header: columnLabel(c),
          cell: (r: Record<string, string>) => String(r[c] ?? ''),
        }))}
        empty={
          <Box textAlign="center">
            {preview
              ? 'No lines yet: map the amount, the pay period and a currency to read lines.'
              : 'Choose a sample report to preview it.'}
          </Box>
        }
        wrapLines={false}
      />
    </>
  );
}
