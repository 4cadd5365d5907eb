import { useState } from 'react';
import { api, errorMessage } from '../app/api';
import { fileBody } from './file-import';

/**
 * The state of a page that imports a file after checking it (opening balances, contracts): the file chosen, its
 * check (nothing written), the import's answer, whether a request is under way and the error to show beside the
 * file. `run` does a piece of work with the error shown there; `runCheck` sends the chosen file to `checkPath`
 * (`missing` when none is chosen); `chooser` is what the file chooser takes. Choosing another file drops the check.
 */
export function useFileImport<Check, Done>(checkPath: string, missing: string) {
  const [files, setFiles] = useState<File[]>([]);
  const [check, setCheck] = useState<Check | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [busy, setBusy] = useState(false);
  const [fileError, setFileError] = useState<string>();

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFileError(undefined);
    try {
      await work();
    } catch (error) {
      setFileError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const runCheck = () =>
    run(async () => {
      setCheck(null);
      setDone(null);
      if (!files[0]) throw new Error(missing);
      setCheck(await api.post<Check>(checkPath, await fileBody(files[0])));
    });
  const chooser = {
    files,
    onChoose: (chosen: File[]) => {
      setFiles(chosen);
      setCheck(null);
      setFileError(undefined);
    },
    error: fileError,
    checking: busy && !check,
    onCheck: () => void runCheck(),
  };
  return { files, check, setCheck, done, setDone, busy, run, chooser };
}
