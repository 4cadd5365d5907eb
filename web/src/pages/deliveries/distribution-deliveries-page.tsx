import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useCallback, useEffect, useState } from 'react';
import { notify, notifyError } from '../../app/notifications';
import { DeleteModal } from '../../components/delete-modal';
import { fileText } from '../../components/file-import';
import { FormattedDate } from '../../components/formatted';
import { StatusBadge } from '../../components/status-badge';
import { recordsApi, type DistributionRecord, type DistributionRecords } from './deliveries-api';
import { EmptyList } from '../../components/empty-state';

const FIELDS = [
  'product_name',
  'artist_name',
  'label_name',
  'upc',
  'release_date',
  'delivery_time',
  'sender',
  'recipient',
  'distributor_name',
  'status',
  'ref_id',
] as const;

/** Each field in words, for the record's page; the import's header row still names them as the CSV does. */
const FIELD_WORDS: Record<(typeof FIELDS)[number], string> = {
  product_name: 'Product',
  artist_name: 'Artist',
  label_name: 'Label',
  upc: 'UPC',
  release_date: 'Release date',
  delivery_time: 'Delivered',
  sender: 'Sender',
  recipient: 'Recipient',
  distributor_name: 'Distributor',
  status: 'Status',
  ref_id: 'Reference',
};

/** A record as the user knows it: its product, else its UPC. */
const recordName = (record: DistributionRecord) => record.product_name || record.upc || 'No product name';

/** A record's field as the list shows it: dates as dates, the status as its badge. */
function fieldValue(record: DistributionRecord, field: (typeof FIELDS)[number]) {
  const value = record[field];
  if (!value) return '-';
  if (field === 'status') return <StatusBadge word={value} />;
  if (field === 'delivery_time' || field === 'release_date') return <FormattedDate value={value} />;
  return value;
}

const RECORD_SEARCH_WORDS = 'Search by product, artist, label, UPC, recipient, sender or status';

/**
 * /distribution/deliveries (admins): the delivery records, a CSV import (after
 * which the list shows page 1, 50 per page, newest delivery_time first), and one record's fields.
 */
export function DistributionDeliveriesPage() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [list, setList] = useState<DistributionRecords>();
  const [importing, setImporting] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [shown, setShown] = useState<DistributionRecord>();
  const [deleting, setDeleting] = useState<DistributionRecord>();

  const load = useCallback(async (p: number, text: string) => setList(await recordsApi.list(p, text)), []);
  useEffect(() => {
    load(page, q).catch(notifyError);
  }, [load, page, q]);

  const upload = async () => {
    const [file] = files;
    if (!file) return;
    try {
      const answer = await recordsApi.import(await fileText(file));
      notify('notification', answer.message);
      setImporting(false);
      setFiles([]);
      setPage(1);
      await load(1, q);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    // The list is the page: its title is the page's one heading, naming what it lists.
    <ContentLayout>
      <Table
        items={list?.deliveries ?? []}
        trackBy="id"
        variant="full-page"
        data-testid="delivery-records"
        header={
          <Header
            variant="awsui-h1-sticky"
            description="What was sent to which store, entered or imported from a CSV."
            counter={list ? `(${list.total_count})` : undefined}
            actions={
              <Button onClick={() => setImporting(true)} data-testid="import-deliveries">
                Import
              </Button>
            }
          >
            Delivery records
          </Header>
        }
        filter={
          <TextFilter
            filteringText={q}
            // The fields the list's search matches on the server (a record's product, artist, label, UPC, recipient,
            // sender and status): no other field of a record is searched.
            filteringPlaceholder={RECORD_SEARCH_WORDS}
            filteringAriaLabel={RECORD_SEARCH_WORDS}
            data-testid="delivery-records-search"
            onChange={({ detail }) => {
              setQ(detail.filteringText);
              setPage(1);
            }}
          />
        }
        pagination={
          <Pagination
            currentPageIndex={page}
            pagesCount={list?.total_pages ?? 1}
            onChange={({ detail }) => setPage(detail.currentPageIndex)}
          />
        }
        empty={
          q ? (
            <Box textAlign="center">No delivery records match “{q}”</Box>
          ) : (
            <EmptyList what="delivery records" add={{ label: 'Import', onClick: () => setImporting(true) }} />
          )
        }
        columnDefinitions={[
          {
            id: 'product_name',
            header: 'Product',
            isRowHeader: true,
            cell: (d) => (
              <Button variant="inline-link" onClick={() => setShown(d)}>
                {recordName(d)}
              </Button>
            ),
          },
          { id: 'artist_name', header: 'Artist', cell: (d) => d.artist_name ?? '-' },
          { id: 'upc', header: 'UPC', cell: (d) => d.upc ?? '-' },
          { id: 'recipient', header: 'Recipient', cell: (d) => d.recipient ?? '-' },
          {
            id: 'delivery_time',
            header: 'Delivered',
            cell: (d) => (d.delivery_time ? <FormattedDate value={d.delivery_time} /> : '-'),
          },
          { id: 'status', header: 'Status', cell: (d) => (d.status ? <StatusBadge word={d.status} /> : '-') },
        ]}
      />
      <Modal
        visible={importing}
        onDismiss={() => setImporting(false)}
        header="Import delivery records"
        footer={
          <Box float="right">
            <Button variant="primary" onClick={upload} disabled={!files.length}>
              Import
            </Button>
          </Box>
        }
      >
        <FormField
          label="CSV file"
          description={`A header row naming the fields: ${FIELDS.join(', ')}. Release date as YYYY-MM-DD; delivery time as YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ.`}
        >
          <FileUpload
            value={files}
            onChange={({ detail }) => setFiles(detail.value)}
            accept=".csv,text/csv"
            i18nStrings={{
              uploadButtonText: () => 'Choose file',
              dropzoneText: () => 'Drop a CSV file',
              removeFileAriaLabel: () => 'Remove file',
            }}
          />
        </FormField>
      </Modal>
      <Modal visible={Boolean(shown)} onDismiss={() => setShown(undefined)} header="Delivery record" size="large">
        {shown && (
          <SpaceBetween size="m">
            <KeyValuePairs
              data-testid="delivery-record-fields"
              columns={2}
              items={FIELDS.map((f) => ({ label: FIELD_WORDS[f], value: fieldValue(shown, f) }))}
            />
            <Button
              data-testid="delivery-record-delete"
              onClick={() => {
                setDeleting(shown);
                setShown(undefined);
              }}
            >
              Delete
            </Button>
          </SpaceBetween>
        )}
      </Modal>
      {deleting ? (
        <DeleteModal
          noun="delivery record"
          plural="delivery records"
          names={[recordName(deleting)]}
          run={async (report) => report((await recordsApi.remove(deleting.id)).message)}
          onClose={() => setDeleting(undefined)}
          onDeleted={() => void load(page, q).catch(notifyError)}
        />
      ) : null}
    </ContentLayout>
  );
}
