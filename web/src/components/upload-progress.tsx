import ProgressBar from '@cloudscape-design/components/progress-bar';

/**
 * An upload's progress as a whole-number percentage, green at 50 % or more and red below
 * (colour from shared uploadProgress).
 */
export function UploadProgress({
  percent,
  label,
  testId = 'upload-progress',
  resultText = 'Uploaded',
}: {
  percent: number;
  label: string;
  testId?: string;
  /** Shown at 100 % (a statement run says "Published"). */
  resultText?: string;
}) {
  const colour = percent >= 50 ? 'green' : 'red';
  return (
    <div
      className={`upload-progress upload-progress--${colour}`}
      data-testid={testId}
      data-percent={percent}
      data-colour={colour}
    >
      <ProgressBar
        value={percent}
        label={label}
        status={percent >= 100 ? 'success' : 'in-progress'}
        resultText={resultText}
      />
      <div className="upload-progress__strip" aria-hidden="true">
        <div className="upload-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
