import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Table from '@cloudscape-design/components/table';
import { andMore, type FileProblem, problemText, problemWhere } from './file-import';

/** An import check's problems: where each is and what, the rest counted, under a header that says what to do. */
export function FileProblems({
  header,
  problems,
  more,
  testId,
}: {
  header: string;
  problems: readonly FileProblem[];
  /** Problems past those listed. */
  more: number;
  testId: string;
}) {
  return (
    <Alert type="error" header={header} data-testid={testId}>
      <Table<FileProblem>
        variant="embedded"
        items={[...problems]}
        columnDefinitions={[
          { id: 'where', header: 'Where', cell: problemWhere, isRowHeader: true },
          { id: 'problem', header: 'Problem', cell: problemText },
        ]}
        footer={more ? <Box>{andMore(more, 'problems')}</Box> : undefined}
      />
    </Alert>
  );
}
